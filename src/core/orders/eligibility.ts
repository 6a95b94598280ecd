/**
 * Cancel and restore. Cancel is allowed only while the order has neither an AWB nor an invoice
 * (a parcel or an invoice exists outside the console and must be undone first); restore only
 * from cancelled. The reason is a message key of the catalogue.
 */
export interface CancelSubject {
  status: string;
  awb: string | null;
  bill_number: string | null;
}

export type Refusal = 'order_already_cancelled' | 'order_has_awb' | 'order_has_invoice' | 'order_not_cancelled';

const present = (v: string | null) => v !== null && v.trim() !== '';

export function cancelRefusal(order: CancelSubject): Refusal | null {
  if (order.status === 'cancelled') return 'order_already_cancelled';
  if (present(order.awb)) return 'order_has_awb';
  if (present(order.bill_number)) return 'order_has_invoice';
  return null;
}

export function restoreRefusal(order: CancelSubject): Refusal | null {
  return order.status === 'cancelled' ? null : 'order_not_cancelled';
}

/** Whether the Cancel button shows (the same rule as the server's). */
export const canCancel = (order: CancelSubject): boolean => cancelRefusal(order) === null;
export const canRestore = (order: CancelSubject): boolean => restoreRefusal(order) === null;

/** What decides whether an order's products and discounts may still change. */
export interface ContentsSubject {
  /** A cancelled order is closed: its contents wait for a restore. */
  status: string;
  bill_number: string | null;
  awb: string | null;
  /** An invoice create in flight or whose outcome is being checked. */
  invoice_state: 'pending' | 'unknown' | null;
  /** The same for an AWB. */
  awb_state: 'pending' | 'unknown' | null;
}

export type ContentsLock =
  'order_contents_cancelled' | 'order_contents_invoiced' | 'order_contents_shipped' | 'order_awb_unsettled';

/**
 * An order's products and discounts are fixed once documents were made from them: an invoice (its
 * lines are the order's; a change goes through a cancel or a storno) or an AWB (its cash on
 * delivery is the order's total); the same while either is being created or checked. A cancelled
 * order is fixed too: it holds no stock and gets no document, so a change would be made blind
 * (restore it first). The reason is a message key of the catalogue.
 */
export function contentsLock(order: ContentsSubject): ContentsLock | null {
  if (order.status === 'cancelled') return 'order_contents_cancelled';
  if (present(order.bill_number) || order.invoice_state !== null) return 'order_contents_invoiced';
  if (present(order.awb)) return 'order_contents_shipped';
  if (order.awb_state !== null) return 'order_awb_unsettled';
  return null;
}
