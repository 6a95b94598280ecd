import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { closeSession, openSignedInSession, screenshot as rawScreenshot, type E2eSession, callApi } from './harness';

/**
 * The orders on screen follow a bulk job, without a reload: 25 new orders found by a search, all 25
 * selected, Change status → Cancelled (choosing the preselected status again keeps it) → Start;
 * when the job ends the tab counts read Cancelled 25 / New 0 and every row says Cancelled, and the
 * finished status job offers no picking list. Then a restore of the 25 with an order of the job
 * opened while it runs: the order turns New again by itself, and back on the list the counts are
 * New 25. Then a bulk invoice of the 25: the rows read Invoiced instead of Not invoiced when it ends.
 * Screenshots: artifacts/screenshots/bulk-refresh-*.
 */
let session: E2eSession;
let page: Page;
const NAME = 'Reîmprospătare Listescu';
const COUNT = 25;

const ok = <T>(method: string, url: string, body?: unknown) => callApi<T>(page, method, url, body);

async function screenshot(name: string) {
  await rawScreenshot(page, `bulk-refresh-${name}`);
}

/** The page was not loaded again since `markPage` (a reload or a full navigation drops the mark). */
const markPage = () => page.evaluate(() => ((window as unknown as { __sameLoad?: boolean }).__sameLoad = true));
const samePageLoad = () => page.evaluate(() => (window as unknown as { __sameLoad?: boolean }).__sameLoad === true);

async function startStatusJob(choice: string) {
  await page.getByRole('checkbox', { name: 'Select all rows on this page' }).click();
  await page.getByRole('button', { name: `Select all ${COUNT} matching` }).click();
  await page.getByRole('button', { name: 'Actions' }).click();
  await page.getByRole('menuitem', { name: 'Change status' }).click();
  const dialog = page.getByRole('dialog');
  const status = dialog.getByRole('combobox', { name: 'New status' });
  // The preselected status chosen again stays chosen (a Select would clear it by default).
  await status.click();
  await page.getByRole('option', { name: 'Cancelled' }).click();
  await expect.poll(() => status.inputValue()).toBe('Cancelled');
  if (choice !== 'Cancelled') {
    await status.click();
    await page.getByRole('option', { name: choice }).click();
    await expect.poll(() => status.inputValue()).toBe(choice);
  }
  await dialog.getByRole('button', { name: 'Start' }).click();
  await dialog.waitFor({ state: 'detached' });
}

beforeAll(async () => {
  session = await openSignedInSession({ width: 1440, height: 1000 });
  page = session.page;
  page.setDefaultTimeout(20000);
  await page.waitForFunction(() => localStorage.getItem('selectedCompanyId') !== null);
  const sources = await ok<{ data: { id: number }[] }>('GET', '/api/v1/source?page=1&items=10');
  const products = await ok<{ data: { sku: string; stock: number | null; parent_id: number | null }[] }>(
    'GET',
    '/api/v1/product?page=1&items=100',
  );
  const sku = products.data.find((p) => p.parent_id === null && (p.stock ?? 0) >= COUNT)!.sku;
  for (let i = 0; i < COUNT; i++)
    await ok('POST', '/api/v1/order', {
      name: NAME,
      phone_number: `0744 556 ${String(100 + i)}`,
      county: 'Sibiu',
      city: 'Sibiu',
      street: 'Strada Fabricii',
      number: '7',
      source: sources.data[0].id,
      products: { [sku]: 1 },
    });
}, 120_000);
afterAll(() => closeSession(session));

