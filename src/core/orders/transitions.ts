import type { InvoiceStatusValue, OrderStatusValue } from './statuses.js';

/**
 * How an order's status moves, and what moves it. One table, read by the server's order lifecycle
 * (which refuses any other move) and testable on its own:
 *
 * - `cancel`: any status but cancelled (the order must also have neither AWB nor invoice: see
 *   eligibility.ts, checked before); `restore`: cancelled back to new.
 * - `awb_created`: a new order is being shipped (processing); an order further on keeps its status.
 * - `awb_deleted`: back to the status the AWB moved it from, only while it is still processing.
 * - `delivered`: the courier delivered the parcel: a new or processing order is completed (a
 *   completed order stays as it is).
 * A reversal of the invoice never moves the status: it moves the invoice status (below).
 */
export type StatusCause = 'cancel' | 'restore' | 'awb_created' | 'awb_deleted' | 'delivered';

interface Transition {
  from: readonly OrderStatusValue[];
  /** The status reached; `previous` is the one the order had before its AWB (awb_deleted). */
  to: OrderStatusValue | 'previous';
  /** The history event the move writes. */
  event: 'cancelled' | 'restored' | 'status_changed';
}

export const STATUS_TRANSITIONS: Record<StatusCause, Transition> = {
  cancel: { from: ['new', 'processing', 'completed'], to: 'cancelled', event: 'cancelled' },
  restore: { from: ['cancelled'], to: 'new', event: 'restored' },
  awb_created: { from: ['new'], to: 'processing', event: 'status_changed' },
  awb_deleted: { from: ['processing'], to: 'previous', event: 'status_changed' },
  delivered: { from: ['new', 'processing'], to: 'completed', event: 'status_changed' },
};

/**
 * The status `cause` moves an order in `from` to, or null when it does not move it (a status the
 * cause does not apply to, or the same status). `previous` answers awb_deleted.
 */
export function nextStatus(cause: StatusCause, from: string, previous?: string | null): OrderStatusValue | null {
  const t = STATUS_TRANSITIONS[cause];
  if (!(t.from as readonly string[]).includes(from)) return null;
  const to = t.to === 'previous' ? ((previous as OrderStatusValue | null | undefined) ?? null) : t.to;
  return to && to !== from ? to : null;
}

/** The status an AWB moves the order from (only `new` moves, to processing): kept with the AWB, so its delete can put it back. */
export const statusMovedByAwb = (status: string): string | null => (nextStatus('awb_created', status) ? status : null);

/**
 * How the order's invoice status moves, beside its status and never touching it:
 *
 * - `issued`: SmartBill issued the order's invoice (none → issued), or a new one for an order
 *   whose invoice was fully reversed (storno → issued).
 * - `ended`: the invoice was cancelled or deleted at SmartBill: the order has none again, so a
 *   corrected one can be issued. A reversed invoice is never cancelled or deleted.
 * - `partial_storno`: part of the invoice was reversed (issued or already in part → partially_storno).
 * - `storno`: everything left of it was reversed (issued or partially_storno → storno); a fully
 *   reversed invoice takes no further storno, and no longer holds the order (it has no current
 *   invoice, so it may be invoiced anew), while the order's invoice status keeps saying it was
 *   reversed until then.
 */
export type InvoiceCause = 'issued' | 'ended' | 'partial_storno' | 'storno';

export const INVOICE_TRANSITIONS: Record<
  InvoiceCause,
  { from: readonly InvoiceStatusValue[]; to: InvoiceStatusValue }
> = {
  issued: { from: ['none', 'storno'], to: 'issued' },
  ended: { from: ['issued', 'partially_storno'], to: 'none' },
  partial_storno: { from: ['issued', 'partially_storno'], to: 'partially_storno' },
  storno: { from: ['issued', 'partially_storno'], to: 'storno' },
};

/** The invoice status `cause` moves an order's invoice status `from` to, or null when it does not move it. */
export function nextInvoiceStatus(cause: InvoiceCause, from: string): InvoiceStatusValue | null {
  const t = INVOICE_TRANSITIONS[cause];
  if (!(t.from as readonly string[]).includes(from)) return null;
  return t.to !== from ? t.to : null;
}
