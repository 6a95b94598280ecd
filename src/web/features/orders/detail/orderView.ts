import type { AppliedDiscount, Order } from '../types';

/** Empty, null, undefined and the literal texts "null" / "undefined" read as nothing (a dash). */
export function cleanText(value: string | number | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const s = String(value).trim();
  return s === '' || s === 'null' || s === 'undefined' ? null : String(value);
}

const present = (v: string | null | undefined) => cleanText(v) !== null;

/** Spec 2 / 4: Cancel shows when the order is not cancelled and has no AWB and no invoice. */
export const canCancel = (o: Pick<Order, 'status' | 'awb' | 'bill_number'>): boolean => String(o.status).toLowerCase() !== 'cancelled' && !present(o.awb) && !present(o.bill_number);
/** Restore shows when the order is cancelled. */
export const canRestore = (o: Pick<Order, 'status'>): boolean => String(o.status).toLowerCase() === 'cancelled';

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

/** Why a document action is not possible for this order (a text key of detail.*), or null when the spec allows it. */
export type DocumentBlock = 'hasInvoice' | 'needsInvoice' | 'stornoTooSoon' | 'hasAwb' | 'needsAwb' | null;

const DAY = 86_400;

/**
 * The spec's conditions of the invoice and AWB actions: create invoice needs no bill_number, the
 * others need one; storno also needs updated_at more than a day ago; create AWB needs no awb, the
 * others need one.
 */
export function documentBlocks(o: Pick<Order, 'awb' | 'bill_number' | 'updated_at'>, nowSeconds: number): Record<DocumentAction, DocumentBlock> {
  const invoice = present(o.bill_number);
  const awb = present(o.awb);
  const needInvoice: DocumentBlock = invoice ? null : 'needsInvoice';
  const needAwb: DocumentBlock = awb ? null : 'needsAwb';
  return {
    createInvoice: invoice ? 'hasInvoice' : null,
    downloadInvoice: needInvoice,
    printInvoice: needInvoice,
    cancelInvoice: needInvoice,
    deleteInvoice: needInvoice,
    storno: !invoice ? 'needsInvoice' : !o.updated_at || nowSeconds - o.updated_at <= DAY ? 'stornoTooSoon' : null,
    createAwb: awb ? 'hasAwb' : null,
    downloadAwb: needAwb,
    printAwb: needAwb,
    deleteAwb: needAwb,
  };
}

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
export const summaryCurrency = (o: Pick<Order, 'order_products'>): string => o.order_products?.[0]?.product.currency || 'RON';
