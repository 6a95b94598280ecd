import { sql, type Compilable, type Insertable } from 'kysely';
import { bucharestDate } from '../../lib/bucharestTime.js';
import type { Executor } from '../../db/connection.js';
import type { Database } from '../../db/schema.js';
import { countShard } from '../../db/listCounts.js';
import { preparedRows } from '../../db/perf/prepared.js';
import { writeTogether } from '../../db/perf/writeTogether.js';

/**
 * Per-day figures of a company's orders, kept in the same transaction as every order write (the
 * order lifecycle's recordOrderChange, record.ts, moves them with the list counts), so the
 * dashboard reads a few hundred rows for a month instead of the company's orders:
 *
 * - `order_source_day_stats`: per Bucharest day of the order's creation and source: how many
 *   orders and the total (bani) of those not cancelled; `order_status_day_stats`: per day and
 *   status, how many and their total. Two tables at the grain the dashboard shows, so a range is
 *   read row for row, never grouped (one table per day, source and status kept ~150 rows a day
 *   that every read summed twice).
 * - `courier_day_stats`: per day of the order, courier and outcome: how many orders have an active
 *   AWB there and its cash on delivery. The outcome is the courier status, except that a parcel
 *   refused at the door stays `refused` while it goes back to the sender (`awb_refused`), unless
 *   it is delivered after all.
 *
 *   An order counts in exactly one row of each and, with an AWB, one of the third; a write moves
 *   it from the rows of its state before to the rows of its state after.
 * - `product_day_stats`: per day of the order and product: the quantity and the lines' value of the
 *   orders not cancelled; `product_period_stats` the same per week (from Monday) and per month, so
 *   a range's top products sum whole weeks and months plus the days at its ends (rangeSpans), not
 *   every day; `order_line_stats` remembers what each order contributes, so a change of its lines
 *   moves only the difference.
 *
 * Rows are changed in one sorted order (as bumpCounts does), so two transactions touching the same
 * rows never wait on each other in a cycle on PostgreSQL.
 *
 * The three order tables are kept in shards (migration 069), as `list_counts` is: a write adds to
 * its connection's shard of a key (countShard), so orders of one company and day written at the
 * same time (a bulk job's AWBs) do not queue on one row's lock until each other's commit; the
 * dashboard sums a key's shards. The product tables are not: an AWB or a status change never
 * touches them (only an order's lines, and its cancellation or restoring, do).
 */

/** What puts an order in the rows of the day tables, and what it adds there. */
export interface OrderStatState {
  company_id: number;
  created_at: number;
  source_id: number | null;
  status: string;
  courier: string | null;
  courier_status: string | null;
  /** 1 once the active AWB was refused at the door. */
  awb_refused: number;
  total_value: number;
  cod_bani: number;
}

interface SourceRow {
  company_id: number;
  day: string;
  source_id: number;
  orders: number;
  revenue_bani: number;
}
interface StatusRow {
  company_id: number;
  day: string;
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
interface Rows {
  sources: Map<string, SourceRow>;
  statuses: Map<string, StatusRow>;
  awbs: Map<string, CourierRow>;
}
const noRows = (): Rows => ({ sources: new Map(), statuses: new Map(), awbs: new Map() });

/**
 * Where an AWB ended for the dashboard's share per courier: delivered; refused at the door (even
 * once it is on its way back or back at the sender); otherwise its courier status (`returning`: sent
 * back for another reason).
 */
export function awbOutcome(courierStatus: string | null, awbRefused: number): string {
  if (courierStatus === 'delivered') return 'delivered';
  return awbRefused ? 'refused' : (courierStatus ?? '');
}

function add<T extends { orders: number }>(m: Map<string, T>, key: (string | number)[], base: T, by: Partial<T>): void {
  const k = key.join('\u0000');
  const row = m.get(k) ?? base;
  for (const [f, v] of Object.entries(by) as [keyof T, number][]) (row[f] as number) += v;
  m.set(k, row);
}

/** The rows an order's state adds `sign` times to, accumulated in `rows` by key. */
function addState(rows: Rows, s: OrderStatState, sign: number): void {
  const day = bucharestDate(s.created_at);
  const source_id = s.source_id ?? 0;
  const c = s.company_id;
  add(
    rows.sources,
    [c, day, source_id],
    { company_id: c, day, source_id, orders: 0, revenue_bani: 0 },
    { orders: sign, revenue_bani: s.status === 'cancelled' ? 0 : sign * s.total_value },
  );
  add(
    rows.statuses,
    [c, day, s.status],
    { company_id: c, day, status: s.status, orders: 0, revenue_bani: 0 },
    { orders: sign, revenue_bani: sign * s.total_value },
  );
  if (!s.courier) return;
  const courier_status = awbOutcome(s.courier_status, s.awb_refused);
  add(
    rows.awbs,
    [c, day, s.courier, courier_status],
    { company_id: c, day, courier: s.courier, courier_status, orders: 0, cod_bani: 0 },
    { orders: sign, cod_bani: sign * s.cod_bani },
  );
}

const sorted = <T>(m: Map<string, T>): T[] =>
  [...m.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, v]) => v);

