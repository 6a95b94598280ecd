import { z } from 'zod';
import { registerMessages } from '../messages.js';
import { normalizePhone } from '../orders/phone.js';
import { INVOICE_STATUSES, MAX_LINE_QUANTITY, ORDER_STATUSES, type InvoiceStatusValue } from '../orders/statuses.js';
import { idRef, moneyBani, optionalText, requiredText, wholeNumber } from '../validation.js';
import type { InvoiceDocument, OrderInvoice } from './invoices.js';
import { selectedRef } from './sources.js';

/** The order rules the API's schemas use, exported with them. */
export { INVOICE_STATUSES, MAX_LINE_QUANTITY, ORDER_STATUSES };

/**
 * The orders API, shared by server and web. JSON money is RON with two decimals (stored as bani),
 * percentages are decimal percents (12.5), times are Unix seconds, names are snake_case as the
 * spec has them.
 */

export const ORDER_SORTS = ['-created_at', 'created_at'] as const;

export interface Flag {
  reason: string;
  created_at: number;
  /** The current company's id when it raised the flag; null for another company (never disclosed). */
  flagged_by_company_id: number | null;
  by_this_company: boolean;
}

export interface CustomerDetail {
  customer_id: number;
  name: string;
  phone_number: string;
  email: string | null;
  county: string | null;
  county_id: number | null;
  city: string | null;
  city_id: number | null;
  street: string | null;
  street_id: number | null;
  street_number: string | null;
  zip_code: string | null;
  address: string | null;
  company_name: string | null;
  vat_number: string | null;
  company_address: string | null;
  company_city: string | null;
  company_county: string | null;
  flags: Flag[];
}

export interface OrderProduct {
  id: number;
  product_id: number | null;
  quantity: number;
  /** Copied from the product when the line was made: later product changes do not reach it. */
  product: { name: string; sku: string; selling_price: number; currency: string };
  /** selling_price × quantity, RON. */
  value: number;
  /**
   * A line whose product is priced in another currency: its own price and currency, the rate it
   * was converted at when added (lei per unit, four decimals), the rate's day and source (BNR's
   * reference rate, or the company's own). `product.selling_price` is the converted unit price.
   * Null for a line in the order's currency.
   */
  conversion?: LineConversion | null;
}

export interface LineConversion {
  currency: string;
  price: number;
  rate: number;
  rate_date: string;
  source: 'bnr' | 'company';
}

export type AppliedDiscountKind = 'order' | 'product' | 'coupon' | 'manual';

export interface AppliedDiscount {
  id: number;
  type: 'amount' | 'percentage' | 'shipping';
  /** RON for amount, a percent for percentage, null for shipping. */
  value: number | null;
  /** The quantity threshold of a product discount; null otherwise. */
  quantity: number | null;
  /** null: order-level. */
  order_product_id: number | null;
  coupon: string | null;
  /** order / product: set by the automatic rules (re-evaluated on line changes); manual: added by hand. */
  kind: AppliedDiscountKind;
  automatic: boolean;
  /** What it takes from the order, RON (0 for shipping). */
  amount: number;
}

export interface OrderEvent {
  id: number;
  /** created, line_added, line_changed, line_removed, discount_added, discount_changed, discount_removed, automatic_discount_changed,
   * free_shipping, customer_detail_changed, phone_changed, observations_changed, details_changed, cancelled, restored, flagged, unflagged,
   * awb_created {courier, awb, found_after_timeout?, chosen_by_seller?}, awb_deleted {courier, awb, gone_at_courier?},
   * awb_candidates_dismissed {courier, awbs} (the seller said none of them is the order's), status_changed {from, to} */
  type: string;
  data: Record<string, unknown>;
  created_at: number;
  user: { id: number; name: string } | null;
}

