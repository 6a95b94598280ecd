import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { applyCommonFaults, emulatorBase, type Emulator, type EmulatorOptions } from './kit.js';
import { fromBucharest, toBucharest } from '../lib/bucharestTime.js';
import { SHOP_ADDRESSES, SHOP_PEOPLE } from './shopAddresses.js';

/**
 * eMAG Marketplace API v4 emulator: `POST /api-3/{resource}/{action}` as eMAG answers it.
 *
 * - Auth: HTTP Basic `username:password`; the demo login `demo` / `demo` is the only one accepted,
 *   anything else is eMAG's refusal (HTTP 401, `isError: true`). eMAG tells a seller's account by
 *   its login; since every emulated seller uses the demo login, each seller's account is a path of
 *   its own, `/accounts/<account>/api-3/...` (the console names it), and `/api-3/...` alone is one
 *   shared account. Two sellers never see each other's orders.
 * - Every answer is `{isError, messages, results}`, HTTP 200 for business refusals.
 * - `order/read` and `order/count`: filters at the top level (`id`, `status`, `type` — default 3,
 *   seller-fulfilled —, `modifiedAfter`/`modifiedBefore`, `createdAfter`/`createdBefore` in
 *   `YYYY-MM-DD HH:MM:SS`, Romanian time; a span of created dates over one month refused),
 *   `currentPage` (1-based) and `itemsPerPage` (over 100 silently 100). Filters wrapped in `data`
 *   are ignored, as eMAG ignores them: everything comes back. Orders oldest change first.
 * - `order/acknowledge/{id}`: a new order (1) goes to in progress (2); any other is HTTP 400 "Order is
 *   already in progress".
 * - `order/save` `{data: [order]}`: the whole order as read (without `products` it is refused: a
 *   missing line would be a removed one), only seller-fulfilled orders in progress (2) or prepared
 *   (3); to 3 (prepared) or 4 (finalized), never back; to 0 (cancelled) from 1, 2 or 3 with a
 *   `reason_cancellation`.
 * - `order/attachments/save` `{data: [{order_id, order_type, name, url, type}]}`: `order_type`
 *   required, `url` a `.pdf` (at most 1024 characters), `name` at most 60; kept on the order's
 *   `attachments` (type 1 invoice, 10 AWB).
 * - `offer/save` `{data: [{id, stock: [{warehouse_id, value}]}]}`: the light offer API, existing
 *   offers only, stock 0-65535. `product_offer/read` by `id` / `part_number`.
 * - Limits per account: 12 requests a second on the order routes, 3 on the others together, refused
 *   calls and refused logins counted too; excess answers HTTP 429 with `Retry-After: 1`.
 *
 * Orders are in eMAG's shape: products' prices without VAT beside their `vat` rate, shipping with
 * VAT, vouchers at the order level with their split on the lines, SGR deposits on bottled products,
 * the buyer's e-mail as a hash. A new account holds a few orders of the last day (Romanian
 * addresses, some paid by card, some cash on delivery), from the seller's catalogue when
 * `prepareAccount` gave one, else from a small catalogue of its own.
 *
 * Its store: `orders:<account>` and `offers:<account>` by id, `accounts` by account, counters.
 */

export const EMAG_DEMO = { username: 'demo', password: 'demo' } as const;
/** The account `/api-3/...` alone answers for. */
export const EMAG_SHARED_ACCOUNT = 'shared';
export const EMAG_ORDER_LIMIT = 12;
export const EMAG_OTHER_LIMIT = 3;

export interface EmagOfferRecord {
  id: number;
  part_number: string;
  name: string;
  /** Without VAT, 4 decimals. */
  sale_price: number;
  vat_rate: number;
  status: number;
  stock: { warehouse_id: number; value: number }[];
  /** Bottled: each unit carries an SGR deposit. */
  deposit?: boolean;
}

