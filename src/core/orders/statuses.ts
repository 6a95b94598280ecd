/** Every status an order can have: the spec's four, and the two an invoice's reversal gives it. */
export const ORDER_STATUSES = ['new', 'processing', 'completed', 'cancelled', 'storno', 'partially_storno'] as const;
export type OrderStatusValue = (typeof ORDER_STATUSES)[number];

/** Largest quantity on one line (far above any real order, far below integer limits). */
export const MAX_LINE_QUANTITY = 100_000;
