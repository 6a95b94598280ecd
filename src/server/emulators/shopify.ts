import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  GqlFieldError,
  GqlSyntaxError,
  parseOperation,
  project,
  requestedCost,
  resolveArgs,
  type GqlField,
} from './graphql.js';
import { applyCommonFaults, emulatorBase, type Emulator, type EmulatorOptions } from './kit.js';
import type { ShopCatalogueItem, WebhookDeliver } from './woocommerce.js';

/**
 * Shopify GraphQL Admin API emulator: every shop (`shop_domain`) is one emulated store, found by its
 * host under `/shops/<host>/admin/api/<version>/graphql.json`, so two sellers' shops never share an order.
 *
 * What it does as Shopify does (shopify.dev Admin GraphQL reference, rate-limit and webhook pages):
 * - Auth: header `X-Shopify-Access-Token`; the demo token `shpat_demo` opens every shop, anything else
 *   (or none) is HTTP 401 `{"errors":"[API] Invalid API key or access token (unrecognized login or
 *   wrong password)"}`. A version that is not `YYYY-MM` is 404; a retired one is answered by the
 *   oldest supported (`X-Shopify-API-Version` says which).
 * - Everything else is HTTP 200: `data`, top-level `errors[]` (syntax, unknown field, a missing
 *   required variable, MAX_COST_EXCEEDED, THROTTLED) and mutations' `userErrors`.
 * - Cost: each query's requested cost is computed before it runs (object 1, connection 2 + first ×
 *   node, mutation 10), above 1000 refused; a leaky bucket per shop (default 2000 points, 100 a
 *   second back) takes the requested cost, gives back what the actual answer did not use, and refuses
 *   with THROTTLED (nothing run) when it holds less than the query asks. `extensions.cost` on every answer.
 * - `shop`, `orders(first ≤ 250, after, sortKey, reverse, query: "updated_at:>'…'")` with opaque
 *   cursors, `order(id)`, `productVariants(first, query: "sku:'…'")` (Shopify's search is loose: a
 *   prefix of the SKU matches), `locations`, `webhookSubscriptions`; money as `…Set.shopMoney`
 *   decimal strings; gid ids.
 * - `webhookSubscriptionCreate` / `webhookSubscriptionDelete`; `fulfillmentCreate` on fulfillment
 *   orders (line ids and quantities checked; the order becomes FULFILLED or PARTIALLY_FULFILLED);
 *   `orderCancel` (async job; refund and restock required); `inventorySetQuantities` (name
 *   `available`/`on_hand`, a reason, compare-and-set by `changeFromQuantity` unless null).
 * - Webhooks: the order's REST JSON (snake_case, numeric ids) POSTed to each subscription of the
 *   topic with Shopify's headers (`X-Shopify-Topic`, `-Hmac-Sha256`, `-Shop-Domain`, `-API-Version`,
 *   `-Webhook-Id`, `-Event-Id`, `-Triggered-At`), signed base64 HMAC-SHA256 of the body with the
 *   app's client secret: the `api_secret` the seller gave (`setAppSecret`). A delivery that fails
 *   (not 2xx) is kept; `retryDeliveries` sends each once more with the same event id (Shopify's
 *   retries, 8 over 4 hours, without the hours), and a subscription whose delivery failed 9 times is
 *   deleted, as Shopify deletes it.
 *
 * What only an emulator does (tests and the demo): `prepareShop` fills a new shop with the seller's
 * catalogue and a few orders of the last day (Romanian addresses, some by card, some cash on
 * delivery); `takeOrders` makes new ones; `cancelInShop` cancels one as its admin would.
 */

