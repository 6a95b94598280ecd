import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeSession, openSignedInSession, screenshot, type E2eSession } from './harness';

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

describe('cash on delivery page', () => {
  it('shows the summary and previews a settlement file row by row', async () => {
    const { page } = s;
    await page.goto(`${s.server.baseUrl}/cod`);
    await expect.poll(() => page.getByRole('heading', { name: 'Cash on delivery' }).isVisible()).toBe(true);
    await page.getByRole('textbox', { name: 'Courier' }).click();
    await page.getByRole('option', { name: 'DPD' }).click();
    await page.locator('input[type="file"]').setInputFiles({
      name: 'decont.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('awb;suma;data;referinta\n999000111;10,00;05.03.2026;OP-1\n;abc;x;\n'),
    });
    await page.getByRole('button', { name: 'Preview' }).click();
    await expect.poll(() => page.getByTestId('cod-preview').isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await page.getByTestId('cod-preview').innerText()).toContain('Not this company’s AWB');
    expect(await page.getByTestId('cod-preview').innerText()).toContain('Cannot be read');
    await screenshot(page, 'cod-import-preview');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'cod-page-390');
  });
});
