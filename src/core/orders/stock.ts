/**
 * Stock moves of orders, as the change to apply to a product's stock (negative takes, positive
 * gives back). Stock may go below zero: an order is never refused for it.
 */
export type OrderStatus = 'new' | 'processing' | 'completed' | 'cancelled' | (string & {});

/** A cancelled order holds no stock: its lines were given back when it was cancelled. */
export const holdsStock = (status: OrderStatus): boolean => status !== 'cancelled';

/** A line's quantity going from `from` to `to` (0 = no line) on an order in `status`. */
export function lineStockChange(from: number, to: number, status: OrderStatus): number {
  if (!holdsStock(status)) return 0;
  return Math.max(0, from) - Math.max(0, to);
}

/** The order's status going from `from` to `to`, for a line of `quantity`. */
export function statusStockChange(from: OrderStatus, to: OrderStatus, quantity: number): number {
  const before = holdsStock(from) ? quantity : 0;
  const after = holdsStock(to) ? quantity : 0;
  return before - after;
}

/** Deleting an order gives back what it holds (nothing if it was cancelled). */
export const deleteStockChange = (status: OrderStatus, quantity: number): number =>
  holdsStock(status) ? Math.max(0, quantity) : 0;
