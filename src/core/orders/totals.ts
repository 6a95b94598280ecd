import { percentOf } from './money.js';

/** What a discount takes: an amount (bani), a percentage (hundredths of %) or free shipping. */
export type AppliedDiscountType = 'amount' | 'percentage' | 'shipping';

export interface TotalsLine {
  id: number;
  /** Unit price in bani, copied from the product when the line was made. */
  price: number;
  quantity: number;
}

export interface TotalsDiscount {
  type: AppliedDiscountType;
  /** Bani for amount, hundredths of a percent for percentage, ignored for shipping. */
  value: number | null;
  /** The line it applies to; null for an order-level discount. */
  order_product_id: number | null;
}

export interface OrderTotals {
  /** Sum of the lines (bani). */
  value: number;
  /**
   * What the applied discounts other than free shipping take (bani): their sum, at most what the
   * customer would otherwise pay (value + client shipping cost), so that value − discount + client
   * shipping cost is the total, line by line.
   */
  discount: number;
  /** The discounts' sum before that cap (bani): above `discount` when they are worth more than the order. */
  discountAsked: number;
  client_shipping_cost: number;
  total_value: number;
  /**
   * The bani each discount takes, in the order given (0 for shipping): each its own amount while
   * the order has that much left, so they add up to `discount`.
   */
  discountAmounts: number[];
  freeShipping: boolean;
}

const nonNegative = (n: number) => Math.max(0, n);

/** The value of one line in bani: exact (integer price times integer quantity). */
export const lineValue = (line: Pick<TotalsLine, 'price' | 'quantity'>): number =>
  nonNegative(line.price) * nonNegative(line.quantity);

/**
 * What one discount takes, in bani, rounded once: a percentage of its line (or of the order's
 * value when order-level), or its amount. Never below 0; a line discount never takes more than its
 * line, an order discount never more than the order's value.
 */
export function discountAmount(d: TotalsDiscount, lineValues: Map<number, number>, orderValue: number): number {
  if (d.type === 'shipping') return 0;
  // A discount whose line has gone applies to nothing.
  const base = d.order_product_id === null ? orderValue : (lineValues.get(d.order_product_id) ?? 0);
  const value = nonNegative(d.value ?? 0);
  const raw = d.type === 'percentage' ? percentOf(base, Math.min(value, 100_00)) : value;
  return Math.min(raw, base);
}

/**
 * The order's totals: value = sum of lines; discount = what the applied discounts take, their sum
 * but never more than value + client shipping cost; total_value = value − discount + client
 * shipping cost, never below 0 (what the summary shows adds up). A free-shipping discount makes the
 * client shipping cost 0 and adds nothing to `discount`. `shippingCost` is the order's own
 * shipping cost (the company's default when the order was made). Discounts worth more than the
 * order take what is left in the order given: the later ones take less, or nothing.
 */
export function computeTotals(lines: TotalsLine[], discounts: TotalsDiscount[], shippingCost: number): OrderTotals {
  const lineValues = new Map(lines.map((l) => [l.id, lineValue(l)]));
  const value = [...lineValues.values()].reduce((a, b) => a + b, 0);
  const asked = discounts.map((d) => discountAmount(d, lineValues, value));
  const discountAsked = asked.reduce((a, b) => a + b, 0);
  const freeShipping = discounts.some((d) => d.type === 'shipping');
  const client_shipping_cost = freeShipping ? 0 : nonNegative(shippingCost);
  let left = value + client_shipping_cost;
  const discountAmounts = asked.map((a) => {
    const taken = Math.min(a, left);
    left -= taken;
    return taken;
  });
  const discount = discountAmounts.reduce((a, b) => a + b, 0);
  return {
    value,
    discount,
    discountAsked,
    client_shipping_cost,
    total_value: value - discount + client_shipping_cost,
    discountAmounts,
    freeShipping,
  };
}
