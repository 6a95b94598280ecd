import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IntakeOrderInput } from '../../../core/api/intake.js';
import { serviceContext } from '../../context.js';
import { manualClock } from '../../lib/clock.js';
import { product, seller, type Seller } from '../../test/bulk.js';
import { engineUnderTest, startTestApp, type TestApp } from '../../test/harness.js';
import { shopOrder } from '../../test/intake.js';
import { receiveShopOrder } from './service.js';
import { receiveShopOrders, type ShopOrdersOutcome } from './shopOrders.js';

const clock = manualClock(1_800_000_000);
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ clock });
});
afterAll(() => t.close());

const order = (id: string, over: Record<string, unknown> = {}) => shopOrder(id, over) as unknown as IntakeOrderInput;
const page = (s: Seller, inputs: IntakeOrderInput[]) =>
  receiveShopOrders(serviceContext(t.services), { companyId: s.u.companyId, sourceId: s.source }, inputs);
const oneByOne = async (s: Seller, inputs: IntakeOrderInput[]) => {
  const out: ShopOrdersOutcome[] = [];
  for (const i of inputs)
    out.push(await receiveShopOrder(serviceContext(t.services), { companyId: s.u.companyId, sourceId: s.source }, i));
  return out;
};
const kinds = (outcomes: ShopOrdersOutcome[]) => outcomes.map((o) => o.kind);

/** What a seller's shop orders came to: each order's number, lines, customer and totals; the inbox; the stock. */
async function stateOf(s: Seller) {
  const orders = await t.db.kysely
    .selectFrom('orders as o')
    .innerJoin('company_customers as cc', (j) =>
      j.onRef('cc.company_id', '=', 'o.company_id').onRef('cc.customer_id', '=', 'o.customer_id'),
    )
    .select(['o.id', 'o.external_id', 'o.total_value', 'o.payment_method', 'cc.phone_number', 'cc.orders_count'])
    .where('o.company_id', '=', s.u.companyId)
    .orderBy('o.external_id')
    .execute();
  const lines = await t.db.kysely
    .selectFrom('order_products as l')
    .innerJoin('orders as o', 'o.id', 'l.order_id')
    .select(['o.external_id', 'l.sku', 'l.quantity', 'l.price'])
    .where('o.company_id', '=', s.u.companyId)
    .orderBy('o.external_id')
    .orderBy('l.sku')
    .execute();
  const items = await t.db.kysely
    .selectFrom('intake_items')
    .select(['external_id', 'status', 'problems'])
    .where('company_id', '=', s.u.companyId)
    // A page's first item of each number is written before a number it holds again: by number, then as received.
    .orderBy('external_id')
    .orderBy('id')
    .execute();
  const stock = await t.db.kysely
    .selectFrom('products')
    .select(['sku', 'stock'])
    .where('company_id', '=', s.u.companyId)
    .orderBy('sku')
    .execute();
  return {
    orders: orders.map(({ id: _id, ...o }) => ({ ...o, total_value: Number(o.total_value) })),
    lines: lines.map((l) => ({ ...l, price: Number(l.price) })),
    items,
    stock: stock.map((p) => ({ ...p, stock: Number(p.stock) })),
  };
}

