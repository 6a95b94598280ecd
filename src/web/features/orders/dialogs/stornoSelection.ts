import type { ReversibleLine } from '../shared/orderView';

/** One line's choice in the storno modal: reversed or not, and how many. */
export interface StornoChoice {
  checked: boolean;
  quantity: number | string;
}
/** The choices by order line id (order_product_id). */
export type StornoChoices = Record<number, StornoChoice>;

/** Nothing chosen; each line offers all that is left of it. */
export function startChoices(lines: readonly ReversibleLine[]): StornoChoices {
  return Object.fromEntries(
    lines.filter((l) => l.left > 0).map((l) => [l.order_product_id, { checked: false, quantity: l.left }]),
  );
}

export type StornoRequest =
  | { order_products: { id: number; quantity: number }[] }
  /** No line chosen (shown as "No products selected"). */
  | { error: 'no_products_selected' }
  /** Chosen lines whose quantity is not a whole number from 1 to what is left (their ids). */
  | { error: 'out_of_range'; lines: number[] };

/**
 * The storno body of the choices: only the chosen lines that still have something left,
 * each with a whole quantity from 1 to what is left of it.
 */
export function stornoRequest(lines: readonly ReversibleLine[], choices: StornoChoices): StornoRequest {
  const chosen = lines.filter((l) => l.left > 0 && choices[l.order_product_id]?.checked);
  if (!chosen.length) return { error: 'no_products_selected' };
  const wrong: number[] = [];
  const order_products = chosen.map((l) => {
    const raw = choices[l.order_product_id].quantity;
    const quantity = typeof raw === 'number' ? raw : Number(String(raw).trim() || NaN);
    if (!Number.isInteger(quantity) || quantity < 1 || quantity > l.left) wrong.push(l.order_product_id);
    return { id: l.order_product_id, quantity };
  });
  return wrong.length ? { error: 'out_of_range', lines: wrong } : { order_products };
}
