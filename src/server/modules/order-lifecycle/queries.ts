import { PostgresAdapter, sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { Executor } from '../../db/connection.js';
import { forUpdate } from '../../db/connection.js';
import type { OrdersTable } from '../../db/schema.js';
import { restateOrder, type OrderStatState } from '../../db/orderStats.js';
import { customerMoveCounts, isFlagged, moveOrderCounts, type ListedOrder } from '../../db/orderListCounts.js';

/** The SQL of the orders table's row and of its history (order_events): only the lifecycle runs it. */

export type OrderRow = Selectable<OrdersTable>;

export function orderRowOf(exec: Executor, companyId: number, id: number): Promise<OrderRow | undefined> {
  return exec
    .selectFrom('orders')
    .selectAll()
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .executeTakeFirst();
}

/** The row by id alone, inside a write that already found it for its company. */
export function orderRowById(exec: Executor, id: number): Promise<OrderRow | undefined> {
  return exec.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The row locked until the transaction ends (PostgreSQL; SQLite has one writer at a time). */
export function lockedOrderRowOf(exec: Executor, companyId: number, id: number): Promise<OrderRow | undefined> {
  return forUpdate(
    exec,
    exec.selectFrom('orders').selectAll().where('id', '=', id).where('company_id', '=', companyId),
  ).executeTakeFirst();
}

/**
 * What places the order in the dashboard's kept per-day figures (db/orderStats.ts): its day,
 * source, status, courier, courier status (and whether the AWB was refused), total and the cash on
 * delivery of its active AWB.
 */
async function statStateOf(exec: Executor, id: number): Promise<OrderStatState | null> {
  const r = await exec
    .selectFrom('orders as o')
    .leftJoin('shipments as s', (j) =>
      j.onRef('s.order_id', '=', 'o.id').onRef('s.awb', '=', 'o.awb').on('s.state', '=', 'created'),
    )
    .select([
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
    .where('o.id', '=', id)
    .executeTakeFirst();
  if (!r) return null;
  return { ...r, total_value: Number(r.total_value), cod_bani: r.courier ? Number(r.cod_bani ?? 0) : 0 };
}

/** The columns that place an order in the kept figures: a write touching one moves the order there. */
const COUNTED_COLUMNS = new Set([
  'status',
  'courier',
  'courier_status',
  'awb_refused',
  'awb',
  'total_value',
  'source_id',
  'created_at',
]);

/**
 * Where the order counts in the orders list's kept counts (db/orderListCounts.ts): its status,
 * invoice status, whether it has an AWB, whether its customer carries a flag, and (per day) when it
 * was created and its courier. On PostgreSQL the
 * customer's row is locked FOR KEY SHARE in the same statement, and the flags are read after it,
 * so a flag change running meanwhile has committed (or waits for this transaction).
 */
async function listStateOf(exec: Executor, id: number): Promise<ListedOrder | null> {
  const q = exec
    .selectFrom('orders as o')
    .innerJoin('customers as c', 'c.id', 'o.customer_id')
    .select([
      'o.id',
      'o.company_id',
      'o.status',
      'o.invoice_status',
      'o.awb',
      'o.customer_id',
      'o.created_at',
      'o.courier',
    ])
    .where('o.id', '=', id);
  const row = await (exec.getExecutor().adapter instanceof PostgresAdapter ? q.forKeyShare('c') : q).executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    company_id: row.company_id,
    status: row.status,
    invoice_status: row.invoice_status,
    no_awb: row.awb === null,
    flagged: await isFlagged(exec, row.customer_id),
    created_at: Number(row.created_at),
    courier: row.courier,
  };
}

/** The columns that place an order in the kept list counts. */
const LISTED_COLUMNS = new Set(['status', 'invoice_status', 'awb', 'courier', 'created_at']);

export async function insertOrderRow(exec: Executor, values: Insertable<OrdersTable>): Promise<OrderRow> {
  const row = await exec.insertInto('orders').values(values).returningAll().executeTakeFirstOrThrow();
  await restateOrder(exec, null, await statStateOf(exec, row.id));
  await moveOrderCounts(exec, null, await listStateOf(exec, row.id));
  return row;
}

export async function updateOrderRow(exec: Executor, id: number, set: Updateable<OrdersTable>): Promise<void> {
  // The customer changes only with moveCustomerOrderRows, which moves the flagged counts itself.
  if ('customer_id' in set) throw new Error('an order changes customer through moveCustomerOrderRows');
  const counted = Object.keys(set).some((k) => COUNTED_COLUMNS.has(k));
  const listed = Object.keys(set).some((k) => LISTED_COLUMNS.has(k));
  const before = counted ? await statStateOf(exec, id) : null;
  const listedBefore = listed ? await listStateOf(exec, id) : null;
  await exec.updateTable('orders').set(set).where('id', '=', id).execute();
  if (counted) await restateOrder(exec, before, await statStateOf(exec, id));
  if (listedBefore)
    await moveOrderCounts(exec, listedBefore, {
      ...listedBefore,
      status: set.status ?? listedBefore.status,
      invoice_status: set.invoice_status ?? listedBefore.invoice_status,
      no_awb: 'awb' in set ? set.awb == null : listedBefore.no_awb,
      created_at: set.created_at ?? listedBefore.created_at,
      courier: 'courier' in set ? (set.courier ?? null) : listedBefore.courier,
    });
}

/**
 * Writes the courier status only if the order still has this AWB at this courier in the status
 * the caller read: an AWB deleted meanwhile, or a change another run already wrote, changes
 * nothing. A refusal (a move to `refused`, or one the courier's history shows) is also remembered
 * (`awb_refused`): the parcel's later statuses (returning) do not make it a parcel returned for
 * another reason. Answers whether the row changed.
 */
export async function moveCourierStatusRow(
  exec: Executor,
  c: { orderId: number; courier: string; awb: string; from: string; to: string; refused?: boolean; now: number },
): Promise<boolean> {
  const before = await statStateOf(exec, c.orderId);
  const res = await exec
    .updateTable('orders')
    .set({ courier_status: c.to, ...(c.to === 'refused' || c.refused ? { awb_refused: 1 } : {}), updated_at: c.now })
    .where('id', '=', c.orderId)
    .where('courier', '=', c.courier)
    .where('awb', '=', c.awb)
    .where('courier_status', '=', c.from)
    .executeTakeFirst();
  const moved = Number(res.numUpdatedRows) > 0;
  if (moved) await restateOrder(exec, before, await statStateOf(exec, c.orderId));
  return moved;
}

export async function deleteOrderRow(exec: Executor, id: number): Promise<void> {
  await restateOrder(exec, await statStateOf(exec, id), null);
  await moveOrderCounts(exec, await listStateOf(exec, id), null);
  await exec.deleteFrom('order_events').where('order_id', '=', id).execute();
  await exec.deleteFrom('orders').where('id', '=', id).execute();
}

export async function insertEvent(
  exec: Executor,
  e: { orderId: number; userId: number | null; type: string; data: Record<string, unknown>; now: number },
): Promise<void> {
  await exec
    .insertInto('order_events')
    .values({ order_id: e.orderId, user_id: e.userId, type: e.type, data: JSON.stringify(e.data), created_at: e.now })
    .execute();
}

/** The customer's row locked FOR UPDATE until the transaction ends, before a flag change (PostgreSQL). */
export async function lockCustomerForFlags(exec: Executor, customerId: number): Promise<void> {
  await forUpdate(exec, exec.selectFrom('customers').select('id').where('id', '=', customerId)).execute();
}

/** The customers the company flagged, in id order. */
export async function flaggedByCompany(exec: Executor, companyId: number): Promise<number[]> {
  const rows = await exec
    .selectFrom('flags')
    .select('customer_id')
    .where('company_id', '=', companyId)
    .orderBy('customer_id')
    .execute();
  return rows.map((r) => r.customer_id);
}

/** Whether a company other than this one flagged the customer. */
export async function flaggedByAnother(exec: Executor, customerId: number, companyId: number): Promise<boolean> {
  const row = await exec
    .selectFrom('flags')
    .select('id')
    .where('customer_id', '=', customerId)
    .where('company_id', '<>', companyId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The company's orders of the customer locked until the transaction ends (PostgreSQL), in id order. */
export async function lockCustomerOrderRows(exec: Executor, companyId: number, customerId: number): Promise<void> {
  await forUpdate(
    exec,
    exec
      .selectFrom('orders')
      .select('id')
      .where('company_id', '=', companyId)
      .where('customer_id', '=', customerId)
      .orderBy('id'),
  ).execute();
}

/** Every order of the company with customer `from` takes customer `to`; other companies' orders are not touched. */
export async function moveCustomerOrderRows(
  exec: Executor,
  v: { companyId: number; from: number; to: number; now: number },
): Promise<void> {
  await customerMoveCounts(exec, v.companyId, v.from, v.to);
  await exec
    .updateTable('orders')
    .set({ customer_id: v.to, updated_at: v.now })
    .where('company_id', '=', v.companyId)
    .where('customer_id', '=', v.from)
    .execute();
}

/** The company's latest order of the customer (or the one named, if it is theirs and the company's). */
export async function latestOrderIdOf(
  exec: Executor,
  companyId: number,
  customerId: number,
  orderId?: number,
): Promise<number | undefined> {
  let q = exec
    .selectFrom('orders')
    .select('id')
    .where('company_id', '=', companyId)
    .where('customer_id', '=', customerId);
  if (orderId !== undefined) q = q.where('id', '=', orderId);
  const row = await q.orderBy('id', 'desc').limit(1).executeTakeFirst();
  return row?.id;
}

/**
 * What the customer `customerRef` names spent with the company and when they last ordered, as two
 * columns of the statement that reads the customers (a page of them, or one), so the customers and
 * their totals come back in one round trip. Each reads that customer's own orders with the company
 * (index orders_customer_company_id), never the company's whole table. Cancelled and fully
 * reversed orders were not paid for: they count towards the last order but not towards the amount.
 * `spent` is integer bani, 0 without an order; `last_order_at` is null without one.
 */
export const customerOrderTotals = (companyId: number, customerRef: string) => {
  const ofCustomer = sql`from orders o where o.customer_id = ${sql.ref(customerRef)} and o.company_id = ${companyId}`;
  return {
    spent: sql<
      number | string
    >`(select coalesce(sum(case when o.status in ('cancelled', 'storno') then 0 else o.total_value end), 0) ${ofCustomer})`,
    lastOrderAt: sql<number | string | null>`(select max(o.created_at) ${ofCustomer})`,
  };
};

/** A page of the customer's orders in the company, newest first (index orders_customer_company_id). */
export function customerOrderRows(
  exec: Executor,
  v: { companyId: number; customerId: number; limit: number; offset: number },
) {
  return exec
    .selectFrom('orders')
    .select(['id', 'status', 'courier', 'awb', 'bill_number', 'total_value', 'created_at'])
    .where('customer_id', '=', v.customerId)
    .where('company_id', '=', v.companyId)
    .orderBy('id', 'desc')
    .limit(v.limit)
    .offset(v.offset)
    .execute();
}
