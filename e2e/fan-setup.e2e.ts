import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { isValidCui } from '../src/core/cui';
import { callApi, closeSession, launchBrowser, screenshot, signIn, startServer, type E2eServer } from './harness';

/**
 * FAN Courier on a new company, end to end against the emulator: the company (made through the
 * API) is chosen in the header, FAN is set up in the integrations wizard with the emulator's demo
 * account (its login, client number and a service), the shipping settings take A6 labels, FAN and
 * one of the company's packages; a new order's AWB form opens with FAN and that package, the AWB
 * is created, and the label the Print button fetches is one A6 page (pdfinfo, ≤ 106 × 151 mm).
 * Screenshots: artifacts/screenshots/fan-setup-*.
 */
let server: E2eServer;
let browser: Browser;
let page: Page;
let orderId = 0;
const COMPANY = 'Fan Setup Test SRL';
const PACKAGE = 'Cutie FAN mică';

const dialog = () => page.getByRole('dialog');

async function pick(box: Locator, option: string | RegExp) {
  await box.click();
  await page.getByRole('option', { name: option }).first().click();
}

function validCui(seed: number): string {
  for (let n = seed * 10; ; n++) if (isValidCui(String(n))) return String(n);
}

/** A page's size in mm as pdfinfo (poppler) reads it: "Page size: 297.64 x 419.53 pts". */
function pageSizesMm(pdf: Buffer): { pages: number; width: number; height: number } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fan-label-'));
  try {
    const file = path.join(dir, 'label.pdf');
    fs.writeFileSync(file, pdf);
    const out = spawnSync('pdfinfo', [file], { encoding: 'utf8' });
    expect(out.status, out.stderr).toBe(0);
    const size = /Page size:\s+([\d.]+) x ([\d.]+) pts/.exec(out.stdout)!;
    const pt = 25.4 / 72;
    return { pages: Number(/Pages:\s+(\d+)/.exec(out.stdout)![1]), width: +size[1] * pt, height: +size[2] * pt };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
  page.setDefaultTimeout(15000);
  // Browser tests cannot print: the print frame's print() counts the call and ends at once.
  await page.addInitScript(() => {
    if (window === window.top) return;
    window.print = () => {
      const top = window.top as unknown as { __prints?: number };
      top.__prints = (top.__prints ?? 0) + 1;
      window.dispatchEvent(new Event('afterprint'));
    };
  });
  await signIn(page, server.baseUrl);
  await page.waitForFunction(() => localStorage.getItem('selectedCompanyId') !== null);
  await page.evaluate(() => localStorage.setItem('language', 'en'));
  // The new company, with what an order needs (a source, a product) and a package of its own.
  const company = await callApi<{ data: { id: number } }>(page, 'POST', '/api/v1/company', {
    name: COMPANY,
    vat_number: validCui(3_100_531),
    administrator_name: 'Ioana Fan',
    address: 'Strada Memorandumului 28',
    city: 'Cluj-Napoca',
    county: 'Cluj',
  });
  const companyId = company.data.id;
  await page.evaluate((id) => localStorage.setItem('selectedCompanyId', String(id)), companyId);
  const source = await callApi<{ data: { id: number } }>(page, 'POST', '/api/v1/source', {
    company_id: companyId,
    source: 'Magazin FAN',
    active: true,
  });
  await callApi(page, 'POST', '/api/v1/product', {
    name: 'Cană ceramică',
    sku: 'FAN-CANA-1',
    sale_type: 'Bucata',
    stock: 10,
    selling_price: '49.90',
    buying_price: '15.00',
    currency: 'RON',
  });
  await callApi(page, 'POST', '/api/v1/package', { name: PACKAGE, length: 20, width: 15, height: 10, weight: 1.5 });
  const order = await callApi<{ data: { id: number } }>(page, 'POST', '/api/v1/order', {
    name: 'Client Fan',
    phone_number: '0744 555 303',
    county: 'Cluj',
    county_id: 12,
    city: 'Cluj-Napoca',
    city_id: 54984,
    street: 'Strada Zorilor',
    street_id: 6493,
    number: '12',
    zip_code: '400335',
    source: source.data.id,
    products: { 'FAN-CANA-1': 1 },
  });
  orderId = order.data.id;
});

afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail') await screenshot(page, `fan-setup-FAILED-${ctx.task.name.slice(0, 30)}`);
});

afterAll(() => closeSession({ server, browser }));

