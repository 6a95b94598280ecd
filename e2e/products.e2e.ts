import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { productPng } from '../src/server/lib/png';
import { launchBrowser, screenshot, signIn, startServer, type E2eServer } from './harness';

/**
 * The products screen end to end: create a parent with two variations (one through the parent
 * select, one through the row's "add variation" action, with an image), expand it, edit a
 * variation, search by a variation's SKU, refuse a fake image, delete the parent (the confirmation
 * names the number of variations), and the Romanian texts.
 */
let server: E2eServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const dialog = (page: Page) => page.getByRole('dialog');
const searchBox = (page: Page) => page.getByRole('searchbox');
/** The table row (tr) holding a cell with exactly this text. */
const rowWith = (page: Page, text: string): Locator =>
  page.locator('tbody tr').filter({ has: page.getByText(text, { exact: true }) });

async function fillProduct(
  page: Page,
  f: { sku?: string; name?: string; stock?: string; price?: string; buying?: string },
) {
  const d = dialog(page);
  if (f.sku !== undefined) await d.getByLabel('SKU').fill(f.sku);
  if (f.name !== undefined) await d.getByRole('textbox', { name: 'Name' }).fill(f.name);
  if (f.stock !== undefined) await d.getByLabel('Stock').fill(f.stock);
  if (f.price !== undefined) await d.getByLabel('Selling price').fill(f.price);
  if (f.buying !== undefined) await d.getByLabel('Buying price').fill(f.buying);
}

async function save(page: Page) {
  await dialog(page).getByRole('button', { name: 'Save' }).click();
  await dialog(page).waitFor({ state: 'detached' });
}

/** Runs a test body and keeps a screenshot of the page when it fails. */
async function withFailureShot(page: Page, name: string, body: () => Promise<void>) {
  try {
    await body();
  } catch (e) {
    await screenshot(page, `${name}-FAILED`).catch(() => {});
    throw e;
  }
}

async function search(page: Page, text: string) {
  await searchBox(page).fill(text);
  await expect.poll(() => new URL(page.url()).searchParams.get('search') ?? '').toBe(text);
}

