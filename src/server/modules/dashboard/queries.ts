import { sql } from 'kysely';
import type { Executor } from '../../db/connection.js';

/**
 * The dashboard's reads: the kept per-day figures of a company (db/orderStats.ts, primary keys
 * starting with company and day, so a range is an index range) and the couriers' payments' sums
 * (cod_totals). None reads the orders table.
 */

export interface DayFigure {
  day: string;
  orders: number;
  /** Bani; a cancelled order's total counts nowhere but under its own status. */
  revenue_bani: number;
}

/**
 * The range's orders per day and source, and per day and status: two groupings of the same index
 * range (company, day, source, status), so what comes back is a row per day and source and one per
 * day and status (about 35 a day), not every kept row (about 150 a day at a large shop). The
 * revenue per source leaves cancelled orders out.
 */
export async function dayFigures(
  exec: Executor,
  companyId: number,
  from: string,
  to: string,
): Promise<{ bySource: (DayFigure & { source_id: number })[]; byStatus: (DayFigure & { status: string })[] }> {
  const range = exec
    .selectFrom('order_day_stats')
    .where('company_id', '=', companyId)
    .where('day', '>=', from)
    .where('day', '<=', to);
  const [bySource, byStatus] = await Promise.all([
    range
      .select([
        'day',
        'source_id',
        sql<number>`sum(orders)`.as('orders'),
        sql<number>`sum(case when status = 'cancelled' then 0 else revenue_bani end)`.as('revenue_bani'),
      ])
      .groupBy(['day', 'source_id'])
      .having(sql<boolean>`sum(orders) <> 0`)
      .execute(),
    range
      .select([
        'day',
        'status',
        sql<number>`sum(orders)`.as('orders'),
        sql<number>`sum(revenue_bani)`.as('revenue_bani'),
      ])
      .groupBy(['day', 'status'])
      .having(sql<boolean>`sum(orders) <> 0`)
      .execute(),
  ]);
  const num = <T extends { orders: number; revenue_bani: number }>(r: T): T => ({
    ...r,
    orders: Number(r.orders),
    revenue_bani: Number(r.revenue_bani),
  });
  return { bySource: bySource.map(num), byStatus: byStatus.map(num) };
}

export async function courierOutcomes(
  exec: Executor,
  companyId: number,
  from: string,
  to: string,
): Promise<{ courier: string; courier_status: string; orders: number }[]> {
  const rows = await exec
    .selectFrom('courier_day_stats')
    .select(['courier', 'courier_status', sql<number>`sum(orders)`.as('orders')])
    .where('company_id', '=', companyId)
    .where('day', '>=', from)
    .where('day', '<=', to)
    .groupBy(['courier', 'courier_status'])
    .execute();
  return rows.map((r) => ({ ...r, orders: Number(r.orders) }));
}

export async function topProducts(
  exec: Executor,
  companyId: number,
  from: string,
  to: string,
  limit: number,
): Promise<{ product_id: number; name: string | null; sku: string | null; quantity: number; revenue_bani: number }[]> {
  const top = exec
    .selectFrom('product_day_stats')
    .select([
      'product_id',
      sql<number>`sum(quantity)`.as('quantity'),
      sql<number>`sum(revenue_bani)`.as('revenue_bani'),
    ])
    .where('company_id', '=', companyId)
    .where('day', '>=', from)
    .where('day', '<=', to)
    .groupBy('product_id')
    .having(sql<boolean>`sum(quantity) > 0`)
    .orderBy(sql`sum(revenue_bani)`, 'desc')
    .orderBy('product_id')
    .limit(limit)
    .as('t');
  const rows = await exec
    .selectFrom(top)
    .leftJoin('products as p', 'p.id', 't.product_id')
    .select(['t.product_id', 't.quantity', 't.revenue_bani', 'p.name', 'p.sku'])
    .orderBy('t.revenue_bani', 'desc')
    .orderBy('t.product_id')
    .execute();
  return rows.map((r) => ({ ...r, quantity: Number(r.quantity), revenue_bani: Number(r.revenue_bani) }));
}

export async function sourceNames(exec: Executor, companyId: number, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await exec
    .selectFrom('sources')
    .select(['id', 'source'])
    .where('company_id', '=', companyId)
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [r.id, r.source]));
}

/** Delivered cash on delivery per courier (every day kept) and what the couriers' recorded payments settled. */
export async function codOwed(exec: Executor, companyId: number): Promise<{ courier: string; owed_bani: number }[]> {
  const delivered = await exec
    .selectFrom('courier_day_stats')
    .select(['courier', sql<number>`sum(cod_bani)`.as('cod')])
    .where('company_id', '=', companyId)
    .where('courier_status', '=', 'delivered')
    .groupBy('courier')
    .execute();
  const settled = await exec
    .selectFrom('cod_totals')
    .select(['courier', 'expected_bani'])
    .where('company_id', '=', companyId)
    .execute();
  const paid = new Map(settled.map((s) => [s.courier, Number(s.expected_bani)]));
  return delivered
    .map((d) => ({ courier: d.courier, owed_bani: Math.max(0, Number(d.cod) - (paid.get(d.courier) ?? 0)) }))
    .sort((a, b) => (a.courier < b.courier ? -1 : 1));
}
