import { divRound } from '../../../core/orders/money.js';
import { computeTotals, lineValue, type AppliedDiscountType } from '../../../core/orders/totals.js';
// The Romanian number and day forms of every document (the invoice PDF writes its amounts so too).
import { langMoney, roDay, roNumber } from '../../lib/documentFormat.js';

/**
 * The lines of an order's invoice and of its storno documents, in bani. Pure: the service reads
 * the rows, these functions decide what goes on the document.
 *
 * An invoice has, in this order: each product line (tax included, at its product's VAT rate) followed
 * by the discounts of that line, then the order-level discounts (covering every product line), then
 * the client shipping cost as a service line. Each discount takes exactly the bani the order's own
 * totals computed (computeTotals, the same rounding), so the lines add up to the order's total.
 */

export type InvoiceLineKind = 'product' | 'shipping' | 'discount';

/** A line as stored and sent (invoice_lines without ids). */
export interface PlannedLine {
  position: number;
  kind: InvoiceLineKind;
  order_product_id: number | null;
  /** A line discount: the position of the product line it discounts; null otherwise. */
  discount_of: number | null;
  name: string;
  code: string | null;
  /** Units; 1 for a discount line. */
  quantity: number;
  /** Bani per unit, tax included; for a discount line the bani it takes off. */
  unit_price: number;
  /** A discount line: how many product lines just before it it covers. */
  applies_to: number | null;
  vat_name: string;
  vat_percentage: number;
}

export interface OrderForInvoice {
  /** Each product line with its product's VAT rate; without one the company's default applies. */
  lines: { id: number; name: string; sku: string; price: number; quantity: number; vat?: Vat | null }[];
  discounts: { type: string; value: number | null; order_product_id: number | null; coupon: string | null }[];
  /** The order's own shipping cost (bani); what the client pays follows the free-shipping discounts. */
  shippingCost: number;
  /** orders.total_value (bani): the lines must add up to it. */
  totalValue: number;
}

export interface Vat {
  name: string;
  percentage: number;
}

export type InvoicePlan =
  { ok: true; lines: PlannedLine[]; total: number } | { ok: false; key: string; params: Record<string, string> };

/** Signed value of a planned line: quantity × price, negative for a discount. */
export const plannedValue = (l: Pick<PlannedLine, 'kind' | 'quantity' | 'unit_price'>): number =>
  l.kind === 'discount' ? -l.unit_price : l.quantity * l.unit_price;

/**
 * An amount of a refusal's message, `name_en` and `name_ro` in each language's form ("1,234.56" /
 * "1.234,56"): the message is read in the language of whoever reads it, and a bulk job keeps it in
 * both, so the plan names none.
 */
const amountParams = (name: string, bani: number) => ({
  [`${name}_en`]: langMoney(bani, 'en'),
  [`${name}_ro`]: langMoney(bani, 'ro'),
});

/** "12,5%" as a Romanian invoice writes a percentage of hundredths (1250). */
const percentText = (hundredths: number) => `${String(hundredths / 100).replace('.', ',')}%`;

function discountName(d: OrderForInvoice['discounts'][number], sku: string | null): string {
  const what = d.coupon ? `Cupon ${d.coupon}` : 'Discount';
  const pct = d.type === 'percentage' && d.value !== null ? ` ${percentText(d.value)}` : '';
  return `${what}${pct}${sku ? ` ${sku}` : ' comandă'}`;
}

const vatKey = (v: Vat) => `${v.name}|${v.percentage}`;

/**
 * The invoice's lines from the order, or why it cannot be issued (a message key of the catalogue).
 * Each product line carries its own VAT rate (`vat`, the product's, else the company's default),
 * its line discounts the same. Products are grouped by rate (in the order of their first line), and
 * an order discount is split over the groups in proportion to their value, each share placed after
 * its group so that it lowers the base of the rate it discounts. The shipping line takes the
 * company's default rate, or without one the highest rate of the products.
 */
