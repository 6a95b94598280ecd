import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { closeSession, openSignedInSession, screenshot, type E2eServer } from './harness';

/**
 * Sources, order discounts and product discounts end to end against the real server and its demo
 * data: one full pass per screen (list, create, edit, delete), the 409 of a source in use, field
 * errors from the form and the server, and the sources screen in Romanian.
 */
let server: E2eServer;
let browser: Browser;
let page: Page;

const dialog = () => page.getByRole('dialog');
const rowOf = (text: string | RegExp) => page.getByRole('row').filter({ hasText: text });

async function pickOption(select: Locator, option: string | RegExp) {
  await select.click();
  await page.getByRole('option', { name: option }).first().click();
}

async function search(text: string) {
  await page.getByRole('searchbox', { name: /search|căuta/i }).fill(text);
}

async function waitForList() {
  await expect
    .poll(() => page.getByText(/Showing \d+ to \d+ of \d+ results|Se afișează/).count(), { timeout: 15000 })
    .toBe(1);
}

async function confirmDelete(row: Locator) {
  await row.getByRole('button', { name: 'Delete' }).click();
  await dialog().waitFor();
  await dialog().getByRole('button', { name: 'Delete' }).click();
}

beforeAll(async () => {
  ({ server, browser, page } = await openSignedInSession());
});

afterAll(() => closeSession({ server, browser }));

describe('sources screen', () => {
  it('lists the seeded sources of the selected company with its name, 10 per page', async () => {
    await page.goto(`${server.baseUrl}/sources`);
    await waitForList();
    expect(await page.getByText(/Showing 1 to 10 of 30 results/).count()).toBe(1);
    for (const header of ['Source', 'Company', 'Status'])
      expect(await page.getByRole('columnheader', { name: header, exact: true }).count(), header).toBe(1);
    expect(await page.getByRole('cell', { name: 'Casa Verde Distribuție SRL' }).count()).toBe(10);
    await screenshot(page, 'sources-01-list');
  });

  it('creates a source in the selected company (Save waits for the text; duplicates refused by the server)', async () => {
    await page.getByRole('button', { name: 'Add source' }).click();
    await dialog().waitFor();
    const save = dialog().getByRole('button', { name: 'Save' });
    expect(await dialog().getByRole('combobox', { name: 'Company' }).inputValue()).toBe('Casa Verde Distribuție SRL');
    expect(await save.isDisabled()).toBe(true);
    // A name the company already has: the server's field error shows on the field, once (no alert repeating it).
    await dialog().getByRole('textbox', { name: 'Source' }).fill('facebook');
    await save.click();
    await expect.poll(() => dialog().getByText('This company already has a source with this name.').count()).toBe(1);
    expect(await dialog().getByRole('alert').count()).toBe(0);
    await screenshot(page, 'sources-02-duplicate');
    await dialog().getByRole('textbox', { name: 'Source' }).fill('Târgul de Toamnă Sibiu');
    await save.click();
    await expect.poll(() => dialog().count()).toBe(0);
    // Create → page 1, newest first.
    await expect.poll(() => page.getByRole('row').nth(1).textContent()).toContain('Târgul de Toamnă Sibiu');
    expect(await page.getByText(/of 31 results/).count()).toBe(1);
    await screenshot(page, 'sources-03-created');
  });

  it('edits the text and deactivates it', async () => {
    await rowOf('Târgul de Toamnă Sibiu').getByRole('button', { name: 'Edit' }).click();
    await dialog().waitFor();
    await dialog().getByRole('textbox', { name: 'Source' }).fill('Târgul de Toamnă Brașov');
    await dialog().getByRole('checkbox', { name: 'Active' }).uncheck();
    await dialog().getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => dialog().count()).toBe(0);
    await expect.poll(() => rowOf('Târgul de Toamnă Brașov').getByText('Inactive').count()).toBe(1);
    await screenshot(page, 'sources-04-edited');
  });

  it('refuses to delete a source that orders and discounts use, saying why', async () => {
    await search('eMAG');
    await expect.poll(() => page.getByText(/^Showing 1 to 1 of 1 result$/).count()).toBe(1);
    await confirmDelete(rowOf('eMAG Marketplace'));
    await expect
      .poll(() => dialog().getByRole('alert').textContent())
      .toMatch(/This source is still used by \d+ (orders?|order discounts?)\b.*Deactivate it instead\./);
    await screenshot(page, 'sources-05-in-use');
    await dialog().getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => dialog().count()).toBe(0);
    expect(await rowOf('eMAG Marketplace').count()).toBe(1);
  });

  it('deletes an unused source', async () => {
    await search('Toamnă');
    await expect.poll(() => page.getByText(/of 1 result$/).count()).toBe(1);
    await confirmDelete(rowOf('Târgul de Toamnă Brașov'));
    await expect.poll(() => page.getByText('No results found').count()).toBe(1);
    await screenshot(page, 'sources-06-deleted');
  });

  it('speaks Romanian', async () => {
    await page.evaluate(() => localStorage.setItem('language', 'ro'));
    await page.goto(`${server.baseUrl}/sources`);
    await expect.poll(() => page.getByRole('heading', { name: 'Surse' }).count(), { timeout: 15000 }).toBe(1);
    await expect.poll(() => page.getByRole('columnheader', { name: 'Sursă', exact: true }).count()).toBe(1);
    await page.getByRole('button', { name: 'Adaugă sursă' }).click();
    await dialog().waitFor();
    await dialog().getByRole('textbox', { name: 'Sursă' }).fill('Facebook');
    await dialog().getByRole('button', { name: 'Salvează' }).click();
    await expect.poll(() => dialog().getByText('Compania are deja o sursă cu acest nume.').count()).toBeGreaterThan(0);
    await screenshot(page, 'sources-07-romanian');
    await dialog().getByRole('button', { name: 'Anulează' }).click();
    await page.evaluate(() => localStorage.setItem('language', 'en'));
  });
});