describe('the orders on screen follow a bulk job', () => {
  it('a bulk cancel: the tab counts and the rows change when it ends, without a reload; no picking list', async () => {
    await page.goto(`${session.server.baseUrl}/orders?search=${encodeURIComponent(NAME)}`);
    await expect.poll(() => page.getByTestId('count-new').textContent()).toBe(String(COUNT));
    expect(await page.getByTestId('count-cancelled').textContent()).toBe('0');
    await markPage();

    await startStatusJob('Cancelled');
    await expect
      .poll(() => page.getByTestId('bulk-counts').textContent(), { timeout: 60_000 })
      .toBe(`${COUNT} done, 0 skipped, 0 failed`);
    await expect.poll(() => page.getByTestId('count-cancelled').textContent()).toBe(String(COUNT));
    expect(await page.getByTestId('count-new').textContent()).toBe('0');
    const rows = page.locator('tbody tr').filter({ hasText: NAME });
    await expect.poll(() => rows.filter({ hasText: 'Cancelled' }).count()).toBe(10);
    // A status change has nothing to pack.
    const panel = page.getByTestId('bulk-job');
    expect(await panel.getByRole('button', { name: /Picking list/ }).count()).toBe(0);
    expect(await samePageLoad()).toBe(true);
    await screenshot('1-cancelled');
  }, 120_000);

  it('a bulk restore with an order of the job open: the order and then the list follow it', async () => {
    await markPage();
    await startStatusJob('New (restore)');
    // An order of the job, opened while the job is still to run (the runner takes it within seconds).
    const first = page.locator('tbody tr').filter({ hasText: NAME }).first();
    const id = (await first.locator('td').nth(1).textContent())!.replace(/\D/g, '');
    await page.getByRole('link', { name: `View order #${id}` }).click();
    await page.waitForURL(new RegExp(`/orders/${id}`));
    const header = page.getByRole('heading', { name: `Order #${id}` }).locator('..');
    await expect.poll(() => header.getByText('New', { exact: true }).count(), { timeout: 60_000 }).toBe(1);
    await screenshot('2-order-restored');
    await page.goBack();
    await page.getByTestId('bulk-job').waitFor();
    await expect.poll(() => page.getByTestId('count-new').textContent()).toBe(String(COUNT));
    expect(await page.getByTestId('count-cancelled').textContent()).toBe('0');
    expect(await samePageLoad()).toBe(true);
    await screenshot('3-list-restored');
  }, 120_000);

  it('a bulk invoice: every row turns from Not invoiced to Invoiced when it ends, without a reload', async () => {
    // SmartBill with the emulator's demo account, as its wizard sets it up.
    const companyId = await page.evaluate(() => localStorage.getItem('selectedCompanyId'));
    const wizard = (step: string) => `/api/v1/smartbill/company/${companyId}/${step}`;
    await ok('POST', wizard('login'), { username: 'demo', token: 'demo' });
    const series = await ok<{ data: { name: string }[] }>('GET', wizard('series'));
    await ok('POST', wizard('series'), { series_name: series.data[0].name });
    const vat = await ok<{ data: { percentage: number }[] }>('GET', wizard('vat-amount'));
    await ok('POST', wizard('vat-amount'), { vat_amount: vat.data.length ? String(vat.data[0].percentage) : null });

    await page.goto(`${session.server.baseUrl}/orders?search=${encodeURIComponent(NAME)}`);
    const rows = page.locator('tbody tr').filter({ hasText: NAME });
    const badges = (text: string) => rows.getByText(text, { exact: true }).count();
    await expect.poll(() => badges('Not invoiced')).toBe(10);
    await markPage();

    await page.getByRole('checkbox', { name: 'Select all rows on this page' }).click();
    await page.getByRole('button', { name: `Select all ${COUNT} matching` }).click();
    await page.getByRole('button', { name: 'Actions' }).click();
    await page.getByRole('menuitem', { name: 'Issue invoices' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Start' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect
      .poll(() => page.getByTestId('bulk-counts').textContent(), { timeout: 90_000 })
      .toBe(`${COUNT} done, 0 skipped, 0 failed`);
    await expect.poll(() => badges('Invoiced')).toBe(10);
    expect(await badges('Not invoiced')).toBe(0);
    expect(await samePageLoad()).toBe(true);
    await screenshot('4-invoiced');
  }, 150_000);
});
