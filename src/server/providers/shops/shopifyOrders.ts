/**
 * Shopify's orders in one shape (`ShopifyOrder`), whether read by the pull (GraphQL) or from a
 * webhook (REST JSON): the external id is the legacy numeric id both carry; money are two-decimal
 * strings in the order's currency; the payment method by the gateway (a paid order never cash on
 * delivery). The queries that read them are here too, beside the fields they map.
 */

/** `gid://shopify/Order/<id>` from a legacy id, or the gid as it is. */
export const orderGid = (id: string): string => (id.startsWith('gid://') ? id : `gid://shopify/Order/${id}`);

/** Lines read with each order of a page (an order with more has the rest read by a query of its own). */
const LINES_PER_ORDER = 10;

/** Gateway names that mean cash on delivery (lower case, no diacritics); the merchant names a manual method freely. */
export const SHOPIFY_COD_GATEWAYS = [
  'cash on delivery (cod)',
  'cash on delivery',
  'cash_on_delivery',
  'cod',
  'plata la livrare',
  'plata ramburs',
  'ramburs',
  'numerar la livrare',
];
const BANK_GATEWAYS = ['bank deposit', 'bank transfer', 'transfer bancar', 'ordin de plata'];

export type ShopPaymentMethod = 'cash_on_delivery' | 'bank_transfer' | 'card';

export interface ShopifyAddress {
  name: string;
  company: string;
  address1: string;
  address2: string;
  city: string;
  province: string;
  provinceCode: string;
  zip: string;
  countryCode: string;
  phone: string;
  /** The address as one text, as a courier's label reads it. */
  text: string;
}

/** An order as the console needs it; money are decimal strings in the order's currency, as Shopify gives them. */
export interface ShopifyOrder {
  /** The legacy numeric id (`legacyResourceId`, a webhook's `id`): the external id. */
  externalId: string;
  /** `gid://shopify/Order/<id>`: what mutations take. */
  gid: string;
  /** What the buyer sees ("#1001"). */
  name: string;
  createdAt: string;
  updatedAt: string;
  cancelledAt: string | null;
  cancelled: boolean;
  currency: string;
  /** PENDING, AUTHORIZED, PAID, PARTIALLY_PAID, REFUNDED, VOIDED, ... (upper case, as GraphQL spells them). */
  financialStatus: string;
  fulfillmentStatus: string;
  paymentGateways: string[];
  paymentMethod: ShopPaymentMethod;
  note: string;
  customer: { name: string; email: string | null; phone: string };
  shippingAddress: ShopifyAddress | null;
  lines: { sku: string; name: string; quantity: number; unitPrice: string }[];
  /** Shipping the buyer pays (taxes as the shop's prices hold them). */
  shippingCost: string;
  /** Order-level discounts (line discounts are already in the lines' unit prices). */
  discountTotal: string;
  total: string;
  taxesIncluded: boolean;
}

/**
 * The payment method by Shopify's gateway: a cash-on-delivery gateway name (the merchant names a
 * manual method, so the list is configurable) is cash on delivery unless the shop already shows
 * the order paid (the money is in; collecting it again at the door would take it twice); a bank
 * deposit is a transfer; anything else took the money online (card).
 */
export function shopifyPaymentMethod(
  gateways: string[],
  codGateways: string[],
  financialStatus: string,
): ShopPaymentMethod {
  const names = gateways.map(plain);
  const paid = ['PAID', 'PARTIALLY_REFUNDED', 'REFUNDED'].includes(financialStatus.toUpperCase());
  if (!paid && names.some((n) => codGateways.includes(n))) return 'cash_on_delivery';
  if (names.some((n) => BANK_GATEWAYS.includes(n))) return 'bank_transfer';
  return 'card';
}

