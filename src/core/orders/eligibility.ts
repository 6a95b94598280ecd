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
