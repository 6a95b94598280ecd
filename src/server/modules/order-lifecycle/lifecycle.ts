import type { Compilable, Insertable, Updateable } from 'kysely';
import {
  nextInvoiceStatus,
  nextStatus,
  type InvoiceCause,
  type StatusCause,
} from '../../../core/orders/transitions.js';
import type { ServiceContext } from '../../context.js';
import type { Executor } from '../../db/connection.js';
import { flagChangedCounts, invoiceBucket, isFlagged, restateOrderLines } from '../order-counts/index.js';
import { writeTogether } from '../../db/perf/writeTogether.js';
import type { OrdersTable } from '../../db/schema.js';
import { HttpError, notFound } from '../../http/errors.js';
import {
  deleteOrderRow,
  eventsWrite,
  insertEvent,
  insertOrderRow,
  latestOrderIdOf,
  flaggedByAnother,
  flaggedByCompany,
  lockCustomerForFlags,
  lockCustomerOrderRows,
  lockedOrderRowOf,
  lockedOrderRowWithShipments,
  moveCourierStatusRow,
  moveCustomerOrderRows,
  orderRowById,
  orderRowOf,
  updateOrderRow,
  type NewEvent,
  type OrderRow,
  type ShipmentBrief,
} from './queries.js';

/**
 * The one owner of an order's state: its status (moved only as core's transition table allows),
 * its AWB, its bill number, its courier status, its totals and fields, its customer, the kept
 * counts per status and the history event of each change, always written together in the
 * caller's transaction. Orders, customers, shipping, invoices and tracking call these; nothing
 * else writes the orders table.
 */

export type { OrderRow };

export { invoiceBucket };

/** The order of the caller's company, or 404 (another company's order is never told apart from none). */
export async function orderOf(exec: Executor, ctx: ServiceContext, id: number): Promise<OrderRow> {
  const row = await orderRowOf(exec, ctx.companyId, id);
  if (!row) throw notFound();
  return row;
}

/**
 * lockOrder, and the order's AWB attempts read in the same statement (see
 * lockedOrderRowWithShipments: on PostgreSQL they may miss one claimed while this waited for the lock).
 */
export async function lockOrderWithShipments(
  trx: Executor,
  ctx: ServiceContext,
  id: number,
): Promise<{ order: OrderRow; shipments: ShipmentBrief[] }> {
  const found = await lockedOrderRowWithShipments(trx, ctx.companyId, id);
  if (!found) throw notFound();
  return { order: found.row, shipments: found.shipments };
}

/** The order of the caller's company locked until the transaction ends, or 404. */
export async function lockOrder(trx: Executor, ctx: ServiceContext, id: number): Promise<OrderRow> {
  const row = await lockedOrderRowOf(trx, ctx.companyId, id);
  if (!row) throw notFound();
  return row;
}

/** Adds an event to the order's history, by the context's user (none for the system: jobs). */
export async function recordEvent(
  trx: Executor,
  ctx: ServiceContext,
  orderId: number,
  type: string,
  data: Record<string, unknown> = {},
): Promise<void> {
  await insertEvent(trx, eventOf(ctx, orderId, type, data));
}

/** An event of the order's history by the context's user (none for the system: jobs). */
const eventOf = (ctx: ServiceContext, orderId: number, type: string, data: Record<string, unknown>): NewEvent => ({
  orderId,
  userId: ctx.userId || null,
  type,
  data,
  now: ctx.now,
});

/** A new order in the company's lists (counted in "all" and in its status tab). */
export async function insertOrder(
  trx: Executor,
  ctx: ServiceContext,
  values: Omit<Insertable<OrdersTable>, 'company_id' | 'created_at' | 'updated_at'>,
): Promise<OrderRow> {
  const order = await insertOrderRow(trx, {
    ...values,
    company_id: ctx.companyId,
    created_at: ctx.now,
    updated_at: ctx.now,
  });
  return order;
}

