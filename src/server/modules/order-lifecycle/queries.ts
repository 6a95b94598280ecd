import {
  PostgresAdapter,
  sql,
  type Compilable,
  type Insertable,
  type Selectable,
  type Updateable,
  type UpdateQueryBuilder,
} from 'kysely';
import type { Executor } from '../../db/connection.js';
import { forUpdate } from '../../db/connection.js';
import type { Database, OrdersTable } from '../../db/schema.js';
import { prepared, preparedRows } from '../../db/perf/prepared.js';
import { writeTogether } from '../../db/perf/writeTogether.js';
import {
  customerMoveCounts,
  isFlagged,
  movedBy,
  PLACE_COLUMNS,
  placeOf,
  recordOrderChange,
  recordOrderChangeWrites,
  type OrderPlace,
  type PlaceRow,
} from '../order-counts/index.js';

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
export async function lockedOrderRowOf(exec: Executor, companyId: number, id: number): Promise<OrderRow | undefined> {
  return (await lockedOrderRow(exec, { id, companyId }))[0];
}

/** Built and compiled once (perf/prepared.ts): every write of an order locks its row first. */
const lockedOrderRow = prepared((exec, v: { id: number; companyId: number }) =>
  forUpdate(exec, exec.selectFrom('orders').selectAll().where('id', '=', v.id).where('company_id', '=', v.companyId)),
);

/** One of the order's AWB attempts, as the claim of a new one reads them (shipping's rows). */
export interface ShipmentBrief {
  id: number;
  state: string;
  courier: string;
  awb: string | null;
}

/**
 * The row locked as lockedOrderRowOf does, and the order's AWB attempts read by the same statement:
 * an AWB create's claim needs both, and each statement is a round trip. On PostgreSQL the attempts
 * are read on the statement's snapshot, taken before it waited for the order's lock: one claimed
 * by the transaction it waited for may be missing or still pending, so the caller checks the row
 * first (its AWB) and relies on the shipments' unique index of one active row an order.
 */
export async function lockedOrderRowWithShipments(
  exec: Executor,
  companyId: number,
  id: number,
): Promise<{ row: OrderRow; shipments: ShipmentBrief[] } | undefined> {
  const rows = await lockedOrderWithShipments(exec, { id, companyId });
  if (rows.length === 0) return undefined;
  const { shipment_id: _i, shipment_state: _s, shipment_courier: _c, shipment_awb: _a, ...row } = rows[0];
  const shipments = rows
    .filter((r) => r.shipment_id !== null)
    .map((r) => ({ id: r.shipment_id!, state: r.shipment_state!, courier: r.shipment_courier!, awb: r.shipment_awb }));
  return { row: row as OrderRow, shipments };
}

/** Built and compiled once (perf/prepared.ts): every AWB create claims with it. */
const lockedOrderWithShipments = prepared((exec, v: { id: number; companyId: number }) => {
  const q = exec
    .selectFrom('orders as o')
    .leftJoin('shipments as s', 's.order_id', 'o.id')
    .selectAll('o')
    .select([
      's.id as shipment_id',
      's.state as shipment_state',
      's.courier as shipment_courier',
      's.awb as shipment_awb',
    ])
    .where('o.id', '=', v.id)
    .where('o.company_id', '=', v.companyId)
    .orderBy('s.id');
  return exec.getExecutor().adapter instanceof PostgresAdapter ? q.forUpdate('o') : q;
});

/**
 * The order's place in the kept figures and list counts now (modules/order-counts): its row's place
 * columns and its active AWB's cash on delivery in one read, on PostgreSQL its customer's row locked
 * FOR KEY SHARE by it, and whether the customer is flagged read after that lock, so a flag change
 * running meanwhile has committed (or waits for this transaction).
 */
async function placeNow(exec: Executor, id: number): Promise<OrderPlace | null> {
  const row = await placesBefore(exec, id, true);
  return row ? placeOf(row, await isFlagged(exec, row.customer_id)) : null;
}

export async function insertOrderRow(exec: Executor, values: Insertable<OrdersTable>): Promise<OrderRow> {
  const row = await exec.insertInto('orders').values(values).returningAll().executeTakeFirstOrThrow();
  await recordOrderChange(exec, null, await placeNow(exec, row.id));
  return row;
}

/**
 * Writes the order's row and moves it in the kept figures and list counts, in three statements
 * whatever it moves: its places before (one read: the row, its active AWB's cash on delivery, on
 * PostgreSQL its customer's row locked FOR KEY SHARE as placeNow does), the update answering
 * its places after (and, read after that lock, whether its customer is flagged), then the kept
 * projections' writes (recordOrderChangeWrites) with the caller's, together (writeTogether). A
 * write touching none of the columns that place an order (movedBy) is the update alone.
 */
export async function updateOrderRow(
  exec: Executor,
  id: number,
  set: Updateable<OrdersTable>,
  /** The caller's writes that go with it (its history events): run with the kept-count writes. */
  also: Compilable[] = [],
): Promise<void> {
  // The customer changes only with moveCustomerOrderRows, which moves the flagged counts itself.
  if ('customer_id' in set) throw new Error('an order changes customer through moveCustomerOrderRows');
  const { figures, lists } = movedBy(Object.keys(set));
  if (!figures && !lists) {
    await exec.updateTable('orders').set(set).where('id', '=', id).execute();
    await writeTogether(exec, also);
    return;
  }
  const was = await placesBefore(exec, id, lists);
  const now = await placedAfterUpdate(exec, id, set);
  const flagged = Boolean(Number(now?.flagged));
  await writeTogether(exec, [
    ...(was && now ? recordOrderChangeWrites(exec, placeOf(was, flagged), placeOf(now, flagged)) : []),
    ...also,
  ]);
}

