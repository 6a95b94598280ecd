import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { callApi, launchBrowser, screenshot, signIn, startServer, type E2eServer } from './harness';

/**
 * Customers end to end, in English at 1440 px and in Romanian at 390 px: the list shows the demo's
 * customers, a search narrows it, a name opens the detail, the email is edited (a bad one first:
 * the field says why and keeps the text), the customer is flagged with a reason and the flag
 * removed, and one of their orders opens. Screenshots: artifacts/screenshots/customers-*.
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
    nav: 'Customers',
    search: 'Search name, phone, email...',
    email: 'Email',
    save: 'Save changes',
    badEmail: /valid email/i,
    flag: 'Flag',
    reason: 'Reason',
    remove: 'Remove flag',
    noFlags: 'This customer has not been flagged.',
    flagged: 'Flagged',
    openOrder: (id: number) => `Open order ${id}`,
  },
  ro: {
    nav: 'Clienți',
    search: 'Căutați nume/telefon/email...',
    email: 'Email',
    save: 'Salvează modificările',
    badEmail: /email valid|adresă de email/i,
    flag: 'Semnalează',
    reason: 'Motiv',
    remove: 'Elimină semnalarea',
    noFlags: 'Acest client nu a fost semnalat.',
    flagged: 'Semnalat',
    openOrder: (id: number) => `Deschide comanda ${id}`,
  },
};

interface Row {
  id: number;
  name: string;
  phone_number: string;
  orders_count: number;
  flags: unknown[];
}

async function customers(page: Page): Promise<Row[]> {
  return (await callApi<{ data: Row[] }>(page, 'GET', '/api/v1/customer?page=1&items=10')).data;
}

async function runFlow(lang: 'en' | 'ro', width: number, pick: number) {
  const T = TEXT[lang];
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  page.setDefaultTimeout(15000);
  const tag = `customers-${lang}-${width}`;
  try {
    await signIn(page, server.baseUrl);
    await page.waitForFunction(() => localStorage.getItem('selectedCompanyId') !== null);
    await page.evaluate((l) => localStorage.setItem('language', l), lang);
    await page.reload();
    // The reload downloads the app again: slow on a loaded machine.
    await page.getByRole('banner').waitFor({ timeout: 45000 });

    // The sidebar link (in a drawer on a phone) opens the list of the demo's customers.
    if (width < 768) await page.getByRole('button', { name: /menu|meniul/i }).click();
    await page.getByRole('link', { name: T.nav }).click();
    await page.waitForURL(/\/customers$/);
    const all = (await customers(page)).filter((c) => c.orders_count > 0 && c.flags.length === 0);
    expect(all.length).toBeGreaterThan(2);
    const target = all[pick];
    const other = all.find((c) => !c.name.includes(target.name) && !target.name.includes(c.name))!;
    await page.getByRole('link', { name: target.name, exact: true }).first().waitFor();
    await page.getByRole('link', { name: other.name, exact: true }).first().waitFor();
    const before = await page.locator('tbody tr').count();
    await screenshot(page, `${tag}-1-list`);

    // A search (by phone: names repeat in the demo) narrows the list, after the debounce, to the customer.
    expect(before).toBeGreaterThan(1);
    await page.getByPlaceholder(T.search).fill(target.phone_number.slice(-9));
    await expect.poll(() => page.getByRole('link', { name: other.name, exact: true }).count()).toBe(0);
    expect(await page.locator('tbody tr').count()).toBe(1);
    await expect.poll(() => page.url()).toContain('search=');
    await screenshot(page, `${tag}-2-search`);

    // The detail.
    await page.getByRole('link', { name: target.name, exact: true }).click();
    await page.waitForURL(new RegExp(`/customers/${target.id}$`));
    await page.getByRole('heading', { name: target.name }).waitFor();
    await page.getByText(T.noFlags).waitFor();
    await screenshot(page, `${tag}-3-detail`);

    // A bad email: the field says why and keeps the text; a good one is saved.
    const email = page.getByRole('textbox', { name: T.email });
    await email.fill('not-an-email');
    await page.getByRole('button', { name: T.save }).click();
    await page.getByText(T.badEmail).first().waitFor();
    expect(await email.inputValue()).toBe('not-an-email');
    await screenshot(page, `${tag}-4-email-error`);
    const newEmail = `client.${lang}@exemplu.ro`;
    await email.fill(newEmail);
    await page.getByRole('button', { name: T.save }).click();
    await expect.poll(() => page.getByRole('button', { name: T.save }).isDisabled()).toBe(true);
    await page.reload();
    // The reload downloads the app again: slow on a loaded machine.
    await page.getByRole('banner').waitFor({ timeout: 45000 });
    await expect.poll(() => page.getByRole('textbox', { name: T.email }).inputValue()).toBe(newEmail);

    // Flag with a reason, then remove the flag.
    await page.getByRole('button', { name: T.flag, exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: T.reason }).fill(`Colet refuzat (${lang})`);
    await screenshot(page, `${tag}-5-flag-dialog`);
    await dialog.getByRole('button', { name: T.flag, exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText(`Colet refuzat (${lang})`).waitFor();
    await screenshot(page, `${tag}-6-flagged`);
    await page.getByRole('button', { name: T.remove }).click();
    await page.getByRole('dialog').getByRole('button', { name: T.remove }).click();
    await page.getByText(T.noFlags).waitFor();
    expect(await page.getByText(`Colet refuzat (${lang})`).count()).toBe(0);

    // One of their orders opens the order.
    const orderLink = page.getByRole('link', { name: /^(Open order|Deschide comanda) \d+$/ }).first();
    const label = (await orderLink.getAttribute('aria-label'))!;
    const orderId = Number(/\d+$/.exec(label)![0]);
    await orderLink.click();
    await page.waitForURL(new RegExp(`/orders/${orderId}$`));
  } catch (e) {
    await screenshot(page, `${tag}-failed`).catch(() => undefined);
    throw e;
  } finally {
    await page.close();
  }
}

describe('customers', () => {
  it('lists, searches, edits, flags and unflags a customer and opens their order (English, 1440 px)', async () => {
    await runFlow('en', 1440, 0);
  });
  it('does the same in Romanian on a phone (390 px)', async () => {
    await runFlow('ro', 390, 1);
  });
});
