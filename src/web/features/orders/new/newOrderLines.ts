import { toBani } from '../../../../core/money';

/** A product line of the new-order form. */
export interface DraftLine {
  product_id: number;
  sku: string;
  name: string;
  /** Unit price as the product list gives it (RON with two decimals), null when the product has none. */
  price: number | null;
  currency: string;
  quantity: number;
}

/** Adds a product (only with a selection): a product already on the form gets one more instead. */
export function addLine(lines: readonly DraftLine[], line: Omit<DraftLine, 'quantity'> | null): DraftLine[] {
  if (!line) return [...lines];
  if (lines.some((l) => l.product_id === line.product_id))
    return lines.map((l) => (l.product_id === line.product_id ? { ...l, quantity: l.quantity + 1 } : l));
  return [...lines, { ...line, quantity: 1 }];
}

/** Sets a typed quantity: never below 1 (a blank or invalid entry keeps 1); whole numbers only. */
export function setQuantity(lines: readonly DraftLine[], productId: number, quantity: number | string): DraftLine[] {
  const n = Math.floor(Number(quantity));
  const q = Number.isFinite(n) && n >= 1 ? n : 1;
  return lines.map((l) => (l.product_id === productId ? { ...l, quantity: q } : l));
}

export const increase = (lines: readonly DraftLine[], productId: number): DraftLine[] =>
  lines.map((l) => (l.product_id === productId ? { ...l, quantity: l.quantity + 1 } : l));

/** The minus button: one less, and at 1 the line goes (spec: reducing it at 1 removes the line). */
export function decrease(lines: readonly DraftLine[], productId: number): DraftLine[] {
  const line = lines.find((l) => l.product_id === productId);
  if (!line) return [...lines];
  if (line.quantity <= 1) return lines.filter((l) => l.product_id !== productId);
  return lines.map((l) => (l.product_id === productId ? { ...l, quantity: l.quantity - 1 } : l));
}

export const removeLine = (lines: readonly DraftLine[], productId: number): DraftLine[] =>
  lines.filter((l) => l.product_id !== productId);

/** A line's value in bani (exact: integer price in bani times the quantity). */
export const lineBani = (line: Pick<DraftLine, 'price' | 'quantity'>): number =>
  line.price === null ? 0 : toBani(line.price) * line.quantity;

/** The running total in bani per currency, in the order the currencies first appear. */
export function runningTotals(lines: readonly DraftLine[]): { currency: string; bani: number }[] {
  const totals = new Map<string, number>();
  for (const l of lines) totals.set(l.currency, (totals.get(l.currency) ?? 0) + lineBani(l));
  return [...totals].map(([currency, bani]) => ({ currency, bani }));
}

/** The new-order payload's products: a map from SKU to quantity. */
export const productsPayload = (lines: readonly DraftLine[]): Record<string, number> =>
  Object.fromEntries(lines.map((l) => [l.sku, l.quantity]));