describe('products', () => {
  it('creates a parent with two variations, expands, edits, searches and deletes it', async () => {
    const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    await signIn(page, server.baseUrl);
    await withFailureShot(page, 'products-en', async () => {
      await page.goto(`${server.baseUrl}/products`);
      await page.getByRole('heading', { name: 'Products' }).waitFor();
      // The seeded catalogue: hundreds of products, paged.
      await page.getByText(/^Showing 1 to 10 of 320 results$/).waitFor();
      await screenshot(page, 'products-list');

      // 1. The parent. Save stays disabled until name, SKU and stock are there.
      await page.getByRole('button', { name: 'Add product' }).click();
      await dialog(page).getByText('Add product', { exact: true }).waitFor();
      const saveButton = dialog(page).getByRole('button', { name: 'Save' });
      await expect.poll(() => saveButton.isDisabled()).toBe(true);
      await fillProduct(page, { sku: 'E2E-HANORAC', name: 'Hanorac E2E cu glugă', price: '149.90', buying: '70' });
      await expect.poll(() => saveButton.isDisabled()).toBe(true);
      await fillProduct(page, { stock: '10' });
      await expect.poll(() => saveButton.isDisabled()).toBe(false);
      await dialog(page).getByLabel('Description').fill('Hanorac din bumbac pieptănat, unisex.');
      await screenshot(page, 'products-create-parent');
      await save(page);
      await rowWith(page, 'E2E-HANORAC').waitFor();

      // 2. First variation through the parent select: the company locks to the parent's.
      await page.getByRole('button', { name: 'Add product' }).click();
      const parentSelect = dialog(page).getByLabel('Parent product');
      await parentSelect.click();
      await parentSelect.fill('E2E-HANORAC');
      await page.getByRole('option', { name: 'Hanorac E2E cu glugă (E2E-HANORAC)' }).click();
      await expect.poll(() => dialog(page).getByLabel('Company').isDisabled()).toBe(true);
      await dialog(page).getByText('A variation belongs to the company of its parent.').waitFor();
      await fillProduct(page, {
        sku: 'E2E-HANORAC-M',
        name: 'Hanorac E2E cu glugă, mărimea M',
        stock: '4',
        price: '149.90',
      });
      await screenshot(page, 'products-create-variation-parent-select');
      await save(page);

      // 3. Second variation through the row action, with an image; a fake image is refused first.
      await rowWith(page, 'E2E-HANORAC').getByRole('button', { name: 'Add variation E2E-HANORAC' }).click();
      await dialog(page).getByText('Add a variation of “Hanorac E2E cu glugă”').waitFor();
      const fileInput = dialog(page).locator('input[type=file]');
      await fileInput.setInputFiles({
        name: 'poza.png',
        mimeType: 'image/png',
        buffer: Buffer.from('I am only text, renamed to .png'),
      });
      await dialog(page).getByText('The image must be a PNG, JPEG or WebP file.').waitFor();
      await fileInput.setInputFiles({
        name: 'albastru.png',
        mimeType: 'image/png',
        buffer: productPng(120, [30, 80, 160]),
      });
      await dialog(page).getByRole('img', { name: 'Image preview' }).waitFor();
      await fillProduct(page, {
        sku: 'E2E-HANORAC-L',
        name: 'Hanorac E2E cu glugă, mărimea L',
        stock: '6',
        price: '159.90',
      });
      await screenshot(page, 'products-create-variation-image');
      await save(page);

      // 4. The parent now shows its variations' totals; expand it.
      const parentRow = rowWith(page, 'E2E-HANORAC');
      await parentRow.getByText('2 variations').waitFor();
      // Stock column of a parent: the total of its variations (4 + 6).
      await expect.poll(() => parentRow.locator('td').nth(2).innerText()).toBe('Σ 10');
      await parentRow.getByRole('button', { name: 'Show the variations of “Hanorac E2E cu glugă”' }).click();
      await rowWith(page, 'E2E-HANORAC-M').waitFor();
      await rowWith(page, 'E2E-HANORAC-L').waitFor();
      // The variation's image is served from its signed link.
      const img = rowWith(page, 'E2E-HANORAC-L').locator('img');
      await img.waitFor();
      await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(120);
      await screenshot(page, 'products-expanded');

      // 5. Edit a variation: the parent is locked, the company too.
      await rowWith(page, 'E2E-HANORAC-M').getByRole('button', { name: 'Edit E2E-HANORAC-M' }).click();
      await dialog(page).getByText('Edit variation', { exact: true }).waitFor();
      await expect.poll(() => dialog(page).getByLabel('Parent product').isDisabled()).toBe(true);
      await fillProduct(page, { stock: '25', price: '139.50' });
      await screenshot(page, 'products-edit-variation');
      await save(page);
      await rowWith(page, 'E2E-HANORAC-M').getByText('139.50 RON').waitFor();
      await expect.poll(() => parentRow.locator('td').nth(2).innerText()).toBe('Σ 31');

      // The parent's own form: no stock or selling price (they belong to the variations).
      await parentRow.getByRole('button', { name: 'Edit', exact: true }).click();
      await dialog(page)
        .getByText('This product has variations: stock and selling price are set on each variation.')
        .waitFor();
      await expect.poll(() => dialog(page).getByLabel('Stock').isDisabled()).toBe(true);
      await screenshot(page, 'products-edit-parent');
      await dialog(page).getByRole('button', { name: 'Cancel' }).click();

      // 6. Search by a variation's SKU: its parent is listed, opened on the match.
      await search(page, 'HANORAC-L');
      await page.getByText(/^Showing 1 to 1 of 1 result$/).waitFor();
      await rowWith(page, 'E2E-HANORAC-L').waitFor();
      await screenshot(page, 'products-search-variation-sku');

      // 7. Delete the parent: the confirmation says how many variations go with it.
      await rowWith(page, 'E2E-HANORAC').getByRole('button', { name: 'Delete', exact: true }).click();
      await page
        .getByText(
          'Are you sure you want to delete “Hanorac E2E cu glugă” and its 2 variations? This cannot be undone.',
        )
        .waitFor();
      await screenshot(page, 'products-delete-confirm');
      await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
      await page.getByText('No results found').waitFor();
      await search(page, 'E2E-HANORAC');
      await page.getByText('No results found').waitFor();
      await screenshot(page, 'products-deleted');
    });
    await page.close();
  });

  it('shows the screen and the server errors in Romanian', async () => {
    const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    await signIn(page, server.baseUrl);
    await withFailureShot(page, 'products-ro', async () => {
      await page.evaluate(() => localStorage.setItem('language', 'ro'));
      await page.goto(`${server.baseUrl}/products`);
      await page.getByRole('heading', { name: 'Produse' }).waitFor();
      // A seeded parent with variations, opened.
      const firstWithVariations = page
        .locator('tbody tr')
        .filter({ has: page.getByRole('button', { name: /^Arată variațiile/ }) })
        .first();
      await firstWithVariations.getByRole('button', { name: /^Arată variațiile/ }).click();
      await page.locator('tbody tr[data-variation-of]').first().waitFor();
      await screenshot(page, 'products-ro-list');

      // A duplicate SKU is refused by the server, with its Romanian message.
      const existingSku = (
        await page.locator('tbody tr[data-variation-of] td:nth-child(2)').first().innerText()
      ).trim();
      await page.getByRole('button', { name: 'Adaugă produs' }).click();
      const d = dialog(page);
      await d.getByLabel('SKU').fill(existingSku);
      await d.getByRole('textbox', { name: 'Nume' }).fill('Duplicat');
      await d.getByLabel('Stoc').fill('1');
      await d.getByLabel('Preț de vânzare').fill('10');
      await d.getByLabel('Preț de achiziție').fill('5');
      await d.getByRole('button', { name: /salvează/i }).click();
      await d.getByText('Acest SKU este deja folosit de alt produs al companiei.').first().waitFor();
      await screenshot(page, 'products-ro-duplicate-sku');
    });
    await page.close();
  });
});
