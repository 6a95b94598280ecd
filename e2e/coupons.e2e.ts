import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { closeSession, openSignedInSession, screenshot, type E2eServer } from './harness';

/**
 * Coupons end to end against the real server and its demo data: the coupons screen (create with a
 * field error from the server, edit, delete), then a coupon applied on a demo order (the coupons
 * group, a lower total, the history line), refused a second time while one is applied, and removed.
 */
let server: E2eServer;
let browser: Browser;
let page: Page;

const dialog = () => page.getByRole('dialog');
const rowOf = (text: string | RegExp) => page.getByRole('row').filter({ hasText: text });
/** "1,234.50 RON" → 1234.5 */
const amount = (text: string | null) => Number((text ?? '').replace(/[^\d.]/g, ''));

async function pickOption(select: Locator, option: string | RegExp) {
  await select.click();
  await page.getByRole('option', { name: option }).first().click();
}

async function waitForList() {
  await expect
    .poll(() => page.getByText(/Showing \d+ to \d+ of \d+ results?|No coupons yet|No results found/).count(), {
      timeout: 15000,
    })
    .toBeGreaterThan(0);
}

/** A demo order of the selected company whose contents may still change (no invoice, no AWB, not cancelled). */
async function editableOrderId(): Promise<number> {
  return page.evaluate(async () => {
    const headers = {
      Authorization: `Bearer ${localStorage.getItem('token')}`,
      'X-Company-ID': localStorage.getItem('selectedCompanyId') ?? '',
    };
    const get = async (path: string) => (await (await fetch(path, { headers })).json()) as Record<string, unknown>;
    const list = (await get('/api/v1/order?page=1&items=50')).data as { id: number }[];
    for (const { id } of list) {
      const o = (await get(`/api/v1/order/${id}`)) as Record<string, unknown>;
      const order = (o.data && typeof o.data === 'object' ? o.data : o) as Record<string, unknown>;
      if (
        order.status !== 'cancelled' &&
        !order.awb &&
        !order.bill_number &&
        order.invoice_state === null &&
        order.awb_state === null &&
        order.coupon_code === null &&
        Number(order.total_value) > 30
      )
        return id;
    }
    throw new Error('No editable demo order');
  });
}

beforeAll(async () => {
  ({ server, browser, page } = await openSignedInSession());
  page.setDefaultTimeout(15000);
});

afterAll(() => closeSession({ server, browser }));

describe('coupons screen', () => {
  it('is in the sidebar under the discounts and lists the company coupons', async () => {
    await page.goto(`${server.baseUrl}/products`);
    await page.getByRole('button', { name: 'Discounts' }).click();
    await page.getByRole('link', { name: 'Coupons' }).click();
    await page.waitForURL(/\/coupons$/);
    await expect.poll(() => page.getByRole('heading', { name: 'Coupons' }).count()).toBe(1);
    await waitForList();
    await screenshot(page, 'coupons-01-list');
  });

  it('creates a coupon; the server refuses bad characters on the code field', async () => {
    await page.getByRole('button', { name: 'Add coupon' }).click();
    await dialog().waitFor();
    await dialog().getByRole('textbox', { name: 'Code' }).fill('VARA 10');
    await pickOption(dialog().getByRole('combobox', { name: 'Type' }), 'Fixed amount');
    await dialog().getByRole('textbox', { name: 'Value (RON)' }).fill('10');
    await dialog().getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => dialog().getByText('Use letters, digits, "-" and "_" only.').count()).toBeGreaterThan(0);
    await screenshot(page, 'coupons-02-field-error');
    await dialog().getByRole('textbox', { name: 'Code' }).fill('VARA10E2E');
    await dialog().getByRole('textbox', { name: 'Uses allowed' }).fill('5');
    await dialog().getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => dialog().count()).toBe(0);
    await expect.poll(() => rowOf('VARA10E2E').count()).toBe(1);
    expect(await rowOf('VARA10E2E').textContent()).toContain('0 / 5');
    expect(await rowOf('VARA10E2E').textContent()).toContain('10.00 RON');
  });

  it('edits and deletes a second coupon', async () => {
    await page.getByRole('button', { name: 'Add coupon' }).click();
    await dialog().waitFor();
    await dialog().getByRole('textbox', { name: 'Code' }).fill('TOAMNA-E2E');
    await pickOption(dialog().getByRole('combobox', { name: 'Type' }), 'Percentage');
    await dialog().getByRole('textbox', { name: 'Value (%)' }).fill('5');
    await dialog().getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => dialog().count()).toBe(0);
    await rowOf('TOAMNA-E2E').getByRole('button', { name: 'Edit' }).click();
    await dialog().waitFor();
    await dialog().getByRole('textbox', { name: 'Value (%)' }).fill('7.5');
    await dialog().getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => dialog().count()).toBe(0);
    await expect.poll(() => rowOf('TOAMNA-E2E').textContent()).toContain('7.5 %');
    await rowOf('TOAMNA-E2E').getByRole('button', { name: 'Delete' }).click();
    await dialog().waitFor();
    await dialog().getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => rowOf('TOAMNA-E2E').count()).toBe(0);
  });
});

describe('a coupon on an order', () => {
  it('applies the code: the coupons group shows it, the total goes down, the history says so', async () => {
    const id = await editableOrderId();
    await page.goto(`${server.baseUrl}/orders/${id}`);
    const total = page.getByTestId('summary-total');
    await total.waitFor();
    const before = amount(await total.textContent());
    const section = page.getByTestId('discounts-section');
    // An unknown code: the server's message under the field.
    await section.getByRole('textbox', { name: 'Coupon code' }).fill('NOPE-E2E');
    await section.getByRole('button', { name: 'Apply' }).click();
    await expect
      .poll(() => section.getByText('No active coupon of the company has this code.').count())
      .toBeGreaterThan(0);
    await screenshot(page, 'coupons-03-unknown-code');
    // Matched ignoring case.
    await section.getByRole('textbox', { name: 'Coupon code' }).fill('vara10e2e');
    await section.getByRole('button', { name: 'Apply' }).click();
    await section.getByTestId('coupon-applied').waitFor();
    const group = section.getByRole('table', { name: 'Coupons' });
    await expect.poll(() => group.textContent()).toContain('VARA10E2E');
    expect(await group.textContent()).toContain('10.00 RON');
    await expect.poll(async () => amount(await total.textContent())).toBeCloseTo(before - 10, 2);
    const history = page.getByTestId('history-section');
    await expect.poll(() => history.getByText('Coupon applied').count()).toBeGreaterThan(0);
    expect(await history.getByText('Code VARA10E2E').count()).toBeGreaterThan(0);
    await screenshot(page, 'coupons-04-applied');

    // Removed: the group empties, the total comes back, the history says so.
    await section.getByRole('button', { name: 'Remove coupon' }).click();
    await section.getByRole('textbox', { name: 'Coupon code' }).waitFor();
    await expect.poll(() => group.count()).toBe(0);
    await expect.poll(async () => amount(await total.textContent())).toBeCloseTo(before, 2);
    await expect.poll(() => history.getByText('Coupon removed').count()).toBeGreaterThan(0);
    await screenshot(page, 'coupons-05-removed');
  });

  it('gives the use back to the coupon when it is removed from the order', async () => {
    await page.goto(`${server.baseUrl}/coupons`);
    await waitForList();
    await expect.poll(() => rowOf('VARA10E2E').textContent()).toContain('0 / 5');
  });
});
