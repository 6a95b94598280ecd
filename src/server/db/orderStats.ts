import { sql } from 'kysely';
import { bucharestDate } from '../lib/bucharestTime.js';
import type { Executor } from './connection.js';

/**
 * Per-day figures of a company's orders, kept in the same transaction as every order write (the
 * order lifecycle calls these, as it calls bumpCounts), so the dashboard reads a few hundred
 * rows for a month instead of the company's orders:
 *
 * - `order_day_stats`: per Bucharest day of the order's creation, source and status: how many
 *   orders and their total (bani, the order's currency).
 * - `courier_day_stats`: per day of the order, courier and courier status: how many orders have an
 *   active AWB there and its cash on delivery. Kept apart from the orders' rows so that neither
 *   read groups the product of sources × statuses × couriers × courier statuses (a million orders
 *   kept ~1,100 rows a day in one table, ~150 + 12 in two).
 *
 *   An order counts in exactly one row of the first and, with an AWB, one of the second; a write
 *   moves it from the rows of its state before to the rows of its state after.
 * - `product_day_stats`: per day of the order and product: the quantity and the lines' value of the
 *   orders not cancelled; `order_line_stats` remembers what each order contributes, so a change of
 *   its lines moves only the difference.
 *
 * Rows are changed in one sorted order (as bumpCounts does), so two transactions touching the same
 * rows never wait on each other in a cycle on PostgreSQL.
 */

/** What puts an order in a row of order_day_stats, and what it adds there. */
export interface OrderStatState {
  company_id: number;
  created_at: number;
  source_id: number | null;
  status: string;
  courier: string | null;
  courier_status: string | null;
  total_value: number;
  cod_bani: number;
}

interface OrderRow {
  company_id: number;
  day: string;
  source_id: number;
  status: string;
  orders: number;
  revenue_bani: number;
}
interface CourierRow {
  company_id: number;
  day: string;
  courier: string;
  courier_status: string;
  orders: number;
  cod_bani: number;
}

/** The rows an order's state adds `sign` times to, accumulated in `orders` and `awbs` by key. */
function addState(orders: Map<string, OrderRow>, awbs: Map<string, CourierRow>, s: OrderStatState, sign: number): void {
  const day = bucharestDate(s.created_at);
  const source_id = s.source_id ?? 0;
  const ok = [s.company_id, day, source_id, s.status].join('\u0000');
  const o = orders.get(ok) ?? {
    company_id: s.company_id,
    day,
    source_id,
    status: s.status,
    orders: 0,
    revenue_bani: 0,
  };
  o.orders += sign;
  o.revenue_bani += sign * s.total_value;
  orders.set(ok, o);
  if (!s.courier) return;
  const courier_status = s.courier_status ?? '';
  const ak = [s.company_id, day, s.courier, courier_status].join('\u0000');
  const a = awbs.get(ak) ?? {
    company_id: s.company_id,
    day,
    courier: s.courier,
    courier_status,
    orders: 0,
    cod_bani: 0,
  };
  a.orders += sign;
  a.cod_bani += sign * s.cod_bani;
  awbs.set(ak, a);
}

const sorted = <T>(m: Map<string, T>): T[] =>
  [...m.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, v]) => v);

/** The order moves from the rows of `before` to the rows of `after` (null: it did not exist / no longer exists). */
export async function restateOrder(
  exec: Executor,
  before: OrderStatState | null,
  after: OrderStatState | null,
): Promise<void> {
  const orders = new Map<string, OrderRow>();
  const awbs = new Map<string, CourierRow>();
  if (before) addState(orders, awbs, before, -1);
  if (after) addState(orders, awbs, after, 1);
  for (const o of sorted(orders)) {
    if (o.orders === 0 && o.revenue_bani === 0) continue;
    await exec
      .insertInto('order_day_stats')
      .values(o)
      .onConflict((oc) =>
        oc.columns(['company_id', 'day', 'source_id', 'status']).doUpdateSet({
          orders: sql<number>`order_day_stats.orders + excluded.orders`,
          revenue_bani: sql<number>`order_day_stats.revenue_bani + excluded.revenue_bani`,
        }),
      )
      .execute();
  }
  for (const a of sorted(awbs)) {
    if (a.orders === 0 && a.cod_bani === 0) continue;
    await exec
      .insertInto('courier_day_stats')
      .values(a)
      .onConflict((oc) =>
        oc.columns(['company_id', 'day', 'courier', 'courier_status']).doUpdateSet({
          orders: sql<number>`courier_day_stats.orders + excluded.orders`,
          cod_bani: sql<number>`courier_day_stats.cod_bani + excluded.cod_bani`,
        }),
      )
      .execute();
  }
}

/** What an order's lines add to product_day_stats now: its lines unless it is cancelled (or being removed). */
export interface OrderLines {
  orderId: number;
  companyId: number;
  createdAt: number;
  /** False for a cancelled order or one being removed: it contributes nothing. */
  counted: boolean;
}

/**
 * Moves the order's contribution to its products' day rows from what was counted to what its lines
 * are now (product, quantity, price × quantity), and remembers the new contribution.
 */