/** The order leaves the company's lists with its history (the caller removed what hangs on it first). */
export async function removeOrder(trx: Executor, order: OrderRow): Promise<void> {
  await restateOrderLines(trx, {
    orderId: order.id,
    companyId: order.company_id,
    createdAt: order.created_at,
    counted: false,
  });
  await deleteOrderRow(trx, order.id);
}

/**
 * Moves the order's status as `cause` does (core's table), with the counts of both tabs and the
 * history event. Answers the new status, or null when the cause does not move this order. `strict`
 * (a person's request: cancel, restore) answers 409 instead of doing nothing.
 */
export async function changeStatus(
  trx: Executor,
  ctx: ServiceContext,
  order: Pick<OrderRow, 'id' | 'company_id' | 'status'>,
  cause: StatusCause,
  opts: {
    previous?: string | null;
    data?: Record<string, unknown>;
    with?: Updateable<OrdersTable>;
    /** History events of the change that come before the status's own (an AWB's), written with it. */
    events?: { type: string; data: Record<string, unknown> }[];
    /** The caller's writes that go with the change, run with its kept-count writes (updateOrderRow). */
    also?: Compilable[];
  } = {},
): Promise<string | null> {
  const to = nextStatus(cause, order.status, opts.previous);
  const events = (opts.events ?? []).map((e) => eventOf(ctx, order.id, e.type, e.data));
  // `with`: the row's other columns that change with the cause (an AWB's), written in the same
  // update, so the kept per-day counts move once: a transaction moving an order twice (courier,
  // then status) could wait in a cycle on PostgreSQL with one moving another order back.
  const also = opts.also ?? [];
  if (to === null) {
    const writes = [...(events.length ? [eventsWrite(trx, events)] : []), ...also];
    if (opts.with) await updateOrderRow(trx, order.id, opts.with, writes);
    else await writeTogether(trx, writes);
    return null;
  }
  const event = cause === 'cancel' ? 'cancelled' : cause === 'restore' ? 'restored' : 'status_changed';
  events.push(eventOf(ctx, order.id, event, { from: order.status, to, ...opts.data }));
  // The kept counts of both tabs move with the row (queries.ts, updateOrderRow), the history
  // events written with them.
  await updateOrderRow(trx, order.id, { ...opts.with, status: to, updated_at: ctx.now }, [
    eventsWrite(trx, events),
    ...also,
  ]);
  // A cancelled order's products leave the kept per-day figures; restored, they come back.
  if (to === 'cancelled' || order.status === 'cancelled') await restateLinesOf(trx, order.id, to !== 'cancelled');
  return to;
}

/**
 * Moves the order's invoice status as `cause` does (core's invoice table), with the counts of both
 * filters; the status is never touched. The history event is the caller's (invoice_created,
 * invoice_storno, invoice_cancelled…). Answers the new invoice status, or null when it does not move.
 */
export async function changeInvoiceStatus(
  trx: Executor,
  ctx: ServiceContext,
  order: Pick<OrderRow, 'id' | 'company_id' | 'invoice_status'>,
  cause: InvoiceCause,
): Promise<string | null> {
  const to = nextInvoiceStatus(cause, order.invoice_status);
  if (to === null) return null;
  await updateOrderRow(trx, order.id, { invoice_status: to, updated_at: ctx.now });
  return to;
}

/** A person's cancel or restore: 409 when the table does not allow it from the order's status. */
export async function requireStatusChange(
  trx: Executor,
  ctx: ServiceContext,
  order: OrderRow,
  cause: 'cancel' | 'restore',
  data?: Record<string, unknown>,
): Promise<void> {
  const to = await changeStatus(trx, ctx, order, cause, { data });
  if (to === null) throw new HttpError(409, cause === 'cancel' ? 'order_already_cancelled' : 'order_not_cancelled');
}

/**
 * The order takes an AWB: courier, number and courier status `created`, a new order becomes
 * processing (core's statusMovedByAwb tells the caller which status to keep for the delete); its
 * history says so.
 */