describe(`a page of a shop's orders taken together (${engineUnderTest})`, () => {
  it('comes to what taking them one after the other comes to: created, held, changed, unchanged, a number twice', async () => {
    const firstPage = [
      order('P-1', { lines: [{ sku: 'CANA-1', quantity: 2, unit_price: '24.50' }] }),
      order('P-2', { customer: { name: 'Ion Pop', phone_number: '0744 000 222', email: null } }),
      // The same customer again: one customer with two orders.
      order('P-3', { customer: { name: 'Ion Pop', phone_number: '0744 000 222', email: null } }),
      order('P-4', { lines: [{ sku: 'NOPE', quantity: 1 }] }),
      order('P-5', { lines: [{ quantity: 1 }] }),
      order('P-6', { customer: { name: 'Ion', phone_number: 'sună-mă' } }),
      // P-1 changed later in the same page: worked after its first.
      order('P-1', { lines: [{ sku: 'CANA-1', quantity: 3, unit_price: '24.50' }] }),
      order('P-7', { lines: [{ sku: 'BOL-2', quantity: 4 }], payment_method: 'card' }),
    ];
    const secondPage = [
      order('P-1', { lines: [{ sku: 'CANA-1', quantity: 3, unit_price: '24.50' }] }),
      order('P-2', { customer: { name: 'Ion Pop', phone_number: '0744 000 222', email: null } }),
      order('P-4', { lines: [{ sku: 'NOPE', quantity: 1 }] }),
      order('P-7', { lines: [{ sku: 'BOL-2', quantity: 5 }], payment_method: 'card' }),
      order('P-8'),
    ];
    const together = await seller(await t.signUp());
    const apart = await seller(await t.signUp());

    const first = await page(together, firstPage);
    expect(kinds(first)).toEqual(['created', 'created', 'created', 'held', 'held', 'held', 'updated', 'created']);
    expect(kinds(await oneByOne(apart, firstPage))).toEqual(kinds(first));
    const second = await page(together, secondPage);
    expect(kinds(second)).toEqual(['unchanged', 'unchanged', 'unchanged', 'updated', 'created']);
    expect(kinds(await oneByOne(apart, secondPage))).toEqual(kinds(second));

    const a = await stateOf(together);
    expect(a).toEqual(await stateOf(apart));
    expect(a.orders.map((o) => [o.external_id, o.phone_number, o.orders_count])).toEqual([
      ['P-1', '+40744123456', 3],
      ['P-2', '+40744000222', 2],
      ['P-3', '+40744000222', 2],
      ['P-7', '+40744123456', 3],
      ['P-8', '+40744123456', 3],
    ]);
    // Every order the shop sent that changed something is one item of the inbox.
    expect(a.items.map((i) => [i.external_id, i.status])).toEqual([
      ['P-1', 'created'],
      ['P-1', 'updated'],
      ['P-2', 'created'],
      ['P-3', 'created'],
      ['P-4', 'held'],
      ['P-5', 'held'],
      ['P-6', 'held'],
      ['P-7', 'created'],
      ['P-7', 'updated'],
      ['P-8', 'created'],
    ]);
    // Stock taken once for each line as it stands: CANA-1 3 (P-1) + 1 (P-2, P-3, P-8); BOL-2 5 (P-7).
    expect(a.stock).toEqual([
      { sku: 'BOL-2', stock: 100_000 - 5 },
      { sku: 'CANA-1', stock: 100_000 - 6 },
    ]);
  });

  it('takes the stock of many orders of one product exactly, and makes one customer of one phone', async () => {
    const s = await seller(await t.signUp());
    await product(s.u, 'VAZA-3', 'Vază');
    const inputs = Array.from({ length: 24 }, (_, i) =>
      order(`M-${i}`, {
        lines: [
          { sku: 'VAZA-3', quantity: 1 + (i % 3) },
          { sku: i % 2 ? 'CANA-1' : 'BOL-2', quantity: 1 },
        ],
        customer: { name: `Client ${i % 4}`, phone_number: `0744 000 10${i % 4}`, email: null },
      }),
    );
    expect(kinds(await page(s, inputs)).every((k) => k === 'created')).toBe(true);
    const state = await stateOf(s);
    expect(state.orders).toHaveLength(24);
    expect(new Set(state.orders.map((o) => o.phone_number)).size).toBe(4);
    expect(state.orders.every((o) => o.orders_count === 6)).toBe(true);
    expect(state.stock.find((p) => p.sku === 'VAZA-3')?.stock).toBe(100_000 - 8 * (1 + 2 + 3));
    expect(state.stock.find((p) => p.sku === 'CANA-1')?.stock).toBe(100_000 - 12);
    // The same page again stores nothing.
    expect(kinds(await page(s, inputs)).every((k) => k === 'unchanged')).toBe(true);
    expect((await stateOf(s)).items).toHaveLength(24);
  });

  it('answers an empty page with nothing', async () => {
    const s = await seller(await t.signUp());
    expect(await page(s, [])).toEqual([]);
  });
});
