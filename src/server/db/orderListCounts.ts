import { PostgresAdapter, sql, type RawBuilder } from 'kysely';
import { bumpCounts } from './listCounts.js';
import type { Executor } from './types.js';

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
 */

/** The kept count of the orders whose invoice status is `status` (the list's invoice_status filter). */
export const invoiceBucket = (status: string) => `invoice_status:${status}`;

/** The prefix of the buckets kept again for the orders without an AWB. */
export const NO_AWB = 'no_awb:';
/** The prefix of the buckets kept again for the orders of a flagged customer. */
export const FLAGGED = 'flagged:';

/** What places an order in the kept counts. */
export interface OrderListState {
  company_id: number;
  status: string;
  invoice_status: string;
  no_awb: boolean;
  flagged: boolean;
}

/** Every bucket an order in this state counts in. */
export function bucketsOf(s: Omit<OrderListState, 'company_id'>): string[] {
  const base = ['', s.status, invoiceBucket(s.invoice_status)];
  return [
    ...base,
    ...(s.no_awb ? base.map((b) => NO_AWB + b) : []),
    ...(s.flagged ? base.map((b) => FLAGGED + b) : []),
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
  before: OrderListState | null,
  after: OrderListState | null,
): Promise<void> {
  if (before && after && before.company_id !== after.company_id) throw new Error('an order never changes company');
  const companyId = (before ?? after)?.company_id;
  if (companyId === undefined) return;
  await bumpCounts(trx, companyId, changesOf(before, after));
}

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
    n: number | string;
  }>`select company_id, status, invoice_status, no_awb, flagged, count(*) as n from (
      select o.company_id, o.status, o.invoice_status, case when o.awb is null then 1 else 0 end as no_awb,
        ${flaggedOf ?? sql`0`} as flagged
      from orders o where ${where}) s
    group by company_id, status, invoice_status, no_awb, flagged`.execute(exec);
  return rows.map((r) => ({
    state: {
      company_id: Number(r.company_id),
      status: r.status,
      invoice_status: r.invoice_status,
      no_awb: Number(r.no_awb) === 1,
      flagged: flagged === 'read' ? Number(r.flagged) === 1 : flagged,
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
}
