import fs from 'node:fs';
import { PDFDocument } from 'pdf-lib';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, closeSession, openSignedInSession, screenshot, type E2eServer } from './harness';

/**
 * Shipping defaults and labels for a thermal printer, end to end: with Cargus and DPD set up (two
 * couriers, so the form cannot guess one), the seller chooses A6 labels, Cargus and the medium
 * preset on the shipping settings screen; a new order's AWB form opens with them filled in (and the
 * order's address); the AWB is created and its label downloads as one A6 page.
 * Screenshots: artifacts/screenshots/shipping-*.
 */
let server: E2eServer;
let browser: Browser;
let page: Page;
let orderId = 0;

const dialog = () => page.getByRole('dialog');
const MM = 72 / 25.4;

async function pick(box: Locator, option: string | RegExp) {
  await box.click();
  await page.getByRole('option', { name: option }).first().click();
}

async function step(name: string, body: () => Promise<void>) {
  try {
    await body();
  } catch (e) {
    await screenshot(page, `shipping-${name}-FAILED`).catch(() => {});
    throw e;
  }
}

beforeAll(async () => {
  ({ server, browser, page } = await openSignedInSession({ width: 1440, height: 1000 }));
  page.setDefaultTimeout(15000);
  await page.waitForFunction(() => localStorage.getItem('selectedCompanyId') !== null);
  await page.evaluate(() => localStorage.setItem('language', 'en'));
  const companyId = Number(await page.evaluate(() => localStorage.getItem('selectedCompanyId')));
  const wizard = (key: string, s: string) => `/api/v1/${key}/company/${companyId}/${s}`;
  await callApi(page, 'POST', wizard('cargus', 'login'), { username: 'demo', password: 'demo', api_key: 'demo' });
  const cargus = await callApi<{ data: { id: string }[] }>(page, 'GET', wizard('cargus', 'pickup-points'));
  await callApi(page, 'POST', wizard('cargus', 'pickup-points'), { pickup_point_id: cargus.data[0].id });
  await callApi(page, 'POST', wizard('dpd', 'login'), { username: 'demo', password: 'demo' });
  const dpd = await callApi<{ data: { id: string }[] }>(page, 'GET', wizard('dpd', 'pickup-points'));
  await callApi(page, 'POST', wizard('dpd', 'pickup-points'), { pickup_point_id: dpd.data[0].id });
  // Start from no default package (the demo may mark one): the preset chosen below is the default.
  await callApi(page, 'POST', `/api/v1/company/${companyId}/shipping`, {
    label_format: 'A4',
    default_courier: null,
    default_package_id: null,
  });
  const sources = await callApi<{ data: { id: number }[] }>(page, 'GET', '/api/v1/source?page=1&items=10');
  const products = await callApi<{ data: { sku: string; stock: number | null; parent_id: number | null }[] }>(
    page,
    'GET',
    '/api/v1/product?page=1&items=100',
  );
  const product = products.data.find((p) => p.parent_id === null && (p.stock ?? 0) >= 5)!;
  const created = await callApi<{ data: { id: number } }>(page, 'POST', '/api/v1/order', {
    name: 'Client Etichetă',
    phone_number: '0744 555 202',
    county: 'Cluj',
    county_id: 12,
    city: 'Cluj-Napoca',
    city_id: 54984,
    street: 'Strada Zorilor',
    street_id: 6493,
    number: '12',
    zip_code: '400335',
    source: sources.data[0].id,
    products: { [product.sku]: 1 },
  });
  orderId = created.data.id;
});

afterAll(async () => {
  await closeSession({ server, browser });
});

describe('shipping defaults and A6 labels', () => {
  it('the settings screen saves A6, Cargus and the medium preset', async () => {
    await step('settings', async () => {
      await page.goto(`${server.baseUrl}/shipping-settings`);
      await page.getByRole('heading', { name: 'Shipping settings' }).waitFor();
      await pick(page.getByRole('combobox', { name: /^Label format/ }), /^A6 label/);
      await pick(page.getByRole('combobox', { name: /^Default courier/ }), 'Cargus');
      await pick(page.getByRole('combobox', { name: /^Default package/ }), /^Medium/);
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Shipping settings saved.').waitFor();
      await screenshot(page, 'shipping-1-settings');
      const companyId = await page.evaluate(() => localStorage.getItem('selectedCompanyId'));
      const saved = await callApi<{ data: unknown }>(page, 'GET', `/api/v1/company/${companyId}/shipping`);
      expect(saved.data).toEqual({ label_format: 'A6', default_courier: 'cargus', default_package_id: 'medium' });
    });
  });

  it('the AWB form opens with the defaults and the order address; the AWB label is one A6 page', async () => {
    await step('awb', async () => {
      await page.goto(`${server.baseUrl}/orders/${orderId}`);
      await page.getByTestId('documents-section').waitFor();
      await page.getByTestId('documents-section').getByRole('button', { name: 'Create AWB' }).click();
      await dialog().waitFor();
      await expect
        .poll(() =>
          dialog()
            .getByRole('combobox', { name: /^Courier/ })
            .inputValue(),
        )
        .toBe('Cargus (emulated)');
      await expect
        .poll(() =>
          dialog()
            .getByRole('textbox', { name: /^Width/ })
            .inputValue(),
        )
        .toBe('30');
      expect(
        await dialog()
          .getByRole('textbox', { name: /^Length/ })
          .inputValue(),
      ).toBe('40');
      await expect.poll(() => dialog().getByRole('textbox', { name: 'Postal code' }).inputValue()).toBe('400335');
      await screenshot(page, 'shipping-2-awb-prefilled');
      await dialog().getByRole('button', { name: 'Create AWB' }).click();
      await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
      const awbBlock = page.getByTestId('awb-block');
      await awbBlock.getByText('Created', { exact: true }).waitFor();

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        awbBlock.getByRole('button', { name: 'Download' }).click(),
      ]);
      const pdf = await PDFDocument.load(fs.readFileSync(await download.path()));
      expect(pdf.getPageCount()).toBe(1);
      const box = pdf.getPage(0).getMediaBox();
      expect(box.width / MM).toBeLessThanOrEqual(106);
      expect(box.height / MM).toBeLessThanOrEqual(151);
      expect(box.height / MM).toBeGreaterThan(135);
      await screenshot(page, 'shipping-3-awb-created');
    });
  });
});