describe('FAN Courier on a new company', () => {
  it('the wizard sets FAN up with the demo account and a service', async () => {
    await page.goto(`${server.baseUrl}/integrations`);
    // Chosen in the header as a seller would (the company was made after the page's first load).
    const selector = page.getByRole('combobox', { name: 'Company' });
    await pick(selector, COMPANY);
    await expect.poll(() => selector.inputValue()).toBe(COMPANY);
    const card = page.getByTestId('available-fan');
    await card.getByRole('button', { name: 'Setup' }).click();
    await dialog().getByText('Set up FAN Courier').waitFor();
    await dialog().getByRole('button', { name: 'Fill in the demo account' }).click();
    // The company's own emulated account: a login and a FAN client number.
    await expect
      .poll(() => dialog().getByRole('textbox', { name: 'Client ID (clientId)' }).inputValue())
      .toMatch(/^\d+$/);
    await screenshot(page, 'fan-setup-1-login');
    await dialog().getByRole('button', { name: 'Next' }).click();
    const service = dialog().getByRole('combobox', { name: 'Service' });
    await service.waitFor();
    await pick(service, /^Standard/);
    await screenshot(page, 'fan-setup-2-service');
    await dialog().getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    const configured = page.getByTestId('configured-fan');
    await configured.getByText('Active', { exact: true }).waitFor();
    await configured.getByText(/Service: Standard/).waitFor();
  });

  it('the shipping settings take A6 labels, FAN and the company’s package', async () => {
    await page.locator('nav.mantine-AppShell-navbar').getByRole('link', { name: 'Shipping settings' }).click();
    await page.getByRole('heading', { name: 'Shipping settings' }).waitFor();
    await pick(page.getByRole('combobox', { name: /^Label format/ }), /^A6 label/);
    await pick(page.getByRole('combobox', { name: /^Default courier/ }), 'FAN Courier');
    await pick(page.getByRole('combobox', { name: /^Default package/ }), PACKAGE);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Shipping settings saved.').waitFor();
    await screenshot(page, 'fan-setup-3-settings');
    const companyId = await page.evaluate(() => localStorage.getItem('selectedCompanyId'));
    const saved = await callApi<{ data: { label_format: string; default_courier: string } }>(
      page,
      'GET',
      `/api/v1/company/${companyId}/shipping`,
    );
    expect(saved.data).toMatchObject({ label_format: 'A6', default_courier: 'fan' });
  });

  it('the AWB form opens with FAN and the package; the printed label is one A6 page', async () => {
    await page.goto(`${server.baseUrl}/orders/${orderId}`);
    const documents = page.getByTestId('documents-section');
    await documents.getByRole('button', { name: 'Create AWB' }).click();
    await dialog().waitFor();
    await expect
      .poll(() =>
        dialog()
          .getByRole('combobox', { name: /^Courier/ })
          .inputValue(),
      )
      .toBe('FAN Courier (emulated)');
    await expect.poll(() => dialog().getByTestId('awb-default-package').textContent()).toContain(PACKAGE);
    expect(
      await dialog()
        .getByRole('combobox', { name: /^Package/ })
        .inputValue(),
    ).toMatch(/^Cutie FAN mică · 15×10×20 cm/);
    expect(
      await dialog()
        .getByRole('textbox', { name: /^Weight/ })
        .inputValue(),
    ).toMatch(/^1[.,]50?$/);
    expect(await dialog().getByRole('textbox', { name: 'Postal code' }).inputValue()).toBe('400335');
    await screenshot(page, 'fan-setup-4-awb-prefilled');
    await dialog().getByRole('button', { name: 'Create AWB' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    const awbBlock = page.getByTestId('awb-block');
    await awbBlock.getByText('Created', { exact: true }).waitFor();
    expect(await awbBlock.textContent()).toMatch(/FAN/);

    // Print fetches the label into a hidden frame and prints it.
    await awbBlock.getByRole('button', { name: 'Print' }).click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { __prints?: number }).__prints)).toBe(1);
    // The same label, fetched with the page's session: one A6 page in the company's format.
    const headers = await page.evaluate(() => ({
      Authorization: `Bearer ${localStorage.getItem('token')}`,
      'X-Company-ID': String(localStorage.getItem('selectedCompanyId')),
    }));
    const label = await page.request.get(`${server.baseUrl}/api/v1/order/${orderId}/awb`, { headers });
    expect(label.status()).toBe(200);
    expect(label.headers()['content-type']).toContain('application/pdf');
    const pdf = await label.body();
    expect(pdf.subarray(0, 4).toString()).toBe('%PDF');
    const size = pageSizesMm(pdf);
    expect(size.pages).toBe(1);
    expect(size.width).toBeLessThanOrEqual(106);
    expect(size.height).toBeLessThanOrEqual(151);
    expect(size.height).toBeGreaterThan(135);
    await screenshot(page, 'fan-setup-5-awb-created');
  });
});
