import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { callApi, launchBrowser, screenshot as rawScreenshot, signIn, startServer, type E2eServer } from './harness';

/**
 * Many orders at once, end to end against the emulated DPD mounted in the app: twelve orders found
 * by a search (two pages of ten), "select this page", then "select all 12 matching", create their
 * AWBs with a package preset, the progress bar and the report per order on the orders page (found
 * again after leaving the page), and the merged labels printed (the frame's print is stubbed).
 * Then the filters: a courier and a creation day narrow the list and its tab counts and are written
 * into the URL, a status tab too, Back returns to the list as it was, and the export downloads a
 * CSV file of what the list shows. Screenshots: artifacts/screenshots/bulk-*.
 */
let server: E2eServer;
let browser: Browser;
let page: Page;
const NAME = 'Lotmare Bulkescu';

async function screenshot(name: string) {
  await rawScreenshot(page, `bulk-${name}`);
}

const ok = <T>(method: string, url: string, body?: unknown) => callApi<T>(page, method, url, body);

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1440, height: 1000 } });
  page.setDefaultTimeout(20000);
  // Browser tests cannot print: the print frame's print() records the call and ends at once.
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
  const companyId = await page.evaluate(() => localStorage.getItem('selectedCompanyId'));
  const wizard = (step: string) => `/api/v1/dpd/company/${companyId}/${step}`;
  await ok('POST', wizard('login'), { username: 'demo', password: 'demo' });
  await ok('POST', wizard('pickup-points'), { pickup_point_id: '80100100001' });
  const sources = await ok<{ data: { id: number }[] }>('GET', '/api/v1/source?page=1&items=10');
  const products = await ok<{ data: { sku: string; stock: number | null; parent_id: number | null }[] }>(
    'GET',
    '/api/v1/product?page=1&items=100',
  );
  const sku = products.data.find((p) => p.parent_id === null && (p.stock ?? 0) >= 20)!.sku;
  for (let i = 0; i < 12; i++)
    await ok('POST', '/api/v1/order', {
      name: NAME,
      phone_number: `0744 555 ${String(100 + i)}`,
      county: 'Sibiu',
      city: 'Sibiu',
      street: 'Strada Fabricii',
      number: '7',
      source: sources.data[0].id,
      products: { [sku]: 1 },
    });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('bulk AWBs from the orders list', () => {
  it('selects all matching orders across pages, creates their AWBs with a progress bar and a report, and prints the merged labels', async () => {
    await page.goto(`${server.baseUrl}/orders?search=${encodeURIComponent(NAME)}`);
    await page.getByRole('checkbox', { name: 'Select all rows on this page' }).click();
    await page.getByRole('button', { name: 'Select all 12 matching' }).click();
    await expect.poll(() => page.getByTestId('all-matching').textContent()).toBe('All 12 matching orders are selected');
    await screenshot('1-selected');

    await page.getByRole('button', { name: 'Actions' }).click();
    await page.getByRole('menuitem', { name: 'Create AWBs' }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByRole('heading').textContent()).toBe('Create AWBs for 12 orders');
    await dialog.getByLabel('Courier').click();
    await page.getByRole('option', { name: /DPD/ }).click();
    await screenshot('2-awb-form');
    await dialog.getByRole('button', { name: 'Start' }).click();

    const panel = page.getByTestId('bulk-job');
    await panel.waitFor();
    await page.getByTestId('bulk-progress').waitFor();
    // The job runner takes it within its poll; the bar fills as AWBs are made.
    await expect
      .poll(() => page.getByTestId('bulk-counts').textContent(), { timeout: 60_000 })
      .toBe('12 done, 0 skipped, 0 failed');
    await expect.poll(() => panel.getByText('Finished').count()).toBe(1);
    expect(await page.getByTestId('bulk-report').locator('tbody tr').count()).toBe(12);
    await screenshot('3-done');

    // Leaving the page and coming back finds the job again.
    await page.goto(`${server.baseUrl}/`);
    await page.goto(`${server.baseUrl}/orders`);
    await page.getByTestId('bulk-job').waitFor();

    await panel.getByRole('button', { name: 'Print merged labels' }).click();
    // The merged PDF of 12 labels is made and loaded in the print frame first.
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __prints?: number }).__prints ?? 0), { timeout: 20_000 })
      .toBe(1);
    await screenshot('4-printed');

    // In Romanian.
    await page.evaluate(() => localStorage.setItem('language', 'ro'));
    await page.reload();
    await expect.poll(() => page.getByTestId('bulk-counts').textContent()).toBe('12 reușite, 0 sărite, 0 eșuate');
    await screenshot('5-ro');
  }, 120_000);

  it('filters by courier and day in the URL, returns with Back, and exports the filtered list', async () => {
    await page.evaluate(() => localStorage.setItem('language', 'en'));
    const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Bucharest' }).format(new Date());
    await page.goto(`${server.baseUrl}/orders?search=${encodeURIComponent(NAME)}&page=2`);
    await page.getByText('Showing 11 to 12 of 12 results').waitFor();
    await page.getByRole('combobox', { name: 'Courier', exact: true }).click();
    await page.getByRole('option', { name: 'DPD' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('courier')).toBe('dpd');
    // A filter takes the list back to page 1 and keeps the search.
    expect(new URL(page.url()).searchParams.get('page')).toBeNull();
    expect(new URL(page.url()).searchParams.get('search')).toBe(NAME);
    await page.getByLabel('Created from').fill(today);
    await expect.poll(() => new URL(page.url()).searchParams.get('created_from')).toBe(today);
    // The tab counts count what the list shows: the twelve orders with a DPD AWB made today.
    await expect.poll(() => page.getByTestId('count-all').textContent()).toBe('12');
    await page.getByText('Showing 1 to 10 of 12 results').waitFor();
    await screenshot('6-filtered');

    // A status tab keeps the filters and adds itself: the list and the counts follow.
    const before = new URL(page.url()).searchParams;
    const all = await page.getByTestId('count-all').textContent();
    const processing = Number(await page.getByTestId('count-processing').textContent());
    await page.getByRole('tab', { name: /Processing/ }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('status')).toBe('processing');
    const onTab = new URL(page.url()).searchParams;
    expect(onTab.get('courier')).toBe('dpd');
    expect(onTab.get('created_from')).toBe(today);
    expect(onTab.get('search')).toBe(NAME);
    expect(await page.getByTestId('count-all').textContent()).toBe(all);
    await expect.poll(() => page.getByRole('tab', { selected: true }).textContent()).toMatch(/^Processing/);
    // The list shows what the tab counted.
    if (processing === 0) await page.getByText('No results found').waitFor();
    else await page.getByText(`Showing 1 to ${Math.min(processing, 10)} of ${processing} result`).waitFor();
    await screenshot('7-tab');

    // Back: the tab "all" again, with the courier and the day, and the list as it was.
    await page.goBack();
    await expect.poll(() => new URL(page.url()).searchParams.get('status')).toBeNull();
    const back = new URL(page.url()).searchParams;
    expect(back.toString()).toBe(before.toString());
    await expect.poll(() => page.getByRole('tab', { selected: true }).textContent()).toMatch(/^All/);
    await page.getByText('Showing 1 to 10 of 12 results').waitFor();
    expect(await page.getByTestId('count-processing').textContent()).toBe(String(processing));

    // The export downloads the filtered list: a header line and one line per order.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const path = await download.path();
    const text = (await import('node:fs')).readFileSync(path, 'utf8');
    const lines = text.split(/\r?\n/).filter((l) => l.trim() !== '');
    expect(new Set(lines.slice(1).map((l) => l.split(/[,;]/)[0].replace(/"/g, ''))).size).toBe(12);
    expect(text).toContain(NAME);
  }, 60_000);
});
