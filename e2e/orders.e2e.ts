import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { launchBrowser, screenshot, signIn, startServer, type E2eServer } from './harness';

/**
 * Orders end to end, in English at 1440 px and in Romanian at 390 px: create an order with two
 * products (address through the shared picker), open it, change a quantity, add a discount, edit the
 * customer's address, flag the customer, cancel (straight through once flagged; flag-or-skip before)
 * and restore. Screenshots of each step go to artifacts/screenshots/orders-*.
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

const TEXT = {
  en: {
    add: 'Add order',
    name: 'Name',
    phone: 'Phone',
    county: 'County',
    city: 'City',
    street: 'Street',
    number: 'Number',
    product: 'Product',
    addLine: 'Add product',
    source: 'Source',
    create: 'Create order',
    increase: (n: string) => `Increase the quantity of ${n}`,
    addDiscount: 'Add discount',
    value: 'Value',
    save: 'Save',
    editAddress: 'Edit Address',
    address: 'Address',
    flag: 'Flag customer',
    reason: 'Reason',
    flagSubmit: 'Flag',
    cancel: 'Cancel order',
    cancelConfirm: 'Cancel the order',
    skip: 'Skip, just cancel',
    restore: 'Restore order',
    restoreConfirm: 'Restore',
    cancelled: 'Cancelled',
    isNew: 'New',
    back: 'Back to orders',
    language: 'English',
  },
  ro: {
    add: 'Adaugă comandă',
    name: 'Nume',
    phone: 'Telefon',
    county: 'Județ',
    city: 'Localitate',
    street: 'Stradă',
    number: 'Număr',
    product: 'Produs',
    addLine: 'Adaugă produsul',
    source: 'Sursă',
    create: 'Creează comanda',
    increase: (n: string) => `Crește cantitatea pentru ${n}`,
    addDiscount: 'Adaugă reducere',
    value: 'Valoare',
    save: 'Salvează',
    editAddress: 'Editați Adresă',
    address: 'Adresă',
    flag: 'Semnalează clientul',
    reason: 'Motiv',
    flagSubmit: 'Semnalează',
    cancel: 'Anulează comanda',
    cancelConfirm: 'Anulează comanda',
    skip: 'Sari peste, doar anulează',
    restore: 'Restaurează comanda',
    restoreConfirm: 'Restaurează',
    cancelled: 'Anulată',
    isNew: 'Nouă',
    back: 'Înapoi la comenzi',
    language: 'Română',
  },
} as const;

async function pick(page: Page, box: Locator, typed: string | null, option: RegExp) {
  await box.click();
  if (typed !== null) await box.fill(typed);
  await page.getByRole('option', { name: option }).first().click();
}

async function shot(page: Page, name: string, body: () => Promise<void>) {
  try {
    await body();
  } catch (e) {
    await screenshot(page, `${name}-FAILED`).catch(() => {});
    throw e;
  }
}

async function runFlow(lang: 'en' | 'ro', width: number, phone: string) {
  const T = TEXT[lang];
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  page.setDefaultTimeout(15000);
  const tag = `orders-${lang}-${width}`;
  await signIn(page, server.baseUrl);
  await page.evaluate((l) => localStorage.setItem('language', l), lang);
  await shot(page, tag, async () => {
    await page.goto(`${server.baseUrl}/orders`);
    await page.locator('tbody tr').first().waitFor();
    await screenshot(page, `${tag}-1-list`);

    // New order with two products.
    await page.getByRole('button', { name: T.add }).click();
    await page.waitForURL(/\/orders\/new$/);
    await page.getByRole('textbox', { name: T.name, exact: true }).fill(`Client e2e ${lang}`);
    await page.getByRole('textbox', { name: T.phone }).fill(phone);
    await pick(page, page.getByRole('combobox', { name: T.county }), 'Cluj', /^Cluj$/);
    await pick(page, page.getByRole('combobox', { name: T.city }), 'Cluj-Napoca', /Cluj-Napoca/);
    await pick(page, page.getByRole('combobox', { name: T.street }), 'Zorilor', /Zorilor/);
    await page.getByRole('textbox', { name: T.number }).fill('12');
    const product = page.getByRole('combobox', { name: T.product });
    await product.click();
    const first = page.getByRole('option').nth(0);
    const firstName = (await first.textContent())!.replace(/ \([^)]*\)$/, '');
    await first.click();
    await page.getByRole('button', { name: T.addLine }).click();
    await product.click();
    await page.getByRole('option').nth(1).click();
    await page.getByRole('button', { name: T.addLine }).click();
    // Rows of the lines table, or on a phone the line cards that replace it.
    await expect.poll(() => page.locator('table tbody tr, [role="list"] > [role="listitem"]').count()).toBe(2);
    await pick(page, page.getByRole('combobox', { name: T.source }), null, /./);
    await screenshot(page, `${tag}-2-new-order`);
    await page.getByRole('button', { name: T.create }).click();
    await page.waitForURL(/\/orders\/\d+$/);
    await page.getByTestId('summary-total').waitFor();
    await screenshot(page, `${tag}-3-detail`);

    // Change a quantity: + on the first line.
    await page.getByRole('button', { name: T.increase(firstName) }).click();
    await expect.poll(() => page.locator('[data-testid^="qty-"]').first().textContent()).toBe('2');

    // Add a discount of 10 RON on the whole order.
    await page.getByRole('button', { name: T.addDiscount }).click();
    const d = page.getByRole('dialog');
    await d.getByRole('textbox', { name: T.value }).fill('10');
    await d.getByRole('button', { name: T.save }).click();
    await d.waitFor({ state: 'detached' });
    await page
      .getByTestId('discounts-section')
      .getByText('10.00 RON')
      .or(page.getByTestId('discounts-section').getByText('10,00 RON'))
      .first()
      .waitFor();

    // Edit the customer's address.
    await page.getByRole('button', { name: T.editAddress }).click();
    await page.getByRole('textbox', { name: T.address }).fill('Bloc A, scara 2, ap. 14');
    await page.getByTestId('customer-section').getByRole('button', { name: T.save }).click();
    await page.getByTestId('customer-section').getByText('Bloc A, scara 2, ap. 14').waitFor();
    await screenshot(page, `${tag}-4-changed`);

    if (lang === 'en') {
      // Flag the customer, then cancel goes straight through.
      await page.getByRole('button', { name: T.flag }).click();
      await page
        .getByRole('dialog')
        .getByRole('textbox', { name: T.reason })
        .fill('Refused the cash-on-delivery parcel');
      await page.getByRole('dialog').getByRole('button', { name: T.flagSubmit, exact: true }).click();
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      await page.getByTestId('customer-section').getByTestId('customer-flags').waitFor();
      await page.getByRole('button', { name: T.cancel }).click();
      await page.getByRole('dialog').getByRole('button', { name: T.cancelConfirm }).click();
    } else {
      // A customer this company never flagged: the cancel flow offers the flag, and Skip just cancels.
      await page.getByRole('button', { name: T.cancel }).click();
      await page.getByRole('dialog').getByRole('button', { name: T.cancelConfirm }).click();
      await page.getByRole('dialog').getByRole('textbox', { name: T.reason }).waitFor();
      await screenshot(page, `${tag}-5-flag-or-skip`);
      await page.getByRole('dialog').getByRole('button', { name: T.skip }).click();
    }
    await page.getByRole('button', { name: T.restore }).waitFor();
    await expect.poll(() => page.getByText(T.cancelled, { exact: true }).count()).toBeGreaterThan(0);
    await screenshot(page, `${tag}-6-cancelled`);

    // Restore.
    await page.getByRole('button', { name: T.restore }).click();
    await page.getByRole('dialog').getByRole('button', { name: T.restoreConfirm, exact: true }).click();
    await page.getByRole('button', { name: T.cancel }).waitFor();
    await screenshot(page, `${tag}-7-restored`);

    // The activity timeline has every step.
    const history = page.getByTestId('history-section');
    expect(await history.locator('.mantine-Timeline-item').count()).toBeGreaterThanOrEqual(6);

    await page.getByRole('link', { name: T.back }).click();
    await page.waitForURL(/\/orders(\?.*)?$/);
    const row = page.locator('tbody tr').filter({ hasText: `Client e2e ${lang}` });
    await row.waitFor();
    // The flagged customer carries the flag in the list (English run: flagged by this company).
    if (lang === 'en') {
      await row.getByTestId('customer-flags').hover();
      await page.getByText('Refused the cash-on-delivery parcel').waitFor();
    }
    await screenshot(page, `${tag}-8-list-after`);

    // The dashboard counts and recent orders include it (rows, or on a phone the cards that replace them).
    await page.goto(`${server.baseUrl}/`);
    await page
      .locator(width < 768 ? '[data-testid="recent-order-cards"] > *' : 'tbody tr')
      .filter({ hasText: `Client e2e ${lang}` })
      .waitFor();
    await expect
      .poll(async () => Number((await page.getByTestId('count-order').textContent())!.replace(/\D/g, '')))
      .toBeGreaterThanOrEqual(1);
    await expect
      .poll(async () => Number((await page.getByTestId('count-customer').textContent())!.replace(/\D/g, '')))
      .toBeGreaterThanOrEqual(1);
    await screenshot(page, `${tag}-9-dashboard`);
  });
  await page.close();
}

describe('orders', () => {
  it('English, 1440 px: create with two products, change, discount, address, flag, cancel straight through, restore', async () => {
    await runFlow('en', 1440, '0744 555 101');
  });

  it('Romanian, 390 px: the same, and cancel offers flag or skip', async () => {
    await runFlow('ro', 390, '0744 555 202');
  });
});
