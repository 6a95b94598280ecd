import { PostgresAdapter, sql, type Compilable, type RawBuilder } from 'kysely';
import { bucharestDate } from '../../lib/bucharestTime.js';
import { bumpCounts, bumpCountsWrite, countShard } from '../../db/listCounts.js';
import { preparedRows } from '../../db/perf/prepared.js';
import { writeTogether } from '../../db/perf/writeTogether.js';
import type { Executor } from '../../db/types.js';

/**
 * The orders list's kept counts (`list_counts`, list `orders`): what an order counts in, and the
 * moves of a write, in the writing transaction. Besides every order (''), each status and each
 * invoice status (`invoice_status:<s>`), the same buckets are kept again for the orders without an
 * AWB (`no_awb:<bucket>`) and for the orders of a flagged customer (`flagged:<bucket>`), so the tab
 * counts and the list's total under `has_awb` or `flagged` are read, never counted: a third of a
 * company's orders have no AWB, and counting them took seconds at a million orders. The other side
 * of each filter (an AWB; no flag) is the whole bucket minus the kept one.
 *
 * A flag is on the person (any company's flag counts, so every company's orders of that customer
 * move together) and is read from `flags` when an order is written. On PostgreSQL a flag change and
 * an order write must not run blind to each other (the write reading "not flagged" while the flag
 * counts the order as it was before the write): an order write locks its customer's row
 * `FOR KEY SHARE` (as its foreign key does) before reading the flags, a flag change locks it
 * `FOR UPDATE` before counting, so one waits for the other's commit.
 *
 * `order_list_day_counts` keeps the orders again per Bucharest day of their creation, courier (''
 * without one), status and invoice status, so the total and the tab counts under a courier and/or a
 * creation range sum a month's few hundred rows instead of counting the month's orders; each row
 * also bounds its orders' ids, where the filtered page's walk starts and ends. A write
 * moves the order from its row before to its row after (two rows, in key order, so two
 * transactions never wait on each other's rows in a cycle on PostgreSQL; the lifecycle writes an
 * AWB's columns with the status it moves, so an AWB created or deleted is one move); a flag does
 * not place an order there.
 *
 * Like `list_counts`, a per-day count is kept in shards (migration 068): the rows written are the
 * writing connection's shard (countShard), so the orders of one company, day, courier and status
 * written at the same time (a bulk job's AWBs) add to different rows instead of queueing on one
 * row's lock until each other's commit. Readers sum a key's shards: the count is the sum, the ids
 * lie between the least min_id and the greatest max_id (an order in a key entered it through some
 * shard, whose bounds only widen and so hold its id for good).
 */

/** The kept count of the orders whose invoice status is `status` (the list's invoice_status filter). */
export const invoiceBucket = (status: string) => `invoice_status:${status}`;

/** The prefix of the buckets kept again for the orders without an AWB. */
export const NO_AWB = 'no_awb:';
/** The prefix of the buckets kept again for the orders of a flagged customer. */
export const FLAGGED = 'flagged:';

/**
 * The bucket of the orders whose address needs a person's look (`orders.address_check`): the "to
 * check" tab's count, one bucket for the whole company (the tab is not split by status).
 */
export const ADDRESS_CHECK = 'address_check';

/**
 * The bucket of the orders whose parcel needs the seller's attention (`orders.attention`): the
 * "attention" tab's count, one bucket for the whole company.
 */
export const ATTENTION = 'attention';

/** What places an order in the kept counts. */
export interface OrderListState {
  company_id: number;
  status: string;
  invoice_status: string;
  no_awb: boolean;
  flagged: boolean;
  /** Its address needs a person's look (the "to check" tab). */
  to_check: boolean;
  /** Its parcel needs the seller's attention (the "attention" tab). */
  attention: boolean;
}

/** What also places an order in the per-day kept counts: when it was created and its courier. */
export interface ListedOrder extends OrderListState {
  id: number;
  created_at: number;
  courier: string | null;
}