export async function attachAwb(
  trx: Executor,
  ctx: ServiceContext,
  order: OrderRow,
  awb: { courier: string; awb: string },
  extra: Record<string, unknown> = {},
  /** The caller's writes that go with it (the shipping events' SMS job), run with the kept-count writes. */
  also: Compilable[] = [],
): Promise<void> {
  await changeStatus(trx, ctx, order, 'awb_created', {
    with: {
      courier: awb.courier,
      awb: awb.awb,
      courier_status: 'created',
      awb_refused: 0,
      ...NO_ATTENTION,
      updated_at: ctx.now,
    },
    events: [{ type: 'awb_created', data: { courier: awb.courier, awb: awb.awb, ...extra } }],
    also,
  });
}

/** The order loses its AWB (deleted at the courier): back to the status the AWB moved it from, if it is still processing. */
export async function detachAwb(
  trx: Executor,
  ctx: ServiceContext,
  order: OrderRow,
  opts: { movedFrom: string | null; goneAtCourier: boolean },
): Promise<void> {
  const { awb, courier } = order;
  await changeStatus(trx, ctx, order, 'awb_deleted', {
    previous: opts.movedFrom,
    with: { awb: null, courier: null, courier_status: null, awb_refused: 0, ...NO_ATTENTION, updated_at: ctx.now },
    events: [{ type: 'awb_deleted', data: { courier, awb, ...(opts.goneAtCourier ? { gone_at_courier: true } : {}) } }],
  });
}

/**
 * The courier's news about the order's AWB: written only if the order still has this AWB in the
 * status read (a deleted AWB or a change written by another run changes nothing), with its event;
 * a delivery completes the order as the transition table says. `refused`: the courier's history of
 * the AWB shows a refusal at the door (a parcel already on its way back when asked), remembered as
 * the order's `awb_refused` like a move to `refused`. Answers whether anything changed and whether
 * the order was completed.
 */
export async function setCourierStatus(
  trx: Executor,
  ctx: ServiceContext,
  change: { orderId: number; courier: string; awb: string; from: string; to: string; refused?: boolean },
): Promise<{ moved: boolean; completed: boolean }> {
  const moved = await moveCourierStatusRow(trx, { ...change, now: ctx.now });
  if (!moved) return { moved: false, completed: false };
  await recordEvent(trx, ctx, change.orderId, 'courier_status', { awb: change.awb, from: change.from, to: change.to });
  if (change.to !== 'delivered') return { moved: true, completed: false };
  const order = await lockOrder(trx, ctx, change.orderId);
  return { moved: true, completed: (await changeStatus(trx, ctx, order, 'delivered')) !== null };
}

/** A new or removed AWB: its parcel's attention (and what was handled of it) goes with the old parcel. */
const NO_ATTENTION = { attention: null, attention_since: null, attention_handled: null } as const;

/**
 * Why the order's parcel needs the seller's attention, as the tracking read it (`reason`: refused,
 * returning, failed_attempt, stalled; null: nothing). A reason a seller marked handled stays out of
 * the list while it is read again; another reason brings the order back; none clears both. Moves
 * the "attention" kept count with it; answers whether the order entered (a new reason: the caller
 * alerts) and records the entry in the history.
 */
export async function setAttention(
  trx: Executor,
  ctx: ServiceContext,
  order: { id: number; attention: string | null; attention_handled: string | null },
  reason: string | null,
): Promise<{ entered: boolean }> {
  if (reason === null) {
    if (order.attention === null && order.attention_handled === null) return { entered: false };
    await updateOrderRow(trx, order.id, { ...NO_ATTENTION, updated_at: ctx.now });
    if (order.attention !== null) await recordEvent(trx, ctx, order.id, 'attention_left', { reason: order.attention });
    return { entered: false };
  }
  if (reason === order.attention || reason === order.attention_handled) return { entered: false };
  await updateOrderRow(trx, order.id, {
    attention: reason,
    attention_since: ctx.now,
    attention_handled: null,
    updated_at: ctx.now,
  });
  await recordEvent(trx, ctx, order.id, 'attention_entered', { reason });
  return { entered: true };
}