export function invoiceLinesOf(order: OrderForInvoice, defaultVat: Vat | null): InvoicePlan {
  if (order.lines.length === 0) return { ok: false, key: 'invoice_no_products', params: {} };
  const noRate = order.lines.find((l) => !l.vat && !defaultVat);
  if (noRate)
    return { ok: false, key: 'invoice_product_no_vat', params: { product: `${noRate.name} (${noRate.sku})` } };
  const byId = [...order.lines].sort((a, b) => a.id - b.id).map((l) => ({ ...l, vat: (l.vat ?? defaultVat)! }));
  const groupKeys = [...new Set(byId.map((l) => vatKey(l.vat)))];
  const products = groupKeys.flatMap((k) => byId.filter((l) => vatKey(l.vat) === k));
  const totals = computeTotals(
    products.map((l) => ({ id: l.id, price: l.price, quantity: l.quantity })),
    order.discounts.map((d) => ({
      type: d.type as AppliedDiscountType,
      value: d.value,
      order_product_id: d.order_product_id,
    })),
    order.shippingCost,
  );
  // Discounts worth more than the order (the totals cap what they take, so the total is 0): they
  // cannot be invoiced as such.
  if (totals.discountAsked > totals.discount)
    return {
      ok: false,
      key: 'invoice_discounts_exceed_value',
      params: { ...amountParams('discount', totals.discountAsked), ...amountParams('value', totals.value) },
    };
  const taken = order.discounts.map((d, i) => ({ d, amount: totals.discountAmounts[i] })).filter((x) => x.amount > 0);
  const orderDiscounts = taken.filter((x) => x.d.order_product_id === null);
  const out: PlannedLine[] = [];
  const base = { code: null, applies_to: null, discount_of: null, order_product_id: null };
  const withVat = (v: Vat) => ({ vat_name: v.name, vat_percentage: v.percentage });
  // What each order discount has left to share out over the groups still to come.
  const left = orderDiscounts.map((x) => x.amount);
  let valueLeft = totals.value;
  for (const key of groupKeys) {
    const group = products.filter((l) => vatKey(l.vat) === key);
    const vat = group[0].vat;
    for (const l of group) {
      const position = out.length + 1;
      out.push({
        ...base,
        ...withVat(vat),
        position,
        kind: 'product',
        order_product_id: l.id,
        name: l.name,
        code: l.sku,
        quantity: l.quantity,
        unit_price: l.price,
      });
      for (const { d, amount } of taken.filter((x) => x.d.order_product_id === l.id)) {
        out.push({
          ...base,
          ...withVat(vat),
          position: out.length + 1,
          kind: 'discount',
          discount_of: position,
          name: discountName(d, l.sku),
          quantity: 1,
          unit_price: amount,
          applies_to: 1,
        });
      }
    }
    const groupValue = group.reduce((sum, l) => sum + lineValue(l), 0);
    for (const [i, { d }] of orderDiscounts.entries()) {
      // The last group takes what is left, so the shares add up to the discount exactly.
      const share = groupValue >= valueLeft ? left[i] : divRound(left[i] * groupValue, valueLeft);
      left[i] -= share;
      if (share <= 0) continue;
      out.push({
        ...base,
        ...withVat(vat),
        position: out.length + 1,
        kind: 'discount',
        name: discountName(d, null),
        quantity: 1,
        unit_price: share,
        applies_to: group.length,
      });
    }
    valueLeft -= groupValue;
  }
  const highest = products.reduce((a, l) => (l.vat.percentage > a.percentage ? l.vat : a), products[0].vat);
  if (totals.client_shipping_cost > 0) {
    out.push({
      ...base,
      ...withVat(defaultVat ?? highest),
      position: out.length + 1,
      kind: 'shipping',
      name: 'Transport',
      quantity: 1,
      unit_price: totals.client_shipping_cost,
    });
  }
  const total = out.reduce((sum, l) => sum + plannedValue(l), 0);
  if (total !== order.totalValue)
    return {
      ok: false,
      key: 'invoice_total_mismatch',
      params: { ...amountParams('lines', total), ...amountParams('total', order.totalValue) },
    };
  return { ok: true, lines: out, total };
}

// ---- storno -----------------------------------------------------------------------------------

/** An invoice line as stored, with what storno documents took back so far. */
export interface StoredLine extends PlannedLine {
  id: number;
  /** Units reversed so far (product and shipping lines). */
  reversed: number;
  /** Bani reversed so far (every kind: a discount line gives its value back in shares). */
  reversed_value: number;
}

/** A line of a storno document: what it takes back of one invoice line. */
export interface StornoLine extends PlannedLine {
  reverses_line_id: number;
  /** Bani taken back by this line (positive; a discount share is given back to the client's debt). */
  amount: number;
}

export interface StornoPlan {
  lines: StornoLine[];
  /** Every unit of every product line reversed once this document is issued (shipping and discounts with them). */
  full: boolean;
  /** Nothing was reversed before and everything is now: SmartBill's own reverse of the whole invoice. */
  whole: boolean;
  /** What the document takes back, bani (its total is the negative of this). */
  total: number;
}

