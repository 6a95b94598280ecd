import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { applyCommonFaults, emulatorBase, type Emulator, type EmulatorOptions } from './kit.js';
import { SHOP_ADDRESSES, SHOP_PEOPLE } from './shopAddresses.js';

/**
 * WooCommerce REST API v3 emulator: every shop (`store_url`) is one emulated WordPress site, found by
 * its host under `/shops/<host>/wp-json/wc/v3/...`, so two sellers' shops never share an order.
 *
 * What it does as WooCommerce does (WooCommerce core: class-wc-webhook.php, the REST controllers):
 * - Auth: HTTP Basic `consumer_key:consumer_secret`, or the same as query parameters. The demo keys
 *   `ck_demo` / `cs_demo` open every shop; anything else is refused with WooCommerce's 401 body.
 * - `GET /orders` with `page`, `per_page` (1-100, else `rest_invalid_param`), `status`,
 *   `modified_after` (strictly after; GMT with `dates_are_gmt=true`), `orderby` (date, modified, id),
 *   `order` (asc, desc); the total in `X-WP-Total` and `X-WP-TotalPages`. Money as decimal strings,
 *   `line_items[].price` as a number. `GET/PUT /orders/{id}`, `GET/POST /orders/{id}/notes`.
 * - `GET /products?sku=` lists parent products only (a variation's SKU is not found there);
 *   `GET /products/{id}/variations?sku=`; `PUT` of either with `stock_quantity`.
 * - `POST /webhooks` (`name`, `topic`, `delivery_url`, `secret`, `status`): an active webhook is
 *   pinged at once with the form body `webhook_id=<id>`; each order created or updated is delivered
 *   as the order's JSON with the six `X-WC-Webhook-*` headers, signed `base64(HMAC-SHA256(secret,
 *   body))`. No retry: a failed delivery counts, and past 5 failures in a row the webhook is
 *   `disabled`; a success resets the count. `PUT /webhooks/{id}` (`status`: a disabled one made
 *   active again keeps its count), `DELETE /webhooks/{id}?force=true`.
 * - Errors as `{code, message, data: {status}}`. Core has no rate limit but hosts do: more than
 *   `requestsPerSecond` (default 10) calls to one shop within a second answer 429 with Retry-After.
 *
 * What only an emulator does (tests and the demo, never reachable by HTTP): `prepareShop` fills a
 * new shop with the seller's catalogue and a few orders of the last day; `takeOrders` makes new ones
 * (delivered to the webhooks at once); `cancelInShop` cancels one as its admin would.
 *
 * Its store: `orders:<host>` by id (with their notes), `products:<host>` by id, `webhooks:<host>` by
 * id, counters per shop. The orders of a shop are also held in memory once read (a pull of 5,000
 * orders reads the list 50 times); this process's writes keep that copy current.
 */

export const WOO_DEMO = { consumer_key: 'ck_demo', consumer_secret: 'cs_demo' } as const;
const MAX_FAILURES = 5;

export interface WooAddress {
  first_name: string;
  last_name: string;
  company: string;
  address_1: string;
  address_2: string;
  city: string;
  state: string;
  postcode: string;
  country: string;
  phone: string;
  email?: string;
}

export interface WooLineItem {
  id: number;
  name: string;
  product_id: number;
  variation_id: number;
  quantity: number;
  subtotal: string;
  subtotal_tax: string;
  total: string;
  total_tax: string;
  sku: string;
  price: number;
  meta_data: unknown[];
}

export interface WooNote {
  id: number;
  author: string;
  date_created: string;
  date_created_gmt: string;
  note: string;
  customer_note: boolean;
  added_by_user: boolean;
}

export interface WooOrderRecord {
  id: number;
  number: string;
  order_key: string;
  status: string;
  currency: string;
  prices_include_tax: boolean;
  date_created: string;
  date_created_gmt: string;
  date_modified: string;
  date_modified_gmt: string;
  date_paid: string | null;
  date_paid_gmt: string | null;
  date_completed: string | null;
  date_completed_gmt: string | null;
  discount_total: string;
  discount_tax: string;
  shipping_total: string;
  shipping_tax: string;
  total: string;
  total_tax: string;
  customer_id: number;
  customer_note: string;
  billing: WooAddress;
  shipping: WooAddress;
  payment_method: string;
  payment_method_title: string;
  transaction_id: string;
  line_items: WooLineItem[];
  shipping_lines: { id: number; method_id: string; method_title: string; total: string; total_tax: string }[];
  fee_lines: unknown[];
  coupon_lines: unknown[];
  refunds: unknown[];
  meta_data: unknown[];
  /** Kept beside the order (GET /orders/{id}/notes); never in the order's own JSON. */
  _notes?: WooNote[];
}