/**
 * The update of updateOrderRow, answering the order's places after it (and whether its customer is
 * flagged). Built and compiled once per set of columns (perf/prepared.ts) when every value is a
 * plain value; a value that is SQL (an expression) is built each time.
 */
async function placedAfterUpdate(
  exec: Executor,
  id: number,
  set: Updateable<OrdersTable>,
): Promise<(PlaceRow & { flagged: unknown }) | undefined> {
  const columns = Object.keys(set).filter((c) => set[c as keyof typeof set] !== undefined);
  const plain = columns.every((c) => {
    const value = set[c as keyof typeof set];
    return value === null || typeof value !== 'object';
  });
  if (!plain) return placedAfter(exec.updateTable('orders').set(set).where('id', '=', id)).executeTakeFirst();
  const values: Record<string, unknown> = { columns: columns.join(','), id };
  for (const c of columns) values[`set_${c}`] = set[c as keyof typeof set];
  return (await orderUpdate(exec, values))[0];
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const placedAfter = <QB extends UpdateQueryBuilder<Database, 'orders', 'orders', any>>(q: QB) =>
  q
    .returning([...PLACE_COLUMNS])
    .returning((eb) => [
      eb
        .selectFrom('shipments as s')
        .select('s.cod_bani')
        .whereRef('s.order_id', '=', 'orders.id')
        .whereRef('s.awb', '=', 'orders.awb')
        .where('s.state', '=', 'created')
        .limit(1)
        .as('cod_bani'),
      eb
        .exists(eb.selectFrom('flags as f').select('f.id').whereRef('f.customer_id', '=', 'orders.customer_id'))
        .as('flagged'),
    ]);

/** The update with values `set_<column>` for each of `columns` (comma-separated, the shape). */
const orderUpdate = prepared(
  (exec, v: Record<string, unknown>) =>
    placedAfter(
      exec
        .updateTable('orders')
        .set(
          Object.fromEntries(
            String(v.columns)
              .split(',')
              .map((c) => [c, v[`set_${c}`]]),
          ) as Updateable<OrdersTable>,
        )
        .where('id', '=', v.id as number),
    ),
  { shape: ['columns'] },
);

/** The order's places before a write (see updateOrderRow); `lockCustomer`: its customer's row locked FOR KEY SHARE (PostgreSQL). */
async function placesBefore(exec: Executor, id: number, lockCustomer: boolean): Promise<PlaceRow | undefined> {
  return (await placesOf(exec, { id, lockCustomer }))[0];
}

/** Built and compiled once per `lockCustomer` (perf/prepared.ts): every counted write of an order reads it. */
const placesOf = prepared(
  (exec, v: { id: number; lockCustomer: boolean }) => {
    const q = exec
      .selectFrom('orders as o')
      .innerJoin('customers as c', 'c.id', 'o.customer_id')
      .leftJoin('shipments as s', (j) =>
        j.onRef('s.order_id', '=', 'o.id').onRef('s.awb', '=', 'o.awb').on('s.state', '=', 'created'),
      )
      .select(PLACE_COLUMNS.map((c) => `o.${c}` as const))
      .select('s.cod_bani')
      .where('o.id', '=', v.id);
    return v.lockCustomer && exec.getExecutor().adapter instanceof PostgresAdapter ? q.forKeyShare('c') : q;
  },
  { shape: ['lockCustomer'] },
);

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
  const before = await placesBefore(exec, c.orderId, false);
  const after = await placedAfter(
    exec
      .updateTable('orders')
      .set({ courier_status: c.to, ...(c.to === 'refused' || c.refused ? { awb_refused: 1 } : {}), updated_at: c.now })
      .where('id', '=', c.orderId)
      .where('courier', '=', c.courier)
      .where('awb', '=', c.awb)
      .where('courier_status', '=', c.from),
  ).executeTakeFirst();
  if (!after) return false;
  // The courier status places the order in the figures only: the list counts stay as they are.
  const flagged = Boolean(Number(after.flagged));
  await recordOrderChange(exec, before ? placeOf(before, flagged) : null, placeOf(after, flagged));
  return true;
}

export async function deleteOrderRow(exec: Executor, id: number): Promise<void> {
  await recordOrderChange(exec, await placeNow(exec, id), null);
  await exec.deleteFrom('order_events').where('order_id', '=', id).execute();
  await exec.deleteFrom('orders').where('id', '=', id).execute();
}

export interface NewEvent {
  orderId: number;
  userId: number | null;
  type: string;
  data: Record<string, unknown>;
  now: number;
}

export async function insertEvent(exec: Executor, e: NewEvent): Promise<void> {
  await exec.executeQuery(eventsWrite(exec, [e]));
}

/** The insert of events, in the order given (their ids follow it): for a caller that writes them with other writes. */
export function eventsWrite(exec: Executor, events: NewEvent[]): Compilable {
  return eventsInsert(
    exec,
    events.map((e) => ({
      order_id: e.orderId,
      user_id: e.userId,
      type: e.type,
      data: JSON.stringify(e.data),
      created_at: e.now,
    })),
  );
}

/** Compiled once per number of events (perf/prepared.ts): every order write records its history. */
const eventsInsert = preparedRows(
  ['order_id', 'user_id', 'type', 'data', 'created_at'],
  (exec, rows: { order_id: number; user_id: number | null; type: string; data: string; created_at: number }[]) =>
    exec.insertInto('order_events').values(rows),
);

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

/** The ids among `ids` (a page's worth) that are orders of the company: what a link to an order may name. */
export async function existingOrderIds(
  exec: Executor,
  companyId: number,
  ids: readonly number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await exec
    .selectFrom('orders')
    .select('id')
    .where('company_id', '=', companyId)
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Set(rows.map((r) => r.id));
}
