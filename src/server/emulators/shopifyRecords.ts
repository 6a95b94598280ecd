/**
 * The Shopify emulator's records (what its store keeps of a shop), its constants, and an order's
 * REST JSON as its webhooks carry it.
 */

export const SUPPORTED_VERSIONS = ['2025-04', '2025-07', '2025-10', '2026-01', '2026-04'];
export const MAX_QUERY_COST = 1000;
export const MAX_DELIVERY_ATTEMPTS = 9;
export const TOPICS: Record<string, string> = {
  ORDERS_CREATE: 'orders/create',
  ORDERS_UPDATED: 'orders/updated',
  ORDERS_CANCELLED: 'orders/cancelled',
  ORDERS_PAID: 'orders/paid',
  ORDERS_FULFILLED: 'orders/fulfilled',
  APP_UNINSTALLED: 'app/uninstalled',
  PRODUCTS_UPDATE: 'products/update',
  INVENTORY_LEVELS_UPDATE: 'inventory_levels/update',
};
export const CANCEL_REASONS = ['CUSTOMER', 'DECLINED', 'FRAUD', 'INVENTORY', 'OTHER', 'STAFF'];
export const INVENTORY_REASONS = [
  'correction',
  'cycle_count_available',
  'damaged',
  'movement_created',
  'movement_updated',
  'movement_received',
  'movement_canceled',
  'other',
  'promotion',
  'quality_control',
  'received',
  'reservation_created',
  'reservation_deleted',
  'reservation_updated',
  'restock',
  'safety_stock',
  'shrinkage',
];

export interface ShopifyAddressRecord {
  first_name: string;
  last_name: string;
  company: string | null;
  address1: string;
  address2: string | null;
  city: string;
  province: string;
  province_code: string;
  zip: string;
  country: string;
  country_code: string;
  phone: string | null;
}

export interface ShopifyLineRecord {
  id: number;
  sku: string;
  name: string;
  quantity: number;
  /** Bani (the shop's currency's hundredths), taxes included as the shop's prices are. */
  price: number;
  variantId: number | null;
}

export interface ShopifyFulfillmentOrderRecord {
  id: number;
  status: 'OPEN' | 'IN_PROGRESS' | 'CLOSED' | 'CANCELLED';
  lines: { id: number; lineId: number; remaining: number; total: number }[];
}

export interface ShopifyFulfillmentRecord {
  id: number;
  status: 'SUCCESS' | 'CANCELLED';
  createdAt: string;
  tracking: { company: string | null; number: string | null; url: string | null };
  notifyCustomer: boolean;
  lines: { lineId: number; quantity: number }[];
}

export interface ShopifyOrderRecord {
  id: number;
  name: string;
  createdAt: string;
  updatedAt: string;
  cancelledAt: string | null;
  cancelReason: string | null;
  closedAt: string | null;
  financial: string;
  fulfillment: 'UNFULFILLED' | 'PARTIALLY_FULFILLED' | 'FULFILLED';
  gateways: string[];
  email: string;
  phone: string | null;
  note: string | null;
  currency: string;
  address: ShopifyAddressRecord;
  lines: ShopifyLineRecord[];
  /** Bani. */
  shipping: number;
  fulfillmentOrders: ShopifyFulfillmentOrderRecord[];
  fulfillments: ShopifyFulfillmentRecord[];
}

export interface ShopifyVariantRecord {
  id: number;
  productId: number;
  productTitle: string;
  title: string;
  sku: string;
  price: number;
  inventoryItemId: number;
  tracked: boolean;
  /** Available quantity by location id. */
  levels: Record<string, number>;
}

export interface ShopifyHookRecord {
  id: number;
  topic: string;
  uri: string;
  format: 'JSON' | 'XML';
  createdAt: string;
}

export interface FailedDelivery {
  host: string;
  hookId: number;
  eventId: string;
  topic: string;
  triggeredAt: string;
  body: string;
  uri: string;
  attempts: number;
}

export const iso = (unix: number) => new Date(unix * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
export const money = (bani: number) => (bani / 100).toFixed(2);
export const gid = (type: string, id: number | string) => `gid://shopify/${type}/${id}`;
export const idOf = (value: unknown, type: string): number | null => {
  if (typeof value !== 'string') return null;
  const m = new RegExp(`^gid://shopify/${type}/(\\d+)$`).exec(value);
  return m ? Number(m[1]) : null;
};
export const LOCATION_ID = 1;

/** Shopify's plain answers that are not GraphQL (auth, paths): `{errors: "…"}` with the status. */

/** An order's REST-shaped JSON (snake_case, numeric ids), as Shopify's webhooks carry it. */
export const restOrder = (host: string, o: ShopifyOrderRecord) => {
  const subtotal = o.lines.reduce((s, l) => s + l.price * l.quantity, 0);
  const address = { ...o.address, name: `${o.address.first_name} ${o.address.last_name}`.trim() };
  return {
    id: o.id,
    admin_graphql_api_id: gid('Order', o.id),
    name: o.name,
    order_number: Number(o.name.replace(/\D/g, '')),
    email: o.email,
    contact_email: o.email,
    phone: o.phone,
    note: o.note,
    created_at: o.createdAt,
    updated_at: o.updatedAt,
    processed_at: o.createdAt,
    cancelled_at: o.cancelledAt,
    cancel_reason: o.cancelReason?.toLowerCase() ?? null,
    closed_at: o.closedAt,
    currency: o.currency,
    presentment_currency: o.currency,
    financial_status: o.financial.toLowerCase(),
    fulfillment_status:
      o.fulfillment === 'FULFILLED' ? 'fulfilled' : o.fulfillment === 'PARTIALLY_FULFILLED' ? 'partial' : null,
    payment_gateway_names: o.gateways,
    taxes_included: true,
    subtotal_price: money(subtotal),
    total_price: money(subtotal + o.shipping),
    total_discounts: '0.00',
    total_shipping_price_set: {
      shop_money: { amount: money(o.shipping), currency_code: o.currency },
      presentment_money: { amount: money(o.shipping), currency_code: o.currency },
    },
    customer: { first_name: o.address.first_name, last_name: o.address.last_name, email: o.email },
    shipping_address: address,
    billing_address: address,
    line_items: o.lines.map((l) => ({
      id: l.id,
      admin_graphql_api_id: gid('LineItem', l.id),
      sku: l.sku,
      name: l.name,
      title: l.name,
      quantity: l.quantity,
      current_quantity: o.cancelledAt ? 0 : l.quantity,
      price: money(l.price),
      variant_id: l.variantId,
      discount_allocations: [],
    })),
    shipping_lines: [{ title: 'Curier', code: 'Curier', price: money(o.shipping) }],
    fulfillments: o.fulfillments.map((f) => ({
      id: f.id,
      status: f.status.toLowerCase(),
      tracking_company: f.tracking.company,
      tracking_number: f.tracking.number,
      tracking_url: f.tracking.url,
    })),
    shop_domain: host,
  };
};
