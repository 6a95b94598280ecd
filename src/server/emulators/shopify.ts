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
import { SHOP_ADDRESSES, SHOP_PEOPLE } from './shopAddresses.js';
import { REQUIRED, shopifyMutations } from './shopifyMutations.js';
import { connection, orderNode, searchFilter, variantNode, type Resolver } from './shopifyNodes.js';
import {
  gid,
  idOf,
  iso,
  LOCATION_ID,
  MAX_DELIVERY_ATTEMPTS,
  MAX_QUERY_COST,
  restOrder,
  SUPPORTED_VERSIONS,
  TOPICS,
  type FailedDelivery,
  type ShopifyHookRecord,
  type ShopifyLineRecord,
  type ShopifyOrderRecord,
  type ShopifyVariantRecord,
} from './shopifyRecords.js';
import type { ShopCatalogueItem, WebhookDeliver } from './woocommerce.js';

export type {
  ShopifyAddressRecord,
  ShopifyFulfillmentOrderRecord,
  ShopifyFulfillmentRecord,
  ShopifyHookRecord,
  ShopifyLineRecord,
  ShopifyOrderRecord,
  ShopifyVariantRecord,
} from './shopifyRecords.js';

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
  /**
   * The `page`-th page of a walk through `orders` (the first without `after`, then each with one)
   * answers Shopify's internal error, `times` times (tests: a pull broken midway).
   */
  failOrdersPage(page: number, times?: number): void;
}

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
  const failPage = { page: 0, times: 0 };
  const pageOfWalk = new Map<string, number>();

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

  const mutations = shopifyMutations({ store, clock, ordersOf, getOrder, saveOrder, variantsOf, hooksOf, emitOrder });
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
      const page = args.after ? (pageOfWalk.get(host) ?? 1) + 1 : 1;
      pageOfWalk.set(host, page);
      if (failPage.times > 0 && page === failPage.page) {
        failPage.times -= 1;
        throw new GqlFieldError('Internal error. Looks like something went wrong on our end.', 'INTERNAL_SERVER_ERROR');
      }
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
      const [given, family] = SHOP_PEOPLE[n % SHOP_PEOPLE.length];
      const place = SHOP_ADDRESSES[n % SHOP_ADDRESSES.length];
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
          // Shopify's address1 holds the street and its number, address2 the rest.
          address1: `${place.street} ${place.number}`,
          address2: place.details || null,
          city: place.city,
          province: place.county,
          province_code: place.countyCode,
          zip: place.postalCode,
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
    // What the connector form shows: the demo token, and a secret the seller may keep or change (any is taken).
    demoCredentials: { ...SHOPIFY_DEMO, api_secret: SHOPIFY_DEFAULT_SECRET },
    async reset() {
      buckets.clear();
      throttledCalls.clear();
      failed.length = 0;
      pageOfWalk.clear();
      Object.assign(failPage, { page: 0, times: 0 });
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
    failOrdersPage(page, times = 1) {
      Object.assign(failPage, { page, times });
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
