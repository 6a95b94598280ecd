import { GqlFieldError } from './graphql.js';
import {
  gid,
  LOCATION_ID,
  money,
  type ShopifyAddressRecord,
  type ShopifyFulfillmentRecord,
  type ShopifyHookRecord,
  type ShopifyLineRecord,
  type ShopifyOrderRecord,
  type ShopifyVariantRecord,
} from './shopifyRecords.js';

/**
 * The Shopify emulator's GraphQL objects: its records as Shopify's types answer them (money as
 * `…Set.shopMoney` decimal strings, gid ids, connections with opaque cursors), and its search syntax.
 * Pure: the resolvers give them the records they read.
 */

/** A root field's resolver: the shop's host and the field's arguments. */
export type Resolver = (host: string, args: Record<string, unknown>) => Promise<unknown>;

export const moneyBag = (bani: number, currency: string) => ({
  __typename: 'MoneyBag',
  shopMoney: { __typename: 'MoneyV2', amount: money(bani), currencyCode: currency },
  presentmentMoney: { __typename: 'MoneyV2', amount: money(bani), currencyCode: currency },
});
export const cursorOf = (value: string | number, id: number) =>
  Buffer.from(JSON.stringify({ last_id: id, last_value: value })).toString('base64');
export const readCursor = (c: unknown): { last_id: number; last_value: string | number } | null => {
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
export function connection<T extends { id: number }>(
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

export const addressNode = (a: ShopifyAddressRecord) => ({
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

export const orderNode = (o: ShopifyOrderRecord) => {
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
    variant: l.variantId ? { __typename: 'ProductVariant', id: gid('ProductVariant', l.variantId), sku: l.sku } : null,
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
export const fulfillmentNode = (f: ShopifyFulfillmentRecord) => ({
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

export const variantNode = (v: ShopifyVariantRecord) => ({
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
export function searchFilter(query: unknown): (fields: Record<string, string>) => boolean {
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

export const userError = (field: string[] | null, message: string, code?: string) => ({
  __typename: 'UserError',
  field,
  message,
  ...(code ? { code } : {}),
});
export const hookNode = (h: ShopifyHookRecord) => ({
  __typename: 'WebhookSubscription',
  id: gid('WebhookSubscription', h.id),
  topic: h.topic,
  uri: h.uri,
  callbackUrl: h.uri,
  format: h.format,
  createdAt: h.createdAt,
});