/** The order moves from the rows of `before` to the rows of `after` (null: it did not exist / no longer exists). */
export async function restateOrder(
  exec: Executor,
  before: OrderStatState | null,
  after: OrderStatState | null,
): Promise<void> {
  await writeTogether(exec, restateOrderWrites(exec, before, after));
}

/**
 * The writes of restateOrder, for the caller to run with its other writes (writeTogether): one
 * statement a table, its rows in key order (see above); none where nothing changes.
 */
export function restateOrderWrites(
  exec: Executor,
  before: OrderStatState | null,
  after: OrderStatState | null,
): Compilable[] {
  const rows = noRows();
  if (before) addState(rows, before, -1);
  if (after) addState(rows, after, 1);
  const writes: Compilable[] = [];
  const sources = sorted(rows.sources).filter((o) => o.orders !== 0 || o.revenue_bani !== 0);
  if (sources.length) writes.push(sourceDaysAdd(exec, sources));
  const statuses = sorted(rows.statuses).filter((o) => o.orders !== 0 || o.revenue_bani !== 0);
  if (statuses.length) writes.push(statusDaysAdd(exec, statuses));
  const awbs = sorted(rows.awbs).filter((a) => a.orders !== 0 || a.cod_bani !== 0);
  if (awbs.length) writes.push(courierDaysAdd(exec, awbs));
  return writes;
}

// The inserts of restateOrderWrites, compiled once per number of rows (perf/prepared.ts): every
// order write moves its day's figures.
const sourceDaysAdd = preparedRows(
  ['company_id', 'day', 'source_id', 'orders', 'revenue_bani'],
  (exec, rows: SourceRow[]) => {
    const shard = countShard(exec);
    return exec
      .insertInto('order_source_day_stats')
      .values(rows.map((o) => ({ ...o, shard })))
      .onConflict((oc) =>
        oc.columns(['company_id', 'day', 'source_id', 'shard']).doUpdateSet({
          orders: sql<number>`order_source_day_stats.orders + excluded.orders`,
          revenue_bani: sql<number>`order_source_day_stats.revenue_bani + excluded.revenue_bani`,
        }),
      );
  },
);
const statusDaysAdd = preparedRows(
  ['company_id', 'day', 'status', 'orders', 'revenue_bani'],
  (exec, rows: StatusRow[]) => {
    const shard = countShard(exec);
    return exec
      .insertInto('order_status_day_stats')
      .values(rows.map((o) => ({ ...o, shard })))
      .onConflict((oc) =>
        oc.columns(['company_id', 'day', 'status', 'shard']).doUpdateSet({
          orders: sql<number>`order_status_day_stats.orders + excluded.orders`,
          revenue_bani: sql<number>`order_status_day_stats.revenue_bani + excluded.revenue_bani`,
        }),
      );
  },
);
const courierDaysAdd = preparedRows(
  ['company_id', 'day', 'courier', 'courier_status', 'orders', 'cod_bani'],
  (exec, rows: CourierRow[]) => {
    const shard = countShard(exec);
    return exec
      .insertInto('courier_day_stats')
      .values(rows.map((a) => ({ ...a, shard })))
      .onConflict((oc) =>
        oc.columns(['company_id', 'day', 'courier', 'courier_status', 'shard']).doUpdateSet({
          orders: sql<number>`courier_day_stats.orders + excluded.orders`,
          cod_bani: sql<number>`courier_day_stats.cod_bani + excluded.cod_bani`,
        }),
      );
  },
);

const DAY_MS = 86_400_000;
const dayMs = (day: string): number =>
  Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)));
const dayOfMs = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
/** The calendar day `n` days after `day` (YYYY-MM-DD; calendar arithmetic, no time zone). */
export const addDays = (day: string, n: number): string => dayOfMs(dayMs(day) + n * DAY_MS);
/** The Monday of the day's week. */
export const weekOf = (day: string): string => addDays(day, -((new Date(dayMs(day)).getUTCDay() + 6) % 7));
/** The first day of the day's month. */
export const monthOf = (day: string): string => `${day.slice(0, 7)}-01`;
const monthEnd = (first: string): string => {
  const d = new Date(dayMs(first));
  return dayOfMs(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0));
};

