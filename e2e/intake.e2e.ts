import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { callApi, closeSession, openSignedInSession, screenshot, type E2eServer } from './harness';

/**
 * Orders that arrive by themselves, end to end against the real server and its demo data (the web
 * shop "Magazin online" has an intake key and four pushed orders: one created, one created with an
 * address to check, one held for an unknown SKU, one held for a phone number that cannot be read):
 * the Incoming screen and its sidebar count, a held order fixed (the missing product added) and
 * retried into an order, an order's address checked, the source's key, and an import from a CSV
 * file with its preview first.
 */
let server: E2eServer;
let browser: Browser;
let page: Page;

const dialog = () => page.getByRole('dialog');
const rowOf = (text: string | RegExp) => page.getByRole('row').filter({ hasText: text });

async function waitForList() {
  await expect
    .poll(() => page.getByText(/Showing \d+ to \d+ of \d+ results|No results found|Nothing has arrived/).count(), {
      timeout: 15000,
    })
    .toBeGreaterThan(0);
}

/** A product of the selected company, through the API (the set-up, not what is under test). */
async function addProduct(sku: string, name: string, stock = 50) {
  await callApi(page, 'POST', '/api/v1/product', {
    name,
    sku,
    sale_type: 'Bucata',
    stock,
    selling_price: '39.90',
    buying_price: '12.00',
    currency: 'RON',
  });
}

beforeAll(async () => {
  ({ server, browser, page } = await openSignedInSession({ width: 1440, height: 900 }));
});

afterAll(() => closeSession({ server, browser }));

