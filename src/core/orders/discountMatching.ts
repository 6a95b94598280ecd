/**
 * Automatic discounts. An order gets the order discount of its source with the highest
 * order_value threshold not above the order's value; a line gets the product discount of its
 * product with the highest quantity threshold the line reaches. On equal thresholds the newest
 * discount (highest id) wins, so the choice never depends on row order.
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

function best<T extends { id: number }>(candidates: T[], threshold: (t: T) => number): T | null {
  let winner: T | null = null;
  for (const c of candidates) {
    if (!winner || threshold(c) > threshold(winner) || (threshold(c) === threshold(winner) && c.id > winner.id))
      winner = c;
  }
  return winner;
}

export function matchOrderDiscount(
  rules: OrderDiscountRule[],
  sourceId: number | null,
  orderValue: number,
): OrderDiscountRule | null {
  if (sourceId === null) return null;
  return best(
    rules.filter((r) => r.source_id === sourceId && r.order_value <= orderValue),
    (r) => r.order_value,
  );
}

export function matchProductDiscount(
  rules: ProductDiscountRule[],
  productId: number | null,
  quantity: number,
): ProductDiscountRule | null {
  if (productId === null || quantity < 1) return null;
  return best(
    rules.filter((r) => r.product_id === productId && r.quantity <= quantity),
    (r) => r.quantity,
  );
}
