/** Every status an order's fulfilment can have: the spec's four. */
export const ORDER_STATUSES = ['new', 'processing', 'completed', 'cancelled'] as const;
export type OrderStatusValue = (typeof ORDER_STATUSES)[number];

/**
 * The state of the order's invoice, kept apart from its status so that a reversal never hides how
 * far the order got (a shipped order with one item reversed is still processing or completed).
 * `storno` and `partially_storno` are the spec's names; `none` (no invoice, or it was cancelled or
 * deleted) and `issued` complete them.
 */
export const INVOICE_STATUSES = ['none', 'issued', 'partially_storno', 'storno'] as const;
export type InvoiceStatusValue = (typeof INVOICE_STATUSES)[number];

/**
 * The two statuses the API's `status` used to carry before the invoice had its own: the list still
 * accepts them as `status=storno` / `status=partially_storno`, read as the invoice status filter.
 */
export const LEGACY_INVOICE_STATUSES = ['storno', 'partially_storno'] as const;

/** Largest quantity on one line (far above any real order, far below integer limits). */
export const MAX_LINE_QUANTITY = 100_000;