/** A row of the orders list. */
export interface OrderListItem {
  id: number;
  /** The fulfilment status: new, processing, completed, cancelled (a storno never changes it). */
  status: string;
  /** The invoice's state beside it: none, issued, partially_storno, storno. */
  invoice_status: InvoiceStatusValue;
  courier: string | null;
  courier_status: string | null;
  awb: string | null;
  bill_number: string | null;
  value: number;
  discount: number;
  client_shipping_cost: number;
  total_value: number;
  created_at: number;
  updated_at: number;
  /**
   * An AWB create in flight (pending) or whose answer never came and is being checked with the
   * courier (unknown); null otherwise. While set, another create answers 409.
   */
  awb_state: 'pending' | 'unknown' | null;
  customer_detail: {
    customer_id: number;
    name: string;
    phone_number: string;
    telefon: string;
    email: string | null;
    flags: Flag[];
  };
}

/**
 * An AWB at the courier that could be the order's: its create's answer was lost and the courier's
 * answers cannot tell which of its AWBs that create made (Sameday without references).
 */
export interface AwbCandidate {
  awb: string;
  /** The courier holding it (the integration's key: cargus, sameday, dpd). */
  courier: string;
  /** When the courier made it (Unix seconds); null when it did not say. */
  created_at: number | null;
  /** Its cash on delivery (RON) and weight (kg) at the courier; null when it did not say. */
  cod: number | null;
  weight: number | null;
}

export interface Order extends Omit<OrderListItem, 'customer_detail'> {
  company_id: number;
  source_id: number | null;
  source: string | null;
  observations: string | null;
  details: string | null;
  /** How the customer pays: the AWB's cash on delivery follows it unless the AWB form says otherwise. */
  payment_method: PaymentMethod;
  coupon_code: string | null;
  customer_detail: CustomerDetail;
  order_products: OrderProduct[];
  applied_discounts: AppliedDiscount[];
  history: OrderEvent[];
  /**
   * While the AWB create is unknown and the courier cannot tell which AWB it made: the AWBs that
   * could be it, for the seller to choose one or say none is (`POST /order/{id}/awb/resolve`);
   * empty otherwise.
   */
  awb_candidates: AwbCandidate[];
  /** The same for the invoice. */
  invoice_state: 'pending' | 'unknown' | null;
  /** The invoice bill_number names, with its lines and what was reversed; null without one. */
  invoice: OrderInvoice | null;
  /** Every document SmartBill issued for the order (invoices, storno documents), oldest first. */
  invoice_documents: InvoiceDocument[];
  /**
   * The shop's order number, for an order that arrived by itself (a push or an import); null
   * otherwise. (Always in the server's answers; optional for the web's fixtures made before it.)
   */
  external_id?: string | null;
  /** Why the order's address needs a person's look before an AWB ("to check"); null when it needs none. */
  address_check?: AddressCheck | null;
  /**
   * Why the order's parcel needs the seller's attention (the courier's tracking: refused, returning,
   * a failed delivery attempt, no movement for 3 working days since pickup) and since when (Unix
   * seconds); null when it needs none. (Optional for the web's fixtures made before it.)
   */
  attention?: { reason: AttentionReason; since: number | null } | null;
}

/** Why a parcel needs the seller's attention (`orders.attention`). */
export const ATTENTION_REASONS = ['refused', 'returning', 'failed_attempt', 'stalled'] as const;
export type AttentionReason = (typeof ATTENTION_REASONS)[number];

/**
 * An address that could not be resolved to one street of the address data for certain: which part
 * stopped it and why (geo's resolution), said in the reader's language, and the places it could
 * mean. A bulk AWB skips such an order; the seller corrects the address or confirms it.
 */
export interface AddressCheck {
  part: 'county' | 'city' | 'street' | 'number';
  reason: 'missing' | 'unknown' | 'ambiguous' | 'no_code' | 'sector_mismatch';
  message: string;
  candidates: { id: number; name: string; commune?: string | null; postal_code: string | null }[];
}

export interface Customer {
  id: number;
  name: string;
  phone_number: string;
  email: string | null;
  orders_count: number;
  /** Lei: the totals of the customer's orders with the company, cancelled and reversed ones left out. */
  total_spent: number;
  /** When the customer last ordered from the company (Unix seconds), null without orders. */
  last_order_at: number | null;
  flags: Flag[];
  created_at: number;
}