describe('order discounts screen', () => {
  it('lists the seeded discounts with their source', async () => {
    await page.goto(`${server.baseUrl}/discounts`);
    await waitForList();
    for (const header of ['Type', 'Order value', 'Value', 'Source'])
      expect(await page.getByRole('columnheader', { name: header, exact: true }).count(), header).toBe(1);
    expect(await page.getByText(/Showing 1 to 10 of 32 results/).count()).toBe(1);
    await screenshot(page, 'discounts-01-list');
  });

  it("creates a percentage discount: a percentage above 100 is refused, the source lists the company's sources", async () => {
    await page.getByRole('button', { name: 'Add discount' }).click();
    await dialog().waitFor();
    await dialog().getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => dialog().getByText('This field is required.').count()).toBeGreaterThan(0);
    expect(await dialog().getByText('Please select a source').count()).toBe(1);
    await pickOption(dialog().getByRole('combobox', { name: 'Type' }), 'Percentage');
    await dialog().getByRole('textbox', { name: 'Order value (RON)' }).fill('350');
    await dialog().getByRole('textbox', { name: 'Value (%)' }).fill('150');
    await pickOption(dialog().getByRole('combobox', { name: 'Source' }), 'Instagram');
    await dialog().getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => dialog().getByText('A percentage cannot be above 100.').count()).toBe(1);
    await screenshot(page, 'discounts-02-percent-over-100');
    await dialog().getByRole('textbox', { name: 'Value (%)' }).fill('12.5');
    await dialog().getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => dialog().count()).toBe(0);
    const row = rowOf('Instagram').filter({ hasText: '12.5 %' }).filter({ hasText: 'from 350.00 RON' });
    await expect.poll(() => row.count()).toBe(1);
    expect(await page.getByText(/of 33 results/).count()).toBe(1);
    await screenshot(page, 'discounts-03-created');
  });

  it('edits it into free shipping (no value asked or kept)', async () => {
    await rowOf('from 350.00 RON').filter({ hasText: '12.5 %' }).getByRole('button', { name: 'Edit' }).click();
    await dialog().waitFor();
    expect(await dialog().getByRole('textbox', { name: 'Source' }).inputValue()).toBe('Instagram');
    await pickOption(dialog().getByRole('combobox', { name: 'Type' }), 'Free shipping');
    expect(await dialog().getByRole('textbox', { name: 'Value (%)' }).count()).toBe(0);
    await dialog().getByRole('textbox', { name: 'Order value (RON)' }).fill('375');
    await screenshot(page, 'discounts-04-edit-shipping');
    await dialog().getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => dialog().count()).toBe(0);
    await expect
      .poll(() =>
        rowOf('from 375.00 RON').filter({ hasText: 'Instagram' }).filter({ hasText: 'Free shipping' }).count(),
      )
      .toBeGreaterThan(0);
    await screenshot(page, 'discounts-05-edited');
  });

  it('deletes it', async () => {
    await confirmDelete(rowOf('from 375.00 RON').filter({ hasText: 'Instagram' }).first());
    await expect.poll(() => page.getByText(/of 32 results/).count()).toBe(1);
    expect(await rowOf('from 375.00 RON').filter({ hasText: 'Instagram' }).count()).toBe(0);
  });
});

