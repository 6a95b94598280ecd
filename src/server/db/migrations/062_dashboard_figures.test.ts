import { expect, it } from 'vitest';
import { migrateToLatest } from '../migrate.js';
import { migrationTest } from '../../test/migrations.js';

const m = migrationTest();

it('062 remembers the refusals of existing AWBs and computes the figures again at the new grain', async () => {
  const db = m.db();
  await m.migrateTo('059_customer_search');
  const k = m.tables();
  const id = async (table: string, values: Record<string, unknown>) =>
    ((await k.insertInto(table).values(values).returning('id').executeTakeFirstOrThrow()) as { id: number }).id;
  const company = await id('companies', {
    name: 'C',
    vat_number: 'RO1',
    vat_payer: 0,
    administrator_name: 'A',
    active: 1,
    created_at: 1,
    updated_at: 1,
  });
  const customer = await id('customers', { phone_number: '+40740000001', created_at: 1, updated_at: 1 });
  const order = async (awb: string, courierStatus: string, history: [string, string, string][]) => {
    const orderId = await id('orders', {
      company_id: company,
      customer_id: customer,
      status: 'processing',
      courier: 'dpd',
      awb,
      courier_status: courierStatus,
      value: 100,
      discount: 0,
      shipping_cost: 0,
      client_shipping_cost: 0,
      total_value: 100,
      created_at: 1_780_000_000,
      updated_at: 1,
    });
    for (const [a, from, to] of history)
      await id('order_events', {
        order_id: orderId,
        type: 'courier_status',
        data: JSON.stringify({ awb: a, from, to }),
        created_at: 2,
      });
    return orderId;
  };
  const refusedNow = await order('1001', 'refused', [['1001', 'created', 'refused']]);
  const refusedGoingBack = await order('1002', 'returning', [
    ['1002', 'created', 'refused'],
    ['1002', 'refused', 'returning'],
  ]);
  const notCollected = await order('1003', 'returning', [['1003', 'created', 'returning']]);
  // A refusal of an earlier AWB of the order is not this AWB's.
  const earlierAwb = await order('1005', 'returning', [
    ['1004', 'created', 'refused'],
    ['1005', 'created', 'returning'],
  ]);
  await m.migrateTo('062_dashboard_figures');
  const rows = await db.kysely.selectFrom('orders').select(['id', 'awb_refused']).orderBy('id').execute();
  expect(Object.fromEntries(rows.map((r) => [r.id, r.awb_refused]))).toEqual({
    [refusedNow]: 1,
    [refusedGoingBack]: 1,
    [notCollected]: 0,
    [earlierAwb]: 0,
  });
  const kept = await db.kysely
    .selectFrom('courier_day_stats')
    .select(['courier_status', 'orders'])
    .where('company_id', '=', company)
    .orderBy('courier_status')
    .execute();
  expect(kept).toEqual([
    { courier_status: 'refused', orders: 2 },
    { courier_status: 'returning', orders: 2 },
  ]);
  const bySource = await db.kysely.selectFrom('order_source_day_stats').select(['source_id', 'orders']).execute();
  expect(bySource).toEqual([{ source_id: 0, orders: 4 }]);
  await migrateToLatest(db);
});