/** A phone number in any form, stored normalised (+407XXXXXXXX for Romanian numbers). */
export const phoneNumber = () =>
  z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : v),
    z
      .string({ error: 'required' })
      .trim()
      .min(1, { error: 'required' })
      .transform((v, ctx) => {
        const n = normalizePhone(v);
        if (!n) {
          ctx.addIssue({ code: 'custom', message: 'invalid_phone' });
          return z.NEVER;
        }
        return n;
      }),
  );

const quantity = () => wholeNumber({ min: 1, max: MAX_LINE_QUANTITY });

/** An optional email: empty or null is none, anything else must be an email (stored in lower case). */
const optionalEmail = () =>
  z
    .preprocess(
      (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
      z
        .union([z.literal(''), z.null(), z.email({ error: 'invalid_email' }).max(255, { error: 'too_long' })])
        .optional(),
    )
    .transform((v) => (v === '' ? null : v));

/** The address line of a new order: street and number, then block, staircase and apartment when given. */
export function addressLine(a: {
  street: string;
  number: string;
  block?: string | null;
  staircase?: string | null;
  apartment?: string | null;
}): string {
  const parts = [`${a.street} ${a.number}`.trim()];
  if (a.block?.trim()) parts.push(`bl. ${a.block.trim()}`);
  if (a.staircase?.trim()) parts.push(`sc. ${a.staircase.trim()}`);
  if (a.apartment?.trim()) parts.push(`ap. ${a.apartment.trim()}`);
  return parts.join(', ');
}

/**
 * How the customer pays: cash on delivery (the courier collects the order's total), or prepaid by
 * card or bank transfer (the parcel ships without cash on delivery).
 */
export const PAYMENT_METHODS = ['cash_on_delivery', 'card', 'bank_transfer'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/** A new order is paid on delivery unless the seller says otherwise. */
export const DEFAULT_PAYMENT_METHOD: PaymentMethod = 'cash_on_delivery';
const paymentMethod = () =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : typeof v === 'string' ? v.trim().toLowerCase() : v),
    z
      .string({ error: 'invalid_payment_method' })
      .refine((v) => (PAYMENT_METHODS as readonly string[]).includes(v), { error: 'invalid_payment_method' })
      .transform((v) => v as PaymentMethod),
  );

/** The new-order payload of the spec: products is a map from SKU to quantity. */
export const newOrderBody = z.object({
  name: requiredText(255),
  phone_number: phoneNumber(),
  county: requiredText(100),
  city: requiredText(100),
  street: requiredText(255),
  number: requiredText(50),
  source: selectedRef('select_source'),
  details: optionalText(2000).optional(),
  email: optionalEmail(),
  /** Block, staircase and apartment of a flat: added to the address line the courier reads. */
  block: optionalText(20).optional(),
  staircase: optionalText(20).optional(),
  apartment: optionalText(20).optional(),
  county_id: idRef().nullable().optional(),
  city_id: idRef().nullable().optional(),
  street_id: idRef().nullable().optional(),
  zip_code: optionalText(20).optional(),
  payment_method: paymentMethod().default(DEFAULT_PAYMENT_METHOD),
  products: z
    .record(z.string(), z.unknown(), { error: 'order_needs_products' })
    .refine((p) => Object.keys(p).length > 0, { error: 'order_needs_products' }),
});
export type NewOrderInput = z.input<typeof newOrderBody>;
/** Each quantity of the products map (checked one by one so the error names the SKU). */
export const lineQuantity = quantity;

export const orderUpdateBody = z
  .object({
    observations: optionalText(2000).optional(),
    details: optionalText(2000).optional(),
    payment_method: paymentMethod().optional(),
  })
  .refine((b) => b.observations !== undefined || b.details !== undefined || b.payment_method !== undefined, {
    error: 'nothing_to_update',
  });

/** Adding a product to an order: at least 1. */
export const addLineBody = z.object({ quantity: quantity().default(1) });
/** Changing a line: 0 or less removes it. */
export const lineQuantityBody = z.object({
  quantity: z.preprocess(
    (v) => (typeof v === 'string' && /^-?\d+$/.test(v.trim()) ? Number(v.trim()) : v),
    z
      .number({ error: (i) => (i.input === undefined ? 'required' : 'invalid_number') })
      .int({ error: 'whole_number' })
      .min(-MAX_LINE_QUANTITY, { error: 'min' })
      .max(MAX_LINE_QUANTITY, { error: 'max' }),
  ),
});

