import type { InvoiceLineState, OrderInvoice } from '../../../../core/api/invoices';
import { stornoAllowed } from '../../../../core/api/invoices';
import type { AppliedDiscount, Order } from '../../../../core/api/orders';

/** Empty, null, undefined and the literal texts "null" / "undefined" read as nothing (a dash). */
export function cleanText(value: string | number | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const s = String(value).trim();
  return s === '' || s === 'null' || s === 'undefined' ? null : String(value);
}

const present = (v: string | null | undefined) => cleanText(v) !== null;

export type DocumentAction =
  | 'createInvoice'
  | 'downloadInvoice'
  | 'printInvoice'
  | 'cancelInvoice'
  | 'deleteInvoice'
  | 'storno'
  | 'createAwb'
  | 'downloadAwb'
  | 'printAwb'
  | 'deleteAwb';

/** Why a document action is not possible for this order (a text key of detail.*), or null when it is. */
export type DocumentBlock =
  | 'hasInvoice'
  | 'needsInvoice'
  | 'invoicePending'
  | 'invoiceUnknown'
  | 'invoiceCancelled'
  | 'nothingToReverse'
  | 'stornoTooSoon'
  | 'hasStorno'
  | 'hasAwb'
  | 'needsAwb'
  | 'awbPending'
  | 'awbUnknown'
  | 'orderCancelled'
  | null;

export type DocumentSubject = Pick<Order, 'status' | 'awb' | 'bill_number' | 'awb_state' | 'invoice_state' | 'invoice'>;

/** A product line of the invoice with what is left to reverse (storno). */
export interface ReversibleLine extends InvoiceLineState {
  order_product_id: number;
  left: number;
}

/** The invoice's product lines (shipping and discount lines are never reversed alone) with what is left of each. */
export function reversibleLines(invoice: OrderInvoice | null | undefined): ReversibleLine[] {
  return (invoice?.lines ?? [])
    .filter((l): l is InvoiceLineState & { order_product_id: number } => l.order_product_id !== null)
    .map((l) => ({ ...l, left: Math.max(0, l.quantity - l.reversed) }));
}

/**
 * The spec's conditions of the invoice and AWB actions: create invoice needs no bill_number, the
 * others need one; storno also needs the invoice last updated more than a day ago (core's
 * stornoAllowed); create AWB needs no awb, the others need one. Besides the spec: no create while
 * one is being made or checked with the provider (awb_state / invoice_state), no second cancel of a
 * cancelled invoice, no storno of a cancelled or fully reversed one, no invoice and no AWB for a
 * cancelled order (the server refuses those too).
 */
export function documentBlocks(o: DocumentSubject, nowSeconds: number): Record<DocumentAction, DocumentBlock> {
  const invoice = present(o.bill_number);
  const awb = present(o.awb);
  const needInvoice: DocumentBlock = invoice ? null : 'needsInvoice';
  const needAwb: DocumentBlock = awb ? null : 'needsAwb';
  const cancelled = o.invoice?.status === 'cancelled';
  // A reversed invoice stays as it is: SmartBill's storno refers to it (the server refuses with 409).
  const reversed: DocumentBlock = (o.invoice?.stornos.length ?? 0) > 0 ? 'hasStorno' : null;
  const lines = reversibleLines(o.invoice);
  const storno: DocumentBlock = !invoice
    ? 'needsInvoice'
    : cancelled
      ? 'invoiceCancelled'
      : o.invoice && (o.invoice.status === 'storno' || (lines.length > 0 && lines.every((l) => l.left === 0)))
        ? 'nothingToReverse'
        : !stornoAllowed(o.invoice?.updated_at, nowSeconds)
          ? 'stornoTooSoon'
          : null;
  const cancelledOrder: DocumentBlock = o.status === 'cancelled' ? 'orderCancelled' : null;
  return {
    createInvoice: invoice
      ? 'hasInvoice'
      : cancelledOrder
        ? cancelledOrder
        : o.invoice_state === 'pending'
          ? 'invoicePending'
          : o.invoice_state === 'unknown'
            ? 'invoiceUnknown'
            : null,
    downloadInvoice: needInvoice,
    printInvoice: needInvoice,
    cancelInvoice: needInvoice ?? (cancelled ? 'invoiceCancelled' : reversed),
    deleteInvoice: needInvoice ?? reversed,
    storno,
    createAwb: awb
      ? 'hasAwb'
      : cancelledOrder
        ? cancelledOrder
        : o.awb_state === 'pending'
          ? 'awbPending'
          : o.awb_state === 'unknown'
            ? 'awbUnknown'
            : null,
    downloadAwb: needAwb,
    printAwb: needAwb,
    deleteAwb: needAwb,
  };
}

/** Whether the order waits on a provider (a create in flight or being checked): the screen refetches it until it settles. */
export const awaitsProvider = (o: Pick<Order, 'awb_state' | 'invoice_state'> | undefined): boolean =>
  Boolean(o && (o.awb_state || o.invoice_state));

export interface DiscountGroups {
  /** On a product line (automatic product discounts and those added by hand on a line). */
  product: AppliedDiscount[];
  /** On the whole order. */
  order: AppliedDiscount[];
  /** From a coupon code. */
  coupon: AppliedDiscount[];
}

/** The three groups of the applied discounts: coupons, then line discounts, then order discounts. */
export function discountGroups(discounts: readonly AppliedDiscount[] | null | undefined): DiscountGroups {
  const out: DiscountGroups = { product: [], order: [], coupon: [] };
  for (const d of discounts ?? []) {
    if (d.kind === 'coupon' || cleanText(d.coupon) !== null) out.coupon.push(d);
    else if (d.order_product_id !== null && d.order_product_id !== undefined) out.product.push(d);
    else out.order.push(d);
  }
  return out;
}

/** Spec: the currency of the financial summary is that of the first order line (RON without lines). */
export const summaryCurrency = (o: Pick<Order, 'order_products'>): string =>
  o.order_products?.[0]?.product.currency || 'RON';

/**
 * What the order's invoice amounts to once reversed: the invoice's total, the storno documents'
 * (negative) and what is left; null while nothing was reversed (the summary shows the order's
 * totals only). Money is added in bani so the net is exact.
 */
export function invoiceAmounts(
  o: Pick<Order, 'invoice'>,
): { invoiced: number; reversed: number; net: number; currency: string } | null {
  const invoice = o.invoice;
  if (!invoice || invoice.status === 'cancelled' || invoice.stornos.length === 0) return null;
  const bani = (v: number) => Math.round(v * 100);
  const reversed = invoice.stornos.reduce((sum, s) => sum + bani(s.total), 0);
  return {
    invoiced: invoice.total,
    reversed: reversed / 100,
    net: (bani(invoice.total) + reversed) / 100,
    currency: 'RON',
  };
}

/** How many units of each order line the storno documents took back (order line id → units), lines with none left out. */
export function reversedByLine(o: Pick<Order, 'invoice'>): Map<number, number> {
  const out = new Map<number, number>();
  if (!o.invoice || o.invoice.status === 'cancelled') return out;
  for (const l of o.invoice.lines)
    if (l.order_product_id !== null && l.reversed > 0)
      out.set(l.order_product_id, (out.get(l.order_product_id) ?? 0) + l.reversed);
  return out;
}