export async function restateOrderLines(exec: Executor, o: OrderLines): Promise<void> {
  const now = new Map<number, { quantity: number; revenue: number }>();
  if (o.counted) {
    const lines = await exec
      .selectFrom('order_products')
      .select(['product_id', 'quantity', 'price'])
      .where('order_id', '=', o.orderId)
      .execute();
    for (const l of lines) {
      if (l.product_id === null) continue;
      const c = now.get(l.product_id) ?? { quantity: 0, revenue: 0 };
      c.quantity += l.quantity;
      c.revenue += Number(l.price) * l.quantity;
      now.set(l.product_id, c);
    }
  }
  const counted = await exec
    .selectFrom('order_line_stats')
    .select(['product_id', 'quantity', 'revenue_bani'])
    .where('order_id', '=', o.orderId)
    .execute();
  const was = new Map(counted.map((r) => [r.product_id, { quantity: r.quantity, revenue: Number(r.revenue_bani) }]));
  const products = [...new Set([...now.keys(), ...was.keys()])].sort((a, b) => a - b);
  const day = bucharestDate(o.createdAt);
  for (const productId of products) {
    const a = was.get(productId) ?? { quantity: 0, revenue: 0 };
    const b = now.get(productId) ?? { quantity: 0, revenue: 0 };
    if (a.quantity === b.quantity && a.revenue === b.revenue) continue;
    await exec
      .insertInto('product_day_stats')
      .values({
        company_id: o.companyId,
        day,
        product_id: productId,
        quantity: b.quantity - a.quantity,
        revenue_bani: b.revenue - a.revenue,
      })
      .onConflict((oc) =>
        oc.columns(['company_id', 'day', 'product_id']).doUpdateSet({
          quantity: sql<number>`product_day_stats.quantity + excluded.quantity`,
          revenue_bani: sql<number>`product_day_stats.revenue_bani + excluded.revenue_bani`,
        }),
      )
      .execute();
    if (b.quantity === 0 && b.revenue === 0)
      await exec
        .deleteFrom('order_line_stats')
        .where('order_id', '=', o.orderId)
        .where('product_id', '=', productId)
        .execute();
    else
      await exec
        .insertInto('order_line_stats')
        .values({ order_id: o.orderId, product_id: productId, quantity: b.quantity, revenue_bani: b.revenue })
        .onConflict((oc) =>
          oc.columns(['order_id', 'product_id']).doUpdateSet({ quantity: b.quantity, revenue_bani: b.revenue }),
        )
        .execute();
  }
}

/**
 * The company's figures computed again from its orders (the demo data, written in bulk, and a
 * repair): both tables' rows of the company replaced in the caller's transaction.
 */
export async function rebuildOrderStats(exec: Executor, companyId: number): Promise<void> {
  await exec.deleteFrom('order_day_stats').where('company_id', '=', companyId).execute();
  await exec.deleteFrom('courier_day_stats').where('company_id', '=', companyId).execute();
  await exec.deleteFrom('product_day_stats').where('company_id', '=', companyId).execute();
  await exec
    .deleteFrom('order_line_stats')
    .where('order_id', 'in', (q) => q.selectFrom('orders').select('id').where('company_id', '=', companyId))
    .execute();
  const orders = await exec
    .selectFrom('orders as o')
    .leftJoin('shipments as s', (j) =>
      j.onRef('s.order_id', '=', 'o.id').onRef('s.awb', '=', 'o.awb').on('s.state', '=', 'created'),
    )
    .select([
      'o.id',
      'o.company_id',
      'o.created_at',
      'o.source_id',
      'o.status',
      'o.courier',
      'o.courier_status',
      'o.total_value',
      's.cod_bani',
    ])
    .where('o.company_id', '=', companyId)
    .execute();
  const dayRows = new Map<string, OrderRow>();
  const awbRows = new Map<string, CourierRow>();
  for (const o of orders)
    addState(
      dayRows,
      awbRows,
      { ...o, total_value: Number(o.total_value), cod_bani: o.courier ? Number(o.cod_bani ?? 0) : 0 },
      1,
    );
  const dayList = [...dayRows.values()];
  for (let i = 0; i < dayList.length; i += 500)
    await exec
      .insertInto('order_day_stats')
      .values(dayList.slice(i, i + 500))
      .execute();
  const awbList = [...awbRows.values()];
  for (let i = 0; i < awbList.length; i += 500)
    await exec
      .insertInto('courier_day_stats')
      .values(awbList.slice(i, i + 500))
      .execute();
  const lines = await exec
    .selectFrom('order_products as l')
    .innerJoin('orders as o', 'o.id', 'l.order_id')
    .select(['l.order_id', 'l.product_id', 'l.quantity', 'l.price', 'o.created_at'])
    .where('o.company_id', '=', companyId)
    .where('o.status', '!=', 'cancelled')
    .where('l.product_id', 'is not', null)
    .execute();
  const perOrder = new Map<string, { order_id: number; product_id: number; quantity: number; revenue_bani: number }>();
  const perDay = new Map<
    string,
    { company_id: number; day: string; product_id: number; quantity: number; revenue_bani: number }
  >();
  for (const l of lines) {
    const revenue = Number(l.price) * l.quantity;
    const ok = `${l.order_id}:${l.product_id}`;
    const a = perOrder.get(ok) ?? { order_id: l.order_id, product_id: l.product_id!, quantity: 0, revenue_bani: 0 };
    a.quantity += l.quantity;
    a.revenue_bani += revenue;
    perOrder.set(ok, a);
    const day = bucharestDate(l.created_at);
    const dk = `${day}:${l.product_id}`;
    const d = perDay.get(dk) ?? { company_id: companyId, day, product_id: l.product_id!, quantity: 0, revenue_bani: 0 };
    d.quantity += l.quantity;
    d.revenue_bani += revenue;
    perDay.set(dk, d);
  }
  const a = [...perOrder.values()];
  for (let i = 0; i < a.length; i += 500)
    await exec
      .insertInto('order_line_stats')
      .values(a.slice(i, i + 500))
      .execute();
  const d = [...perDay.values()];
  for (let i = 0; i < d.length; i += 500)
    await exec
      .insertInto('product_day_stats')
      .values(d.slice(i, i + 500))
      .execute();
}
