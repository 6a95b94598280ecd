import { percentOf } from './money.js';

/**
 * Automatic discounts. Of the rules that qualify (an order discount of the order's source whose
 * order_value threshold is not above the order's value; a product discount of the line's product
 * whose quantity threshold the line reaches), the customer gets the one worth most to them: a
 * percentage is worth its share of the base (the order's value, or the line's), an amount what it
 * takes (never more than the base), free shipping the order's shipping cost. On equal worth the
 * newest rule (highest id) wins, so the choice never depends on row order.
 */
export interface OrderDiscountRule {
  id: number;
  source_id: number;
  type: string;
  /** Threshold in bani. */
  order_value: number;
  value: number | null;
}

export interface ProductDiscountRule {
  id: number;
  product_id: number;
  type: string;
  /** Threshold in units. */
  quantity: number;
  value: number | null;
}

/**
 * What a rule saves the customer, in bani: a percentage (hundredths of %, at most 100 %) of the
 * base, rounded as the totals round it; an amount, at most the base; free shipping, the shipping
 * cost the customer would otherwise pay.
 */
export function discountWorth(
  rule: { type: string; value: number | null },
  base: number,
  shippingCost: number,
): number {
  const value = Math.max(0, rule.value ?? 0);
  if (rule.type === 'shipping') return Math.max(0, shippingCost);
  if (rule.type === 'percentage') return percentOf(Math.max(0, base), Math.min(value, 100_00));
  return Math.min(value, Math.max(0, base));
}

function mostWorth<T extends { id: number; type: string; value: number | null }>(
  candidates: T[],
  base: number,
  shippingCost: number,
): T | null {
  let winner: T | null = null;
  let winnerWorth = -1;
  for (const c of candidates) {
    const worth = discountWorth(c, base, shippingCost);
    if (worth > winnerWorth || (worth === winnerWorth && winner !== null && c.id > winner.id)) {
      winner = c;
      winnerWorth = worth;
    }
  }
  return winner;
}

/** The order discount worth most of those the order qualifies for (`orderValue` and `shippingCost` in bani). */
export function matchOrderDiscount(
  rules: OrderDiscountRule[],
  sourceId: number | null,
  orderValue: number,
  shippingCost = 0,
): OrderDiscountRule | null {
  if (sourceId === null) return null;
  return mostWorth(
    rules.filter((r) => r.source_id === sourceId && r.order_value <= orderValue),
    orderValue,
    shippingCost,
  );
}

/** The product discount worth most on this line (`lineValue` in bani) of those its quantity reaches. */
export function matchProductDiscount(
  rules: ProductDiscountRule[],
  productId: number | null,
  quantity: number,
  lineValue = 0,
  shippingCost = 0,
): ProductDiscountRule | null {
  if (productId === null || quantity < 1) return null;
  return mostWorth(
    rules.filter((r) => r.product_id === productId && r.quantity <= quantity),
    lineValue,
    shippingCost,
  );
}
