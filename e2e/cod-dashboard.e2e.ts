import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeSession, openSignedInSession, requestApi, screenshot, type E2eSession } from './harness';

/**
 * The dashboard's charts on a wide screen and on a phone (with their figures for screen readers),
 * the recent orders' failure told as such, and the Cash on delivery page with a settlement file
 * previewed row by row.
 */
let s: E2eSession;

beforeAll(async () => {
  s = await openSignedInSession({ width: 1440, height: 900 });
});
afterAll(() => closeSession(s));

describe('dashboard charts', () => {
  it('draws orders and revenue per day at 1440 px and on a phone, with a table for screen readers', async () => {
    const { page } = s;
    await page.goto(`${s.server.baseUrl}/`);
    for (const id of ['chart-by-source', 'chart-revenue', 'chart-by-status', 'chart-couriers', 'top-products'])
      await expect.poll(() => page.getByTestId(id).isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => page.locator('[data-testid="chart-by-source"] svg').count()).toBeGreaterThan(0);
    // The demo's orders spread over the last 90 days: the 30 days shown have orders.
    const orders = await page.getByTestId('stat-orders').innerText();
    expect(Number(orders.replace(/\D/g, ''))).toBeGreaterThan(100);
    expect(await page.getByTestId('figures-table').locator('tbody tr').count()).toBe(30);
    await screenshot(page, 'dashboard-charts-1440');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect.poll(() => page.getByTestId('chart-revenue').isVisible(), { timeout: 15_000 }).toBe(true);
    const box = await page.getByTestId('chart-revenue').boundingBox();
    expect(box!.width).toBeLessThanOrEqual(390);
    await screenshot(page, 'dashboard-charts-390');
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('says the recent orders could not be fetched instead of "No orders yet"', async () => {
    const { page } = s;
    await page.route('**/api/v1/order?**', (route) => route.fulfill({ status: 500, body: '{"message":"x"}' }));
    await page.goto(`${s.server.baseUrl}/`);
    await expect
      .poll(() => page.getByText('Failed to fetch dashboard statistics').first().isVisible(), { timeout: 15_000 })
      .toBe(true);
    expect(await page.getByText('No orders yet').count()).toBe(0);
    await page.unroute('**/api/v1/order?**');
  });
});

/** A GET of the API as the signed-in page makes it (its token and selected company). */
async function apiGet<T>(path: string): Promise<T> {
  return (await requestApi<T>(s.page, 'GET', path)).body;
}

interface Unpaid {
  order_id: number;
  courier: string;
  awb: string;
  cod: number;
}

describe('cash on delivery page', () => {
  it('shows per courier sums, the unpaid list and the differences of the demo shop', async () => {
    const { page } = s;
    await page.goto(`${s.server.baseUrl}/cod`);
    await expect.poll(() => page.getByRole('heading', { name: 'Cash on delivery' }).isVisible()).toBe(true);
    await page.getByTestId('cod-summary').waitFor({ timeout: 15_000 });
    const summary = await page.getByTestId('cod-summary').innerText();
    for (const text of ['Cargus', 'DPD', 'Total', 'Still owed']) expect(summary).toContain(text);
    // Two decimals and the currency on every amount.
    expect(summary).toMatch(/\d,\d{3}\.\d{2} RON/);
    await page.getByTestId('cod-unpaid').waitFor({ timeout: 15_000 });
    const unpaid = await apiGet<{ data: Unpaid[] }>('/api/v1/cod/unpaid?items=10');
    expect(unpaid.data.length).toBeGreaterThan(0);
    const first = page.getByTestId('cod-unpaid').getByRole('row').filter({ hasText: unpaid.data[0].awb });
    expect(await first.getByRole('link', { name: `#${unpaid.data[0].order_id}` }).getAttribute('href')).toBe(
      `/orders/${unpaid.data[0].order_id}`,
    );
    await page.getByTestId('cod-differences').waitFor({ timeout: 15_000 });
    // At most a page of differences: the file import stays within reach.
    expect(await page.getByTestId('cod-differences').locator('tbody tr').count()).toBeLessThanOrEqual(10);
    await screenshot(page, 'cod-page-1440');

    // On a phone, in both languages: a card per row instead of the tables, nothing scrolls sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    for (const [language, texts] of [
      ['en', ['Total', 'Still owed', 'Collected']],
      ['ro', ['Total', 'De primit', 'Încasat']],
    ] as const) {
      await page.evaluate((l) => localStorage.setItem('language', l), language);
      await page.reload();
      const cards = page.getByTestId('cod-summary-cards');
      await cards.waitFor({ timeout: 15_000 });
      const figures = await cards.innerText();
      for (const text of texts) expect(figures).toContain(text);
      expect(figures).toMatch(language === 'en' ? /\d,\d{3}\.\d{2} RON/ : /\d\.\d{3},\d{2} RON/);
      expect(await page.getByTestId('cod-summary').isVisible()).toBe(false);
      const unpaidCards = page.getByTestId('cod-unpaid-cards');
      await unpaidCards.waitFor();
      await expect
        .poll(() =>
          unpaidCards
            .getByRole('link', { name: `#${unpaid.data[0].order_id}` })
            .first()
            .isVisible(),
        )
        .toBe(true);
      expect(await unpaidCards.innerText()).toContain(unpaid.data[0].awb);
      await page.getByTestId('cod-differences-cards').waitFor();
      // Polled: the layout settles a moment after the viewport changes.
      await expect
        .poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth))
        .toBe(true);
      await screenshot(page, `cod-page-390-${language}`);
    }
    await page.evaluate(() => localStorage.setItem('language', 'en'));
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.reload();
  });

  it('previews a settlement file of demo AWBs row by row, then saves only the matching row', async () => {
    const { page } = s;
    const unpaid = await apiGet<{ data: Unpaid[]; meta: { total: number } }>('/api/v1/cod/unpaid?items=100');
    // Two unpaid parcels of one courier: one paid in full, one paid short.
    const byCourier = new Map<string, Unpaid[]>();
    for (const r of unpaid.data) byCourier.set(r.courier, [...(byCourier.get(r.courier) ?? []), r]);
    const [courier, rows] = [...byCourier].find(([, r]) => r.length >= 2)!;
    const [full, short] = rows;
    const csv = [
      'awb,amount,date,reference',
      `${full.awb},${full.cod.toFixed(2)},2026-03-05,OP-E2E-1`,
      `${short.awb},${(short.cod - 5).toFixed(2)},2026-03-05,OP-E2E-1`,
      '999000111,10.00,2026-03-05,OP-E2E-1',
      ',abc,x,',
    ].join('\n');
    const name = { cargus: 'Cargus', sameday: 'Sameday', dpd: 'DPD' }[courier]!;
    await page.getByRole('combobox', { name: 'Courier' }).click();
    await page.getByRole('option', { name }).click();
    await page.locator('input[type="file"]').setInputFiles({
      name: 'decont.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });
    await page.getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByTestId('cod-preview');
    await expect.poll(() => preview.isVisible(), { timeout: 15_000 }).toBe(true);
    const rowOf = (text: string) => preview.getByRole('row').filter({ hasText: text });
    expect(await rowOf(full.awb).textContent()).toContain('Matches');
    expect(await rowOf(short.awb).textContent()).toContain('Amount differs');
    expect(await rowOf('999000111').textContent()).toContain('Not this company’s AWB');
    expect(await preview.textContent()).toContain('Cannot be read');
    // The unreadable row is listed with its reason; the file is saved only once the user says so.
    const unreadable = page.getByTestId('cod-unreadable');
    expect(await page.getByText('1 row cannot be read').isVisible()).toBe(true);
    expect(await unreadable.textContent()).toContain('The AWB is missing.');
    await screenshot(page, 'cod-import-preview');
    // The preview saved nothing.
    expect((await apiGet<{ meta: { total: number } }>('/api/v1/cod/unpaid?items=1')).meta.total).toBe(
      unpaid.meta.total,
    );

    await page.getByRole('button', { name: 'Save the matched rows without the unreadable ones', exact: true }).click();
    await expect.poll(() => page.getByText('1 payment saved.').isVisible(), { timeout: 15_000 }).toBe(true);
    await expect
      .poll(async () => (await apiGet<{ meta: { total: number } }>('/api/v1/cod/unpaid?items=1')).meta.total)
      .toBe(unpaid.meta.total - 1);
    await expect
      .poll(async () => (await apiGet<{ data: Unpaid[] }>('/api/v1/cod/unpaid?items=100')).data.map((r) => r.awb))
      .not.toContain(full.awb);

    // The same file again: the saved row is already recorded, nothing new.
    await page.getByRole('button', { name: 'Preview' }).click();
    await expect
      .poll(async () => ((await rowOf(full.awb).textContent()) ?? '').includes('Already recorded'))
      .toBe(true);
    // The preview on a phone: a card per file row, the page does not scroll sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    const previewCards = page.getByTestId('cod-preview-cards');
    await expect.poll(() => previewCards.isVisible()).toBe(true);
    expect(await previewCards.textContent()).toContain('Amount differs');
    // Polled: the layout settles a moment after the viewport changes.
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(page, 'cod-import-preview-390');
    await page.setViewportSize({ width: 1440, height: 900 });
  });
});
