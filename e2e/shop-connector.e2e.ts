import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { callApi, closeSession, openSignedInSession, screenshot, untilStill, type E2eServer } from './harness';

/**
 * A WooCommerce shop connected end to end, against the real server with its shops emulated: a new
 * source of the demo company connected from its intake-key dialog with the demo keys (the panel
 * saying the shop is emulated), "Sync now" bringing the emulated shop's orders into Incoming, an
 * AWB made for one of them on its order page, and the tracking note the outbox sends to the shop
 * (in Romanian, for the buyer), as the emulated shop keeps it; then the panel in Romanian.
 */
let server: E2eServer;
let browser: Browser;
let page: Page;

const HOST = 'magazin-test.ro';
const SOURCE = 'Magazin test';
const KEYS = { key: 'ck_demo', secret: 'cs_demo' };

const dialog = () => page.getByRole('dialog');
const panel = () => page.getByTestId('shop-connector');
/** The value beside a heading of the connected panel's table ("Orders in", "State"). */
const panelValue = (header: string) =>
  panel()
    .locator('tr', { has: page.locator('th', { hasText: new RegExp(`^${header}$`) }) })
    .locator('td');

let sourceId = 0;
let externalId = '';
let ordersIn = 0;
let courier = '';
let awb = '';

async function pick(box: Locator, option: string | RegExp) {
  await box.click();
  await page.getByRole('option', { name: option }).first().click();
}

/** The notes the emulated shop keeps on one of its orders (the emulator's store, in the server's database). */
function shopNotes(orderId: string): { note: string; customer_note: boolean }[] {
  const db = new Database(path.join(server.dataDir, 'app.db'), { readonly: true, fileMustExist: true });
  try {
    const row = db
      .prepare('select data from emulator_records where provider = ? and collection = ? and key = ?')
      .get('woocommerce', `orders:${HOST}`, orderId) as { data: string } | undefined;
    return row ? ((JSON.parse(row.data) as { _notes?: { note: string; customer_note: boolean }[] })._notes ?? []) : [];
  } finally {
    db.close();
  }
}

async function openConnector() {
  await page.goto(`${server.baseUrl}/sources`);
  await page
    .getByRole('button', {
      name: new RegExp(
        `^(Shop connector and intake key of|Conectorul de magazin și cheia de preluare ale sursei) ${SOURCE}$`,
      ),
    })
    .click();
  await panel().waitFor();
}

beforeAll(async () => {
  ({ server, browser, page } = await openSignedInSession({ width: 1440, height: 900 }));
  await page.waitForFunction(() => localStorage.getItem('selectedCompanyId') !== null);
  await page.evaluate(() => localStorage.setItem('language', 'en'));
  const companyId = Number(await page.evaluate(() => localStorage.getItem('selectedCompanyId')));
  // The set-up: a source of its own, so the demo's connected "Magazin online" is left as it is.
  const made = await callApi<{ data: { id: number } }>(page, 'POST', '/api/v1/source', {
    company_id: companyId,
    source: SOURCE,
  });
  sourceId = made.data.id;
  // A courier to make the AWB with (Cargus, emulated), set up as its wizard does. The demo company
  // arrives with every courier set up (the demo seed): the others are removed, so Cargus is the only one.
  const seeded = await callApi<{ data: { id: number; key: string; type: string }[] }>(
    page,
    'GET',
    '/api/v1/company-integration',
  );
  for (const s of seeded.data)
    if (s.type === 'courier' && s.key !== 'cargus')
      await callApi(page, 'DELETE', `/api/v1/company-integration/${s.id}`);
  const wizard = (step: string) => `/api/v1/cargus/company/${companyId}/${step}`;
  await callApi(page, 'POST', wizard('login'), { username: 'demo', password: 'demo', api_key: 'demo' });
  const points = await callApi<{ data: { id: string }[] }>(page, 'GET', wizard('pickup-points'));
  await callApi(page, 'POST', wizard('pickup-points'), { pickup_point_id: points.data[0].id });
});

afterAll(() => closeSession({ server, browser }));