describe('the Incoming screen', () => {
  it('shows the held items first with their problems, and their count in the sidebar', async () => {
    // The alert of a held push opens the screen on the waiting items.
    await page.goto(`${server.baseUrl}/notifications`);
    await page.getByRole('link', { name: 'Order waiting in Incoming' }).first().click();
    await expect.poll(() => new URL(page.url()).pathname + new URL(page.url()).search).toBe('/incoming?status=held');
    // The notifications' table stays until the screen's file has loaded: its rows name the same orders.
    await page.getByRole('heading', { name: 'Incoming', exact: true }).waitFor();
    await waitForList();
    // The two demo pushes that wait: an unknown SKU and a phone number that cannot be read.
    await expect.poll(() => rowOf('WEB-10233').count()).toBe(1);
    expect(await rowOf('WEB-10234').count()).toBe(1);
    expect(await rowOf('WEB-10231').count()).toBe(0);
    expect(await rowOf('WEB-10233').textContent()).toContain('CANA-VECHE-01');
    expect(await rowOf('WEB-10234').textContent()).toMatch(/cannot be read as a phone number/);
    const badge = page.getByTestId('incoming-count');
    await expect.poll(() => badge.textContent()).toBe('2');
    await screenshot(page, 'intake-01-held');

    // Without the filter: everything that arrived, the waiting ones first, the made ones with their order.
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Held' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('status')).toBeNull();
    await expect.poll(() => rowOf('WEB-10231').count()).toBe(1);
    const rows = await page.getByRole('row').allTextContents();
    const held = rows.findIndex((r) => r.includes('WEB-10233'));
    const created = rows.findIndex((r) => r.includes('WEB-10231'));
    expect(held).toBeLessThan(created);
    expect(
      await rowOf('WEB-10231')
        .getByRole('link', { name: /Order #\d+/ })
        .count(),
    ).toBe(1);
  });

  it('a held order is fixed (the missing product added) and retried: the order is created', async () => {
    await addProduct('CANA-VECHE-01', 'Cană cu model vechi');
    await rowOf('WEB-10233').getByRole('button', { name: 'Retry #WEB-10233' }).click();
    await expect
      .poll(() => page.getByText(/Order #\d+ was created from #WEB-10233\./).count(), { timeout: 15000 })
      .toBe(1);
    await expect.poll(() => rowOf('WEB-10233').textContent()).toContain('Created');
    await expect.poll(() => page.getByTestId('incoming-count').textContent()).toBe('1');
    await screenshot(page, 'intake-02-retried');
    // The order is an ordinary order with the shop's number.
    await rowOf('WEB-10233')
      .getByRole('link', { name: /Order #\d+/ })
      .click();
    await expect.poll(() => page.url()).toMatch(/\/orders\/\d+$/);
    await expect.poll(() => page.getByText('CANA-VECHE-01').count()).toBeGreaterThan(0);
    await expect
      .poll(() => page.getByTestId('order-external-id').textContent())
      .toBe('Order number in the shop: WEB-10233');
  });

  it('the other held one is dismissed after a confirmation', async () => {
    await page.goto(`${server.baseUrl}/incoming?status=held`);
    await expect.poll(() => rowOf('WEB-10234').count()).toBe(1);
    await rowOf('WEB-10234').getByRole('button', { name: 'Dismiss #WEB-10234' }).click();
    await dialog().waitFor();
    await dialog().getByRole('button', { name: 'Dismiss' }).click();
    await expect.poll(() => page.getByText('#WEB-10234 was dismissed.').count()).toBe(1);
    await expect.poll(() => rowOf('WEB-10234').count()).toBe(0);
    await expect.poll(() => page.getByTestId('incoming-count').count()).toBe(0);
  });
});

describe('an order whose address is to check', () => {
  it('is in the orders list\'s "To check" tab; the seller confirms the address on the order', async () => {
    await page.goto(`${server.baseUrl}/orders`);
    const tab = page.getByRole('tab', { name: /To check/ });
    await expect.poll(() => page.getByTestId('count-to-check').textContent(), { timeout: 15000 }).toBe('1');
    await tab.click();
    await expect.poll(() => new URL(page.url()).searchParams.get('address_check')).toBe('1');
    await expect.poll(() => page.getByText(/Showing 1 to 1 of 1 result/).count(), { timeout: 15000 }).toBe(1);
    await screenshot(page, 'intake-03-to-check-tab');
    await page
      .getByRole('link', { name: /View order/ })
      .first()
      .click();
    const panel = page.getByTestId('address-check');
    await panel.waitFor();
    expect(await panel.textContent()).toMatch(/No street of that name was found in the locality/);
    await screenshot(page, 'intake-04-address-check');
    await panel.getByRole('button', { name: 'The address is right' }).click();
    await expect.poll(() => page.getByText(/The address was confirmed/).count()).toBe(1);
    await expect.poll(() => page.getByTestId('address-check').count()).toBe(0);
  });
});

describe("the source's intake key", () => {
  it('shows the key and its last use; a rotation shows the new secret once with an example request', async () => {
    await page.goto(`${server.baseUrl}/sources?search=Magazin`);
    await expect.poll(() => rowOf('Magazin online').count(), { timeout: 15000 }).toBeGreaterThan(0);
    await rowOf('Magazin online')
      .first()
      .getByRole('button', { name: 'Shop connector and intake key of Magazin online' })
      .click();
    const keyDialog = page.getByRole('dialog', { name: 'Magazin online: shop connector and intake key' });
    await keyDialog.waitFor();
    await expect.poll(() => keyDialog.getByTestId('intake-key').textContent()).toContain('ik_demo_magazin_online');
    expect(await keyDialog.textContent()).toContain('/api/v1/intake/orders');
    await keyDialog.getByRole('button', { name: 'Rotate' }).click();
    await page.getByRole('dialog', { name: 'Rotate the intake key?' }).getByRole('button', { name: 'Rotate' }).click();
    await expect.poll(() => page.getByText('Copy the secret now').count()).toBe(1);
    await expect.poll(() => page.getByRole('dialog', { name: 'Rotate the intake key?' }).count()).toBe(0);
    const text = (await keyDialog.textContent()) ?? '';
    expect(text).not.toContain('ik_demo_magazin_online');
    expect(text).toMatch(/ik_[0-9a-f]{24}/);
    expect(text).toContain('openssl dgst -sha256 -hmac');
    await screenshot(page, 'intake-05-key-rotated');
    await keyDialog.getByRole('button', { name: 'Close' }).first().click();
  });
});

describe('import from a file', () => {
  it('previews the file (created, held with its rows), then imports it', async () => {
    await addProduct('IMP-CANA-1', 'Cană importată');
    const csv = [
      'numar_comanda;nume_client;telefon;judet;localitate;strada;numar;cod_produs;cantitate',
      'IMP-1;Ioana Pop;0744 123 456;Cluj;Cluj-Napoca;Strada Memorandumului;28;IMP-CANA-1;2',
      'IMP-2;Dan Rus;0745 000 111;Sibiu;Sibiu;Strada Fabricii;7;NU-EXISTA-9;1',
    ].join('\n');
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'intake-e2e-')), 'comenzi.csv');
    fs.writeFileSync(file, `\uFEFF${csv}\n`);

    await page.goto(`${server.baseUrl}/incoming`);
    await page.getByRole('button', { name: 'Import from file' }).click();
    await dialog().waitFor();
    await dialog().getByRole('combobox', { name: 'Source' }).click();
    await page.getByRole('option', { name: 'Magazin online' }).first().click();
    await dialog().locator('input[type="file"]').setInputFiles(file);
    await dialog().getByRole('button', { name: 'Preview' }).click();
    const preview = dialog().getByTestId('import-preview');
    await preview.waitFor();
    const first = preview.getByRole('row').filter({ hasText: 'IMP-1' });
    const second = preview.getByRole('row').filter({ hasText: 'IMP-2' });
    expect(await first.textContent()).toContain('Would be created');
    expect(await second.textContent()).toContain('Would be held');
    expect(await second.textContent()).toMatch(/NU-EXISTA-9.*\(row 3\)/);
    await screenshot(page, 'intake-06-import-preview');
    // The preview wrote nothing.
    const before = await callApi<{ data: { external_id: string }[] }>(page, 'GET', '/api/v1/intake?search=IMP-1');
    expect(before.data).toEqual([]);

    await dialog().getByRole('button', { name: 'Import 2 orders' }).click();
    const result = dialog().getByTestId('import-result');
    await result.waitFor();
    expect(await result.getByRole('row').filter({ hasText: 'IMP-1' }).textContent()).toContain('Created');
    expect(await result.getByRole('row').filter({ hasText: 'IMP-2' }).textContent()).toContain('Held in Incoming');
    await expect.poll(() => page.getByText(/The file was imported: 1 created, 1 held in Incoming\./).count()).toBe(1);
    await screenshot(page, 'intake-07-imported');
    await dialog().getByRole('button', { name: 'Close' }).first().click();
    await expect.poll(() => rowOf('IMP-2').count()).toBe(1);
    await expect.poll(() => page.getByTestId('incoming-count').textContent()).toBe('1');
  });
});

describe('on a phone', () => {
  it('the Incoming screen fits 390 px', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${server.baseUrl}/incoming`);
    await waitForList();
    await screenshot(page, 'intake-08-phone');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    // Each waiting item shows its problem and its actions without scrolling sideways.
    const retry = page.getByRole('button', { name: 'Retry #IMP-2' });
    const box = await retry.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    // The source's key and its example request fit too (the request wraps in its box).
    await page.goto(`${server.baseUrl}/sources?search=Magazin`);
    await expect.poll(() => rowOf('Magazin online').count(), { timeout: 15000 }).toBeGreaterThan(0);
    await rowOf('Magazin online')
      .first()
      .getByRole('button', { name: 'Shop connector and intake key of Magazin online' })
      .click();
    const keyDialog = page.getByRole('dialog', { name: 'Magazin online: shop connector and intake key' });
    await expect.poll(() => keyDialog.getByTestId('intake-key').count()).toBe(1);
    await screenshot(page, 'intake-09-key-phone');
    const wide = await keyDialog.evaluate((d) => d.scrollWidth - d.clientWidth);
    expect(wide).toBeLessThanOrEqual(0);
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 1440, height: 900 });
  });
});

describe('in Romanian', () => {
  it('the screen, its problems (the server words them) and the import dialog read in Romanian', async () => {
    await page.goto(`${server.baseUrl}/incoming?status=held`);
    await page.getByRole('combobox', { name: 'Language' }).click();
    await page.getByRole('option', { name: 'Română' }).click();
    await page.getByRole('heading', { name: 'Intrări' }).waitFor();
    await expect.poll(() => rowOf('IMP-2').textContent()).toMatch(/Nu există niciun produs|NU-EXISTA-9/);
    expect(await rowOf('IMP-2').textContent()).toContain('În așteptare');
    await page.getByRole('link', { name: /Intrări/ }).waitFor();
    await screenshot(page, 'intake-10-romanian');
    await page.getByRole('button', { name: 'Importă din fișier' }).click();
    await page.getByRole('dialog', { name: 'Importă comenzi dintr-un fișier' }).waitFor();
    await screenshot(page, 'intake-11-import-romanian');
  });
});