/** The week and month rows a day's product figures also count in. */
const periodsOf = (day: string): { period: 'week' | 'month'; start: string }[] => [
  { period: 'month', start: monthOf(day) },
  { period: 'week', start: weekOf(day) },
];

/**
 * The range from..to (both included) cut into whole months, whole weeks and single days, none
 * overlapping, together exactly the range: a month where the range holds all of it, else a week
 * (from Monday) where it holds all of it and the week does not cut into such a month, else a day.
 * A 30-day range is some 4 weeks and a few days, 90 days two or three months, a few weeks and
 * days: a tenth of the day rows.
 */
export function rangeSpans(from: string, to: string): { days: string[]; weeks: string[]; months: string[] } {
  const out = { days: [] as string[], weeks: [] as string[], months: [] as string[] };
  const wholeMonthAt = (d: string) => d.endsWith('-01') && monthEnd(d) <= to;
  for (let d = from; d <= to;) {
    if (wholeMonthAt(d)) {
      out.months.push(d);
      d = addDays(monthEnd(d), 1);
      continue;
    }
    const sunday = addDays(d, 6);
    if (weekOf(d) === d && sunday <= to) {
      let cuts = false;
      for (let i = 1; i <= 6 && !cuts; i++) cuts = wholeMonthAt(addDays(d, i));
      if (!cuts) {
        out.weeks.push(d);
        d = addDays(d, 7);
        continue;
      }
    }
    out.days.push(d);
    d = addDays(d, 1);
  }
  return out;
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
    for (const p of periodsOf(day))
      await exec
        .insertInto('product_period_stats')
        .values({
          company_id: o.companyId,
          ...p,
          product_id: productId,
          quantity: b.quantity - a.quantity,
          revenue_bani: b.revenue - a.revenue,
        })
        .onConflict((oc) =>
          oc.columns(['company_id', 'period', 'start', 'product_id']).doUpdateSet({
            quantity: sql<number>`product_period_stats.quantity + excluded.quantity`,
            revenue_bani: sql<number>`product_period_stats.revenue_bani + excluded.revenue_bani`,
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

/** Rows written in chunks: one statement per few hundred rows, not per row. */
async function insertChunks<T extends keyof Database>(exec: Executor, table: T, rows: Insertable<Database[T]>[]) {
  for (let i = 0; i < rows.length; i += 500)
    await exec
      .insertInto(table)
      .values(rows.slice(i, i + 500) as never)
      .execute();
}

/**
 * The company's figures computed again from its orders (the demo data, written in bulk, and a
 * repair): every kept table's rows of the company replaced in the caller's transaction.
 */
export async function rebuildOrderStats(exec: Executor, companyId: number): Promise<void> {
  for (const table of [
    'order_source_day_stats',
    'order_status_day_stats',
    'courier_day_stats',
    'product_day_stats',
    'product_period_stats',
  ] as const)
    await exec.deleteFrom(table).where('company_id', '=', companyId).execute();
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
      'o.awb_refused',
      'o.total_value',
      's.cod_bani',
    ])
    .where('o.company_id', '=', companyId)
    .execute();
  const rows = noRows();
  for (const o of orders)
    addState(rows, { ...o, total_value: Number(o.total_value), cod_bani: o.courier ? Number(o.cod_bani ?? 0) : 0 }, 1);
  await insertChunks(exec, 'order_source_day_stats', [...rows.sources.values()]);
  await insertChunks(exec, 'order_status_day_stats', [...rows.statuses.values()]);
  await insertChunks(exec, 'courier_day_stats', [...rows.awbs.values()]);
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
  await insertChunks(exec, 'order_line_stats', [...perOrder.values()]);
  const days = [...perDay.values()];
  await insertChunks(exec, 'product_day_stats', days);
  await insertChunks(exec, 'product_period_stats', productPeriodRows(days));
}

/** The week and month rows that sum the given product day rows (rebuilds, and the bench's fill). */
export function productPeriodRows(
  days: { company_id: number; day: string; product_id: number; quantity: number; revenue_bani: number }[],
): Insertable<Database['product_period_stats']>[] {
  const out = new Map<
    string,
    Insertable<Database['product_period_stats']> & { quantity: number; revenue_bani: number }
  >();
  for (const d of days)
    for (const p of periodsOf(d.day)) {
      const k = [d.company_id, p.period, p.start, d.product_id].join('\u0000');
      const row = out.get(k) ?? {
        company_id: d.company_id,
        ...p,
        product_id: d.product_id,
        quantity: 0,
        revenue_bani: 0,
      };
      row.quantity += d.quantity;
      row.revenue_bani += d.revenue_bani;
      out.set(k, row);
    }
  return [...out.values()];
}
