import { expect, it } from 'vitest';
import { migrateToLatest } from '../migrate.js';
import { migrationTest } from '../../test/migrations.js';

const m = migrationTest();

it('064 counts the existing orders per Bucharest day, courier, status and invoice status', async () => {
  const db = m.db();
  await m.migrateTo('063_order_filter_kept_counts');
  const k = m.tables();
  const id = async (table: string, values: Record<string, unknown>) =>
    ((await k.insertInto(table).values(values).returning('id').executeTakeFirstOrThrow()) as { id: number }).id;
  const company = async (name: string) =>
    id('companies', {
      name,
      vat_number: 'RO1',
      vat_payer: 0,
      administrator_name: 'A',
      active: 1,
      created_at: 1,
      updated_at: 1,
    });
  const [c1, c2] = [await company('C1'), await company('C2')];
  const customer = await id('customers', { phone_number: '+40740000001', created_at: 1, updated_at: 1 });
  const order = (
    companyId: number,
    iso: string,
    status: string,
    courier: string | null,
    invoiceStatus = 'none',
  ): Promise<number> =>
    id('orders', {
      company_id: companyId,
      customer_id: customer,
      status,
      invoice_status: invoiceStatus,
      courier,
      awb: courier ? `A${Math.random()}` : null,
      value: 100,
      discount: 0,
      shipping_cost: 0,
      client_shipping_cost: 0,
      total_value: 100,
      created_at: Math.floor(Date.parse(iso) / 1000),
      updated_at: 1,
    });
  // Bucharest is UTC+3 in summer, UTC+2 from the last Sunday of October.
  const o1 = await order(c1, '2026-10-14T23:30:00Z', 'new', null); // 15 October
  const o2 = await order(c1, '2026-10-14T20:59:59Z', 'new', null); // 14 October
  const o3 = await order(c1, '2026-10-15T08:00:00Z', 'new', null); // 15 October
  const o4 = await order(c1, '2026-10-15T09:00:00Z', 'processing', 'cargus');
  const o5 = await order(c1, '2026-10-15T10:00:00Z', 'completed', 'cargus', 'issued');
  const o6 = await order(c1, '2026-10-15T11:00:00Z', 'completed', 'cargus', 'issued');
  const o7 = await order(c1, '2026-11-02T22:30:00Z', 'completed', 'dpd', 'storno'); // 3 November
  const o8 = await order(c2, '2026-10-15T12:00:00Z', 'new', null);
  await m.migrateTo('064_order_list_day_counts');
  const rows = await db.kysely
    .selectFrom('order_list_day_counts')
    .select(['company_id', 'day', 'courier', 'status', 'invoice_status', 'orders', 'min_id', 'max_id'])
    .orderBy('company_id')
    .orderBy('day')
    .orderBy('courier')
    .orderBy('status')
    .execute();
  // Each row's bounds hold the ids of its orders.
  const row = (companyId: number, day: string, courier: string, status: string, invoice: string, ids: number[]) => ({
    company_id: companyId,
    day,
    courier,
    status,
    invoice_status: invoice,
    orders: ids.length,
    min_id: Math.min(...ids),
    max_id: Math.max(...ids),
  });
  expect(rows).toEqual([
    row(c1, '2026-10-14', '', 'new', 'none', [o2]),
    row(c1, '2026-10-15', '', 'new', 'none', [o1, o3]),
    row(c1, '2026-10-15', 'cargus', 'completed', 'issued', [o5, o6]),
    row(c1, '2026-10-15', 'cargus', 'processing', 'none', [o4]),
    row(c1, '2026-11-03', 'dpd', 'completed', 'storno', [o7]),
    row(c2, '2026-10-15', '', 'new', 'none', [o8]),
  ]);
  await migrateToLatest(db);
});