/** A seller marked the order's parcel handled: it leaves the attention list; the history says who. */
export async function markAttentionHandled(
  trx: Executor,
  ctx: ServiceContext,
  order: { id: number; attention: string | null },
): Promise<void> {
  if (order.attention === null) return;
  await updateOrderRow(trx, order.id, {
    attention: null,
    attention_since: null,
    attention_handled: order.attention,
    updated_at: ctx.now,
  });
  await recordEvent(trx, ctx, order.id, 'attention_handled', { reason: order.attention });
}

/** The invoice the order shows (`"<series> <number>"`), or none; the history event is the caller's (issued, cancelled, deleted). */
export async function setBillNumber(
  trx: Executor,
  ctx: ServiceContext,
  orderId: number,
  billNumber: string | null,
): Promise<void> {
  await updateOrderRow(trx, orderId, { bill_number: billNumber, updated_at: ctx.now });
}

export interface OrderTotals {
  value: number;
  discount: number;
  client_shipping_cost: number;
  total_value: number;
}

/** Stores the totals computed from the order's lines and discounts (bani). */
export async function storeTotals(
  trx: Executor,
  ctx: ServiceContext,
  orderId: number,
  totals: OrderTotals,
): Promise<void> {
  await updateOrderRow(trx, orderId, {
    value: totals.value,
    discount: totals.discount,
    client_shipping_cost: totals.client_shipping_cost,
    total_value: totals.total_value,
    updated_at: ctx.now,
  });
  // The totals follow a change of the lines: the products' kept per-day figures follow them too.
  await restateLinesOf(trx, orderId);
}

/** The order's products in the kept per-day figures as its lines are now (none when `counted` is false or it is cancelled). */
async function restateLinesOf(trx: Executor, orderId: number, counted?: boolean): Promise<void> {
  const order = await orderRowById(trx, orderId);
  if (!order) return;
  await restateOrderLines(trx, {
    orderId,
    companyId: order.company_id,
    createdAt: order.created_at,
    counted: counted ?? order.status !== 'cancelled',
  });
}

/** Changes the order's notes; each changed field goes to the history (from, to). */
export async function updateNotes(
  trx: Executor,
  ctx: ServiceContext,
  order: OrderRow,
  input: { observations?: string | null; details?: string | null },
): Promise<void> {
  const set: { observations?: string | null; details?: string | null } = {};
  for (const field of ['observations', 'details'] as const) {
    if (input[field] === undefined || input[field] === order[field]) continue;
    set[field] = input[field];
    await recordEvent(trx, ctx, order.id, `${field}_changed`, { from: order[field], to: input[field] });
  }
  if (Object.keys(set).length) await updateOrderRow(trx, order.id, { ...set, updated_at: ctx.now });
}

/** The code of the coupon applied to the order (null: removed), with its history entry. */
export async function setCouponCode(
  trx: Executor,
  ctx: ServiceContext,
  order: OrderRow,
  code: string | null,
): Promise<void> {
  if (order.coupon_code === code) return;
  await updateOrderRow(trx, order.id, { coupon_code: code, updated_at: ctx.now });
  await recordEvent(trx, ctx, order.id, code === null ? 'coupon_removed' : 'coupon_applied', {
    code: code ?? order.coupon_code,
  });
}

/** Changes how the order is paid; the change goes to the history (from, to). */
export async function setPaymentMethod(
  trx: Executor,
  ctx: ServiceContext,
  order: OrderRow,
  paymentMethod: string,
): Promise<void> {
  if (order.payment_method === paymentMethod) return;
  await updateOrderRow(trx, order.id, { payment_method: paymentMethod, updated_at: ctx.now });
  await recordEvent(trx, ctx, order.id, 'payment_method_changed', { from: order.payment_method, to: paymentMethod });
}