export function orderOfGql(o: GqlOrder, codGateways: string[]): ShopifyOrder {
  const gateways = o.paymentGatewayNames ?? [];
  return {
    externalId: o.legacyResourceId,
    gid: o.id,
    name: o.name,
    createdAt: o.createdAt,
    updatedAt: o.updatedAt,
    cancelledAt: o.cancelledAt,
    cancelled: o.cancelledAt !== null,
    currency: o.currencyCode,
    financialStatus: o.displayFinancialStatus ?? 'PENDING',
    fulfillmentStatus: o.displayFulfillmentStatus ?? 'UNFULFILLED',
    paymentGateways: gateways,
    paymentMethod: shopifyPaymentMethod(gateways, codGateways, o.displayFinancialStatus ?? 'PENDING'),
    note: o.note ?? '',
    customer: {
      name: o.shippingAddress?.name ?? '',
      email: o.email ?? null,
      phone: o.shippingAddress?.phone || o.phone || '',
    },
    shippingAddress: o.shippingAddress ? addressOf(o.shippingAddress) : null,
    lines: o.lineItems.nodes.map((l) => ({
      sku: l.sku ?? '',
      name: l.name,
      quantity: l.currentQuantity ?? l.quantity,
      unitPrice: decimal(l.discountedUnitPriceSet.shopMoney.amount),
    })),
    shippingCost: decimal(o.totalShippingPriceSet?.shopMoney.amount ?? '0'),
    discountTotal: orderDiscount(
      o.lineItems.nodes.map((l) => [l.discountedUnitPriceSet.shopMoney.amount, l.currentQuantity ?? l.quantity]),
      o.subtotalPriceSet?.shopMoney.amount,
    ),
    total: decimal(o.totalPriceSet.shopMoney.amount),
    taxesIncluded: o.taxesIncluded ?? true,
  };
}

/** A webhook's REST-shaped order (orders/create, orders/updated, orders/cancelled) in the same shape. */
export function orderOfRest(p: RestOrder, codGateways: string[]): ShopifyOrder {
  const a = p.shipping_address;
  const gateways = p.payment_gateway_names ?? [];
  const financial = String(p.financial_status ?? 'pending').toUpperCase();
  return {
    externalId: String(p.id),
    gid: p.admin_graphql_api_id ?? orderGid(String(p.id)),
    name: p.name,
    createdAt: p.created_at,
    updatedAt: p.updated_at,
    cancelledAt: p.cancelled_at ?? null,
    cancelled: Boolean(p.cancelled_at),
    currency: p.currency,
    financialStatus: financial,
    fulfillmentStatus: p.fulfillment_status ? String(p.fulfillment_status).toUpperCase() : 'UNFULFILLED',
    paymentGateways: gateways,
    paymentMethod: shopifyPaymentMethod(gateways, codGateways, financial),
    note: p.note ?? '',
    customer: {
      name: a?.name ?? `${p.customer?.first_name ?? ''} ${p.customer?.last_name ?? ''}`.trim(),
      email: p.email ?? null,
      phone: a?.phone || p.phone || '',
    },
    shippingAddress: a
      ? addressOf({
          name: a.name ?? `${a.first_name ?? ''} ${a.last_name ?? ''}`.trim(),
          company: a.company,
          address1: a.address1,
          address2: a.address2,
          city: a.city,
          province: a.province,
          provinceCode: a.province_code,
          zip: a.zip,
          countryCodeV2: a.country_code,
          phone: a.phone,
        })
      : null,
    lines: p.line_items.map((l) => ({
      sku: l.sku ?? '',
      name: l.name,
      quantity: l.current_quantity ?? l.quantity,
      unitPrice: lineUnit(l),
    })),
    shippingCost: decimal(p.total_shipping_price_set?.shop_money.amount ?? '0'),
    discountTotal: orderDiscount(
      p.line_items.map((l) => [lineUnit(l), l.current_quantity ?? l.quantity]),
      p.subtotal_price,
    ),
    total: decimal(p.total_price),
    taxesIncluded: p.taxes_included ?? true,
  };
}

export const plain = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toLowerCase();

const toCents = (amount: string | number): number => Math.round(Number(amount) * 100) || 0;
/** Shopify's amounts ("199.9", "20.0") as two-decimal strings. */
const decimal = (amount: string): string => (toCents(amount) / 100).toFixed(2);

/**
 * The discount on the order as a whole: the lines' discounted prices hold their own discounts, the
 * subtotal holds every discount, so what the lines do not explain applies to the order.
 */
function orderDiscount(lines: [string, number][], subtotal: string | undefined): string {
  if (subtotal === undefined) return '0.00';
  const lineSum = lines.reduce((s, [unit, qty]) => s + toCents(unit) * qty, 0);
  return (Math.max(0, lineSum - toCents(subtotal)) / 100).toFixed(2);
}

/** A REST line's unit price after its own discounts (`discount_allocations` of the line, spread over its units). */
function lineUnit(l: RestOrder['line_items'][number]): string {
  const off = (l.discount_allocations ?? []).reduce((s, d) => s + toCents(d.amount), 0);
  return ((toCents(l.price) - Math.round(off / Math.max(l.quantity, 1))) / 100).toFixed(2);
}