/**
 * The storno document for `take` (invoice line id → units), checked by the caller against what is
 * left. Product lines go back at their price; each discount goes back in proportion to what is
 * reversed of what it covered (a line discount by units of its line, an order discount by value),
 * counted on the cumulative reversal so the shares add up exactly to the discount when everything
 * is reversed. The shipping line goes back with the last units (a full reversal).
 */
export function stornoPlan(lines: StoredLine[], take: Map<number, number>): StornoPlan {
  const products = lines.filter((l) => l.kind === 'product');
  const after = new Map(products.map((p) => [p.id, p.reversed + (take.get(p.id) ?? 0)]));
  const full = products.every((p) => after.get(p.id) === p.quantity);
  const whole = full && lines.every((l) => l.reversed === 0 && l.reversed_value === 0);
  const out: StornoLine[] = [];
  const push = (l: StoredLine, quantity: number, unitPrice: number, appliesTo: number | null, amount: number) =>
    out.push({
      position: out.length + 1,
      kind: l.kind,
      order_product_id: l.order_product_id,
      discount_of: null,
      name: l.name,
      code: l.code,
      quantity,
      unit_price: unitPrice,
      applies_to: appliesTo,
      vat_name: l.vat_name,
      vat_percentage: l.vat_percentage,
      reverses_line_id: l.id,
      amount,
    });
  const share = (d: StoredLine, target: number) => Math.max(0, Math.min(d.unit_price, target) - d.reversed_value);

  let productItems = 0;
  for (const p of products) {
    const q = take.get(p.id) ?? 0;
    if (q <= 0) continue;
    push(p, q, p.unit_price, null, q * p.unit_price);
    productItems += 1;
    for (const d of lines.filter((x) => x.kind === 'discount' && x.discount_of === p.position)) {
      const back = share(d, divRound(d.unit_price * after.get(p.id)!, p.quantity));
      if (back > 0) push(d, 1, back, 1, back);
    }
  }
  const value = products.reduce((sum, p) => sum + lineValue({ price: p.unit_price, quantity: p.quantity }), 0);
  const reversedValue = products.reduce((sum, p) => sum + after.get(p.id)! * p.unit_price, 0);
  for (const d of lines.filter((x) => x.kind === 'discount' && x.discount_of === null)) {
    const target = value > 0 ? divRound(d.unit_price * reversedValue, value) : full ? d.unit_price : 0;
    const back = share(d, full ? d.unit_price : target);
    if (back > 0) push(d, 1, back, productItems, back);
  }
  if (full) {
    for (const s of lines.filter((x) => x.kind === 'shipping' && x.reversed < x.quantity))
      push(s, s.quantity - s.reversed, s.unit_price, null, (s.quantity - s.reversed) * s.unit_price);
  }
  const total = out.reduce((sum, l) => sum + (l.kind === 'discount' ? -l.amount : l.amount), 0);
  return { lines: out, full, whole, total };
}

/** A line converted into the order's currency, as the order keeps it (rates in ten-thousandths). */
export interface ConvertedLine {
  sku: string;
  original_currency: string | null;
  original_price: number | string | null;
  exchange_rate: number | string | null;
  rate_date: string | null;
  rate_source: string | null;
}

/**
 * What the invoice says of the rates its converted lines were priced at, in SmartBill's `mentions`
 * (the invoice is in lei, as its lines are: SmartBill's `exchangeRate` is for an invoice issued in
 * another currency, which this is not). One sentence per rate and day, naming the lines and their
 * own prices: "Curs BNR din 25.11.2026: 1 EUR = 4,9771 RON (GHIV 167,99 EUR)". Undefined when no
 * line was converted.
 */
export function conversionMentions(lines: ConvertedLine[]): string | undefined {
  const byRate = new Map<string, string[]>();
  for (const l of lines) {
    if (!l.original_currency || l.exchange_rate === null || !l.rate_date) continue;
    const who = l.rate_source === 'company' ? 'Curs stabilit de firmă' : 'Curs BNR';
    const key = `${who} din ${roDay(l.rate_date)}: 1 ${l.original_currency} = ${roNumber(Number(l.exchange_rate) / 10_000, 4)} RON`;
    const list = byRate.get(key) ?? [];
    list.push(`${l.sku} ${roNumber(Number(l.original_price ?? 0) / 100, 2)} ${l.original_currency}`);
    byRate.set(key, list);
  }
  if (byRate.size === 0) return undefined;
  return [...byRate.entries()].map(([rate, skus]) => `${rate} (${skus.join(', ')})`).join('; ');
}