export interface WooProduct {
  id: number;
  parent_id: number;
  name: string;
  type: 'simple' | 'variable' | 'variation';
  sku: string;
  price: string;
  regular_price: string;
  manage_stock: boolean;
  stock_quantity: number | null;
  stock_status: string;
  variations: number[];
  date_modified_gmt: string;
}

export interface WooWebhook {
  id: number;
  name: string;
  status: 'active' | 'paused' | 'disabled';
  topic: string;
  resource: string;
  event: string;
  delivery_url: string;
  secret: string;
  failure_count: number;
  date_created_gmt: string;
}

/** A product of the seller's catalogue that a prepared shop sells (its variations, if any, by SKU). */
export interface ShopCatalogueItem {
  sku: string;
  name: string;
  /** Bani, VAT included. */
  price: number;
  stock: number | null;
  variations?: { sku: string; name: string; price: number; stock: number | null }[];
}

/** A delivery to the console: the URL, the headers and the body; answers the HTTP status. */
export type WebhookDeliver = (url: string, headers: Record<string, string>, body: string) => Promise<number>;

export interface WooCommerceEmulator extends Emulator {
  /** Calls one shop refused for going over the rate limit (tests: the client never gets there). */
  refused(host: string): number;
  /** Every order of the shop, as the API answers them. */
  orders(host: string): Promise<WooOrderRecord[]>;
  order(host: string, id: number): Promise<WooOrderRecord | undefined>;
  notes(host: string, id: number): Promise<WooNote[]>;
  product(host: string, sku: string): Promise<WooProduct | undefined>;
  webhooks(host: string): Promise<WooWebhook[]>;
  /** A new shop: the catalogue as its products, and `orders` orders of the last day (none if it has products). */
  prepareShop(host: string, catalogue: ShopCatalogueItem[], orders?: number): Promise<void>;
  /** The shop takes `count` new orders from its products (delivered to its webhooks before answering). */
  takeOrders(
    host: string,
    count: number,
    opts?: { payment?: 'cod' | 'card'; lines?: { sku: string; quantity: number }[] },
  ): Promise<WooOrderRecord[]>;
  /** The shop's admin cancels an order (delivered to its webhooks). */
  cancelInShop(host: string, id: number): Promise<void>;
  /** The `page` of the next order lists answers 500 (`times` times). */
  failListPage(page: number, times?: number): void;
  /** Waits for the webhook deliveries under way. */
  settled(): Promise<void>;
}

const pad = (n: number) => String(n).padStart(2, '0');
/** WooCommerce's dates: `YYYY-MM-DDTHH:MM:SS`, no zone (the _gmt ones are UTC; the site's is Bucharest, +2/+3). */
export function wooDate(unix: number): string {
  const d = new Date(unix * 1000);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}
const parseGmt = (text: string): number => Math.floor(Date.parse(text.endsWith('Z') ? text : `${text}Z`) / 1000);
const money = (bani: number) => (bani / 100).toFixed(2);

const wooError = (
  reply: FastifyReply,
  status: number,
  code: string,
  message: string,
  extra: Record<string, unknown> = {},
) => reply.code(status).send({ code, message, data: { status, ...extra } });

