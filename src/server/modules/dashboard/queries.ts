import { sql } from 'kysely';
import type { Executor } from '../../db/connection.js';
import { rangeSpans } from '../order-counts/index.js';

/**
 * The dashboard's reads: the kept figures of a company (modules/order-counts/dayFigures.ts, primary keys starting
 * with company and day or period, so a range is a key range read in key order; the order tables'
 * keys end with the writer's shard, summed here in key order) and the couriers'
 * payments' sums (cod_totals). None reads the orders table. One statement per figure family; the
 * service runs them together (PostgreSQL's pool, SQLite's readers).
 */

export interface DayFigure {
  day: string;
  orders: number;
  /** Bani. */
  revenue_bani: number;
}

/** The range's orders per day and source: a kept key's shards summed (revenue leaves cancelled orders out). */
export async function sourceDays(
  exec: Executor,
  companyId: number,
  from: string,
  to: string,
): Promise<(DayFigure & { source_id: number })[]> {
  const rows = await exec
    .selectFrom('order_source_day_stats')
    .select([
      'day',
      'source_id',
      sql<number>`sum(orders)`.as('orders'),
      sql<number>`sum(revenue_bani)`.as('revenue_bani'),
    ])
    .where('company_id', '=', companyId)
    .where('day', '>=', from)
    .where('day', '<=', to)
    .groupBy(['day', 'source_id'])
    .having(sql<boolean>`sum(orders) <> 0`)
    .execute();
  return rows.map((r) => ({ ...r, orders: Number(r.orders), revenue_bani: Number(r.revenue_bani) }));
}

/** The range's orders per day and status: a kept key's shards summed; a cancelled order's total counts as 0. */
export async function statusDays(
  exec: Executor,
  companyId: number,
  from: string,
  to: string,
): Promise<(DayFigure & { status: string })[]> {
  const rows = await exec
    .selectFrom('order_status_day_stats')
    .select([
      'day',
      'status',
      sql<number>`sum(orders)`.as('orders'),
      sql<number>`case when status = 'cancelled' then 0 else sum(revenue_bani) end`.as('revenue_bani'),
    ])
    .where('company_id', '=', companyId)
    .where('day', '>=', from)
    .where('day', '<=', to)
    .groupBy(['day', 'status'])
    .having(sql<boolean>`sum(orders) <> 0`)
    .execute();
  return rows.map((r) => ({ ...r, orders: Number(r.orders), revenue_bani: Number(r.revenue_bani) }));
}

/** Per courier: the range's AWBs and how many were delivered, returned (for another reason than a refusal) and refused. */
export async function courierShares(
  exec: Executor,
  companyId: number,
  from: string,
  to: string,
): Promise<{ courier: string; awbs: number; delivered: number; returned: number; refused: number }[]> {
  const count = (outcome: string) => sql<number>`sum(case when courier_status = ${outcome} then orders else 0 end)`;
  const rows = await exec
    .selectFrom('courier_day_stats')
    .select([
      'courier',
      sql<number>`sum(orders)`.as('awbs'),
      count('delivered').as('delivered'),
      count('returning').as('returned'),
      count('refused').as('refused'),
    ])
    .where('company_id', '=', companyId)
    .where('day', '>=', from)
    .where('day', '<=', to)
    .groupBy('courier')
    .having(sql<boolean>`sum(orders) > 0`)
    .orderBy('courier')
    .execute();
  return rows.map((r) => ({
    courier: r.courier,
    awbs: Number(r.awbs),
    delivered: Number(r.delivered),
    returned: Number(r.returned),
    refused: Number(r.refused),
  }));
}

/**
 * The range's best-selling products by value: the kept rows of its whole months and weeks and of
 * its remaining days (rangeSpans), summed per product in SQL, the first `limit` with their names.
 */
export async function topProducts(
  exec: Executor,
  companyId: number,
  from: string,
  to: string,
  limit: number,
): Promise<{ product_id: number; name: string | null; sku: string | null; quantity: number; revenue_bani: number }[]> {
  const spans = rangeSpans(from, to);
  const parts = [
    ...(spans.days.length
      ? [
          exec
            .selectFrom('product_day_stats')
            .select(['product_id', 'quantity', 'revenue_bani'])
            .where('company_id', '=', companyId)
            .where('day', 'in', spans.days),
        ]
      : []),
    ...(['week', 'month'] as const)
      .filter((p) => spans[`${p}s`].length > 0)
      .map((p) =>
        exec
          .selectFrom('product_period_stats')
          .select(['product_id', 'quantity', 'revenue_bani'])
          .where('company_id', '=', companyId)
          .where('period', '=', p)
          .where('start', 'in', spans[`${p}s`]),
      ),
  ];
  const kept = parts.slice(1).reduce((u, p) => u.unionAll(p), parts[0]);
  const top = exec
    .selectFrom(kept.as('k'))
    .select([
      'k.product_id',
      sql<number>`sum(k.quantity)`.as('quantity'),
      sql<number>`sum(k.revenue_bani)`.as('revenue_bani'),
    ])
    .groupBy('k.product_id')
    .having(sql<boolean>`sum(k.quantity) > 0`)
    .orderBy(sql`sum(k.revenue_bani)`, 'desc')
    .orderBy('k.product_id')
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

/** The names of the company's sources that have orders in the range. */
export async function sourceNames(exec: Executor, companyId: number, from: string, to: string) {
  return exec
    .selectFrom('sources')
    .select(['id', 'source'])
    .where('company_id', '=', companyId)
    .where('id', 'in', (q) =>
      q
        .selectFrom('order_source_day_stats')
        .select('source_id')
        .where('company_id', '=', companyId)
        .where('day', '>=', from)
        .where('day', '<=', to)
        .groupBy(['day', 'source_id'])
        .having(sql<boolean>`sum(orders) <> 0`),
    )
    .execute();
}

/**
 * Per courier, the delivered cash on delivery (every day kept) less what the couriers' recorded
 * payments settled, never below 0.
 */
export async function codOwed(exec: Executor, companyId: number): Promise<{ courier: string; owed_bani: number }[]> {
  const rows = await exec
    .selectFrom('courier_day_stats as c')
    .leftJoin('cod_totals as t', (j) =>
      j.onRef('t.company_id', '=', 'c.company_id').onRef('t.courier', '=', 'c.courier'),
    )
    .select(['c.courier', sql<number>`sum(c.cod_bani) - coalesce(max(t.expected_bani), 0)`.as('owed')])
    .where('c.company_id', '=', companyId)
    .where('c.courier_status', '=', 'delivered')
    .groupBy('c.courier')
    .orderBy('c.courier')
    .execute();
  return rows.map((r) => ({ courier: r.courier, owed_bani: Math.max(0, Number(r.owed)) }));
}