/** Every bucket an order in this state counts in. */
export function bucketsOf(s: Omit<OrderListState, 'company_id'>): string[] {
  const base = ['', s.status, invoiceBucket(s.invoice_status)];
  return [
    ...base,
    ...(s.no_awb ? base.map((b) => NO_AWB + b) : []),
    ...(s.flagged ? base.map((b) => FLAGGED + b) : []),
    ...(s.to_check ? [ADDRESS_CHECK] : []),
    ...(s.attention ? [ATTENTION] : []),
  ];
}

/** The changes (bucket, delta) of `n` orders moving from one state to another (null: none). */
function changesOf(before: Omit<OrderListState, 'company_id'> | null, after: typeof before, n = 1) {
  const delta = new Map<string, number>();
  for (const b of before ? bucketsOf(before) : []) delta.set(b, (delta.get(b) ?? 0) - n);
  for (const b of after ? bucketsOf(after) : []) delta.set(b, (delta.get(b) ?? 0) + n);
  return [...delta].filter(([, d]) => d !== 0).map(([b, d]) => ['orders', b, d] as ['orders', string, number]);
}

/** Moves an order's counts from its state before a write to its state after (null: no order). */
export async function moveOrderCounts(
  trx: Executor,
  before: ListedOrder | null,
  after: ListedOrder | null,
): Promise<void> {
  await writeTogether(trx, moveOrderCountsWrites(trx, before, after));
}

/** The writes of moveOrderCounts, for the caller to run with its other writes (writeTogether). */
export function moveOrderCountsWrites(
  trx: Executor,
  before: ListedOrder | null,
  after: ListedOrder | null,
): Compilable[] {
  if (before && after && before.company_id !== after.company_id) throw new Error('an order never changes company');
  const companyId = (before ?? after)?.company_id;
  if (companyId === undefined) return [];
  const counts = bumpCountsWrite(trx, companyId, changesOf(before, after));
  const days = moveDayCountsWrite(trx, before, after);
  return [...(counts ? [counts] : []), ...(days ? [days] : [])];
}

interface DayRow {
  company_id: number;
  day: string;
  courier: string;
  status: string;
  invoice_status: string;
  orders: number;
  min_id: number;
  max_id: number;
}

const dayRowOf = (o: ListedOrder, orders: number): DayRow => ({
  company_id: o.company_id,
  day: bucharestDate(o.created_at),
  courier: o.courier ?? '',
  status: o.status,
  invoice_status: o.invoice_status,
  orders,
  min_id: o.id,
  max_id: o.id,
});

const dayKey = (r: DayRow) => [r.company_id, r.day, r.courier, r.status, r.invoice_status].join('\u0000');

/** The order leaves its per-day row and enters its new one (the same row: nothing to write). */
function moveDayCountsWrite(trx: Executor, before: ListedOrder | null, after: ListedOrder | null): Compilable | null {
  const rows = [...(before ? [dayRowOf(before, -1)] : []), ...(after ? [dayRowOf(after, 1)] : [])];
  if (rows.length === 2 && dayKey(rows[0]) === dayKey(rows[1])) return null;
  if (rows.length === 0) return null;
  rows.sort((a, b) => (dayKey(a) < dayKey(b) ? -1 : 1));
  return addDayRows(trx, rows);
}

/**
 * Adds the rows' counts to this connection's shard of their keys (countShard), in one statement, in
 * the order given; compiled once per number of rows (perf/prepared.ts).
 */
const addDayRows = preparedRows(
  ['company_id', 'day', 'courier', 'status', 'invoice_status', 'orders', 'min_id', 'max_id'],
  (exec, rows: DayRow[]) => {
    const shard = countShard(exec);
    return exec
      .insertInto('order_list_day_counts')
      .values(rows.map((r) => ({ ...r, shard })))
      .onConflict((oc) =>
        oc.columns(['company_id', 'day', 'courier', 'status', 'invoice_status', 'shard']).doUpdateSet({
          orders: sql<number>`order_list_day_counts.orders + excluded.orders`,
          // The bounds only widen: an order leaving the row leaves them as they are.
          min_id: sql<number>`case when excluded.min_id < order_list_day_counts.min_id then excluded.min_id else order_list_day_counts.min_id end`,
          max_id: sql<number>`case when excluded.max_id > order_list_day_counts.max_id then excluded.max_id else order_list_day_counts.max_id end`,
        }),
      );
  },
);

