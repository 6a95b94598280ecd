import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { launchBrowser, requestApi, screenshot as rawScreenshot, signIn, startServer, type E2eServer } from './harness';

/**
 * The order's documents end to end, against the emulators mounted in the app: Cargus and SmartBill
 * set up with their demo accounts, then on a fresh order with three products: create an AWB through
 * the modal, print it (the temporary frame comes and goes, the frame's print is stubbed), download it
 * (the AWB number in the file name), delete it after the confirmation; issue an invoice, reverse two of
 * its three lines, then the rest. The same screen in Romanian. Screenshots: artifacts/screenshots/documents-*.
 *
 * The one-day storno rule reads the server's clock, and the e2e server runs on the system clock
 * (main.ts has no clock setting): the test ages the invoice in the server's SQLite database instead,
 * found through TMPDIR, where the harness makes the server's folder.
 */
let server: E2eServer;
let browser: Browser;
let page: Page;
let dbFile: string;
let tmp: string;
const previousTmp = process.env.TMPDIR;
const DAY = 86_400;

async function screenshot(p: Page, name: string) {
  await rawScreenshot(p, `documents-${name}`);
}

/** A call of the API as the signed-in user, in the selected company. */
const apiCall = <T = unknown>(method: string, url: string, body?: unknown) => requestApi<T>(page, method, url, body);