export const MANUAL_DISCOUNT_TYPES = ['amount', 'percentage'] as const;

/** value: RON for amount, percent (0..100) for percentage; stored in hundredths either way. */
const discountValue = () => moneyBani();

export const addDiscountBody = z
  .object({
    type: z.preprocess(
      (v) => (typeof v === 'string' ? v.trim() : v),
      z.string({ error: 'select_type' }).min(1, { error: 'select_type' }).pipe(z.enum(MANUAL_DISCOUNT_TYPES)),
    ),
    value: discountValue(),
    order_product_id: z.preprocess(
      (v) => (v === '' || v === undefined ? null : v),
      selectedRef('select_product').nullable(),
    ),
  })
  .superRefine((d, ctx) => {
    if (d.type === 'percentage' && d.value > 100_00)
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'percent_max' });
    if (d.type === 'amount' && d.value > 10_000_000_00)
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'amount_too_large' });
  });

export const discountValueBody = z.object({ value: discountValue() });

export const CUSTOMER_DETAIL_FIELDS = [
  'name',
  'email',
  'address',
  'city',
  'county',
  'company_name',
  'vat_number',
  'company_address',
  'company_city',
  'company_county',
] as const;

/** Only the fields sent are stored; name stays required when sent. */
export const customerDetailBody = z
  .object({
    name: requiredText(255).optional(),
    email: z
      .preprocess(
        (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
        z
          .union([z.literal(''), z.null(), z.email({ error: 'invalid_email' }).max(255, { error: 'too_long' })])
          .optional(),
      )
      .transform((v) => (v === '' ? null : v)),
    address: optionalText(255).optional(),
    city: optionalText(100).optional(),
    county: optionalText(100).optional(),
    company_name: optionalText(255).optional(),
    vat_number: optionalText(50).optional(),
    company_address: optionalText(255).optional(),
    company_city: optionalText(100).optional(),
    company_county: optionalText(100).optional(),
  })
  .refine((b) => CUSTOMER_DETAIL_FIELDS.some((f) => b[f] !== undefined), { error: 'nothing_to_update' });

export const customerPhoneBody = z.object({ phone_number: phoneNumber() });

/**
 * A change of the company's customer from the customers screen: any of name, email and phone
 * (the fields sent are changed; a name sent may not be empty). At least one must be sent.
 */
export const customerUpdateBody = z
  .object({
    name: requiredText(255).optional(),
    email: optionalEmail(),
    phone_number: phoneNumber().optional(),
    /** The order whose history notes a change of number (optional). */
    order_id: z.preprocess((v) => (v === '' || v === null ? undefined : v), idRef().optional()),
  })
  .superRefine((v, ctx) => {
    if (v.name === undefined && v.email === undefined && v.phone_number === undefined)
      ctx.addIssue({ code: 'custom', path: ['name'], message: 'nothing_to_update' });
  });

/** A page of a customer's orders (customers screen). */
export interface CustomerOrder {
  id: number;
  status: string;
  courier: string | null;
  awb: string | null;
  bill_number: string | null;
  total_value: number;
  created_at: number;
}

export const flagBody = z.object({
  reason: requiredText(1000),
  /** The order the flag was raised from (noted in its history); optional. */
  order_id: z.preprocess((v) => (v === '' || v === null ? undefined : v), idRef().optional()),
});

registerMessages({
  en: {
    invalid_phone: 'Enter a valid phone number, e.g. 0744 123 456.',
    order_needs_products: 'Add at least one product.',
    unknown_sku: 'There is no product with SKU {{sku}} in this company.',
    sku_has_variations: '{{sku}} has variations: choose one of them.',
    quantity_too_large: 'The quantity is too large.',
    discount_type: 'Choose amount or percentage.',
    nothing_to_update: 'Nothing to update.',
    order_already_cancelled: 'The order is already cancelled.',
    order_has_awb: 'The order has an AWB: delete the AWB before cancelling the order.',
    order_awb_unsettled:
      'An AWB is being created or checked with the courier for this order: wait until it is settled.',
    order_delete_has_awb: 'The order has an AWB: delete the AWB before deleting the order.',
    order_delete_has_invoice: 'The order has an invoice: cancel or delete the invoice before deleting the order.',
    order_delete_reversed_invoice:
      'The order’s invoice was reversed: the invoice and its storno documents stay with the order, so it cannot be deleted. Cancel the order instead.',
    order_contents_cancelled: 'The order is cancelled: restore it before changing its products or discounts.',
    order_contents_invoiced:
      'The order has an invoice: its products and discounts can no longer change. Cancel the invoice (or reverse it) first.',
    order_contents_shipped:
      'The order has an AWB (its parcel and cash on delivery are at the courier): delete the AWB before changing products or discounts.',
    order_has_invoice: 'The order has an invoice: cancel or reverse the invoice before cancelling the order.',
    order_not_cancelled: 'Only a cancelled order can be restored.',
    phone_taken: 'This phone number already belongs to another of your company’s customers.',
    already_flagged: 'Your company has already flagged this customer.',
    not_flagged: 'Your company has not flagged this customer.',
    line_not_in_order: 'This product line is not part of the order.',
    invalid_source: 'Invalid source selected',
    invalid_payment_method: 'Choose cash on delivery, card or bank transfer.',
    no_exchange_rate:
      "No {{currency}} to RON exchange rate is known for {{sku}}: BNR's rates could not be read and the company has not set its own EUR rate (in the company's settings).",
  },
  ro: {
    invalid_phone: 'Introduceți un număr de telefon valid, de exemplu 0744 123 456.',
    order_needs_products: 'Adăugați cel puțin un produs.',
    unknown_sku: 'Nu există niciun produs cu codul SKU {{sku}} în această companie.',
    sku_has_variations: '{{sku}} are variații: alegeți una dintre ele.',
    quantity_too_large: 'Cantitatea este prea mare.',
    discount_type: 'Alegeți sumă sau procent.',
    nothing_to_update: 'Nu este nimic de actualizat.',
    order_already_cancelled: 'Comanda este deja anulată.',
    order_has_awb: 'Comanda are un AWB: ștergeți AWB-ul înainte de a anula comanda.',
    order_awb_unsettled:
      'Pentru această comandă se creează sau se verifică la curier un AWB: așteptați până se clarifică.',
    order_delete_has_awb: 'Comanda are un AWB: ștergeți AWB-ul înainte de a șterge comanda.',
    order_delete_has_invoice: 'Comanda are o factură: anulați sau ștergeți factura înainte de a șterge comanda.',
    order_delete_reversed_invoice:
      'Factura comenzii a fost stornată: factura și documentele de stornare rămân la comandă, așa că aceasta nu poate fi ștearsă. Anulați comanda în schimb.',
    order_contents_cancelled: 'Comanda este anulată: restaurați-o înainte de a-i modifica produsele sau reducerile.',
    order_contents_invoiced:
      'Comanda are o factură: produsele și reducerile ei nu mai pot fi modificate. Anulați (sau stornați) mai întâi factura.',
    order_contents_shipped:
      'Comanda are un AWB (coletul și rambursul sunt la curier): ștergeți AWB-ul înainte de a modifica produsele sau reducerile.',
    order_has_invoice: 'Comanda are o factură: anulați sau stornați factura înainte de a anula comanda.',
    order_not_cancelled: 'Doar o comandă anulată poate fi restaurată.',
    phone_taken: 'Acest număr de telefon aparține deja altui client al companiei dumneavoastră.',
    already_flagged: 'Compania dumneavoastră a semnalat deja acest client.',
    not_flagged: 'Compania dumneavoastră nu a semnalat acest client.',
    line_not_in_order: 'Această linie de produs nu face parte din comandă.',
    invalid_source: 'Sursa selectată nu este validă',
    invalid_payment_method: 'Alegeți ramburs, card sau transfer bancar.',
    no_exchange_rate:
      'Nu se cunoaște niciun curs {{currency}}–RON pentru {{sku}}: cursul BNR nu a putut fi citit, iar compania nu și-a setat propriul curs EUR (în setările companiei).',
  },
});