/**
 * PostgreSQL: the customer's row locked against a flag change until the transaction ends (see
 * above), before the flags are read. SQLite has one writer at a time.
 */
export async function lockCustomerForCounts(trx: Executor, customerId: number): Promise<void> {
  if (!(trx.getExecutor().adapter instanceof PostgresAdapter)) return;
  await trx.selectFrom('customers').select('id').where('id', '=', customerId).forKeyShare().execute();
}

/** Whether the customer carries a flag (any company's). */
export async function isFlagged(exec: Executor, customerId: number): Promise<boolean> {
  const row = await exec
    .selectFrom('flags')
    .select('id')
    .where('customer_id', '=', customerId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The orders' states grouped (with how many), of the rows `where` selects on `orders o`; whether
 * their customer is flagged is given (`flagged`), or read from the flags (`'read'`).
 */
async function groupedStates(exec: Executor, where: RawBuilder<unknown>, flagged: boolean | 'read') {
  const flaggedOf =
    flagged === 'read'
      ? sql`case when exists (select 1 from flags fl where fl.customer_id = o.customer_id) then 1 else 0 end`
      : null;
  const { rows } = await sql<{
    company_id: number;
    status: string;
    invoice_status: string;
    no_awb: number | boolean;
    flagged: number | boolean | null;
    to_check: number | boolean;
    attention: number | boolean;
    n: number | string;
  }>`select company_id, status, invoice_status, no_awb, flagged, to_check, attention, count(*) as n from (
      select o.company_id, o.status, o.invoice_status, case when o.awb is null then 1 else 0 end as no_awb,
        ${flaggedOf ?? sql`0`} as flagged, case when o.address_check is null then 0 else 1 end as to_check,
        case when o.attention is null then 0 else 1 end as attention
      from orders o where ${where}) s
    group by company_id, status, invoice_status, no_awb, flagged, to_check, attention`.execute(exec);
  return rows.map((r) => ({
    state: {
      company_id: Number(r.company_id),
      status: r.status,
      invoice_status: r.invoice_status,
      no_awb: Number(r.no_awb) === 1,
      flagged: flagged === 'read' ? Number(r.flagged) === 1 : flagged,
      to_check: Number(r.to_check) === 1,
      attention: Number(r.attention) === 1,
    },
    n: Number(r.n),
  }));
}

type Move = (s: OrderListState) => [OrderListState | null, OrderListState | null];

/** Per company (in id order), the changes of these groups of orders each moving as `move` says. */
async function bumpGrouped(trx: Executor, groups: { state: OrderListState; n: number }[], move: Move): Promise<void> {
  const perCompany = new Map<number, Map<string, number>>();
  for (const g of groups) {
    const summed = perCompany.get(g.state.company_id) ?? new Map<string, number>();
    const [before, after] = move(g.state);
    for (const [, b, d] of changesOf(before, after, g.n)) summed.set(b, (summed.get(b) ?? 0) + d);
    perCompany.set(g.state.company_id, summed);
  }
  for (const companyId of [...perCompany.keys()].sort((a, b) => a - b))
    await bumpCounts(
      trx,
      companyId,
      [...perCompany.get(companyId)!].map(([b, d]) => ['orders', b, d]),
    );
}

/**
 * The customer became flagged (`flagged`) or carries no flag any more: every company's orders of
 * the customer enter or leave the flagged buckets. Costs one grouped read of the customer's orders
 * (index orders_customer_company_id) and a few count rows per company, whatever the number of
 * orders. The caller locked the customer's row FOR UPDATE before it read whether the customer was
 * flagged before.
 */
export async function flagChangedCounts(trx: Executor, customerId: number, flagged: boolean): Promise<void> {
  const groups = await groupedStates(trx, sql`o.customer_id = ${customerId}`, !flagged);
  await bumpGrouped(trx, groups, (s) => [s, { ...s, flagged }]);
}

/**
 * A company's orders of customer `from` become orders of customer `to`: when one carries a flag and
 * the other none, those orders change flagged buckets. Called before the orders move; both
 * customers' rows are locked first (in id order) against a flag change.
 */
export async function customerMoveCounts(trx: Executor, companyId: number, from: number, to: number): Promise<void> {
  for (const id of [from, to].sort((a, b) => a - b)) await lockCustomerForCounts(trx, id);
  const [was, will] = [await isFlagged(trx, from), await isFlagged(trx, to)];
  if (was === will) return;
  const groups = await groupedStates(trx, sql`o.company_id = ${companyId} and o.customer_id = ${from}`, was);
  await bumpGrouped(trx, groups, (s) => [s, { ...s, flagged: will }]);
}

/**
 * The orders list's kept counts of the company (or of every company) counted again from its rows:
 * for seeds that load orders set-wise and tests that write rows directly. Not for a request.
 */
export async function recountOrderLists(exec: Executor, companyId?: number): Promise<void> {
  const groups = await groupedStates(
    exec,
    companyId === undefined ? sql`1 = 1` : sql`o.company_id = ${companyId}`,
    'read',
  );
  let q = exec.deleteFrom('list_counts').where('list', '=', 'orders');
  if (companyId !== undefined) q = q.where('company_id', '=', companyId);
  await q.execute();
  await bumpGrouped(exec, groups, (s) => [null, s]);
  await recountDayCounts(exec, companyId);
}

/**
 * The per-day kept counts of the company (or of every company) counted again from its orders,
 * grouped by the UTC hour of their creation: Bucharest's offset is a whole number of hours and
 * changes on the hour, so an hour lies within one Bucharest day, whose date is computed once.
 */
async function recountDayCounts(exec: Executor, companyId?: number): Promise<void> {
  const where = companyId === undefined ? sql`1 = 1` : sql`company_id = ${companyId}`;
  const { rows } = await sql<{
    company_id: number;
    hour: number | string;
    courier: string;
    status: string;
    invoice_status: string;
    n: number | string;
    min_id: number;
    max_id: number;
  }>`select company_id, created_at / 3600 as hour, coalesce(courier, '') as courier, status, invoice_status, count(*) as n,
      min(id) as min_id, max(id) as max_id
    from orders where ${where}
    group by company_id, created_at / 3600, coalesce(courier, ''), status, invoice_status`.execute(exec);
  const dayOfHour = new Map<number, string>();
  const counts = new Map<string, DayRow>();
  for (const r of rows) {
    const hour = Number(r.hour);
    let day = dayOfHour.get(hour);
    if (day === undefined) dayOfHour.set(hour, (day = bucharestDate(hour * 3600)));
    const row: DayRow = {
      company_id: Number(r.company_id),
      day,
      courier: r.courier,
      status: r.status,
      invoice_status: r.invoice_status,
      orders: 0,
      min_id: Number(r.min_id),
      max_id: Number(r.max_id),
    };
    const kept = counts.get(dayKey(row)) ?? row;
    kept.orders += Number(r.n);
    kept.min_id = Math.min(kept.min_id, Number(r.min_id));
    kept.max_id = Math.max(kept.max_id, Number(r.max_id));
    counts.set(dayKey(row), kept);
  }
  let q = exec.deleteFrom('order_list_day_counts');
  if (companyId !== undefined) q = q.where('company_id', '=', companyId);
  await q.execute();
  const values = [...counts.values()];
  for (let i = 0; i < values.length; i += 500)
    await exec
      .insertInto('order_list_day_counts')
      .values(values.slice(i, i + 500))
      .execute();
}