async function ok<T>(method: string, url: string, body?: unknown): Promise<T> {
  const res = await apiCall<T>(method, url, body);
  expect(res.status, `${method} ${url}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return res.body;
}

/**
 * Cargus (pickup point) and SmartBill (series, VAT) with the emulators' demo accounts, as the wizards
 * do. The demo company arrives with every courier set up (the demo seed): the others are removed
 * first, so Cargus is the only usable courier the AWB modal offers.
 */
async function setUpIntegrations(companyId: number) {
  const wizard = (key: string, step: string) => `/api/v1/${key}/company/${companyId}/${step}`;
  const seeded = await ok<{ data: { id: number; key: string }[] }>('GET', '/api/v1/company-integration');
  for (const s of seeded.data)
    if (s.key !== 'cargus' && s.key !== 'smartbill') await ok('DELETE', `/api/v1/company-integration/${s.id}`);
  await ok('POST', wizard('cargus', 'login'), { username: 'demo', password: 'demo', api_key: 'demo' });
  const points = await ok<{ data: { id: string }[] }>('GET', wizard('cargus', 'pickup-points'));
  await ok('POST', wizard('cargus', 'pickup-points'), { pickup_point_id: points.data[0].id });
  await ok('POST', wizard('smartbill', 'login'), { username: 'demo', token: 'demo' });
  const series = await ok<{ data: { name: string }[] }>('GET', wizard('smartbill', 'series'));
  await ok('POST', wizard('smartbill', 'series'), { series_name: series.data[0].name });
  const vat = await ok<{ data: { percentage: number }[] }>('GET', wizard('smartbill', 'vat-amount'));
  await ok('POST', wizard('smartbill', 'vat-amount'), {
    vat_amount: vat.data.length ? String(vat.data[0].percentage) : null,
  });
}

interface ProductRow {
  sku: string;
  name: string;
  stock: number | null;
  parent_id: number | null;
  variations?: unknown[];
}

/** A new order of three products, to a Cluj-Napoca address picked from the address data (ids included). */
async function newOrder(phone: string): Promise<{ id: number; names: string[] }> {
  const sources = await ok<{ data: { id: number }[] }>('GET', '/api/v1/source?page=1&items=10');
  const products = await ok<{ data: ProductRow[] }>('GET', '/api/v1/product?page=1&items=100');
  const three = products.data
    .filter((p) => p.parent_id === null && !p.variations?.length && (p.stock ?? 0) >= 5)
    .slice(0, 3);
  expect(three).toHaveLength(3);
  const created = await ok<{ data: { id: number } }>('POST', '/api/v1/order', {
    name: 'Client Documente',
    phone_number: phone,
    county: 'Cluj',
    county_id: 12,
    city: 'Cluj-Napoca',
    city_id: 54984,
    street: 'Strada Zorilor',
    street_id: 6493,
    number: '12',
    zip_code: '400335',
    source: sources.data[0].id,
    products: { [three[0].sku]: 1, [three[1].sku]: 2, [three[2].sku]: 3 },
  });
  return { id: created.data.id, names: three.map((p) => p.name) };
}

/**
 * Moves the order's invoice (and the order) back in time in the server's database: the storno rule
 * then sees an invoice last changed more than a day ago. The invoice table is found by its columns.
 */
function ageInvoice(orderId: number, seconds: number) {
  const db = new Database(dbFile);
  try {
    const tables = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE '%invoice%'")
      .all() as { name: string }[];
    let moved = 0;
    for (const { name } of tables) {
      const columns = (db.prepare(`PRAGMA table_info("${name}")`).all() as { name: string }[]).map((c) => c.name);
      if (!columns.includes('order_id') || !columns.includes('updated_at')) continue;
      moved += db
        .prepare(`UPDATE "${name}" SET updated_at = updated_at - ? WHERE order_id = ?`)
        .run(seconds, orderId).changes;
    }
    expect(moved, 'an invoice row of the order to age').toBeGreaterThan(0);
  } finally {
    db.close();
  }
}

const section = () => page.getByTestId('documents-section');
const awbBlock = () => page.getByTestId('awb-block');
const invoiceBlock = () => page.getByTestId('invoice-block');
const dialog = () => page.getByRole('dialog');
const docBlock = (action: string) => page.getByTestId(`doc-${action}`).getAttribute('data-block');

async function pick(box: Locator, option: string | RegExp) {
  await box.click();
  await page.getByRole('option', { name: option }).first().click();
}

async function dialogGone() {
  await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
}

async function dismissToasts() {
  for (const close of await page.locator('.mantine-Notification-root button').all())
    await close.click().catch(() => {});
}

async function openOrder(id: number) {
  await page.goto(`${server.baseUrl}/orders/${id}`);
  await section().waitFor();
}

async function step(name: string, body: () => Promise<void>) {
  try {
    await body();
  } catch (e) {
    await rawScreenshot(page, `documents-${name}-FAILED`).catch(() => {});
    throw e;
  }
}

let order: { id: number; names: string[] };
let awbNumber = '';

beforeAll(async () => {
  // The harness makes its server's folder (with the database) under the temporary directory.
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'documents-e2e-'));
  process.env.TMPDIR = tmp;
  server = await startServer();
  const [folder] = fs.readdirSync(tmp);
  dbFile = path.join(tmp, folder, 'app.db');
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1440, height: 1000 } });
  page.setDefaultTimeout(15000);
  // Browser tests cannot print: the print frame's print() records the call and ends at once.
  await page.addInitScript(() => {
    const w = window as unknown as { __prints?: number; __frames?: string[] };
    if (window !== window.top) {
      window.print = () => {
        const top = window.top as unknown as { __prints?: number };
        top.__prints = (top.__prints ?? 0) + 1;
        window.dispatchEvent(new Event('afterprint'));
      };
      return;
    }
    w.__frames = [];
    new MutationObserver((changes) => {
      for (const c of changes) {
        for (const n of c.addedNodes)
          if (n instanceof HTMLIFrameElement && n.dataset.testid === 'print-frame') w.__frames!.push('added');
        for (const n of c.removedNodes)
          if (n instanceof HTMLIFrameElement && n.dataset.testid === 'print-frame') w.__frames!.push('removed');
      }
    }).observe(document, { childList: true, subtree: true }); // the document: its root element does not exist yet
  });
  await signIn(page, server.baseUrl);
  await page.waitForFunction(() => localStorage.getItem('selectedCompanyId') !== null);
  await page.evaluate(() => localStorage.setItem('language', 'en'));
  const companyId = Number(await page.evaluate(() => localStorage.getItem('selectedCompanyId')));
  await setUpIntegrations(companyId);
  order = await newOrder('0744 555 101');
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  process.env.TMPDIR = previousTmp;
  if (previousTmp === undefined) delete process.env.TMPDIR;
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

describe('order documents', () => {
  it('AWB: the modal checks, then creates one with Cargus', async () => {
    await step('awb-create', async () => {
      await openOrder(order.id);
      expect(await docBlock('createAwb')).toBe('none');
      expect(await docBlock('printAwb')).toBe('needsAwb');
      await screenshot(page, 'en-1-detail');
      await section().getByRole('button', { name: 'Create AWB' }).click();
      await dialog().waitFor();
      // Cargus is the only usable courier: chosen, marked emulated; the order's address is filled in.
      await expect
        .poll(() =>
          dialog()
            .getByRole('combobox', { name: /^Courier/ })
            .inputValue(),
        )
        .toBe('Cargus (emulated)');
      await expect.poll(() => dialog().getByRole('textbox', { name: 'Postal code' }).inputValue()).toBe('400335');
      expect(await dialog().getByTestId('awb-locations').textContent()).toBe('Locations as Cargus knows them');
      // No size yet: the four fields say so, nothing is sent.
      await dialog().getByRole('button', { name: 'Create AWB' }).click();
      await expect.poll(() => dialog().getByText('This field is required.').count()).toBe(4);
      await screenshot(page, 'en-2-awb-modal-checks');
      await pick(dialog().getByRole('combobox', { name: 'Package' }), /^Medium/);
      expect(
        await dialog()
          .getByRole('textbox', { name: /^Width/ })
          .inputValue(),
      ).toBe('30');
      await screenshot(page, 'en-3-awb-modal-filled');
      await dialog().getByRole('button', { name: 'Create AWB' }).click();
      await dialogGone();
      const title = await awbBlock()
        .getByText(/^AWB \S+$/)
        .textContent();
      awbNumber = title!.replace(/^AWB /, '');
      expect(awbNumber).toMatch(/\w+/);
      expect(await docBlock('createAwb')).toBe('hasAwb');
      await awbBlock().getByText('Created', { exact: true }).waitFor();
      await dismissToasts();
      await screenshot(page, 'en-4-awb-created');
    });
  });

  it('AWB: print from a temporary frame, then download with the AWB number in the file name', async () => {
    await step('awb-print', async () => {
      await page.evaluate(() => {
        (window as unknown as { __frames: string[] }).__frames = [];
        (window as unknown as { __prints: number }).__prints = 0;
      });
      await awbBlock().getByRole('button', { name: 'Print' }).click();
      await expect.poll(() => page.evaluate(() => (window as unknown as { __prints: number }).__prints)).toBe(1);
      await expect
        .poll(() => page.evaluate(() => (window as unknown as { __frames: string[] }).__frames))
        .toEqual(['added', 'removed']);
      expect(await page.locator('iframe[data-testid="print-frame"]').count()).toBe(0);
      expect(await page.getByText(/Please try downloading instead/).count()).toBe(0);

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        awbBlock().getByRole('button', { name: 'Download' }).click(),
      ]);
      expect(download.suggestedFilename()).toContain(awbNumber);
      expect(download.suggestedFilename()).toMatch(/\.pdf$/);
      const file = await download.path();
      expect(fs.readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
    });
  });

  it('AWB: delete after the confirmation', async () => {
    await step('awb-delete', async () => {
      await awbBlock().getByRole('button', { name: 'Delete AWB' }).click();
      await dialog().getByText(`Delete AWB ${awbNumber}?`).waitFor();
      await screenshot(page, 'en-5-awb-delete-confirm');
      await dialog().getByRole('button', { name: 'Delete AWB' }).click();
      await dialogGone();
      await awbBlock().getByText('No AWB yet').waitFor();
      expect(await docBlock('createAwb')).toBe('none');
      await dismissToasts();
    });
  });

  it('invoice: issued; storno waits a day; two of three lines reversed, then the rest', async () => {
    await step('invoice', async () => {
      await section().getByRole('button', { name: 'Create invoice' }).click();
      // The block's title, and the document list below it names the invoice too.
      await invoiceBlock()
        .getByText(/^Invoice \S/)
        .first()
        .waitFor();
      expect(await docBlock('createInvoice')).toBe('hasInvoice');
      expect(await docBlock('storno')).toBe('stornoTooSoon');
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        // The block's own Download (each document below has one too).
        invoiceBlock().getByRole('button', { name: 'Download' }).first().click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/\.pdf$/);
      await dismissToasts();
      await screenshot(page, 'en-6-invoice-issued');

      ageInvoice(order.id, 2 * DAY);
      await openOrder(order.id);
      expect(await docBlock('storno')).toBe('none');
      await section().getByRole('button', { name: 'Storno' }).click();
      await dialog().waitFor();
      await dialog().getByRole('button', { name: 'Issue storno invoice' }).click();
      await dialog().getByText('No products selected').waitFor();
      await dialog()
        .getByRole('checkbox', { name: `Reverse ${order.names[0]}` })
        .check();
      await dialog()
        .getByRole('checkbox', { name: `Reverse ${order.names[1]}` })
        .check();
      await screenshot(page, 'en-7-storno-two-lines');
      await dialog().getByRole('button', { name: 'Issue storno invoice' }).click();
      await dialogGone();
      await page.getByRole('heading', { name: `Order #${order.id}` }).waitFor();
      // The invoice status beside the order status says the invoice is partly reversed.
      await page.getByText('Partially reversed', { exact: true }).first().waitFor();
      // The storno changed the invoice: the next one waits a day again.
      expect(await docBlock('storno')).toBe('stornoTooSoon');
      await dismissToasts();

      ageInvoice(order.id, 2 * DAY);
      await openOrder(order.id);
      await section().getByRole('button', { name: 'Storno' }).click();
      await dialog().waitFor();
      // The two reversed lines are shown as such; only the third is left.
      expect(await dialog().getByText('Fully reversed').count()).toBe(2);
      expect(
        await dialog()
          .getByRole('checkbox', { name: `Reverse ${order.names[0]}` })
          .isDisabled(),
      ).toBe(true);
      await dialog()
        .getByRole('checkbox', { name: `Reverse ${order.names[2]}` })
        .check();
      await screenshot(page, 'en-8-storno-the-rest');
      await dialog().getByRole('button', { name: 'Issue storno invoice' }).click();
      await dialogGone();
      // Fully reversed: the invoice status badge beside the order's own status.
      await page
        .locator('.mantine-Badge-root', { hasText: /^Reversed$/ })
        .first()
        .waitFor();
      expect(await docBlock('storno')).not.toBe('none');
      await dismissToasts();
      await screenshot(page, 'en-9-storno-done');
    });
  });

  it('reads in Romanian: the documents, the history and the AWB modal', async () => {
    await step('ro', async () => {
      await page.evaluate(() => localStorage.setItem('language', 'ro'));
      await openOrder(order.id);
      await section().getByText('Factura', { exact: false }).first().waitFor();
      expect(await page.getByText('Factură stornată parțial').count()).toBeGreaterThan(0);
      expect(await page.getByText('AWB generat').count()).toBeGreaterThan(0);
      expect(await page.getByText('AWB șters').count()).toBeGreaterThan(0);
      await screenshot(page, 'ro-1-detail');
      const second = await newOrder('0744 555 102');
      await openOrder(second.id);
      await section().getByRole('button', { name: 'Generează AWB' }).click();
      await dialog().waitFor();
      await expect
        .poll(() =>
          dialog()
            .getByRole('combobox', { name: /^Curier/ })
            .inputValue(),
        )
        .toBe('Cargus (emulat)');
      await dialog().getByRole('button', { name: 'Generează AWB' }).click();
      await expect.poll(() => dialog().getByText('Câmpul este obligatoriu.').count()).toBe(4);
      await screenshot(page, 'ro-2-awb-modal');
      await dialog().getByRole('button', { name: 'Anulează' }).click();
      await dialogGone();
      await page.evaluate(() => localStorage.setItem('language', 'en'));
    });
  });

  it('AWB to a Sameday easybox: a county and city narrow the points, the AWB names the one chosen', async () => {
    await step('awb-locker', async () => {
      const companyId = Number(await page.evaluate(() => localStorage.getItem('selectedCompanyId')));
      const wizard = (step: string) => `/api/v1/sameday/company/${companyId}/${step}`;
      await ok('POST', wizard('login'), { username: 'demo', password: 'demo' });
      const points = await ok<{ data: { id: string; contact_persons?: { id: string }[] }[] }>(
        'GET',
        wizard('pickup-points'),
      );
      await ok('POST', wizard('pickup-points'), {
        pickup_point_id: points.data[0].id,
        contact_person_id: points.data[0].contact_persons![0].id,
      });
      const third = await newOrder('0744 555 103');
      await openOrder(third.id);
      await section().getByRole('button', { name: 'Create AWB' }).click();
      await dialog().waitFor();
      await pick(dialog().getByRole('combobox', { name: /^Courier/ }), 'Sameday (emulated)');
      // Delivering to a point replaces the address fields; a point must then be chosen.
      await dialog().getByRole('radio', { name: 'A locker or pick-up point' }).check();
      expect(await dialog().getByRole('textbox', { name: 'Postal code' }).count()).toBe(0);
      await dialog().getByRole('button', { name: 'Create AWB' }).click();
      await expect.poll(() => dialog().getByText('This field is required.').count()).toBeGreaterThan(0);
      const county = dialog().getByRole('combobox', { name: /^County of the point/ });
      // The search starts in the order's county (Cluj); choosing it again keeps it.
      await expect.poll(() => county.inputValue()).toBe('Cluj');
      await county.click();
      await county.fill('Cluj');
      await page.getByRole('option', { name: 'Cluj', exact: true }).click();
      expect(await county.inputValue()).toBe('Cluj');
      await dialog()
        .getByText(/^\d+ points of Sameday$/)
        .waitFor();
      await pick(dialog().getByRole('combobox', { name: 'City of the point' }), 'Cluj-Napoca');
      const locker = dialog().getByRole('combobox', { name: /^Locker or pick-up point/ });
      await locker.click();
      const first = page.getByRole('option', { name: /^easybox Cluj-Napoca/ }).first();
      const chosen = (await first.textContent())!;
      await first.click();
      expect(await locker.inputValue()).toBe(chosen);
      await pick(dialog().getByRole('combobox', { name: 'Package' }), /^Small/);
      await screenshot(page, 'en-10-awb-locker');
      await dialog().getByRole('button', { name: 'Create AWB' }).click();
      await dialogGone();
      await awbBlock()
        .getByText(/^AWB \S+$/)
        .waitFor();
      // The courier was sent the point: the shipment's recipient is the easybox's place.
      const detail = await ok<{ data: { courier: string | null } }>('GET', `/api/v1/order/${third.id}`);
      expect(detail.data.courier).toBe('sameday');
      await dismissToasts();
      await screenshot(page, 'en-11-awb-locker-created');
    });
  });
});