describe('product discounts screen', () => {
  it('lists the seeded product discounts with product names', async () => {
    await page.goto(`${server.baseUrl}/product-discounts`);
    await waitForList();
    for (const header of ['Product', 'Type', 'Quantity', 'Value'])
      expect(await page.getByRole('columnheader', { name: header, exact: true }).count(), header).toBe(1);
    expect(await page.getByText(/Showing 1 to 10 of 30 results/).count()).toBe(1);
    await screenshot(page, 'product-discounts-01-list');
  });

  it('creates a discount with value 0 on a product picked from the list', async () => {
    await page.getByRole('button', { name: 'Add product discount' }).click();
    await dialog().waitFor();
    await dialog().getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => dialog().getByText('Please select a product').count()).toBe(1);
    const product = dialog().getByRole('combobox', { name: 'Product' });
    await product.click();
    const first = page.getByRole('option').first();
    const productName = ((await first.textContent()) ?? '').replace(/\s*\([^)]*\)\s*$/, '');
    await first.click();
    await pickOption(dialog().getByRole('combobox', { name: 'Type' }), 'Fixed amount');
    await dialog().getByRole('textbox', { name: 'Quantity' }).fill('37');
    await dialog().getByRole('textbox', { name: 'Value (RON)' }).fill('0');
    await screenshot(page, 'product-discounts-02-form');
    await dialog().getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => dialog().count()).toBe(0);
    await expect.poll(() => page.getByRole('row').nth(1).textContent()).toContain(productName);
    expect(await page.getByRole('row').nth(1).textContent()).toContain('0.00 RON');
    expect(await page.getByRole('row').nth(1).textContent()).toContain('37');
    await screenshot(page, 'product-discounts-03-created');
  });

  it('edits quantity and value', async () => {
    await page.getByRole('row').nth(1).getByRole('button', { name: 'Edit' }).click();
    await dialog().waitFor();
    await dialog().getByRole('textbox', { name: 'Quantity' }).fill('41');
    await dialog().getByRole('textbox', { name: 'Value (RON)' }).fill('7.5');
    await dialog().getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => dialog().count()).toBe(0);
    await expect.poll(() => rowOf('7.50 RON').filter({ hasText: '41' }).count()).toBe(1);
    await screenshot(page, 'product-discounts-04-edited');
  });

  it('deletes it', async () => {
    await confirmDelete(rowOf('7.50 RON').filter({ hasText: '41' }));
    await expect.poll(() => page.getByText(/of 30 results/).count()).toBe(1);
    expect(await rowOf('7.50 RON').filter({ hasText: '41' }).count()).toBe(0);
    await screenshot(page, 'product-discounts-05-deleted');
  });
});
