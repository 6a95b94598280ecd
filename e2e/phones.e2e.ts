import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeSession, openSignedInSession, screenshot, type E2eSession } from './harness';

/**
 * A phone (390 px) and a wide screen (1440 px): the products' names and prices are never hidden
 * under the pinned Actions column, and the orders come first on a phone, their filters folded
 * behind a "Filters" button that counts the active ones, the exports out of the filters.
 */
let s: E2eSession;

beforeAll(async () => {
  s = await openSignedInSession({ width: 390, height: 844 });
});
afterAll(() => closeSession(s));

describe('products at 390 px', () => {
  it("shows each row's name and price whole, none under the pinned Actions column", async () => {
    const { page } = s;
    await page.goto(`${s.server.baseUrl}/products`);
    const rows = page.locator('tbody tr');
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBeGreaterThan(3);
    // Scrolled to the start (as it opens): the cell with the name and the price under it ends left of
    // the pinned actions (the SKU, stock and price columns beyond it are the ones that scroll).
    const overlaps = await page.evaluate(() =>
      [...document.querySelectorAll('tbody tr')].slice(0, 8).flatMap((tr) => {
        const cells = [...tr.querySelectorAll('td')];
        const actions = cells[cells.length - 1]!.getBoundingClientRect();
        const name = cells.find((td) => td.querySelector('[data-testid^="phone-price-"]'));
        if (!name) return [`no name cell with its price in ${tr.textContent?.slice(0, 30)}`];
        const r = name.getBoundingClientRect();
        return r.right > actions.left + 1
          ? [
              `${name.textContent?.slice(0, 30)} ends at ${Math.round(r.right)}, actions from ${Math.round(actions.left)}`,
            ]
          : [];
      }),
    );
    expect(overlaps).toEqual([]);
    // Each name's text is whole (wrapped, not cut): no cell clips what it holds.
    const clipped = await page.evaluate(() =>
      [...document.querySelectorAll('tbody td')]
        .filter((td) => td.scrollWidth > td.clientWidth + 1)
        .map((td) => td.textContent?.slice(0, 30)),
    );
    expect(clipped).toEqual([]);
    await screenshot(page, 'phone-products-390');
    await page.setViewportSize({ width: 1440, height: 900 });
    await screenshot(page, 'phone-products-1440');
    await page.setViewportSize({ width: 390, height: 844 });
  });
});

describe('orders at 390 px', () => {
  it('shows orders in the first screen, the filters behind a Filters button with the count of active ones', async () => {
    const { page } = s;
    await page.goto(`${s.server.baseUrl}/orders`);
    const firstRow = page.locator('tbody tr, [data-testid="list-cards"] > *').first();
    await expect.poll(() => page.locator('tbody tr').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    const fields = page.getByTestId('order-filter-fields');
    expect(await fields.isVisible()).toBe(false);
    // An order within the first screen.
    const box = await firstRow.boundingBox();
    expect(box!.y).toBeLessThan(844);
    // The exports are not among the filters.
    expect(await fields.getByRole('button', { name: /Export/ }).count()).toBe(0);
    expect(
      await page
        .getByRole('button', { name: 'Export CSV' })
        .or(page.getByRole('button', { name: /CSV/ }))
        .count(),
    ).toBeGreaterThan(0);
    await screenshot(page, 'phone-orders-390');

    const toggle = page.getByRole('button', { name: 'Filters', exact: true });
    await toggle.click();
    await expect.poll(() => fields.isVisible()).toBe(true);
    await fields.getByRole('combobox', { name: 'Courier', exact: true }).click();
    await page.getByRole('option', { name: 'DPD' }).click();
    await expect.poll(() => page.url()).toContain('courier=dpd');
    const counted = page.getByRole('button', { name: 'Filters (1 active)' });
    await expect.poll(() => counted.count()).toBe(1);
    expect(await page.getByTestId('active-filters').innerText()).toBe('1');
    await screenshot(page, 'phone-orders-390-filters');
    // Folded again, the count stays on the button.
    await counted.click();
    await expect.poll(() => fields.isVisible()).toBe(false);

    // A wide screen shows the filters as they were, and no Filters button.
    await page.setViewportSize({ width: 1440, height: 900 });
    await expect.poll(() => fields.isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: /^Filters/ }).count()).toBe(0);
    await screenshot(page, 'phone-orders-1440');
    await page.setViewportSize({ width: 390, height: 844 });
  });
});