describe('a WooCommerce shop connected to a source', () => {
  it("connects from the source's dialog with the demo keys, the panel saying the shop is emulated", async () => {
    await openConnector();
    // Not connected yet: the form says the shops are emulated and which keys they take.
    await panel().getByText('Emulated shop').waitFor();
    expect(await panel().textContent()).toContain('ck_demo / cs_demo');
    await panel().getByRole('textbox', { name: 'Shop address' }).fill(`https://${HOST}`);
    await panel().getByRole('textbox', { name: 'Consumer key' }).fill('ck_wrong');
    await panel().getByLabel('Consumer secret').fill(KEYS.secret);
    await panel().getByRole('button', { name: 'Connect' }).click();
    // Other keys are refused as WooCommerce refuses them, on the field.
    await expect.poll(() => panel().getByText('Consumer key is invalid.').count(), { timeout: 15000 }).toBe(1);
    await untilStill(page);
    await panel().screenshot({ path: 'artifacts/screenshots/shop-connector-0-form.png' });
    await panel().getByRole('textbox', { name: 'Consumer key' }).fill(KEYS.key);
    await panel().getByRole('button', { name: 'Connect' }).click();
    await page.getByText('The shop is connected: its orders are coming in.').waitFor();
    await expect.poll(() => panelValue('Shop').textContent()).toBe(`WooCommerce · https://${HOST}Emulated shop`);
    expect(await panelValue('State').textContent()).toBe('Working');
    expect(await panelValue('Webhook address').textContent()).toContain(`/api/v1/hooks/woocommerce/${sourceId}`);
    await untilStill(page);
    await panel().screenshot({ path: 'artifacts/screenshots/shop-connector-1-connected.png' });
  });

  it('"Sync now" brings the shop\'s orders into Incoming, each an order of the source', async () => {
    await panel().getByRole('button', { name: 'Sync now' }).click();
    await page.getByText('The shop’s orders are being read.').waitFor();
    // A newly connected emulated shop holds four orders of the last day; the panel follows the pull.
    await expect
      .poll(async () => Number(await panelValue('Orders in').textContent()), { timeout: 45000, interval: 1000 })
      .toBeGreaterThan(0);
    ordersIn = Number(await panelValue('Orders in').textContent());
    expect(await panelValue('Last sync').textContent()).not.toBe('Never');
    await page.keyboard.press('Escape');

    // Each of the shop's four orders is an item of the source in Incoming; the ones made, orders.
    await page.goto(`${server.baseUrl}/incoming?source=${sourceId}`);
    await expect.poll(() => page.getByRole('row').filter({ hasText: SOURCE }).count(), { timeout: 15000 }).toBe(4);
    const rows = page.getByRole('row').filter({ hasText: 'Created' });
    expect(await rows.count()).toBe(ordersIn);
    await screenshot(page, 'shop-connector-2-incoming');
    // One to Sibiu (the emulated couriers know its streets), as the seller would pick it.
    const first = rows.filter({ hasText: 'Sibiu' }).first();
    // Its number in the shop is WooCommerce's order id (what the note is written to).
    externalId = (await first.getByRole('cell').nth(2).textContent()) ?? '';
    expect(externalId).toMatch(/^\d+$/);
    await first.getByRole('link', { name: /Order #\d+/ }).click();
    await expect.poll(() => page.url()).toMatch(/\/orders\/\d+$/);
  });

  it("an AWB made on the order page reaches the shop as the buyer's note naming the courier and the AWB", async () => {
    const documents = page.getByTestId('documents-section');
    await documents.getByRole('button', { name: 'Create AWB' }).click();
    await dialog().waitFor();
    const courierBox = dialog().getByRole('combobox', { name: /^Courier/ });
    // Cargus is the only courier set up: chosen, marked emulated.
    await expect.poll(() => courierBox.inputValue()).toBe('Cargus (emulated)');
    courier = (await courierBox.inputValue()).replace(/ \(emulated\)$/, '');
    // The order's address, as the shop sent it, filled in as Cargus knows it.
    await expect.poll(() => dialog().getByRole('textbox', { name: 'Postal code' }).inputValue()).toMatch(/^55\d{4}$/);
    const pkg = dialog().getByRole('combobox', { name: /^Package/ });
    if (!(await pkg.inputValue())) await pick(pkg, /^Medium/);
    await dialog().getByRole('button', { name: 'Create AWB' }).click();
    // Gone once the courier made it; a refusal stays in the dialog with the courier's words.
    await expect
      .poll(async () => ((await dialog().count()) ? await dialog().textContent() : 'gone'), { timeout: 30000 })
      .toBe('gone');
    const awbBlock = page.getByTestId('awb-block');
    await awbBlock.getByText('Created', { exact: true }).waitFor();
    awb = (await awbBlock.getByText(/^AWB \S+$/).textContent())!.replace(/^AWB /, '');
    expect(awb).toMatch(/\w+/);

    // The outbox sends the note within its next pass (every 15 s emulated): the panel's count of
    // updates waiting goes back to none, none failed.
    await openConnector();
    await expect.poll(() => panelValue('Updates waiting').textContent(), { timeout: 60000, interval: 1000 }).toBe('0');
    expect(await panel().getByText('Updates that failed').count()).toBe(0);
    await page.keyboard.press('Escape');
    // The emulated shop's order holds it as WooCommerce does (`GET /orders/{id}/notes` answers it): the
    // emulators answer the app's own clients only, in process, so it is read from their store.
    const notes = shopNotes(externalId);
    expect(notes.filter((n) => n.customer_note)).toHaveLength(1);
    const note = notes.find((n) => n.customer_note)!.note;
    expect(note).toContain(`curierului ${courier}`);
    expect(note).toContain(`AWB ${awb}`);
  });

  it('the panel reads in Romanian', async () => {
    await page.evaluate(() => localStorage.setItem('language', 'ro'));
    await openConnector();
    await expect.poll(() => panelValue('Stare').textContent(), { timeout: 15000 }).toBe('Funcționează');
    expect(await panelValue('Magazin').textContent()).toBe(`WooCommerce · https://${HOST}Magazin emulat`);
    expect(await panelValue('Comenzi aduse').textContent()).toBe(String(ordersIn));
    expect(await panel().getByRole('button', { name: 'Sincronizează acum' }).count()).toBe(1);
    await untilStill(page);
    await panel().screenshot({ path: 'artifacts/screenshots/shop-connector-3-romanian.png' });
    // On a phone (390 px) the badges beside the values ("Magazin emulat", "Funcționează") read whole.
    await page.setViewportSize({ width: 390, height: 844 });
    await untilStill(page);
    const badges = panel().locator('.mantine-Badge-label');
    expect(await badges.count()).toBeGreaterThanOrEqual(2);
    const cut = await badges.evaluateAll((els) =>
      els.filter((e) => e.scrollWidth > e.clientWidth).map((e) => e.textContent),
    );
    expect(cut).toEqual([]);
    await panel().screenshot({ path: 'artifacts/screenshots/shop-connector-4-romanian-390.png' });
    await page.setViewportSize({ width: 1366, height: 900 });
    // Disconnect asks once (one dialog naming the shop); dismissed, the shop stays connected.
    await panel().getByRole('button', { name: 'Deconectează' }).click();
    const confirm = page.getByRole('dialog', { name: 'Deconectează' });
    await expect.poll(() => confirm.count()).toBe(1);
    expect(await confirm.textContent()).toContain(`Deconectați https://${HOST}?`);
    await confirm.getByRole('button', { name: 'Anulează' }).click();
    await expect.poll(() => confirm.count()).toBe(0);
    await page.evaluate(() => localStorage.setItem('language', 'en'));
  });

  it('the sources list marks the source with its shop, emulated', async () => {
    await page.keyboard.press('Escape');
    await page.goto(`${server.baseUrl}/sources?search=${encodeURIComponent(SOURCE)}`);
    const row = page.getByRole('row').filter({ hasText: SOURCE });
    await expect
      .poll(() => row.getByTestId('shop-badge').textContent(), { timeout: 15000 })
      .toBe('WooCommerce · emulated');
    await untilStill(page);
    await screenshot(page, 'shop-connector-5-sources-list');
  });
});