export interface EmagOrderRecord {
  id: number;
  status: number;
  type: number;
  is_complete: number;
  date: string;
  modified: string;
  payment_mode_id: number;
  detailed_payment_method: string;
  payment_status: number;
  cashed_co: number;
  cashed_cod: number;
  delivery_mode: string;
  shipping_tax: number;
  shipping_tax_voucher_split: unknown[];
  observation: string | null;
  reason_cancellation?: number;
  customer: Record<string, unknown>;
  products: {
    id: number;
    product_id: number;
    part_number: string;
    ext_part_number: string;
    part_number_key: string;
    name: string;
    status: number;
    quantity: number;
    sale_price: number;
    vat: string;
    currency: string;
    product_voucher_split: { voucher_id: number; value: number; vat_value: number; vat: string }[];
    recycle_warranties: { quantity: number; sale_price: number; vat_rate: number }[];
  }[];
  vouchers: { voucher_id: number; voucher_name: string; sale_price: number; sale_price_vat: number; vat: string }[];
  attachments: { order_id: number; order_type: number; name: string; url: string; type: number }[];
  enforced_vendor_courier_accounts: null;
  is_storno: boolean;
}

/** A product of the seller's catalogue the account sells (price in bani, VAT included). */
export interface EmagCatalogueItem {
  sku: string;
  name: string;
  price: number;
  stock: number | null;
}

export interface EmagEmulator extends Emulator {
  /** Calls of the account refused for going over a rate limit. */
  refused(account?: string): number;
  orders(account?: string): Promise<EmagOrderRecord[]>;
  order(account: string, id: number): Promise<EmagOrderRecord | undefined>;
  offer(account: string, partNumber: string): Promise<EmagOfferRecord | undefined>;
  /** A new account: the catalogue as its offers and `orders` orders of the last day (nothing if it has offers). */
  prepareAccount(account: string, catalogue: EmagCatalogueItem[], orders?: number): Promise<void>;
  /** The account receives `count` new orders (status 1). */
  takeOrders(account: string, count: number, opts?: { payment?: 'cod' | 'card' }): Promise<EmagOrderRecord[]>;
  /** eMAG (or the buyer) cancels an order. */
  cancelInShop(account: string, id: number): Promise<void>;
  /** The `nth` order read from now on (1: the next) answers HTTP 500, `times` times in a row (a read is tried again). */
  failOrderRead(nth: number, times?: number): void;
}

/** The emulator's own catalogue, for an account no catalogue was given to (gross bani). */
const DEFAULT_CATALOGUE: (EmagCatalogueItem & { deposit?: boolean })[] = [
  { sku: 'CANA-CER-01', name: 'Cană ceramică 350 ml', price: 4990, stock: 40 },
  { sku: 'APA-MIN-2L', name: 'Apă minerală 2 l (bax 6)', price: 2394, stock: 100, deposit: true },
  { sku: 'TRICOU-M-NEGRU', name: 'Tricou bumbac negru M', price: 7900, stock: 25 },
];
/** eMAG's dates: `YYYY-MM-DD HH:MM:SS`, Romanian time, no zone. */
const emagDate = (unix: number): string => toBucharest(unix);
/** An eMAG date → Unix seconds. */
const parseEmagDate = (text: string): number => fromBucharest(text) ?? Number.NaN;

const SGR_DEPOSIT = 0.5;
const SHIPPING = 15.99;
const VOUCHER = 10;

const r4 = (n: number) => Math.round(n * 10_000) / 10_000;
const r2 = (n: number) => Math.round(n * 100) / 100;

/** A refusal with an HTTP status other than 200 (eMAG's 400 on an acknowledge, its 404). */
const envelope = (reply: FastifyReply, status: number, messages: string[]) =>
  reply.code(status).send({ isError: true, messages, results: [] });
const ok = (reply: FastifyReply, results: unknown) => reply.code(200).send({ isError: false, messages: [], results });
const refuse = (reply: FastifyReply, ...messages: string[]) =>
  reply.code(200).send({ isError: true, messages, results: [] });

const DATE_FORM = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

