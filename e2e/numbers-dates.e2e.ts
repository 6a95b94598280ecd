import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, screenshot, signIn, startServer, type E2eServer } from './harness';

/**
 * Numbers and dates in Chromium (docs/numbers-and-dates.md): a Romanian reader under an American
 * browser types a price with a decimal comma and a day as 01.12.2026, and sees them so.
 */
let server: E2eServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1366, height: 900 }, locale: 'en-US' });
  await page.addInitScript(() => localStorage.setItem('language', 'ro'));
  await signIn(page, server.baseUrl);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('numbers and dates in Romanian under an en-US browser', () => {
  it("the orders' date filter reads and shows 01.12.2026, not the browser's 12/01/2026", async () => {
    await page.goto(`${server.baseUrl}/orders`);
    const from = page.getByRole('textbox', { name: 'Create de la', exact: true });
    await from.fill('1.12.2026');
    await expect.poll(() => new URL(page.url()).searchParams.get('created_from')).toBe('2026-12-01');
    await from.blur();
    await expect.poll(() => from.inputValue()).toBe('01.12.2026');
    await from.fill('12/31/2026');
    await from.blur();
    await page.getByText('Introduceți o dată cu ziua întâi, de ex. 01.12.2026').waitFor();
    expect(new URL(page.url()).searchParams.get('created_from')).toBe('2026-12-01');
    await screenshot(page, 'numbers-dates-orders-filter-ro');
  });

  it('a selling price typed 12,50 is saved as twelve and a half and shown back as 12,50', async () => {
    await page.goto(`${server.baseUrl}/products`);
    await page.getByRole('button', { name: 'Adaugă produs' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: /^SKU/ }).fill('VIRGULA-1');
    await dialog.getByRole('textbox', { name: /^Nume/ }).fill('Produs cu virgulă');
    await dialog.getByRole('textbox', { name: /^Stoc/ }).fill('3');
    const price = dialog.getByRole('textbox', { name: /^Preț de vânzare/ });
    await price.fill('12,50');
    await dialog.getByRole('textbox', { name: /^Preț de achiziție/ }).fill('1.234');
    await dialog.getByRole('textbox', { name: /^Preț de achiziție/ }).blur();
    await dialog.getByText('„1.234” se poate citi în două feluri: scrieți 1234 sau 1,234').waitFor();
    await screenshot(page, 'numbers-dates-product-ambiguous-ro');
    await dialog.getByRole('textbox', { name: /^Preț de achiziție/ }).fill('10,2');
    await dialog.getByRole('button', { name: 'Salvează' }).click();
    await dialog.waitFor({ state: 'detached' });
    const saved = await page.evaluate(async () => {
      const res = await fetch('/api/v1/product?search=VIRGULA-1', {
        headers: {
          Authorization: `Bearer ${localStorage.getItem('token')}`,
          'X-Company-ID': localStorage.getItem('selectedCompanyId') ?? '',
        },
      });
      return ((await res.json()) as { data: { selling_price: number; buying_price: number }[] }).data[0];
    });
    expect([saved.selling_price, saved.buying_price]).toEqual([12.5, 10.2]);
    await page.getByText('12,50 RON').first().waitFor();
  });
});