/**
 * Whether the order's address needs a person's look (`check`: why, as JSON; null: it needs none),
 * with the "to check" tab's kept count; the history event is the caller's.
 */
export async function setAddressCheck(
  trx: Executor,
  ctx: ServiceContext,
  order: Pick<OrderRow, 'id' | 'address_check'>,
  check: string | null,
): Promise<void> {
  if (order.address_check === check) return;
  await updateOrderRow(trx, order.id, { address_check: check, updated_at: ctx.now });
}

/** The order's shipping cost (bani) before its discounts: the caller stores the totals again after it. */
export async function setShippingCost(
  trx: Executor,
  ctx: ServiceContext,
  order: Pick<OrderRow, 'id' | 'shipping_cost'>,
  bani: number,
): Promise<void> {
  if (Number(order.shipping_cost) === bani) return;
  await updateOrderRow(trx, order.id, { shipping_cost: bani, updated_at: ctx.now });
}

/** Something hanging on the order changed (its customer's details): the order counts as changed. */
export async function touchOrder(trx: Executor, ctx: ServiceContext, orderId: number): Promise<void> {
  await updateOrderRow(trx, orderId, { updated_at: ctx.now });
}

/** The company's order a customer's change is noted on: the one named (if theirs), else their latest. */
export function orderForHistory(
  exec: Executor,
  ctx: ServiceContext,
  customerId: number,
  orderId?: number,
): Promise<number | undefined> {
  return latestOrderIdOf(exec, ctx.companyId, customerId, orderId);
}

/**
 * Locks the company's orders of a customer before a change that moves them (the customer's view
 * is locked after them): every write locks its order rows before the customer's row, as a delete
 * does, so the two never wait on each other in a cycle on PostgreSQL.
 */
export async function lockCustomerOrders(trx: Executor, ctx: ServiceContext, customerId: number): Promise<void> {
  await lockCustomerOrderRows(trx, ctx.companyId, customerId);
}

/**
 * The company's orders of customer `from` become orders of customer `to` (its customer now has
 * another number, so is another person): only the caller's company's orders move, and each counts
 * as changed. An order made meanwhile under `from` and committed is moved too (the update reads
 * the rows as they are when it runs). The history event is the caller's (on one order).
 */
export async function moveCustomerOrders(trx: Executor, ctx: ServiceContext, from: number, to: number): Promise<void> {
  await moveCustomerOrderRows(trx, { companyId: ctx.companyId, from, to, now: ctx.now });
}

/**
 * A flag is about to be raised or removed on the customer (any company's flag makes every
 * company's orders of that customer "flagged"): locks the customer's row against the order writes
 * that read the flags (PostgreSQL) and answers whether the customer carries a flag now. Call it
 * before the flag's row is written and `flagsWritten` after, in the same transaction.
 */
export async function beginFlagChange(trx: Executor, customerId: number): Promise<boolean> {
  await lockCustomerForFlags(trx, customerId);
  return isFlagged(trx, customerId);
}

/** The flags of the customer were written: their orders' kept flagged counts follow when the customer's flagged state changed. */
export async function flagsWritten(trx: Executor, customerId: number, flaggedBefore: boolean): Promise<void> {
  const now = await isFlagged(trx, customerId);
  if (now !== flaggedBefore) await flagChangedCounts(trx, customerId, now);
}

/**
 * The company is about to be deleted with its flags (a foreign key's cascade): each customer it
 * alone flagged stops being flagged for every other company, whose kept flagged counts follow.
 * Each such customer is locked as a flag change locks it, then checked again.
 */
export async function companyFlagsLeaving(trx: Executor, companyId: number): Promise<void> {
  for (const customerId of await flaggedByCompany(trx, companyId)) {
    await lockCustomerForFlags(trx, customerId);
    if (!(await flaggedByAnother(trx, customerId, companyId))) await flagChangedCounts(trx, customerId, false);
  }
}