export const SHOPIFY_DEMO = { access_token: 'shpat_demo' } as const;
/** What the emulated app signs with until the seller's api_secret is known. */
export const SHOPIFY_DEFAULT_SECRET = 'shpss_demo';
const SUPPORTED_VERSIONS = ['2025-04', '2025-07', '2025-10', '2026-01', '2026-04'];
const MAX_QUERY_COST = 1000;
const MAX_DELIVERY_ATTEMPTS = 9;
const TOPICS: Record<string, string> = {
  ORDERS_CREATE: 'orders/create',
  ORDERS_UPDATED: 'orders/updated',
  ORDERS_CANCELLED: 'orders/cancelled',
  ORDERS_PAID: 'orders/paid',
  ORDERS_FULFILLED: 'orders/fulfilled',
  APP_UNINSTALLED: 'app/uninstalled',
  PRODUCTS_UPDATE: 'products/update',
  INVENTORY_LEVELS_UPDATE: 'inventory_levels/update',
};
const CANCEL_REASONS = ['CUSTOMER', 'DECLINED', 'FRAUD', 'INVENTORY', 'OTHER', 'STAFF'];
const INVENTORY_REASONS = [
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

interface FailedDelivery {
  host: string;
  hookId: number;
  eventId: string;
  topic: string;
  triggeredAt: string;
  body: string;
  uri: string;
  attempts: number;
}

export interface ShopifyEmulator extends Emulator {
  /** Calls to one shop refused THROTTLED (tests: the client never gets there). */
  throttled(host: string): number;
  orders(host: string): Promise<ShopifyOrderRecord[]>;
  order(host: string, id: number): Promise<ShopifyOrderRecord | undefined>;
  variant(host: string, sku: string): Promise<ShopifyVariantRecord | undefined>;
  webhooks(host: string): Promise<ShopifyHookRecord[]>;
  /** The key the shop's webhooks are signed with: the app's client secret, the seller's api_secret. */
  setAppSecret(host: string, apiSecret: string): Promise<void>;
  /** A new shop: the catalogue as its variants and `orders` orders of the last day (none if it has products). */
  prepareShop(
    host: string,
    catalogue: ShopCatalogueItem[],
    opts?: { orders?: number; apiSecret?: string },
  ): Promise<void>;
  takeOrders(
    host: string,
    count: number,
    opts?: { payment?: 'cod' | 'card'; lines?: { sku: string; quantity: number }[] },
  ): Promise<ShopifyOrderRecord[]>;
  cancelInShop(host: string, id: number): Promise<void>;
  /** Sends each failed delivery once more (same event id); deletes a subscription past its last attempt. */
  retryDeliveries(): Promise<void>;
  /** Waits for the webhook deliveries under way. */
  settled(): Promise<void>;
}

const iso = (unix: number) => new Date(unix * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
const money = (bani: number) => (bani / 100).toFixed(2);
const gid = (type: string, id: number | string) => `gid://shopify/${type}/${id}`;
const idOf = (value: unknown, type: string): number | null => {
  if (typeof value !== 'string') return null;
  const m = new RegExp(`^gid://shopify/${type}/(\\d+)$`).exec(value);
  return m ? Number(m[1]) : null;
};
const LOCATION_ID = 1;

const PEOPLE = [
  ['Ana', 'Popescu'],
  ['Mihai', 'Ionescu'],
  ['Elena', 'Dumitrescu'],
  ['Andrei', 'Stan'],
  ['Ioana', 'Marin'],
  ['Radu', 'Georgescu'],
] as const;
const ADDRESSES = [
  ['Strada Fabricii 7', '', 'Sibiu', 'Sibiu', 'SB', '550000'],
  ['Strada Republicii 20', 'ap. 4', 'Brașov', 'Brașov', 'BV', '500030'],
  ['Bulevardul Eroilor 15', 'bl. A, sc. 2', 'Cluj-Napoca', 'Cluj', 'CJ', '400129'],
  ['Strada Lăpușneanu 12', '', 'Iași', 'Iași', 'IS', '700057'],
  ['Strada Mihai Viteazu 3', '', 'Timișoara', 'Timiș', 'TM', '300222'],
  ['Calea Victoriei 101', 'et. 3', 'București', 'București', 'B', '010071'],
] as const;

/** Shopify's plain answers that are not GraphQL (auth, paths): `{errors: "…"}` with the status. */
const plainError = (reply: FastifyReply, status: number, errors: unknown) => reply.code(status).send({ errors });

export function createShopifyEmulator(
  options: EmulatorOptions & { deliver?: WebhookDeliver; bucket?: { maximum: number; restorePerSecond: number } },
): ShopifyEmulator {
  const { store, faults, hanger, clock, seed, reset } = emulatorBase(options, async () => undefined);
  const bucketSize = options.bucket?.maximum ?? 2000;
  const restoreRate = options.bucket?.restorePerSecond ?? 100;
  const buckets = new Map<string, { available: number; at: number }>();
  const throttledCalls = new Map<string, number>();
  const failed: FailedDelivery[] = [];
  const pending = new Set<Promise<void>>();

  const ordersOf = (host: string) => store.list<ShopifyOrderRecord>(`orders:${host}`);
  const getOrder = (host: string, id: number) => store.get<ShopifyOrderRecord>(`orders:${host}`, String(id));
  const saveOrder = (host: string, o: ShopifyOrderRecord) => store.put(`orders:${host}`, String(o.id), o);
  const variantsOf = (host: string) => store.list<ShopifyVariantRecord>(`variants:${host}`);
  const hooksOf = (host: string) => store.list<ShopifyHookRecord>(`hooks:${host}`);
  const secretOf = async (host: string) =>
    (await store.get<{ apiSecret: string }>('apps', host))?.apiSecret ?? SHOPIFY_DEFAULT_SECRET;

  /** The bucket of one shop, refilled to now. */
  const bucketOf = (host: string) => {
    const nowMs = Date.now();
    const b = buckets.get(host) ?? { available: bucketSize, at: nowMs };
    b.available = Math.min(bucketSize, b.available + ((nowMs - b.at) / 1000) * restoreRate);
    b.at = nowMs;
    buckets.set(host, b);
    return b;
  };
  const throttleStatus = (host: string) => {
    const b = bucketOf(host);
    return { maximumAvailable: bucketSize, currentlyAvailable: Math.floor(b.available), restoreRate };
  };

  // ---- REST-shaped JSON of an order (webhooks) ----
  const restOrder = (host: string, o: ShopifyOrderRecord) => {
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

  async function deliverOne(d: FailedDelivery, webhookId: string): Promise<boolean> {
    if (!options.deliver) return true;
    const secret = await secretOf(d.host);
    const headers = {
      'content-type': 'application/json',
      'user-agent': 'Shopify-Captain-Hook',
      'x-shopify-topic': d.topic,
      'x-shopify-hmac-sha256': crypto.createHmac('sha256', secret).update(d.body).digest('base64'),
      'x-shopify-shop-domain': d.host,
      'x-shopify-api-version': SUPPORTED_VERSIONS[SUPPORTED_VERSIONS.length - 2],
      'x-shopify-webhook-id': webhookId,
      'x-shopify-event-id': d.eventId,
      'x-shopify-triggered-at': d.triggeredAt,
    };
    const status = await options.deliver(d.uri, headers, d.body).catch(() => 0);
    return status >= 200 && status < 300;
  }

  /** An event of the shop delivered to every subscription of its topic, after the API's answer. */
  const emit = (host: string, topic: keyof typeof TOPICS, order: ShopifyOrderRecord) => {
    const body = JSON.stringify(restOrder(host, order));
    const eventId = crypto.randomUUID();
    const triggeredAt = new Date(clock.now() * 1000).toISOString();
    const p: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(async () => {
        for (const hook of (await hooksOf(host)).filter((h) => h.topic === topic)) {
          const d: FailedDelivery = {
            host,
            hookId: hook.id,
            eventId,
            topic: TOPICS[topic],
            triggeredAt,
            body,
            uri: hook.uri,
            attempts: 1,
          };
          if (!(await deliverOne(d, crypto.randomUUID()))) failed.push(d);
        }
      })
      .catch(() => undefined)
      .finally(() => pending.delete(p));
    pending.add(p);
  };
  const emitOrder = (host: string, topics: (keyof typeof TOPICS)[], order: ShopifyOrderRecord) => {
    for (const t of topics) emit(host, t, order);
  };

  // ---- GraphQL objects ----
  const moneyBag = (bani: number, currency: string) => ({
    __typename: 'MoneyBag',
    shopMoney: { __typename: 'MoneyV2', amount: money(bani), currencyCode: currency },
    presentmentMoney: { __typename: 'MoneyV2', amount: money(bani), currencyCode: currency },
  });
  const cursorOf = (value: string | number, id: number) =>
    Buffer.from(JSON.stringify({ last_id: id, last_value: value })).toString('base64');
  const readCursor = (c: unknown): { last_id: number; last_value: string | number } | null => {
    if (typeof c !== 'string' || !c) return null;
    try {
      const v = JSON.parse(Buffer.from(c, 'base64').toString('utf8')) as { last_id: number; last_value: string };
      if (typeof v.last_id !== 'number') throw new Error('bad');
      return v;
    } catch {
      throw new GqlFieldError('Invalid cursor for current pagination.', 'BAD_REQUEST');
    }
  };
  /** A page of `items` (already sorted) as a connection; `key` is the sort value put in cursors. */
  function connection<T extends { id: number }>(
    items: T[],
    args: Record<string, unknown>,
    node: (item: T) => unknown,
    key: (item: T) => string | number = (i) => i.id,
  ) {
    const first = args.first;
    if (typeof first !== 'number' && typeof args.last !== 'number')
      throw new GqlFieldError('you must provide one of first or last', 'BAD_REQUEST');
    const size = typeof first === 'number' ? first : (args.last as number);
    if (size > 250) throw new GqlFieldError('The number of requested items exceeds the limit of 250.', 'BAD_REQUEST');
    let start = 0;
    const after = readCursor(args.after);
    if (after) {
      const at = items.findIndex((i) => i.id === after.last_id);
      start = at >= 0 ? at + 1 : items.findIndex((i) => key(i) > after.last_value);
      if (start < 0) start = items.length;
    }
    const page = items.slice(start, start + size);
    const last = page[page.length - 1];
    return {
      __typename: 'Connection',
      nodes: page.map(node),
      edges: page.map((i) => ({ __typename: 'Edge', cursor: cursorOf(key(i), i.id), node: node(i) })),
      pageInfo: {
        __typename: 'PageInfo',
        hasNextPage: start + size < items.length,
        hasPreviousPage: start > 0,
        startCursor: page[0] ? cursorOf(key(page[0]), page[0].id) : null,
        endCursor: last ? cursorOf(key(last), last.id) : null,
      },
    };
  }

  const addressNode = (a: ShopifyAddressRecord) => ({
    __typename: 'MailingAddress',
    name: `${a.first_name} ${a.last_name}`.trim(),
    firstName: a.first_name,
    lastName: a.last_name,
    company: a.company,
    address1: a.address1,
    address2: a.address2,
    city: a.city,
    province: a.province,
    provinceCode: a.province_code,
    zip: a.zip,
    country: a.country,
    countryCodeV2: a.country_code,
    phone: a.phone,
    formatted: () => [a.address1, a.address2, `${a.zip} ${a.city}`, a.country].filter(Boolean),
  });

  const orderNode = (o: ShopifyOrderRecord) => {
    const subtotal = o.lines.reduce((s, l) => s + l.price * l.quantity, 0);
    const lineNode = (l: ShopifyLineRecord) => ({
      __typename: 'LineItem',
      id: gid('LineItem', l.id),
      sku: l.sku,
      name: l.name,
      title: l.name,
      quantity: l.quantity,
      currentQuantity: o.cancelledAt ? 0 : l.quantity,
      originalUnitPriceSet: moneyBag(l.price, o.currency),
      discountedUnitPriceSet: moneyBag(l.price, o.currency),
      variant: l.variantId
        ? { __typename: 'ProductVariant', id: gid('ProductVariant', l.variantId), sku: l.sku }
        : null,
    });
    return {
      __typename: 'Order',
      id: gid('Order', o.id),
      legacyResourceId: String(o.id),
      name: o.name,
      createdAt: o.createdAt,
      updatedAt: o.updatedAt,
      processedAt: o.createdAt,
      cancelledAt: o.cancelledAt,
      cancelReason: o.cancelReason,
      closedAt: o.closedAt,
      closed: o.closedAt !== null,
      currencyCode: o.currency,
      presentmentCurrencyCode: o.currency,
      taxesIncluded: true,
      displayFinancialStatus: o.financial,
      displayFulfillmentStatus: o.fulfillment,
      paymentGatewayNames: o.gateways,
      email: o.email,
      phone: o.phone,
      note: o.note,
      tags: [],
      customer: {
        __typename: 'Customer',
        firstName: o.address.first_name,
        lastName: o.address.last_name,
        email: o.email,
      },
      shippingAddress: addressNode(o.address),
      billingAddress: addressNode(o.address),
      subtotalPriceSet: moneyBag(subtotal, o.currency),
      totalPriceSet: moneyBag(subtotal + o.shipping, o.currency),
      currentTotalPriceSet: moneyBag(o.cancelledAt ? 0 : subtotal + o.shipping, o.currency),
      totalShippingPriceSet: moneyBag(o.shipping, o.currency),
      totalDiscountsSet: moneyBag(0, o.currency),
      totalTaxSet: moneyBag(Math.round(((subtotal + o.shipping) * 21) / 121), o.currency),
      lineItems: (args: Record<string, unknown>) => connection(o.lines, args, lineNode),
      fulfillmentOrders: (args: Record<string, unknown>) =>
        connection(o.fulfillmentOrders, args, (f) => ({
          __typename: 'FulfillmentOrder',
          id: gid('FulfillmentOrder', f.id),
          status: f.status,
          assignedLocation: {
            __typename: 'FulfillmentOrderAssignedLocation',
            location: { __typename: 'Location', id: gid('Location', LOCATION_ID) },
          },
          lineItems: (a: Record<string, unknown>) =>
            connection(f.lines, a, (l) => ({
              __typename: 'FulfillmentOrderLineItem',
              id: gid('FulfillmentOrderLineItem', l.id),
              remainingQuantity: l.remaining,
              totalQuantity: l.total,
              lineItem: lineNode(o.lines.find((x) => x.id === l.lineId) ?? o.lines[0]),
            })),
        })),
      fulfillments: (args: Record<string, unknown>) =>
        o.fulfillments.slice(0, typeof args.first === 'number' ? args.first : undefined).map(fulfillmentNode),
    };
  };
  const fulfillmentNode = (f: ShopifyFulfillmentRecord) => ({
    __typename: 'Fulfillment',
    id: gid('Fulfillment', f.id),
    status: f.status,
    createdAt: f.createdAt,
    trackingInfo: (args: Record<string, unknown>) =>
      [{ __typename: 'FulfillmentTrackingInfo', ...f.tracking }].slice(
        0,
        typeof args.first === 'number' ? args.first : undefined,
      ),
  });

  const variantNode = (v: ShopifyVariantRecord) => ({
    __typename: 'ProductVariant',
    id: gid('ProductVariant', v.id),
    legacyResourceId: String(v.id),
    sku: v.sku,
    title: v.title,
    displayName: `${v.productTitle} - ${v.title}`,
    price: money(v.price),
    inventoryQuantity: Object.values(v.levels).reduce((s, q) => s + q, 0),
    product: { __typename: 'Product', id: gid('Product', v.productId), title: v.productTitle },
    inventoryItem: {
      __typename: 'InventoryItem',
      id: gid('InventoryItem', v.inventoryItemId),
      sku: v.sku,
      tracked: v.tracked,
      inventoryLevels: (args: Record<string, unknown>) =>
        connection(
          Object.entries(v.levels).map(([loc, q]) => ({ id: Number(loc), q })),
          args,
          (l) => ({
            __typename: 'InventoryLevel',
            id: `gid://shopify/InventoryLevel/${v.inventoryItemId}?inventory_item_id=${v.inventoryItemId}`,
            location: { __typename: 'Location', id: gid('Location', l.id), name: 'Depozit' },
            quantities: (a: Record<string, unknown>) =>
              ((a.names as string[] | undefined) ?? ['available']).map((name) => ({
                __typename: 'InventoryQuantity',
                name,
                quantity: l.q,
              })),
          }),
        ),
    },
  });

  /** Shopify's search syntax, the terms the console uses: `updated_at`/`created_at` comparisons, `sku`, `status`. */
  function searchFilter(query: unknown): (fields: Record<string, string>) => boolean {
    if (typeof query !== 'string' || !query.trim()) return () => true;
    const terms = [...query.matchAll(/(\w+):(>=|<=|>|<)?('(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"|\S+)/g)].map((m) => ({
      field: m[1],
      op: m[2] ?? '',
      value: m[3].replace(/^['"]|['"]$/g, '').replace(/\\(.)/g, '$1'),
    }));
    return (fields) =>
      terms.every((t) => {
        if (!(t.field in fields)) return true;
        const have = fields[t.field];
        if (t.field.endsWith('_at')) {
          const a = Date.parse(have);
          const b = Date.parse(t.value);
          if (Number.isNaN(b)) return true;
          if (t.op === '>') return a > b;
          if (t.op === '>=') return a >= b;
          if (t.op === '<') return a < b;
          if (t.op === '<=') return a <= b;
          return Math.floor(a / 86_400_000) === Math.floor(b / 86_400_000);
        }
        if (t.field === 'status') return t.value === 'any' || have === t.value;
        return have.toLowerCase().startsWith(t.value.toLowerCase());
      });
  }

  type Resolver = (host: string, args: Record<string, unknown>) => Promise<unknown>;
  const queries: Record<string, Resolver> = {
    shop: async (host) => ({
      __typename: 'Shop',
      id: gid('Shop', 1),
      name: host.split('.')[0],
      myshopifyDomain: host,
      currencyCode: 'RON',
      email: `contact@${host}`,
      ianaTimezone: 'Europe/Bucharest',
    }),
    orders: async (host, args) => {
      const sortKey = (args.sortKey as string | undefined) ?? 'ID';
      const keyOf = (o: ShopifyOrderRecord) =>
        sortKey === 'UPDATED_AT'
          ? o.updatedAt
          : sortKey === 'CREATED_AT' || sortKey === 'PROCESSED_AT'
            ? o.createdAt
            : o.id;
      const match = searchFilter(args.query);
      const list = (await ordersOf(host)).filter((o) =>
        match({
          updated_at: o.updatedAt,
          created_at: o.createdAt,
          name: o.name,
          status: o.cancelledAt ? 'cancelled' : o.closedAt ? 'closed' : 'open',
          financial_status: o.financial.toLowerCase(),
        }),
      );
      list.sort((a, b) => (keyOf(a) < keyOf(b) ? -1 : keyOf(a) > keyOf(b) ? 1 : a.id - b.id));
      if (args.reverse === true) list.reverse();
      return connection(list, args, orderNode, keyOf);
    },
    order: async (host, args) => {
      const id = idOf(args.id, 'Order');
      const o = id === null ? undefined : await getOrder(host, id);
      return o ? orderNode(o) : null;
    },
    productVariants: async (host, args) => {
      const match = searchFilter(args.query);
      return connection(
        (await variantsOf(host)).filter((v) => match({ sku: v.sku, title: v.title })),
        args,
        variantNode,
      );
    },
    locations: async (_host, args) =>
      connection([{ id: LOCATION_ID }], args, (l) => ({
        __typename: 'Location',
        id: gid('Location', l.id),
        name: 'Depozit',
        isActive: true,
      })),
    webhookSubscriptions: async (host, args) =>
      connection(await hooksOf(host), args, (h) => ({
        __typename: 'WebhookSubscription',
        id: gid('WebhookSubscription', h.id),
        topic: h.topic,
        uri: h.uri,
        callbackUrl: h.uri,
        format: h.format,
        createdAt: h.createdAt,
      })),
  };

  const userError = (field: string[] | null, message: string, code?: string) => ({
    __typename: 'UserError',
    field,
    message,
    ...(code ? { code } : {}),
  });
  const hookNode = (h: ShopifyHookRecord) => ({
    __typename: 'WebhookSubscription',
    id: gid('WebhookSubscription', h.id),
    topic: h.topic,
    uri: h.uri,
    callbackUrl: h.uri,
    format: h.format,
    createdAt: h.createdAt,
  });

  /** Required arguments of each mutation (Shopify refuses the query without them, before it runs). */
  const REQUIRED: Record<string, string[]> = {
    webhookSubscriptionCreate: ['topic', 'webhookSubscription'],
    webhookSubscriptionDelete: ['id'],
    fulfillmentCreate: ['fulfillment'],
    orderCancel: ['orderId', 'reason', 'refund', 'restock'],
    inventorySetQuantities: ['input'],
  };

  const mutations: Record<string, Resolver> = {
    webhookSubscriptionCreate: async (host, args) => {
      const sub = (args.webhookSubscription ?? {}) as { uri?: string; callbackUrl?: string; format?: string };
      const uri = sub.uri ?? sub.callbackUrl;
      const topic = String(args.topic);
      if (!(topic in TOPICS))
        throw new GqlFieldError(
          `Argument 'topic' on Field 'webhookSubscriptionCreate' has an invalid value (${topic}). Expected type 'WebhookSubscriptionTopic!'.`,
          'argumentLiteralsIncompatible',
        );
      const errors = [];
      if (!uri || !/^https:\/\/|^http:\/\/(localhost|127\.0\.0\.1)|^pubsub:|^arn:aws:events/.test(uri))
        errors.push(userError(['webhookSubscription', 'callbackUrl'], 'Address is invalid'));
      const hooks = await hooksOf(host);
      if (uri && hooks.some((h) => h.topic === topic && h.uri === uri))
        errors.push(userError(['webhookSubscription', 'callbackUrl'], 'Address for this topic has already been taken'));
      if (errors.length)
        return { __typename: 'WebhookSubscriptionCreatePayload', webhookSubscription: null, userErrors: errors };
      const hook: ShopifyHookRecord = {
        id: await store.next(`hook:${host}`, 1_400_000_001),
        topic,
        uri: uri as string,
        format: sub.format === 'XML' ? 'XML' : 'JSON',
        createdAt: iso(clock.now()),
      };
      await store.put(`hooks:${host}`, String(hook.id), hook);
      return { __typename: 'WebhookSubscriptionCreatePayload', webhookSubscription: hookNode(hook), userErrors: [] };
    },
    webhookSubscriptionDelete: async (host, args) => {
      const id = idOf(args.id, 'WebhookSubscription');
      const hook = id === null ? undefined : await store.get<ShopifyHookRecord>(`hooks:${host}`, String(id));
      if (!hook)
        return {
          __typename: 'WebhookSubscriptionDeletePayload',
          deletedWebhookSubscriptionId: null,
          userErrors: [userError(['id'], 'Webhook subscription does not exist')],
        };
      await store.remove(`hooks:${host}`, String(hook.id));
      return {
        __typename: 'WebhookSubscriptionDeletePayload',
        deletedWebhookSubscriptionId: gid('WebhookSubscription', hook.id),
        userErrors: [],
      };
    },
    fulfillmentCreate: async (host, args) => {
      const input = (args.fulfillment ?? {}) as {
        lineItemsByFulfillmentOrder?: {
          fulfillmentOrderId?: string;
          fulfillmentOrderLineItems?: { id?: string; quantity?: number }[];
        }[];
        trackingInfo?: { company?: string; number?: string; url?: string; numbers?: string[]; urls?: string[] };
        notifyCustomer?: boolean;
      };
      const fail = (field: string[], message: string) => ({
        __typename: 'FulfillmentCreatePayload',
        fulfillment: null,
        userErrors: [userError(field, message)],
      });
      const groups = input.lineItemsByFulfillmentOrder ?? [];
      if (groups.length === 0)
        return fail(['fulfillment', 'lineItemsByFulfillmentOrder'], 'Line items by fulfillment order must be present.');
      const all = await ordersOf(host);
      let order: ShopifyOrderRecord | undefined;
      const plan: {
        fo: ShopifyFulfillmentOrderRecord;
        lines: { line: ShopifyFulfillmentOrderRecord['lines'][number]; quantity: number }[];
      }[] = [];
      for (const g of groups) {
        const foId = idOf(g.fulfillmentOrderId, 'FulfillmentOrder');
        const owner = all.find((o) => o.fulfillmentOrders.some((f) => f.id === foId));
        const fo = owner?.fulfillmentOrders.find((f) => f.id === foId);
        if (!owner || !fo) return fail(['fulfillment'], 'Fulfillment order does not exist.');
        if (order && order.id !== owner.id)
          return fail(['fulfillment'], 'All fulfillment orders must belong to the same order.');
        order = owner;
        if (fo.status !== 'OPEN' && fo.status !== 'IN_PROGRESS')
          return fail(
            ['fulfillment'],
            `Fulfillment order ${gid('FulfillmentOrder', fo.id)} has an unfulfillable status= ${fo.status.toLowerCase()}.`,
          );
        const lines = g.fulfillmentOrderLineItems?.length
          ? g.fulfillmentOrderLineItems.map((x) => ({
              line: fo.lines.find((l) => l.id === idOf(x.id, 'FulfillmentOrderLineItem')),
              quantity: x.quantity ?? 0,
            }))
          : fo.lines.filter((l) => l.remaining > 0).map((line) => ({ line, quantity: line.remaining }));
        for (const l of lines) {
          if (!l.line) return fail(['fulfillment'], 'Fulfillment order line item does not exist.');
          if (!Number.isInteger(l.quantity) || l.quantity <= 0 || l.quantity > l.line.remaining)
            return fail(
              ['fulfillment'],
              `Invalid quantity for fulfillment order line item ${gid('FulfillmentOrderLineItem', l.line.id)}.`,
            );
        }
        plan.push({ fo, lines: lines as { line: ShopifyFulfillmentOrderRecord['lines'][number]; quantity: number }[] });
      }
      if (!order) return fail(['fulfillment'], 'Fulfillment order does not exist.');
      if (order.cancelledAt) return fail(['fulfillment'], 'The order has been cancelled.');
      const t = input.trackingInfo ?? {};
      const fulfillment: ShopifyFulfillmentRecord = {
        id: await store.next(`fulfillment:${host}`, 4_700_000_001),
        status: 'SUCCESS',
        createdAt: iso(clock.now()),
        tracking: {
          company: t.company ?? null,
          number: t.number ?? t.numbers?.[0] ?? null,
          url: t.url ?? t.urls?.[0] ?? null,
        },
        notifyCustomer: input.notifyCustomer === true,
        lines: [],
      };
      for (const { fo, lines } of plan) {
        for (const { line, quantity } of lines) {
          line.remaining -= quantity;
          fulfillment.lines.push({ lineId: line.lineId, quantity });
        }
        fo.status = fo.lines.every((l) => l.remaining === 0) ? 'CLOSED' : 'IN_PROGRESS';
      }
      order.fulfillments.push(fulfillment);
      const remaining = order.fulfillmentOrders.flatMap((f) => f.lines).reduce((s, l) => s + l.remaining, 0);
      order.fulfillment = remaining === 0 ? 'FULFILLED' : 'PARTIALLY_FULFILLED';
      order.updatedAt = iso(clock.now());
      await saveOrder(host, order);
      emitOrder(host, remaining === 0 ? ['ORDERS_UPDATED', 'ORDERS_FULFILLED'] : ['ORDERS_UPDATED'], order);
      return { __typename: 'FulfillmentCreatePayload', fulfillment: fulfillmentNode(fulfillment), userErrors: [] };
    },
    orderCancel: async (host, args) => {
      const payload = (errors: ReturnType<typeof userError>[], job: unknown = null) => ({
        __typename: 'OrderCancelPayload',
        job,
        orderCancelUserErrors: errors,
        userErrors: errors,
      });
      if (!CANCEL_REASONS.includes(String(args.reason)))
        throw new GqlFieldError(
          `Argument 'reason' on Field 'orderCancel' has an invalid value (${String(args.reason)}). Expected type 'OrderCancelReason!'.`,
          'argumentLiteralsIncompatible',
        );
      const id = idOf(args.orderId, 'Order');
      const o = id === null ? undefined : await getOrder(host, id);
      if (!o) return payload([userError(['orderId'], 'Order does not exist', 'NOT_FOUND')]);
      if (o.cancelledAt)
        return payload([userError(['orderId'], 'Cannot cancel an order that has already been cancelled', 'INVALID')]);
      if (o.fulfillment !== 'UNFULFILLED')
        return payload([userError(['orderId'], 'Cannot cancel an order that has fulfilled line items', 'INVALID')]);
      const now = iso(clock.now());
      o.cancelledAt = now;
      o.closedAt = now;
      o.cancelReason = String(args.reason);
      o.updatedAt = now;
      if (args.refund === true && o.financial === 'PAID') o.financial = 'REFUNDED';
      else if (o.financial === 'PENDING' || o.financial === 'AUTHORIZED') o.financial = 'VOIDED';
      for (const f of o.fulfillmentOrders) f.status = 'CANCELLED';
      if (args.restock === true)
        for (const l of o.lines) {
          const v = (await variantsOf(host)).find((x) => x.id === l.variantId);
          if (v) {
            v.levels[String(LOCATION_ID)] = (v.levels[String(LOCATION_ID)] ?? 0) + l.quantity;
            await store.put(`variants:${host}`, String(v.id), v);
          }
        }
      await saveOrder(host, o);
      emitOrder(host, ['ORDERS_CANCELLED', 'ORDERS_UPDATED'], o);
      return payload([], { __typename: 'Job', id: `gid://shopify/Job/${crypto.randomUUID()}`, done: false });
    },
    inventorySetQuantities: async (host, args) => {
      const input = (args.input ?? {}) as {
        name?: string;
        reason?: string;
        ignoreCompareQuantity?: boolean;
        quantities?: {
          inventoryItemId?: string;
          locationId?: string;
          quantity?: number;
          compareQuantity?: number | null;
          changeFromQuantity?: number | null;
        }[];
      };
      const payload = (errors: ReturnType<typeof userError>[], group: unknown = null) => ({
        __typename: 'InventorySetQuantitiesPayload',
        inventoryAdjustmentGroup: group,
        userErrors: errors,
      });
      if (input.name !== 'available' && input.name !== 'on_hand')
        return payload([
          userError(['input', 'name'], "The quantity name must be either 'available' or 'on_hand'.", 'INVALID_NAME'),
        ]);
      if (!input.reason || !INVENTORY_REASONS.includes(input.reason))
        return payload([userError(['input', 'reason'], 'The specified reason is invalid.', 'INVALID_REASON')]);
      const variants = await variantsOf(host);
      const changes: { name: string; delta: number; quantityAfterChange: number }[] = [];
      const touched: ShopifyVariantRecord[] = [];
      for (const [i, q] of (input.quantities ?? []).entries()) {
        const v = variants.find((x) => x.inventoryItemId === idOf(q.inventoryItemId, 'InventoryItem'));
        const field = ['input', 'quantities', String(i)];
        if (!v)
          return payload([
            userError(
              [...field, 'inventoryItemId'],
              'The specified inventory item could not be found.',
              'INVALID_INVENTORY_ITEM',
            ),
          ]);
        const loc = idOf(q.locationId, 'Location');
        if (loc === null || !(String(loc) in v.levels))
          return payload([
            userError([...field, 'locationId'], 'The specified location could not be found.', 'INVALID_LOCATION'),
          ]);
        if (
          !Number.isInteger(q.quantity) ||
          (q.quantity as number) > 1_000_000_000 ||
          (q.quantity as number) < -1_000_000_000
        )
          return payload([userError([...field, 'quantity'], 'The quantity is invalid.', 'INVALID_QUANTITY')]);
        const current = v.levels[String(loc)];
        const expected =
          q.changeFromQuantity !== undefined
            ? q.changeFromQuantity
            : input.ignoreCompareQuantity
              ? null
              : (q.compareQuantity ?? null);
        if (expected !== null && expected !== undefined && expected !== current)
          return payload([
            userError(
              [...field, 'changeFromQuantity'],
              'The specified compare quantity does not match the current quantity.',
              'CHANGE_FROM_QUANTITY_STALE',
            ),
          ]);
        changes.push({
          name: input.name,
          delta: (q.quantity as number) - current,
          quantityAfterChange: q.quantity as number,
        });
        v.levels[String(loc)] = q.quantity as number;
        touched.push(v);
      }
      for (const v of touched) await store.put(`variants:${host}`, String(v.id), v);
      return payload([], {
        __typename: 'InventoryAdjustmentGroup',
        createdAt: iso(clock.now()),
        reason: input.reason,
        changes: changes.map((c) => ({ __typename: 'InventoryChange', ...c })),
      });
    },
  };

  /** Runs one GraphQL request for a shop: parse, variables, cost, bucket, resolvers, projection. */
  async function execute(host: string, body: { query?: unknown; variables?: unknown; operationName?: unknown }) {
    let op;
    try {
      op = parseOperation(String(body.query), typeof body.operationName === 'string' ? body.operationName : null);
    } catch (e) {
      if (e instanceof GqlSyntaxError)
        return { errors: [{ message: e.message, locations: [{ line: e.line, column: e.column }] }] };
      throw e;
    }
    const vars = (body.variables && typeof body.variables === 'object' ? body.variables : {}) as Record<
      string,
      unknown
    >;
    for (const v of op.variables) {
      if (vars[v.name] === undefined && v.defaultValue !== undefined) vars[v.name] = v.defaultValue;
      if (v.required && (vars[v.name] === undefined || vars[v.name] === null))
        return {
          errors: [
            {
              message: `Variable $${v.name} of type ${v.type}! was provided invalid value`,
              extensions: { value: null, problems: [{ path: [], explanation: 'Expected value to not be null' }] },
            },
          ],
        };
    }
    const roots = op.kind === 'mutation' ? mutations : queries;
    for (const f of op.selections) {
      if (f.name === '__typename') continue;
      if (!(f.name in roots))
        return {
          errors: [
            {
              message: `Field '${f.name}' doesn't exist on type '${op.kind === 'mutation' ? 'Mutation' : 'QueryRoot'}'`,
              extensions: {
                code: 'undefinedField',
                typeName: op.kind === 'mutation' ? 'Mutation' : 'QueryRoot',
                fieldName: f.name,
              },
            },
          ],
        };
      const missing = (REQUIRED[f.name] ?? []).filter((a) => !(a in f.args));
      if (missing.length)
        return {
          errors: [
            {
              message: `Field '${f.name}' is missing required arguments: ${missing.join(', ')}`,
              extensions: { code: 'missingRequiredArguments', arguments: missing.join(', ') },
            },
          ],
        };
    }
    const requested = requestedCost(op.selections, vars, op.kind === 'mutation');
    if (requested > MAX_QUERY_COST)
      return {
        errors: [
          {
            message: `Query cost is ${requested}, which exceeds the single query max cost limit (${MAX_QUERY_COST}).\n\nSee https://shopify.dev/concepts/about-apis/rate-limits for more information on how the\ncost of a query is calculated.\n\nTo query larger amounts of data with fewer limits, bulk operations should be used instead.\nSee https://shopify.dev/tutorials/perform-bulk-operations-with-admin-api for usage details.\n`,
            extensions: { code: 'MAX_COST_EXCEEDED', cost: requested, maxCost: MAX_QUERY_COST },
          },
        ],
      };
    const bucket = bucketOf(host);
    if (requested > bucket.available) {
      throttledCalls.set(host, (throttledCalls.get(host) ?? 0) + 1);
      return {
        errors: [
          {
            message: 'Throttled',
            extensions: { code: 'THROTTLED', documentation: 'https://shopify.dev/api/usage/rate-limits' },
          },
        ],
        extensions: {
          cost: { requestedQueryCost: requested, actualQueryCost: null, throttleStatus: throttleStatus(host) },
        },
      };
    }
    bucket.available -= requested;
    const cost = { actual: op.kind === 'mutation' ? 10 * op.selections.length : 0 };
    const data: Record<string, unknown> = {};
    const errors: { message: string; path: string[]; extensions?: { code: string } }[] = [];
    for (const f of op.selections as GqlField[]) {
      if (f.name === '__typename') {
        data[f.alias] = op.kind === 'mutation' ? 'Mutation' : 'QueryRoot';
        continue;
      }
      try {
        const value = await roots[f.name](host, resolveArgs(f, vars));
        if (value !== null && op.kind === 'query' && f.selections)
          cost.actual += 'pageInfo' in (value as object) ? 2 : 1;
        data[f.alias] = f.selections
          ? await project(value, f.selections, vars, op.kind === 'mutation' ? { actual: 0 } : cost)
          : value;
      } catch (e) {
        if (!(e instanceof GqlFieldError)) throw e;
        data[f.alias] = null;
        errors.push({ message: e.message, path: [f.alias], ...(e.code ? { extensions: { code: e.code } } : {}) });
      }
    }
    const actual = Math.min(cost.actual, requested);
    bucket.available = Math.min(bucketSize, bucket.available + (requested - actual));
    return {
      data,
      ...(errors.length ? { errors } : {}),
      extensions: {
        cost: { requestedQueryCost: requested, actualQueryCost: actual, throttleStatus: throttleStatus(host) },
      },
    };
  }

  async function newOrders(
    host: string,
    count: number,
    opts: { payment?: 'cod' | 'card'; lines?: { sku: string; quantity: number }[]; spreadSeconds?: number } = {},
  ): Promise<ShopifyOrderRecord[]> {
    const variants = await variantsOf(host);
    if (variants.length === 0 || count <= 0) return [];
    const first = await store.next(`order:${host}`, 6_100_000_001, count);
    const firstName = await store.next(`name:${host}`, 1001, count);
    const firstLine = await store.next(`line:${host}`, 15_000_000_001, count * 10);
    const firstFo = await store.next(`fo:${host}`, 7_200_000_001, count * 11);
    const now = clock.now();
    const made: ShopifyOrderRecord[] = [];
    for (let i = 0; i < count; i++) {
      const id = first + i;
      const n = firstName + i;
      const [given, family] = PEOPLE[n % PEOPLE.length];
      const [address1, address2, city, province, code, zip] = ADDRESSES[n % ADDRESSES.length];
      const chosen = opts.lines ?? [{ sku: variants[n % variants.length].sku, quantity: 1 + (n % 2) }];
      const lines: ShopifyLineRecord[] = chosen.map((c, j) => {
        const v = variants.find((x) => x.sku === c.sku) ?? variants[0];
        return {
          id: firstLine + i * 10 + j,
          sku: c.sku,
          name: `${v.productTitle}${v.title === 'Default Title' ? '' : ` - ${v.title}`}`,
          quantity: c.quantity,
          price: v.price,
          variantId: v.id,
        };
      });
      const cod = opts.payment ? opts.payment === 'cod' : n % 3 !== 0;
      const at = iso(now - (opts.spreadSeconds ? Math.round(((count - i) * opts.spreadSeconds) / count) : 0));
      const phone = `+407${2 + (n % 8)}${String((n * 7919) % 10_000_000).padStart(7, '0')}`;
      made.push({
        id,
        name: `#${n}`,
        createdAt: at,
        updatedAt: at,
        cancelledAt: null,
        cancelReason: null,
        closedAt: null,
        financial: cod ? 'PENDING' : 'PAID',
        fulfillment: 'UNFULFILLED',
        gateways: cod ? ['Cash on Delivery (COD)'] : ['shopify_payments'],
        email: `${given}.${family}@example.ro`.toLowerCase(),
        phone,
        note: null,
        currency: 'RON',
        address: {
          first_name: given,
          last_name: family,
          company: null,
          address1,
          address2: address2 || null,
          city,
          province,
          province_code: code,
          zip,
          country: 'Romania',
          country_code: 'RO',
          phone,
        },
        lines,
        shipping: 1999,
        fulfillmentOrders: [
          {
            id: firstFo + i * 11,
            status: 'OPEN',
            lines: lines.map((l, j) => ({
              id: firstFo + i * 11 + 1 + j,
              lineId: l.id,
              remaining: l.quantity,
              total: l.quantity,
            })),
          },
        ],
        fulfillments: [],
      });
    }
    await store.putAll(made.map((o) => ({ collection: `orders:${host}`, key: String(o.id), value: o })));
    return made;
  }

  const emulator: ShopifyEmulator = {
    name: 'shopify',
    faults,
    store,
    demoCredentials: { ...SHOPIFY_DEMO },
    async reset() {
      buckets.clear();
      throttledCalls.clear();
      failed.length = 0;
      await reset();
    },
    throttled: (host) => throttledCalls.get(host.toLowerCase()) ?? 0,
    orders: (host) => ordersOf(host.toLowerCase()),
    order: (host, id) => getOrder(host.toLowerCase(), id),
    variant: async (host, sku) => (await variantsOf(host.toLowerCase())).find((v) => v.sku === sku),
    webhooks: (host) => hooksOf(host.toLowerCase()),
    setAppSecret: (host, apiSecret) => store.put('apps', host.toLowerCase(), { apiSecret }),
    async prepareShop(host, catalogue, opts = {}) {
      host = host.toLowerCase();
      if (opts.apiSecret) await emulator.setAppSecret(host, opts.apiSecret);
      if ((await variantsOf(host)).length > 0) return;
      const records: ShopifyVariantRecord[] = [];
      for (const item of catalogue) {
        const productId = await store.next(`product:${host}`, 8_000_000_001);
        const kinds = item.variations?.length
          ? item.variations
          : [{ sku: item.sku, name: 'Default Title', price: item.price, stock: item.stock }];
        for (const v of kinds) {
          const id = await store.next(`variant:${host}`, 44_000_000_001);
          records.push({
            id,
            productId,
            productTitle: item.name,
            title: v.name,
            sku: v.sku,
            price: v.price,
            inventoryItemId: id + 1_000_000_000,
            tracked: v.stock !== null,
            levels: { [String(LOCATION_ID)]: v.stock ?? 0 },
          });
        }
      }
      await store.putAll(records.map((v) => ({ collection: `variants:${host}`, key: String(v.id), value: v })));
      await newOrders(host, opts.orders ?? 4, { spreadSeconds: 20 * 3600 });
    },
    async takeOrders(host, count, opts = {}) {
      host = host.toLowerCase();
      const made = await newOrders(host, count, opts);
      for (const o of made) emit(host, 'ORDERS_CREATE', o);
      return made;
    },
    async cancelInShop(host, id) {
      host = host.toLowerCase();
      const o = await getOrder(host, id);
      if (!o) throw new Error(`no order ${id} in ${host}`);
      const now = iso(clock.now());
      Object.assign(o, { cancelledAt: now, closedAt: now, cancelReason: 'CUSTOMER', updatedAt: now });
      if (o.financial === 'PENDING') o.financial = 'VOIDED';
      await saveOrder(host, o);
      emitOrder(host, ['ORDERS_CANCELLED', 'ORDERS_UPDATED'], o);
    },
    async retryDeliveries() {
      await emulator.settled();
      const due = failed.splice(0);
      for (const d of due) {
        if (!(await store.get(`hooks:${d.host}`, String(d.hookId)))) continue;
        d.attempts += 1;
        if (await deliverOne(d, crypto.randomUUID())) continue;
        if (d.attempts >= MAX_DELIVERY_ATTEMPTS) await store.remove(`hooks:${d.host}`, String(d.hookId));
        else failed.push(d);
      }
    },
    async settled() {
      while (pending.size) await Promise.all([...pending]);
    },
    plugin: async (app: FastifyInstance) => {
      await seed();
      app.addHook('onClose', async () => emulator.settled());
      applyCommonFaults(app, faults, hanger, (reply) => plainError(reply, 500, 'Internal Server Error'));
      app.post('/shops/:host/admin/api/:version/graphql.json', async (req: FastifyRequest, reply) => {
        const { host: rawHost, version } = req.params as { host: string; version: string };
        const host = rawHost.toLowerCase();
        if (!/^\d{4}-\d{2}$/.test(version) && version !== 'unstable') return plainError(reply, 404, 'Not Found');
        const token = req.headers['x-shopify-access-token'];
        if (faults.take('refused_login') || token !== SHOPIFY_DEMO.access_token)
          return plainError(reply, 401, '[API] Invalid API key or access token (unrecognized login or wrong password)');
        void reply.header(
          'x-shopify-api-version',
          SUPPORTED_VERSIONS.includes(version) || version === 'unstable'
            ? version
            : version < SUPPORTED_VERSIONS[0]
              ? SUPPORTED_VERSIONS[0]
              : SUPPORTED_VERSIONS[SUPPORTED_VERSIONS.length - 1],
        );
        const body = (req.body ?? {}) as { query?: unknown; variables?: unknown; operationName?: unknown };
        if (typeof body.query !== 'string' || !body.query.trim())
          return plainError(reply, 400, { query: 'Required parameter missing or invalid' });
        return execute(host, body);
      });
    },
  };
  return emulator;
}