function addressOf(a: GqlAddress): ShopifyAddress {
  const name = a.name ?? `${a.firstName ?? ''} ${a.lastName ?? ''}`.trim();
  const out = {
    name,
    company: a.company ?? '',
    address1: a.address1 ?? '',
    address2: a.address2 ?? '',
    city: a.city ?? '',
    province: a.province ?? '',
    provinceCode: a.provinceCode ?? '',
    zip: a.zip ?? '',
    countryCode: a.countryCodeV2 ?? '',
    phone: a.phone ?? '',
  };
  const text = [out.address1, out.address2, out.city, out.province, out.zip, out.countryCode]
    .map((x) => x.trim())
    .filter(Boolean)
    .join(', ');
  return { ...out, text };
}

interface GqlAddress {
  name?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  company?: string | null;
  address1?: string | null;
  address2?: string | null;
  city?: string | null;
  province?: string | null;
  provinceCode?: string | null;
  zip?: string | null;
  countryCodeV2?: string | null;
  phone?: string | null;
}
interface Money {
  shopMoney: { amount: string; currencyCode?: string };
}
export interface GqlOrder {
  id: string;
  legacyResourceId: string;
  name: string;
  createdAt: string;
  updatedAt: string;
  cancelledAt: string | null;
  currencyCode: string;
  displayFinancialStatus: string | null;
  displayFulfillmentStatus: string | null;
  paymentGatewayNames: string[];
  email: string | null;
  phone: string | null;
  note: string | null;
  taxesIncluded: boolean | null;
  shippingAddress: GqlAddress | null;
  totalPriceSet: Money;
  totalShippingPriceSet: Money | null;
  subtotalPriceSet: Money | null;
  lineItems: {
    nodes: {
      sku: string | null;
      name: string;
      quantity: number;
      currentQuantity: number | null;
      discountedUnitPriceSet: Money;
    }[];
    pageInfo?: { hasNextPage: boolean; endCursor: string | null };
  };
}

/** The REST-shaped order of a webhook (the fields read). */
export interface RestOrder {
  id: number;
  admin_graphql_api_id?: string;
  name: string;
  email?: string | null;
  phone?: string | null;
  note?: string | null;
  created_at: string;
  updated_at: string;
  cancelled_at?: string | null;
  currency: string;
  financial_status?: string | null;
  fulfillment_status?: string | null;
  payment_gateway_names?: string[];
  taxes_included?: boolean;
  total_price: string;
  subtotal_price?: string;
  total_shipping_price_set?: { shop_money: { amount: string } };
  customer?: { first_name?: string | null; last_name?: string | null } | null;
  shipping_address?: {
    name?: string;
    first_name?: string;
    last_name?: string;
    company?: string | null;
    address1?: string;
    address2?: string | null;
    city?: string;
    province?: string;
    province_code?: string;
    zip?: string;
    country_code?: string;
    phone?: string | null;
  } | null;
  line_items: {
    sku?: string | null;
    name: string;
    quantity: number;
    current_quantity?: number;
    price: string;
    discount_allocations?: { amount: string }[];
  }[];
}

const MONEY = 'shopMoney { amount currencyCode }';
const LINE_FIELDS = `sku name quantity currentQuantity discountedUnitPriceSet { ${MONEY} }`;
const ORDER_FIELDS = `
  id legacyResourceId name createdAt updatedAt cancelledAt currencyCode taxesIncluded
  displayFinancialStatus displayFulfillmentStatus paymentGatewayNames email phone note
  shippingAddress { name firstName lastName company address1 address2 city province provinceCode zip countryCodeV2 phone }
  totalPriceSet { ${MONEY} } totalShippingPriceSet { ${MONEY} } subtotalPriceSet { ${MONEY} }
  lineItems(first: ${LINES_PER_ORDER}) { nodes { ${LINE_FIELDS} } pageInfo { hasNextPage endCursor } }`;
export const ORDERS_QUERY = `query Orders($first: Int!, $after: String, $query: String) {
  orders(first: $first, after: $after, query: $query, sortKey: UPDATED_AT) {
    nodes { ${ORDER_FIELDS} }
    pageInfo { hasNextPage endCursor }
  }
}`;
export const ORDER_QUERY = `query Order($id: ID!) { order(id: $id) { ${ORDER_FIELDS} } }`;
export const ORDER_LINES_QUERY = `query OrderLines($id: ID!, $after: String) {
  order(id: $id) { lineItems(first: 100, after: $after) { nodes { ${LINE_FIELDS} } pageInfo { hasNextPage endCursor } } }
}`;