export function createWooCommerceEmulator(
  options: EmulatorOptions & { deliver?: WebhookDeliver; requestsPerSecond?: number },
): WooCommerceEmulator {
  const { store, faults, hanger, clock, seed, reset } = emulatorBase(options, async () => undefined);
  const limit = options.requestsPerSecond ?? 10;
  const calls = new Map<string, number[]>();
  const refusedCalls = new Map<string, number>();
  const cache = new Map<string, Map<number, WooOrderRecord>>();
  const pending = new Set<Promise<void>>();
  const pageFaults = new Map<number, number>();

  const ordersOf = async (host: string): Promise<Map<number, WooOrderRecord>> => {
    let m = cache.get(host);
    if (!m) {
      m = new Map();
      for (const o of await store.list<WooOrderRecord>(`orders:${host}`)) m.set(o.id, o);
      cache.set(host, m);
    }
    return m;
  };
  const saveOrders = async (host: string, orders: WooOrderRecord[]) => {
    const m = await ordersOf(host);
    for (const o of orders) m.set(o.id, o);
    // In slices: one statement's parameters stay within every engine's limit.
    for (let i = 0; i < orders.length; i += 200)
      await store.putAll(
        orders.slice(i, i + 200).map((o) => ({ collection: `orders:${host}`, key: String(o.id), value: o })),
      );
  };
  const publicOrder = (o: WooOrderRecord) => {
    const { _notes: _, ...rest } = o;
    return rest;
  };
  const productsOf = (host: string) => store.list<WooProduct>(`products:${host}`);

  /** Delivers the order to every active webhook of its topic, as WC_Webhook::deliver does. */
  async function deliver(host: string, topic: string, order: WooOrderRecord): Promise<void> {
    if (!options.deliver) return;
    const hooks = (await store.list<WooWebhook>(`webhooks:${host}`)).filter(
      (w) => w.status === 'active' && w.topic === topic,
    );
    for (const hook of hooks) {
      const body = JSON.stringify(publicOrder(order));
      const now = clock.now();
      const headers = {
        'content-type': 'application/json',
        'user-agent': 'WooCommerce/9.8.0 Hookshot (WordPress/6.8)',
        'x-wc-webhook-source': `https://${host}/`,
        'x-wc-webhook-topic': topic,
        'x-wc-webhook-resource': hook.resource,
        'x-wc-webhook-event': hook.event,
        'x-wc-webhook-signature': crypto.createHmac('sha256', hook.secret).update(body).digest('base64'),
        'x-wc-webhook-id': String(hook.id),
        // wp_hash(webhook id . time): the same within one second, as WooCommerce's is.
        'x-wc-webhook-delivery-id': crypto.createHash('md5').update(`${hook.id}${now}`).digest('hex'),
      };
      const status = await options.deliver(hook.delivery_url, headers, body).catch(() => 0);
      const fresh = await store.get<WooWebhook>(`webhooks:${host}`, String(hook.id));
      if (!fresh) continue;
      if (status >= 200 && status <= 302) fresh.failure_count = 0;
      else if (fresh.failure_count > MAX_FAILURES) fresh.status = 'disabled';
      else fresh.failure_count += 1;
      await store.put(`webhooks:${host}`, String(hook.id), fresh);
    }
  }
  /** A delivery after the API's answer (WooCommerce queues them through Action Scheduler). */
  const deliverLater = (host: string, topic: string, order: WooOrderRecord) => {
    const p: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => deliver(host, topic, order))
      .catch(() => undefined)
      .finally(() => pending.delete(p));
    pending.add(p);
  };

  async function newOrders(
    host: string,
    count: number,
    opts: { payment?: 'cod' | 'card'; lines?: { sku: string; quantity: number }[]; spreadSeconds?: number } = {},
  ): Promise<WooOrderRecord[]> {
    const products = (await productsOf(host)).filter((p) => p.type !== 'variable' && p.sku);
    if (products.length === 0 || count <= 0) return [];
    const first = await store.next(`order:${host}`, 1001, count);
    const now = clock.now();
    const made: WooOrderRecord[] = [];
    for (let i = 0; i < count; i++) {
      const id = first + i;
      const [firstName, lastName] = SHOP_PEOPLE[id % SHOP_PEOPLE.length];
      // Each order its own buyer (a shop's customers are many): a mobile number of its own.
      const phone = `07${2 + (id % 8)}${String((id * 7919) % 10_000_000).padStart(7, '0')}`;
      const place = SHOP_ADDRESSES[id % SHOP_ADDRESSES.length];
      const chosen = opts.lines ?? [{ sku: products[id % products.length].sku, quantity: 1 + (id % 2) }];
      let lineId = id * 10;
      const line_items: WooLineItem[] = chosen.map((c) => {
        const p = products.find((x) => x.sku === c.sku) ?? products[0];
        const gross = Math.round(Number(p.price) * 100);
        const net = Math.round(gross / 1.21);
        return {
          id: ++lineId,
          name: p.name,
          product_id: p.parent_id || p.id,
          variation_id: p.parent_id ? p.id : 0,
          quantity: c.quantity,
          subtotal: money(net * c.quantity),
          subtotal_tax: money((gross - net) * c.quantity),
          total: money(net * c.quantity),
          total_tax: money((gross - net) * c.quantity),
          sku: c.sku,
          price: net / 100,
          meta_data: [],
        };
      });
      const cod = opts.payment ? opts.payment === 'cod' : id % 3 !== 0;
      const at = now - (opts.spreadSeconds ? Math.round(((count - i) * opts.spreadSeconds) / count) : 0);
      const shipping = 1999;
      const goods = line_items.reduce((s, l) => s + Math.round((Number(l.total) + Number(l.total_tax)) * 100), 0);
      const tax = line_items.reduce((s, l) => s + Math.round(Number(l.total_tax) * 100), 0);
      const address: WooAddress = {
        first_name: firstName,
        last_name: lastName,
        company: '',
        // One line for the street and its number, as WooCommerce's checkout has it; the county as its code.
        address_1: `${place.street} ${place.number}`,
        address_2: place.details,
        city: place.city,
        state: place.countyCode,
        postcode: place.postalCode,
        country: 'RO',
        phone: '',
      };
      made.push({
        id,
        number: String(id),
        order_key: `wc_order_${crypto.randomBytes(6).toString('hex')}`,
        status: 'processing',
        currency: 'RON',
        prices_include_tax: true,
        date_created: wooDate(at + 7200),
        date_created_gmt: wooDate(at),
        date_modified: wooDate(at + 7200),
        date_modified_gmt: wooDate(at),
        date_paid: cod ? null : wooDate(at + 7200),
        date_paid_gmt: cod ? null : wooDate(at),
        date_completed: null,
        date_completed_gmt: null,
        discount_total: '0.00',
        discount_tax: '0.00',
        shipping_total: money(Math.round(shipping / 1.21)),
        shipping_tax: money(shipping - Math.round(shipping / 1.21)),
        total: money(goods + shipping),
        total_tax: money(tax + shipping - Math.round(shipping / 1.21)),
        customer_id: 0,
        customer_note: '',
        billing: { ...address, email: `${firstName}.${lastName}@example.ro`.toLowerCase(), phone },
        shipping: address,
        payment_method: cod ? 'cod' : 'stripe',
        payment_method_title: cod ? 'Plata la livrare' : 'Card de credit',
        transaction_id: cod ? '' : `pi_${crypto.randomBytes(8).toString('hex')}`,
        line_items,
        shipping_lines: [
          {
            id: lineId + 1,
            method_id: 'flat_rate',
            method_title: 'Curier',
            total: money(Math.round(shipping / 1.21)),
            total_tax: money(shipping - Math.round(shipping / 1.21)),
          },
        ],
        fee_lines: [],
        coupon_lines: [],
        refunds: [],
        meta_data: [],
        _notes: [],
      });
    }
    await saveOrders(host, made);
    return made;
  }

  const emulator: WooCommerceEmulator = {
    name: 'woocommerce',
    faults,
    store,
    demoCredentials: { ...WOO_DEMO },
    async reset() {
      cache.clear();
      calls.clear();
      refusedCalls.clear();
      pageFaults.clear();
      await reset();
    },
    refused: (host) => refusedCalls.get(host.toLowerCase()) ?? 0,
    orders: async (host) =>
      [...(await ordersOf(host.toLowerCase())).values()].map((o) => publicOrder(o) as WooOrderRecord),
    order: async (host, id) => {
      const o = (await ordersOf(host.toLowerCase())).get(id);
      return o ? (publicOrder(o) as WooOrderRecord) : undefined;
    },
    notes: async (host, id) => (await ordersOf(host.toLowerCase())).get(id)?._notes ?? [],
    product: async (host, sku) => (await productsOf(host.toLowerCase())).find((p) => p.sku === sku),
    webhooks: (host) => store.list<WooWebhook>(`webhooks:${host.toLowerCase()}`),
    async prepareShop(host, catalogue, orders = 4) {
      host = host.toLowerCase();
      if ((await productsOf(host)).length > 0) return;
      const now = clock.now();
      const records: WooProduct[] = [];
      for (const item of catalogue) {
        const id = await store.next(`product:${host}`, 10);
        const variations: WooProduct[] = [];
        for (const v of item.variations ?? []) {
          const vid = await store.next(`product:${host}`, 10);
          variations.push({
            id: vid,
            parent_id: id,
            name: v.name,
            type: 'variation',
            sku: v.sku,
            price: money(v.price),
            regular_price: money(v.price),
            manage_stock: v.stock !== null,
            stock_quantity: v.stock,
            stock_status: v.stock === null || v.stock > 0 ? 'instock' : 'outofstock',
            variations: [],
            date_modified_gmt: wooDate(now),
          });
        }
        records.push(
          {
            id,
            parent_id: 0,
            name: item.name,
            type: variations.length ? 'variable' : 'simple',
            sku: item.sku,
            price: money(item.price),
            regular_price: money(item.price),
            manage_stock: !variations.length && item.stock !== null,
            stock_quantity: variations.length ? null : item.stock,
            stock_status: 'instock',
            variations: variations.map((v) => v.id),
            date_modified_gmt: wooDate(now),
          },
          ...variations,
        );
      }
      await store.putAll(records.map((p) => ({ collection: `products:${host}`, key: String(p.id), value: p })));
      await newOrders(host, orders, { spreadSeconds: 20 * 3600 });
    },
    async takeOrders(host, count, opts = {}) {
      host = host.toLowerCase();
      const made = await newOrders(host, count, opts);
      for (const o of made) await deliver(host, 'order.created', o);
      return made.map((o) => publicOrder(o) as WooOrderRecord);
    },
    async cancelInShop(host, id) {
      host = host.toLowerCase();
      const o = (await ordersOf(host)).get(id);
      if (!o) throw new Error(`no order ${id} in ${host}`);
      const now = clock.now();
      Object.assign(o, { status: 'cancelled', date_modified_gmt: wooDate(now), date_modified: wooDate(now + 7200) });
      await saveOrders(host, [o]);
      await deliver(host, 'order.updated', o);
    },
    failListPage(page, times = 1) {
      pageFaults.set(page, times);
    },
    async settled() {
      while (pending.size) await Promise.all([...pending]);
    },
    plugin: async (app: FastifyInstance) => {
      await seed();
      app.addHook('onClose', async () => emulator.settled());
      applyCommonFaults(app, faults, hanger, (reply) =>
        wooError(reply, 500, 'internal_server_error', '<p>There has been a critical error on this website.</p>'),
      );

      const hostOf = (req: FastifyRequest) => (req.params as { host: string }).host.toLowerCase();

      // The host's limit and the keys, before every route of a shop.
      app.addHook('preHandler', async (req, reply) => {
        const params = req.params as { host?: string };
        if (!params.host) return;
        const host = params.host.toLowerCase();
        const nowMs = Date.now();
        const recent = (calls.get(host) ?? []).filter((t) => nowMs - t < 1000);
        if (recent.length >= limit) {
          refusedCalls.set(host, (refusedCalls.get(host) ?? 0) + 1);
          calls.set(host, recent);
          void reply.header('retry-after', '1');
          return wooError(reply, 429, 'woocommerce_rest_too_many_requests', 'Too many requests. Please slow down.');
        }
        recent.push(nowMs);
        calls.set(host, recent);
        const q = req.query as Record<string, string | undefined>;
        let key = q.consumer_key;
        let secret = q.consumer_secret;
        const auth = req.headers.authorization;
        if (auth?.startsWith('Basic ')) {
          const [k, ...rest] = Buffer.from(auth.slice(6), 'base64').toString('utf8').split(':');
          key = k;
          secret = rest.join(':');
        }
        if (!key) return wooError(reply, 401, 'woocommerce_rest_cannot_view', 'Sorry, you cannot list resources.');
        if (faults.take('refused_login') || key !== WOO_DEMO.consumer_key)
          return wooError(reply, 401, 'woocommerce_rest_authentication_error', 'Consumer key is invalid.');
        if (secret !== WOO_DEMO.consumer_secret)
          return wooError(reply, 401, 'woocommerce_rest_authentication_error', 'Consumer secret is invalid.');
      });

      const base = '/shops/:host/wp-json/wc/v3';
      const intParam = (v: unknown, fallback: number) => (v === undefined || v === '' ? fallback : Number(v));

      app.get(`${base}/orders`, async (req, reply) => {
        const host = hostOf(req);
        const q = req.query as Record<string, string | undefined>;
        const page = intParam(q.page, 1);
        const perPage = intParam(q.per_page, 10);
        if (!Number.isInteger(perPage) || perPage < 1 || perPage > 100)
          return wooError(reply, 400, 'rest_invalid_param', 'Invalid parameter(s): per_page', {
            params: { per_page: 'per_page must be between 1 (inclusive) and 100 (inclusive)' },
          });
        if (!Number.isInteger(page) || page < 1)
          return wooError(reply, 400, 'rest_invalid_param', 'Invalid parameter(s): page', {
            params: { page: 'page must be greater than or equal to 1' },
          });
        const orderby = q.orderby ?? 'date';
        if (!['date', 'modified', 'id'].includes(orderby))
          return wooError(reply, 400, 'rest_invalid_param', 'Invalid parameter(s): orderby', {
            params: { orderby: 'orderby is not one of date, modified, id, include, title, slug.' },
          });
        const left = pageFaults.get(page) ?? 0;
        if (left > 0) {
          if (left === 1) pageFaults.delete(page);
          else pageFaults.set(page, left - 1);
          return wooError(
            reply,
            500,
            'internal_server_error',
            '<p>There has been a critical error on this website.</p>',
          );
        }
        let list = [...(await ordersOf(host)).values()];
        if (q.status && q.status !== 'any') {
          const wanted = q.status.split(',');
          list = list.filter((o) => wanted.includes(o.status));
        }
        if (q.modified_after) {
          const gmt = q.dates_are_gmt === 'true' || q.dates_are_gmt === '1';
          const after = parseGmt(q.modified_after) - (gmt ? 0 : 7200);
          list = list.filter((o) => parseGmt(o.date_modified_gmt) > after);
        }
        const key = (o: WooOrderRecord) =>
          orderby === 'id' ? o.id : parseGmt(orderby === 'modified' ? o.date_modified_gmt : o.date_created_gmt);
        const dir = (q.order ?? 'desc') === 'asc' ? 1 : -1;
        list.sort((a, b) => (key(a) - key(b)) * dir || (a.id - b.id) * dir);
        const total = list.length;
        const pages = Math.ceil(total / perPage);
        void reply.header('x-wp-total', String(total)).header('x-wp-totalpages', String(pages));
        return list.slice((page - 1) * perPage, page * perPage).map(publicOrder);
      });

      const orderOr404 = async (req: FastifyRequest, reply: FastifyReply) => {
        const id = Number((req.params as { id: string }).id);
        const o = (await ordersOf(hostOf(req))).get(id);
        if (!o) {
          void wooError(reply, 404, 'woocommerce_rest_shop_order_invalid_id', 'Invalid ID.');
          return undefined;
        }
        return o;
      };

      app.get(`${base}/orders/:id`, async (req, reply) => {
        const o = await orderOr404(req, reply);
        return o ? publicOrder(o) : reply;
      });

      app.put(`${base}/orders/:id`, async (req, reply) => {
        const o = await orderOr404(req, reply);
        if (!o) return reply;
        const body = (req.body ?? {}) as { status?: string };
        const statuses = ['pending', 'processing', 'on-hold', 'completed', 'cancelled', 'refunded', 'failed'];
        if (body.status !== undefined && !statuses.includes(body.status))
          return wooError(reply, 400, 'rest_invalid_param', 'Invalid parameter(s): status', {
            params: { status: `status is not one of ${statuses.join(', ')}.` },
          });
        const now = clock.now();
        if (body.status && body.status !== o.status) {
          o.status = body.status;
          if (body.status === 'completed') {
            o.date_completed_gmt = wooDate(now);
            o.date_completed = wooDate(now + 7200);
          }
        }
        o.date_modified_gmt = wooDate(now);
        o.date_modified = wooDate(now + 7200);
        await saveOrders(hostOf(req), [o]);
        deliverLater(hostOf(req), 'order.updated', o);
        return publicOrder(o);
      });

      app.get(`${base}/orders/:id/notes`, async (req, reply) => {
        const o = await orderOr404(req, reply);
        return o ? (o._notes ?? []) : reply;
      });

      app.post(`${base}/orders/:id/notes`, async (req, reply) => {
        const o = await orderOr404(req, reply);
        if (!o) return reply;
        const body = (req.body ?? {}) as { note?: string; customer_note?: boolean };
        if (!body.note || typeof body.note !== 'string')
          return wooError(reply, 400, 'rest_missing_callback_param', 'Missing parameter(s): note', {
            params: ['note'],
          });
        const now = clock.now();
        const note: WooNote = {
          id: await store.next(`note:${hostOf(req)}`, 1),
          author: 'WooCommerce',
          date_created: wooDate(now + 7200),
          date_created_gmt: wooDate(now),
          note: body.note,
          customer_note: body.customer_note === true,
          added_by_user: false,
        };
        o._notes = [...(o._notes ?? []), note];
        await saveOrders(hostOf(req), [o]);
        return reply.code(201).send(note);
      });

      const productList = async (req: FastifyRequest, reply: FastifyReply, parent?: number) => {
        const q = req.query as Record<string, string | undefined>;
        const page = intParam(q.page, 1);
        const perPage = intParam(q.per_page, 10);
        if (!Number.isInteger(perPage) || perPage < 1 || perPage > 100)
          return wooError(reply, 400, 'rest_invalid_param', 'Invalid parameter(s): per_page', {
            params: { per_page: 'per_page must be between 1 (inclusive) and 100 (inclusive)' },
          });
        let list = (await productsOf(hostOf(req))).filter((p) =>
          parent === undefined ? p.type !== 'variation' : p.parent_id === parent,
        );
        if (q.sku) {
          const skus = q.sku.split(',');
          list = list.filter((p) => skus.includes(p.sku));
        }
        if (q.type) list = list.filter((p) => p.type === q.type);
        void reply
          .header('x-wp-total', String(list.length))
          .header('x-wp-totalpages', String(Math.ceil(list.length / perPage)));
        return list.slice((page - 1) * perPage, page * perPage);
      };
      app.get(`${base}/products`, async (req, reply) => productList(req, reply));
      app.get(`${base}/products/:id/variations`, async (req, reply) => {
        const id = Number((req.params as { id: string }).id);
        const parent = await store.get<WooProduct>(`products:${hostOf(req)}`, String(id));
        if (!parent || parent.type === 'variation')
          return wooError(reply, 404, 'woocommerce_rest_product_invalid_id', 'Invalid ID.');
        return productList(req, reply, id);
      });

      const putStock = async (req: FastifyRequest, reply: FastifyReply, id: number, parent?: number) => {
        const host = hostOf(req);
        const p = await store.get<WooProduct>(`products:${host}`, String(id));
        const wrongKind = parent === undefined ? p?.type === 'variation' : p?.parent_id !== parent;
        if (!p || wrongKind)
          return wooError(
            reply,
            404,
            parent === undefined
              ? 'woocommerce_rest_product_invalid_id'
              : 'woocommerce_rest_product_variation_invalid_id',
            'Invalid ID.',
          );
        const body = (req.body ?? {}) as { stock_quantity?: unknown; manage_stock?: boolean };
        if (body.stock_quantity !== undefined && body.stock_quantity !== null && !Number.isInteger(body.stock_quantity))
          return wooError(reply, 400, 'rest_invalid_param', 'Invalid parameter(s): stock_quantity', {
            params: { stock_quantity: 'stock_quantity is not of type integer.' },
          });
        if (body.manage_stock !== undefined) p.manage_stock = body.manage_stock;
        if (body.stock_quantity !== undefined) {
          p.stock_quantity = body.stock_quantity as number | null;
          p.stock_status = p.stock_quantity === null || p.stock_quantity > 0 ? 'instock' : 'outofstock';
        }
        p.date_modified_gmt = wooDate(clock.now());
        await store.put(`products:${host}`, String(id), p);
        return p;
      };
      app.put(`${base}/products/:id`, async (req, reply) =>
        putStock(req, reply, Number((req.params as { id: string }).id)),
      );
      app.put(`${base}/products/:id/variations/:vid`, async (req, reply) => {
        const { id, vid } = req.params as { id: string; vid: string };
        return putStock(req, reply, Number(vid), Number(id));
      });

      app.get(`${base}/webhooks`, async (req) =>
        (await store.list<WooWebhook>(`webhooks:${hostOf(req)}`)).map(({ secret: _, ...w }) => w),
      );
      app.post(`${base}/webhooks`, async (req, reply) => {
        const host = hostOf(req);
        const body = (req.body ?? {}) as Partial<WooWebhook>;
        const topics = ['order.created', 'order.updated', 'order.deleted', 'order.restored', 'product.updated'];
        if (!body.topic || !topics.includes(body.topic))
          return wooError(reply, 400, 'rest_invalid_param', 'Invalid parameter(s): topic', {
            params: { topic: 'Webhook topic is invalid.' },
          });
        if (!body.delivery_url || !/^https?:\/\//.test(body.delivery_url))
          return wooError(reply, 400, 'rest_invalid_param', 'Invalid parameter(s): delivery_url', {
            params: { delivery_url: 'delivery_url is not a valid URL.' },
          });
        const [resource, event] = body.topic.split('.');
        const hook: WooWebhook = {
          id: await store.next(`webhook:${host}`, 1),
          name: body.name ?? `Webhook created on ${wooDate(clock.now())}`,
          status: body.status === 'paused' || body.status === 'disabled' ? body.status : 'active',
          topic: body.topic,
          resource,
          event,
          delivery_url: body.delivery_url,
          secret: body.secret ?? WOO_DEMO.consumer_secret,
          failure_count: 0,
          date_created_gmt: wooDate(clock.now()),
        };
        await store.put(`webhooks:${host}`, String(hook.id), hook);
        // The ping of a webhook saved active: form-encoded, unsigned.
        if (hook.status === 'active' && options.deliver)
          await options
            .deliver(
              hook.delivery_url,
              { 'content-type': 'application/x-www-form-urlencoded' },
              `webhook_id=${hook.id}`,
            )
            .catch(() => 0);
        const { secret: _, ...shown } = hook;
        return reply.code(201).send(shown);
      });
      // A webhook's status set again (a disabled one re-activated); its failure count is kept.
      app.put(`${base}/webhooks/:id`, async (req, reply) => {
        const host = hostOf(req);
        const id = (req.params as { id: string }).id;
        const hook = await store.get<WooWebhook>(`webhooks:${host}`, id);
        if (!hook) return wooError(reply, 404, 'woocommerce_rest_webhook_invalid_id', 'Invalid ID.');
        const body = (req.body ?? {}) as Partial<WooWebhook>;
        if (body.status !== undefined && !['active', 'paused', 'disabled'].includes(body.status))
          return wooError(reply, 400, 'rest_invalid_param', 'Invalid parameter(s): status', {
            params: { status: 'status is not one of active, paused, and disabled.' },
          });
        const saved = { ...hook, ...(body.status ? { status: body.status } : {}) };
        await store.put(`webhooks:${host}`, id, saved);
        const { secret: _, ...shown } = saved;
        return shown;
      });
      app.delete(`${base}/webhooks/:id`, async (req, reply) => {
        const host = hostOf(req);
        const id = (req.params as { id: string }).id;
        const hook = await store.get<WooWebhook>(`webhooks:${host}`, id);
        if (!hook) return wooError(reply, 404, 'woocommerce_rest_webhook_invalid_id', 'Invalid ID.');
        if ((req.query as { force?: string }).force !== 'true')
          return wooError(reply, 501, 'woocommerce_rest_trash_not_supported', 'Webhooks do not support trashing.');
        await store.remove(`webhooks:${host}`, id);
        const { secret: _, ...shown } = hook;
        return shown;
      });
    },
  };
  return emulator;
}
