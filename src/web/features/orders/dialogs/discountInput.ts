/** The add-discount form as typed. */
export interface DiscountDraft {
  /** An order line's id (Select's string), or null for the whole order. */
  lineId: string | null;
  type: 'amount' | 'percentage' | null;
  value: number | string;
}

/**
 * The body of POST /applied-discount/{orderId}/add, or null when the inputs are not valid: a type
 * (amount or percentage only) and a numeric value are needed, not negative, at most 100 for a
 * percentage.
 */
export function discountInput(
  d: DiscountDraft,
): { type: 'amount' | 'percentage'; value: number; order_product_id: number | null } | null {
  if (d.type !== 'amount' && d.type !== 'percentage') return null;
  if (typeof d.value === 'string' && d.value.trim() === '') return null;
  const value = Number(d.value);
  if (!Number.isFinite(value) || value < 0) return null;
  if (d.type === 'percentage' && value > 100) return null;
  return { type: d.type, value: Math.round(value * 100) / 100, order_product_id: d.lineId ? Number(d.lineId) : null };
}