export function createEmagEmulator(
  options: EmulatorOptions & { orderLimit?: number; otherLimit?: number },
): EmagEmulator {
  const { store, faults, hanger, clock, seed, reset } = emulatorBase(options, async () => undefined);
  const orderLimit = options.orderLimit ?? EMAG_ORDER_LIMIT;
  const otherLimit = options.otherLimit ?? EMAG_OTHER_LIMIT;
  const calls = new Map<string, number[]>();
  const refusedCalls = new Map<string, number>();
  /** A read failing on purpose: how many reads pass first, then how many fail. */
  let readFault: { pass: number; fail: number } | null = null;

  const ordersOf = (account: string) => store.list<EmagOrderRecord>(`orders:${account}`);
  const saveOrder = (account: string, o: EmagOrderRecord) => store.put(`orders:${account}`, String(o.id), o);
  const offersOf = (account: string) => store.list<EmagOfferRecord>(`offers:${account}`);

  async function addOffers(account: string, catalogue: (EmagCatalogueItem & { deposit?: boolean })[]) {
    const records: EmagOfferRecord[] = [];
    for (const item of catalogue) {
      const id = await store.next(`offer:${account}`, 1001);
      records.push({
        id,
        part_number: item.sku.replace(/[\s,;]/g, ''),
        name: item.name,
        sale_price: r4(item.price / 100 / 1.21),
        vat_rate: 0.21,
        status: 1,
        stock: [{ warehouse_id: 1, value: item.stock ?? 0 }],
        ...(item.deposit ? { deposit: true } : {}),
      });
    }
    await store.putAll(records.map((o) => ({ collection: `offers:${account}`, key: String(o.id), value: o })));
  }

  async function newOrders(
    account: string,
    count: number,
    opts: { payment?: 'cod' | 'card'; spreadSeconds?: number } = {},
  ): Promise<EmagOrderRecord[]> {
    const offers = (await offersOf(account)).filter((o) => o.status === 1);
    if (offers.length === 0 || count <= 0) return [];
    // eMAG's order ids are its own, across every seller.
    const first = await store.next('order', 1, count);
    const now = clock.now();
    const made: EmagOrderRecord[] = [];
    for (let i = 0; i < count; i++) {
      const k = first + i - 1;
      const id = 260_000_000 + k * 7 + 3;
      const name = SHOP_PEOPLE[k % SHOP_PEOPLE.length].join(' ');
      const place = SHOP_ADDRESSES[k % SHOP_ADDRESSES.length];
      // eMAG's one line for the street, its number and what follows ("Strada Zorilor nr. 5, ap. 2").
      const street = `${place.street} nr. ${place.number}${place.details ? `, ${place.details}` : ''}`;
      const { city, county, postalCode: postal, emagLocalityId: locality } = place;
      const phone = `07${2 + (k % 8)}${String((k * 7919 + 1234567) % 10_000_000).padStart(7, '0')}`;
      // The deposit order gets the bottled offer when there is one.
      const bottled = offers.find((o) => o.deposit);
      const offer = k % 4 === 1 && bottled ? bottled : offers[k % offers.length];
      const quantity = 1 + (k % 2);
      const card = opts.payment ? opts.payment === 'card' : k % 3 === 0;
      const voucher = k % 2 === 0;
      const voucherNet = r4(VOUCHER / 1.21);
      const voucherVat = r4(VOUCHER - voucherNet);
      const at = now - (opts.spreadSeconds ? Math.round(((count - i) * opts.spreadSeconds) / count) : 0);
      const products: EmagOrderRecord['products'] = [
        {
          id: id * 10 + 1,
          product_id: offer.id,
          part_number: offer.part_number,
          ext_part_number: '',
          part_number_key: `D${crypto.createHash('md5').update(offer.part_number).digest('hex').slice(0, 8).toUpperCase()}`,
          name: offer.name,
          status: 1,
          quantity,
          sale_price: offer.sale_price,
          vat: offer.vat_rate.toFixed(4),
          currency: 'RON',
          product_voucher_split: voucher
            ? [{ voucher_id: 9000 + k, value: -voucherNet, vat_value: -voucherVat, vat: '0.2100' }]
            : [],
          recycle_warranties: offer.deposit ? [{ quantity: quantity * 6, sale_price: SGR_DEPOSIT, vat_rate: 0 }] : [],
        },
      ];
      const goods = r2(quantity * offer.sale_price * (1 + offer.vat_rate));
      const deposits = offer.deposit ? quantity * 6 * SGR_DEPOSIT : 0;
      const total = r2(goods + SHIPPING + deposits - (voucher ? VOUCHER : 0));
      made.push({
        id,
        status: 1,
        type: 3,
        is_complete: 1,
        date: emagDate(at),
        modified: emagDate(at),
        payment_mode_id: card ? 3 : 1,
        detailed_payment_method: card ? 'Card online' : 'Ramburs',
        payment_status: card ? 1 : 0,
        cashed_co: card ? total : 0,
        cashed_cod: 0,
        delivery_mode: 'courier',
        shipping_tax: SHIPPING,
        shipping_tax_voucher_split: [],
        observation: null,
        customer: {
          id: 5_000_000 + k,
          name,
          // eMAG hides the buyer's address behind a hash of its own.
          email: `${crypto.createHash('sha256').update(`${name}${k}`).digest('hex').slice(0, 32)}@emag-mkp.ro`,
          company: '',
          code: '',
          legal_entity: 0,
          phone_1: phone,
          billing_name: name,
          billing_phone: phone,
          billing_country: 'RO',
          billing_suburb: county,
          billing_city: city,
          billing_locality_id: locality,
          billing_street: street,
          billing_postal_code: postal,
          shipping_country: 'RO',
          shipping_suburb: county,
          shipping_city: city,
          shipping_locality_id: locality,
          shipping_street: street,
          shipping_postal_code: postal,
          shipping_contact: name,
          shipping_phone: phone,
        },
        products,
        vouchers: voucher
          ? [
              {
                voucher_id: 9000 + k,
                voucher_name: 'Voucher eMAG 10 lei',
                sale_price: -voucherNet,
                sale_price_vat: -voucherVat,
                vat: '0.2100',
              },
            ]
          : [],
        attachments: [],
        enforced_vendor_courier_accounts: null,
        is_storno: false,
      });
    }
    await store.putAll(made.map((o) => ({ collection: `orders:${account}`, key: String(o.id), value: o })));
    return made;
  }

  /** A new account: filled once, at its first call (unless prepareAccount did it before). */
  async function ensureAccount(account: string) {
    if (!(await store.add('accounts', account, { created: clock.now() }))) return;
    if ((await offersOf(account)).length === 0) await addOffers(account, DEFAULT_CATALOGUE);
    await newOrders(account, 4, { spreadSeconds: 20 * 3600 });
  }

  /** The filters of a read or count, at the top level only (as eMAG takes them). */
  function filtersOf(body: Record<string, unknown>): { error?: string; match: (o: EmagOrderRecord) => boolean } {
    for (const f of ['modifiedAfter', 'modifiedBefore', 'createdAfter', 'createdBefore'])
      if (body[f] !== undefined && !(typeof body[f] === 'string' && DATE_FORM.test(body[f])))
        return { error: `Invalid date format for ${f}. Expected format: YYYY-MM-DD HH:MM:SS`, match: () => false };
    const t = (f: string) => (body[f] === undefined ? undefined : parseEmagDate(body[f] as string));
    const [ma, mb, ca, cb] = [t('modifiedAfter'), t('modifiedBefore'), t('createdAfter'), t('createdBefore')];
    if (cb !== undefined && ca === undefined)
      return { error: 'createdBefore can only be used together with createdAfter', match: () => false };
    if (ca !== undefined && cb !== undefined && cb - ca > 31 * 86_400)
      return {
        error: 'The interval between createdAfter and createdBefore must be at most one month',
        match: () => false,
      };
    const type = body.type === undefined ? 3 : Number(body.type);
    const statuses = body.status === undefined ? null : [body.status].flat().map(Number);
    const id = body.id === undefined ? null : Number(body.id);
    return {
      match: (o) =>
        o.type === type &&
        (id === null || o.id === id) &&
        (statuses === null || statuses.includes(o.status)) &&
        (ma === undefined || parseEmagDate(o.modified) > ma) &&
        (mb === undefined || parseEmagDate(o.modified) < mb) &&
        (ca === undefined || parseEmagDate(o.date) >= ca) &&
        (cb === undefined || parseEmagDate(o.date) <= cb),
    };
  }

  /** Oldest change first (each date read once: a pull reads the list many times). */
  const sorted = (list: EmagOrderRecord[]) =>
    list
      .map((o) => ({ o, t: parseEmagDate(o.modified) }))
      .sort((a, b) => a.t - b.t || a.o.id - b.o.id)
      .map((x) => x.o);

  const emulator: EmagEmulator = {
    name: 'emag',
    faults,
    store,
    demoCredentials: { ...EMAG_DEMO },
    async reset() {
      calls.clear();
      refusedCalls.clear();
      await reset();
    },
    refused: (account = EMAG_SHARED_ACCOUNT) => refusedCalls.get(account) ?? 0,
    orders: async (account = EMAG_SHARED_ACCOUNT) => sorted(await ordersOf(account)),
    order: (account, id) => store.get<EmagOrderRecord>(`orders:${account}`, String(id)),
    offer: async (account, partNumber) => (await offersOf(account)).find((o) => o.part_number === partNumber),
    async prepareAccount(account, catalogue, orders = 4) {
      if ((await offersOf(account)).length > 0) return;
      await addOffers(account, catalogue);
      if (await store.add('accounts', account, { created: clock.now() }))
        await newOrders(account, orders, { spreadSeconds: 20 * 3600 });
    },
    async takeOrders(account, count, opts = {}) {
      await ensureAccount(account);
      return newOrders(account, count, opts);
    },
    async cancelInShop(account, id) {
      const o = await store.get<EmagOrderRecord>(`orders:${account}`, String(id));
      if (!o) throw new Error(`no order ${id} in ${account}`);
      Object.assign(o, { status: 0, reason_cancellation: 24, modified: emagDate(clock.now()) });
      await saveOrder(account, o);
    },
    failOrderRead(nth, times = 1) {
      readFault = { pass: nth - 1, fail: times };
    },
    plugin: async (app: FastifyInstance) => {
      await seed();
      applyCommonFaults(app, faults, hanger, (reply) =>
        reply.code(500).send({ isError: true, messages: ['Internal Server Error'], results: [] }),
      );

      const accountOf = (req: FastifyRequest) =>
        (req.params as { account?: string }).account?.toLowerCase() || EMAG_SHARED_ACCOUNT;

      // The account's limits (every call counts, refused ones too), then the login.
      app.addHook('preHandler', async (req, reply) => {
        const resource = /\/api-3\/([^/?]+)/.exec(req.url)?.[1];
        if (!resource) return;
        const account = accountOf(req);
        const orders = resource === 'order';
        const bucket = `${account}\u0000${orders ? 'orders' : 'other'}`;
        const limit = orders ? orderLimit : otherLimit;
        const nowMs = Date.now();
        const recent = (calls.get(bucket) ?? []).filter((t) => nowMs - t < 1000);
        recent.push(nowMs);
        calls.set(bucket, recent);
        if (recent.length > limit) {
          refusedCalls.set(account, (refusedCalls.get(account) ?? 0) + 1);
          void reply.header('retry-after', '1');
          return reply.code(429).send({ isError: true, messages: ['Too Many Requests'], results: [] });
        }
        const auth = req.headers.authorization ?? '';
        const [user, ...rest] = auth.startsWith('Basic ')
          ? Buffer.from(auth.slice(6), 'base64').toString('utf8').split(':')
          : [''];
        if (faults.take('refused_login') || user !== EMAG_DEMO.username || rest.join(':') !== EMAG_DEMO.password)
          return reply.code(401).send({ isError: true, messages: ['Invalid username or password!'], results: [] });
        await ensureAccount(account);
      });

      const body = (req: FastifyRequest) =>
        (req.body && typeof req.body === 'object' ? req.body : {}) as Record<string, unknown>;
      const dataOf = (req: FastifyRequest): Record<string, unknown>[] | null => {
        const d = body(req).data;
        return Array.isArray(d) && d.every((x) => x && typeof x === 'object') ? (d as Record<string, unknown>[]) : null;
      };

      const routes = async (scope: FastifyInstance) => {
        scope.post('/order/read', async (req, reply) => {
          if (faults.take('error_in_200')) return refuse(reply, 'Temporary error, please try again later');
          if (readFault) {
            if (readFault.pass > 0) readFault.pass -= 1;
            else {
              if (--readFault.fail <= 0) readFault = null;
              return envelope(reply, 500, ['Internal Server Error']);
            }
          }
          const b = body(req);
          const { error, match } = filtersOf(b);
          if (error) return refuse(reply, error);
          const page = Math.max(1, Math.trunc(Number(b.currentPage ?? 1)) || 1);
          const per = Math.min(100, Math.max(1, Math.trunc(Number(b.itemsPerPage ?? 100)) || 100));
          const list = sorted((await ordersOf(accountOf(req))).filter(match));
          return ok(reply, list.slice((page - 1) * per, page * per));
        });

        scope.post('/order/count', async (req, reply) => {
          const b = body(req);
          const { error, match } = filtersOf(b);
          if (error) return refuse(reply, error);
          const per = Math.min(100, Math.max(1, Math.trunc(Number(b.itemsPerPage ?? 100)) || 100));
          const n = (await ordersOf(accountOf(req))).filter(match).length;
          return ok(reply, { noOfItems: String(n), noOfPages: Math.ceil(n / per), itemsPerPage: per });
        });

        scope.post('/order/acknowledge/:id', async (req, reply) => {
          const account = accountOf(req);
          const o = await store.get<EmagOrderRecord>(`orders:${account}`, (req.params as { id: string }).id);
          if (!o) return refuse(reply, 'Order not found');
          if (o.status !== 1) return envelope(reply, 400, ['Order is already in progress']);
          Object.assign(o, { status: 2, modified: emagDate(clock.now()) });
          await saveOrder(account, o);
          return ok(reply, []);
        });

        scope.post('/order/save', async (req, reply) => {
          const account = accountOf(req);
          const data = dataOf(req);
          if (!data || data.length === 0) return refuse(reply, 'The data parameter is required');
          const changed: EmagOrderRecord[] = [];
          for (const item of data) {
            const o = await store.get<EmagOrderRecord>(`orders:${account}`, String(item.id));
            if (!o) return refuse(reply, `Order ${String(item.id)} not found`);
            if (o.type !== 3) return refuse(reply, `Order ${o.id}: orders fulfilled by eMAG cannot be edited`);
            if (!Array.isArray(item.products))
              return refuse(reply, `Order ${o.id}: products is required (send the whole order as read)`);
            const to = Number(item.status);
            // The seller cancels (0) a new, in-progress or prepared order, saying why (eMAG's reason codes).
            if (to === 0) {
              if (![1, 2, 3].includes(o.status))
                return refuse(reply, `Order ${o.id}: an order with status ${o.status} cannot be cancelled`);
              if (!Number.isInteger(item.reason_cancellation))
                return refuse(reply, `Order ${o.id}: reason_cancellation is required to cancel an order`);
              Object.assign(o, {
                status: 0,
                reason_cancellation: Number(item.reason_cancellation),
                modified: emagDate(clock.now()),
              });
              changed.push(o);
              continue;
            }
            if (![2, 3, 4].includes(o.status) || o.status === 4)
              return refuse(reply, `Order ${o.id}: an order with status ${o.status} cannot be modified`);
            if (![2, 3, 4].includes(to) || to < o.status)
              return refuse(
                reply,
                `Order ${o.id}: the status cannot change from ${o.status} to ${String(item.status)}`,
              );
            Object.assign(o, { status: to, modified: emagDate(clock.now()) });
            changed.push(o);
          }
          for (const o of changed) await saveOrder(account, o);
          return ok(reply, []);
        });

        scope.post('/order/attachments/save', async (req, reply) => {
          const account = accountOf(req);
          const data = dataOf(req);
          if (!data || data.length === 0) return refuse(reply, 'The data parameter is required');
          const changed = new Map<number, EmagOrderRecord>();
          for (const a of data) {
            const o =
              changed.get(Number(a.order_id)) ??
              (await store.get<EmagOrderRecord>(`orders:${account}`, String(a.order_id)));
            if (!o) return refuse(reply, `Order ${String(a.order_id)} not found`);
            if (a.order_type !== 2 && a.order_type !== 3) return refuse(reply, 'order_type is required (2 or 3)');
            if (typeof a.name !== 'string' || !a.name || a.name.length > 60)
              return refuse(reply, 'name is required and must have at most 60 characters');
            let pdf = false;
            try {
              const u = new URL(String(a.url));
              pdf = /^https?:$/.test(u.protocol) && u.pathname.toLowerCase().endsWith('.pdf');
            } catch {
              pdf = false;
            }
            if (!pdf || String(a.url).length > 1024)
              return refuse(reply, 'url must be a link to a .pdf file of at most 1024 characters');
            if (![1, 3, 4, 8, 10, 11].includes(Number(a.type))) return refuse(reply, 'Invalid attachment type');
            o.attachments.push({
              order_id: o.id,
              order_type: Number(a.order_type),
              name: a.name,
              url: String(a.url),
              type: Number(a.type),
            });
            changed.set(o.id, o);
          }
          for (const o of changed.values()) await saveOrder(account, o);
          return ok(reply, []);
        });

        scope.post('/offer/save', async (req, reply) => {
          const account = accountOf(req);
          const data = dataOf(req);
          if (!data || data.length === 0) return refuse(reply, 'The data parameter is required');
          const changed: EmagOfferRecord[] = [];
          for (const item of data) {
            const offer = await store.get<EmagOfferRecord>(`offers:${account}`, String(item.id));
            if (!offer)
              return refuse(reply, `Offer ${String(item.id)} does not exist (offer/save cannot create offers)`);
            if (item.stock !== undefined) {
              const stock = item.stock as { warehouse_id?: unknown; value?: unknown }[];
              if (
                !Array.isArray(stock) ||
                !stock.every(
                  (s) =>
                    Number.isInteger(s.value) &&
                    Number(s.value) >= 0 &&
                    Number(s.value) <= 65_535 &&
                    Number.isInteger(s.warehouse_id),
                )
              )
                return refuse(reply, `Offer ${offer.id}: stock value must be an integer between 0 and 65535`);
              offer.stock = stock.map((s) => ({ warehouse_id: Number(s.warehouse_id), value: Number(s.value) }));
            }
            changed.push(offer);
          }
          for (const o of changed) await store.put(`offers:${account}`, String(o.id), o);
          return ok(reply, []);
        });

        scope.post('/product_offer/read', async (req, reply) => {
          const b = body(req);
          const page = Math.max(1, Math.trunc(Number(b.currentPage ?? 1)) || 1);
          const per = Math.min(100, Math.max(1, Math.trunc(Number(b.itemsPerPage ?? 100)) || 100));
          const list = (await offersOf(accountOf(req))).filter(
            (o) =>
              (b.id === undefined || o.id === Number(b.id)) &&
              (b.part_number === undefined || o.part_number === String(b.part_number).replace(/[\s,;]/g, '')),
          );
          return ok(
            reply,
            list
              .slice((page - 1) * per, page * per)
              .map((o) => ({ ...o, vat_id: 1, general_stock: o.stock[0]?.value ?? 0 })),
          );
        });

        // Any other resource/action: eMAG's answer to a route it does not have.
        scope.post('/:resource/:action', async (_req, reply) => envelope(reply, 404, ['Invalid resource or action']));
      };
      await app.register(routes, { prefix: '/api-3' });
      await app.register(routes, { prefix: '/accounts/:account/api-3' });
    },
  };
  return emulator;
}
