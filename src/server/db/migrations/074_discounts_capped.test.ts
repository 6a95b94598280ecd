import { expect, it } from 'vitest';
import { migrateToLatest } from '../migrate.js';
import { migrationTest } from '../../test/migrations.js';

const m = migrationTest();

it('074 caps the stored discount of an order whose discounts were worth more than it, each discount taking what was left', async () => {
  const db = m.db();
  await m.migrateTo('073_reversed_invoice_frees_order');
  const id = m.insert;
  const company = await m.company();
  const customer = await m.customer();
  const order = (value: number, discount: number, shipping: number, total: number) =>
    id('orders', {
      company_id: company,
      customer_id: customer,
      status: 'new',
      value,
      discount,
      shipping_cost: shipping,
      client_shipping_cost: shipping,
      total_value: total,
      created_at: 1,
      updated_at: 1,
    });
  const discount = (orderId: number, amount: number) =>
    id('applied_discounts', {
      order_id: orderId,
      kind: 'manual',
      type: 'amount',
      value: amount,
      amount,
      created_at: 1,
      updated_at: 1,
    });
  // 202.00 of products, 19.99 shipping, 272.70 of discounts: the total was 0.
  const over = await order(20200, 27270, 1999, 0);
  const first = await discount(over, 20200);
  const second = await discount(over, 7070);
  const fine = await order(20200, 4040, 1999, 18159);
  const kept = await discount(fine, 4040);

  await migrateToLatest(db);

  const orders = await db.kysely.selectFrom('orders').select(['id', 'discount', 'total_value']).orderBy('id').execute();
  expect(orders.map((o) => [o.id, Number(o.discount), Number(o.total_value)])).toEqual([
    [over, 22199, 0],
    [fine, 4040, 18159],
  ]);
  const amounts = await db.kysely.selectFrom('applied_discounts').select(['id', 'amount']).orderBy('id').execute();
  expect(amounts.map((d) => [d.id, Number(d.amount)])).toEqual([
    [first, 20200],
    [second, 1999],
    [kept, 4040],
  ]);
});
