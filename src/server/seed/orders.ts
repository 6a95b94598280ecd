import { bucharestDate } from '../lib/bucharestTime.js';
import { convertUnitPrice, ORDER_CURRENCY } from '../../core/orders/currency.js';
import { sql, type Insertable } from 'kysely';
import {
  matchOrderDiscount,
  matchProductDiscount,
  type OrderDiscountRule,
  type ProductDiscountRule,
} from '../../core/orders/discountMatching.js';
import { computeTotals, type AppliedDiscountType } from '../../core/orders/totals.js';
import type { Db, Executor } from '../db/connection.js';
import { recountOrderLists } from '../modules/order-counts/index.js';
import type {
  AppliedDiscountsTable,
  OrderCustomerDetailsTable,
  OrderEventsTable,
  OrderProductsTable,
  OrdersTable,
} from '../db/schema.js';
import { geoData } from '../modules/geo/index.js';
import { demoAddresses } from './addresses.js';
import { pick, seededRandom, type SeedContext } from './context.js';

/**
 * Orders in bulk, for the demo seed (about 3,000 per company over the last 90 days) and the
 * benchmark (a million). Every order is made by the same rules as the API's: lines copy the
 * product, automatic discounts come from the company's rules (core/orders/discountMatching), totals
 * from core/orders/totals, the customer is one person by phone across companies, and the kept
 * counts (list_counts) are written at the end. Ids grow with created_at, as they do in use.
 *
 * Addresses are real ones from the shipped address data (./addresses.ts): county, city and street
 * with their ids, a number and its postal code by the postal-code rule, so an order's AWB opens
 * with a valid address. A customer keeps one address across orders and companies.
 */
const FIRST = [
  'Andrei',
  'Maria',
  'Ioana',
  'Alexandru',
  'Elena',
  'Mihai',
  'Ana',
  'Ion',
  'Gabriela',
  'Cristian',
  'Raluca',
  'Vasile',
  'Ștefan',
  'Diana',
  'Florin',
  'Mădălina',
  'George',
  'Irina',
  'Răzvan',
  'Oana',
  'Bogdan',
  'Larisa',
  'Tudor',
  'Simona',
];
const LAST = [
  'Popescu',
  'Ionescu',
  'Popa',
  'Dumitru',
  'Stan',
  'Stoica',
  'Gheorghe',
  'Rusu',
  'Munteanu',
  'Matei',
  'Constantin',
  'Șerban',
  'Moldovan',
  'Lungu',
  'Ciobanu',
  'Mocanu',
  'Țurcanu',
  'Bălan',
  'Dinu',
  'Niță',
  'Chiriac',
  'Toma',
  'Florea',
  'Ardeleanu',
];
const MAIL_HOSTS = ['gmail.com', 'yahoo.com', 'yahoo.ro', 'outlook.com'];
const FLAG_REASONS = [
  'A refuzat coletul la livrare',
  'Nu răspunde la telefon, coletul s-a întors',
  'Refused the cash-on-delivery parcel',
  'Comandă de test, adresă falsă',
  'A returnat coletul fără motiv',
];

/** new 25 %, processing 20 %, completed 45 %, cancelled 10 %. */
const STATUSES: [string, number][] = [
  ['new', 0.25],
  ['processing', 0.2],
  ['completed', 0.45],
  ['cancelled', 0.1],
];

function drawStatus(shares: [string, number][], rand: () => number): string {
  let roll = rand();
  for (const [status, share] of shares) {
    if (roll < share) return status;
    roll -= share;
  }
  return shares[0][0];
}

/**
 * A demo order's status by its age, as a shop's would be: the last day's mostly new or being
 * packed; after three days nearly all shipped (processing; the AWB seed completes the delivered
 * ones), a few cancelled and a few forgotten.
 */
function demoStatusAt(now: number) {
  return (createdAt: number, rand: () => number): string => {
    const age = now - createdAt;
    if (age < DAY)
      return drawStatus(
        [
          ['new', 0.55],
          ['processing', 0.35],
          ['cancelled', 0.1],
        ],
        rand,
      );
    if (age < 3 * DAY)
      return drawStatus(
        [
          ['new', 0.15],
          ['processing', 0.75],
          ['cancelled', 0.1],
        ],
        rand,
      );
    return drawStatus(
      [
        ['processing', 0.88],
        ['cancelled', 0.1],
        ['new', 0.02],
      ],
      rand,
    );
  };
}

const DAY = 86_400;

/**
 * Times for `total` orders over the `days` days up to `now` (today the last), oldest first: a
 * weekday gets a full share, Saturday 60 % and Sunday 45 % of one, and the shop grows (the last
 * day about 30 % more than the first); within a day orders come between 06:00 and 21:00 UTC
 * (08:00–23:00 in Bucharest in winter), today only up to ten minutes ago, with its share cut
 * to the part of the day gone by.
 */
export function demoTimes(now: number, days: number): (i: number, total: number) => number {
  const today = now - (now % DAY);
  const windows: [number, number][] = [];
  const weights: number[] = [];
  for (let d = 0; d < days; d++) {
    const midnight = today - (days - 1 - d) * DAY;
    const end = Math.min(midnight + 21 * 3600, now - 600);
    const begin = Math.min(midnight + 6 * 3600, end - 3600);
    windows.push([begin, end]);
    const weekday = new Date((midnight + 12 * 3600) * 1000).getUTCDay();
    const elapsed = Math.max(0.05, Math.min(1, (end - begin) / (15 * 3600)));
    weights.push((weekday === 0 ? 0.45 : weekday === 6 ? 0.6 : 1) * (1 + (0.3 * d) / days) * elapsed);
  }
  const sum = weights.reduce((a, w) => a + w, 0);
  const cumulative: number[] = [];
  weights.reduce((a, w, d) => (cumulative[d] = a + w / sum), 0);
  return (i, total) => {
    const q = (i + 0.5) / total;
    let d = cumulative.findIndex((c) => c >= q);
    if (d < 0) d = days - 1;
    const before = d === 0 ? 0 : cumulative[d - 1];
    const within = (q - before) / (cumulative[d] - before);
    const [begin, end] = windows[d];
    return begin + Math.floor(within * (end - begin));
  };
}

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** Customer k: a stable person (name, phone, maybe an email) shared by every company. */
export function customerOf(k: number): { name: string; phone: string; email: string | null } {
  const first = FIRST[k % FIRST.length];
  const last = LAST[Math.floor(k / FIRST.length) % LAST.length];
  const email = k % 3 === 0 ? `${fold(first)}.${fold(last)}${k}@${MAIL_HOSTS[k % MAIL_HOSTS.length]}` : null;
  return { name: `${first} ${last}`, phone: `+4072${String(k).padStart(7, '0')}`, email };
}

export interface BulkOrdersOptions {
  companyIds: number[];
  ordersPerCompany: number;
  /** People to draw customers from (shared by the companies). */
  customers: number;
  /** created_at spreads evenly over [from, to], oldest first. */
  from: number;
  to: number;
  seed: number;
  userId: number | null;
  /** Share of customers each company flags (among those who ordered from it). */
  flagShare: number;
  /** Give the stock the orders hold back to the products (the demo; the bench skips it). */
  adjustStock: boolean;
  /** Orders per insert transaction. */
  batch?: number;
  /** When order i of `total` was made (growing with i); default: evenly over [from, to]. */
  timeAt?: (i: number, total: number) => number;
  /** The order's status, drawn for its creation time; default: STATUSES whatever its age. */
  statusAt?: (createdAt: number, rand: () => number) => string;
  log?: (line: string) => void;
}

interface ProductRef {
  id: number;
  name: string;
  sku: string;
  /** Bani in the order's currency (converted at DEMO_EUR_RATE for a product priced in euros). */
  price: number;
  currency: string;
  /** A product priced in another currency: its own price (minor unit) and currency. */
  original: { price: number; currency: string } | null;
}

/**
 * The demo companies' own EUR rate (lei per euro in ten-thousandths), set on them by the seed:
 * demo lines in euros (Ghiveci din zinc and the other EUR products) are converted at it, as a line
 * added where no BNR rate is known would be. New lines use BNR's rate once the rates job has read it.
 */
export const DEMO_EUR_RATE = 49_750;

interface CompanyRules {
  products: ProductRef[];
  orderRules: OrderDiscountRule[];
  productRules: ProductDiscountRule[];
  sources: number[];
  shippingCost: number;
}

async function rulesOf(db: Db, companyId: number): Promise<CompanyRules> {
  const k = db.kysely;
  // Products an order can hold: those without variations.
  const products = await k
    .selectFrom('products as p')
    .select(['p.id', 'p.name', 'p.sku', 'p.selling_price', 'p.currency'])
    .where('p.company_id', '=', companyId)
    .where('p.selling_price', 'is not', null)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('products as c').select('c.id').whereRef('c.parent_id', '=', 'p.id'))),
    )
    .orderBy('p.id')
    .limit(400)
    .execute();
  const orderRules = await k
    .selectFrom('order_discounts')
    .select(['id', 'source_id', 'type', 'order_value', 'value'])
    .where('company_id', '=', companyId)
    .execute();
  const productRules = await k
    .selectFrom('product_discounts')
    .select(['id', 'product_id', 'type', 'quantity', 'value'])
    .where('company_id', '=', companyId)
    .execute();
  const sources = await k
    .selectFrom('sources')
    .select('id')
    .where('company_id', '=', companyId)
    .where('active', '=', 1)
    .orderBy('id')
    .execute();
  const company = await k
    .selectFrom('companies')
    .select('shipping_cost')
    .where('id', '=', companyId)
    .executeTakeFirstOrThrow();
  return {
    products: products.map((p) =>
      p.currency === ORDER_CURRENCY
        ? { id: p.id, name: p.name, sku: p.sku, price: Number(p.selling_price), currency: p.currency, original: null }
        : {
            id: p.id,
            name: p.name,
            sku: p.sku,
            price: convertUnitPrice(Number(p.selling_price), DEMO_EUR_RATE),
            currency: ORDER_CURRENCY,
            original: { price: Number(p.selling_price), currency: p.currency },
          },
    ),
    orderRules: orderRules.map((r) => ({
      ...r,
      order_value: Number(r.order_value),
      value: r.value === null ? null : Number(r.value),
    })),
    productRules: productRules.map((r) => ({ ...r, value: r.value === null ? null : Number(r.value) })),
    sources: sources.map((s) => s.id),
    shippingCost: Number(company.shipping_cost),
  };
}

async function nextId(
  k: Executor,
  table: 'orders' | 'order_products' | 'customers' | 'applied_discounts',
): Promise<number> {
  const row = await k
    .selectFrom(table)
    .select(sql<number>`coalesce(max(id), 0)`.as('m'))
    .executeTakeFirst();
  return Number(row?.m ?? 0) + 1;
}

/** After explicit ids, PostgreSQL's sequences must move past them. */
async function syncSequences(db: Db): Promise<void> {
  if (db.engine !== 'postgres') return;
  for (const t of ['orders', 'order_products', 'customers', 'applied_discounts']) {
    await sql`select setval(pg_get_serial_sequence(${t}, 'id'), (select coalesce(max(id), 1) from ${sql.table(t)}))`.execute(
      db.kysely,
    );
  }
}

/** Inserts rows in chunks small enough for SQLite's variable limit. */
async function insertAll<T extends keyof InsertTables>(k: Executor, table: T, rows: InsertTables[T][]): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0] as object).length;
  const size = Math.max(1, Math.floor(30_000 / columns));
  for (let i = 0; i < rows.length; i += size) {
    await k
      .insertInto(table)
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      .values(rows.slice(i, i + size) as any)
      .execute();
  }
}

interface InsertTables {
  orders: Insertable<OrdersTable>;
  order_customer_details: Insertable<OrderCustomerDetailsTable>;
  order_products: Insertable<OrderProductsTable>;
  applied_discounts: Insertable<AppliedDiscountsTable>;
  order_events: Insertable<OrderEventsTable>;
}

/**
 * Writes `ordersPerCompany` orders for each company, interleaved so ids grow with time, then the
 * customers, the companies' customer lists, some flags, the kept counts and (optionally) stock.
 */
export async function bulkLoadOrders(
  db: Db,
  opts: BulkOrdersOptions,
): Promise<{ orders: number; lines: number; customers: number }> {
  const rand = seededRandom(opts.seed);
  const addresses = demoAddresses(geoData());
  const rules = new Map<number, CompanyRules>();
  for (const c of opts.companyIds) rules.set(c, await rulesOf(db, c));
  const total = opts.ordersPerCompany * opts.companyIds.length;
  const batch = opts.batch ?? 2000;
  const k = db.kysely;

  // Customers first (people already there, e.g. from an earlier load, are reused by phone).
  let customerId = await nextId(k, 'customers');
  const customerIds = new Map<number, number>();
  const usedPeople = new Set<number>();
  const personOf: number[] = [];
  for (let i = 0; i < total; i++) {
    // A few people order often, most once or twice.
    const person =
      rand() < 0.3
        ? Math.floor(rand() * Math.min(opts.customers, 1 + opts.customers / 20))
        : Math.floor(rand() * opts.customers);
    personOf.push(person);
    usedPeople.add(person);
  }
  const people = [...usedPeople].sort((a, b) => a - b);
  await db.transaction(async (trx) => {
    for (let i = 0; i < people.length; i += 5000) {
      const chunk = people.slice(i, i + 5000);
      const phones = chunk.map((p) => customerOf(p).phone);
      const existing = new Map(
        (
          await trx.selectFrom('customers').select(['id', 'phone_number']).where('phone_number', 'in', phones).execute()
        ).map((r) => [r.phone_number, r.id]),
      );
      const rows = [];
      for (const p of chunk) {
        const phone = customerOf(p).phone;
        const known = existing.get(phone);
        if (known !== undefined) {
          customerIds.set(p, known);
          continue;
        }
        customerIds.set(p, customerId);
        rows.push({ id: customerId++, phone_number: phone, created_at: opts.from, updated_at: opts.from });
      }
      if (rows.length) await trx.insertInto('customers').values(rows).execute();
    }
  });

  let orderId = await nextId(k, 'orders');
  let lineId = await nextId(k, 'order_products');
  let discountId = await nextId(k, 'applied_discounts');
  const companyCustomers = new Map<
    string,
    {
      company_id: number;
      customer_id: number;
      phone_number: string;
      name: string;
      email: string | null;
      orders_count: number;
      created_at: number;
      updated_at: number;
    }
  >();
  const held = new Map<number, number>();
  let lines = 0;
  const span = Math.max(1, opts.to - opts.from);

  for (let start = 0; start < total; start += batch) {
    const orders: Insertable<OrdersTable>[] = [];
    const details: Insertable<OrderCustomerDetailsTable>[] = [];
    const orderLines: Insertable<OrderProductsTable>[] = [];
    const discounts: Insertable<AppliedDiscountsTable>[] = [];
    const events: Insertable<OrderEventsTable>[] = [];
    for (let i = start; i < Math.min(start + batch, total); i++) {
      const companyId = opts.companyIds[i % opts.companyIds.length];
      const r = rules.get(companyId)!;
      if (r.products.length === 0 || r.sources.length === 0) continue;
      const createdAt = opts.timeAt ? opts.timeAt(i, total) : opts.from + Math.floor((i * span) / total);
      const person = personOf[i];
      const who = customerOf(person);
      const cid = customerIds.get(person)!;
      const id = orderId++;
      const sourceId = pick(rand, r.sources);

      const status = opts.statusAt ? opts.statusAt(createdAt, rand) : drawStatus(STATUSES, rand);

      const myLines: { id: number; product: ProductRef; quantity: number }[] = [];
      const count = 1 + Math.floor(rand() * rand() * 4);
      const chosen = new Set<number>();
      for (let n = 0; n < count; n++) {
        const product = pick(rand, r.products);
        if (chosen.has(product.id)) continue;
        chosen.add(product.id);
        myLines.push({ id: lineId++, product, quantity: 1 + Math.floor(rand() * rand() * 6) });
      }
      const applied: Insertable<AppliedDiscountsTable>[] = [];
      for (const l of myLines) {
        const rule = matchProductDiscount(
          r.productRules,
          l.product.id,
          l.quantity,
          l.product.price * l.quantity,
          r.shippingCost,
        );
        if (rule)
          applied.push({
            id: discountId++,
            order_id: id,
            order_product_id: l.id,
            kind: 'product',
            type: rule.type,
            value: rule.type === 'shipping' ? null : rule.value,
            quantity: rule.quantity,
            coupon: null,
            rule_id: rule.id,
            amount: 0,
            created_at: createdAt,
            updated_at: createdAt,
          });
      }
      const value = myLines.reduce((s, l) => s + l.product.price * l.quantity, 0);
      const orderRule = matchOrderDiscount(r.orderRules, sourceId, value, r.shippingCost);
      if (orderRule)
        applied.push({
          id: discountId++,
          order_id: id,
          order_product_id: null,
          kind: 'order',
          type: orderRule.type,
          value: orderRule.type === 'shipping' ? null : orderRule.value,
          quantity: null,
          coupon: null,
          rule_id: orderRule.id,
          amount: 0,
          created_at: createdAt,
          updated_at: createdAt,
        });
      if (rand() < 0.05)
        applied.push({
          id: discountId++,
          order_id: id,
          order_product_id: null,
          kind: 'manual',
          type: rand() < 0.5 ? 'amount' : 'percentage',
          value: rand() < 0.5 ? 500 : 1000,
          quantity: null,
          coupon: null,
          rule_id: null,
          amount: 0,
          created_at: createdAt,
          updated_at: createdAt,
        });
      const totals = computeTotals(
        myLines.map((l) => ({ id: l.id, price: l.product.price, quantity: l.quantity })),
        applied.map((d) => ({
          type: d.type as AppliedDiscountType,
          value: d.value ?? null,
          order_product_id: d.order_product_id ?? null,
        })),
        r.shippingCost,
      );
      applied.forEach((d, n) => (d.amount = totals.discountAmounts[n]));

      orders.push({
        id,
        company_id: companyId,
        customer_id: cid,
        source_id: sourceId,
        status,
        // No AWB and no invoice: those exist only at a courier and at SmartBill (the emulators keep
        // theirs in memory), so the demo makes them through the order's buttons once an
        // integration is set up, rather than showing numbers no courier knows.
        courier: null,
        courier_status: null,
        awb: null,
        bill_number: null,
        value: totals.value,
        discount: totals.discount,
        shipping_cost: r.shippingCost,
        client_shipping_cost: totals.client_shipping_cost,
        total_value: totals.total_value,
        observations: rand() < 0.1 ? 'Sunați înainte de livrare' : null,
        details: rand() < 0.15 ? 'Livrare după ora 17' : null,
        coupon_code: null,
        created_by: opts.userId,
        created_at: createdAt,
        updated_at: createdAt,
      });
      const homes = addresses[(person * 7 + 3) % addresses.length];
      const home = homes[Math.floor(person / addresses.length) % homes.length];
      details.push({
        order_id: id,
        company_id: companyId,
        name: who.name,
        email: who.email,
        ...home,
        address: `${home.street} ${home.street_number}`,
        company_name: null,
        vat_number: null,
        company_address: null,
        company_city: null,
        company_county: null,
      });
      for (const l of myLines) {
        orderLines.push({
          id: l.id,
          order_id: id,
          product_id: l.product.id,
          name: l.product.name,
          sku: l.product.sku,
          price: l.product.price,
          currency: l.product.currency,
          quantity: l.quantity,
          ...(l.product.original
            ? {
                original_currency: l.product.original.currency,
                original_price: l.product.original.price,
                exchange_rate: DEMO_EUR_RATE,
                rate_date: bucharestDate(createdAt),
                rate_source: 'company',
              }
            : {}),
          created_at: createdAt,
          updated_at: createdAt,
        });
        if (status !== 'cancelled') held.set(l.product.id, (held.get(l.product.id) ?? 0) + l.quantity);
      }
      lines += myLines.length;
      discounts.push(...applied);
      events.push({
        order_id: id,
        user_id: opts.userId,
        type: 'created',
        data: JSON.stringify({ lines: myLines.map((l) => ({ sku: l.product.sku, quantity: l.quantity })) }),
        created_at: createdAt,
      });
      if (status === 'cancelled')
        events.push({
          order_id: id,
          user_id: opts.userId,
          type: 'cancelled',
          data: JSON.stringify({ from: 'new', to: 'cancelled' }),
          created_at: createdAt + 3600,
        });

      const ccKey = `${companyId}|${cid}`;
      const cc = companyCustomers.get(ccKey);
      if (cc) {
        cc.orders_count++;
        cc.updated_at = createdAt;
      } else {
        companyCustomers.set(ccKey, {
          company_id: companyId,
          customer_id: cid,
          phone_number: who.phone,
          name: who.name,
          email: who.email,
          orders_count: 1,
          created_at: createdAt,
          updated_at: createdAt,
        });
      }
    }
    await db.transaction(async (trx) => {
      await insertAll(trx, 'orders', orders);
      await insertAll(trx, 'order_customer_details', details);
      await insertAll(trx, 'order_products', orderLines);
      await insertAll(trx, 'applied_discounts', discounts);
      await insertAll(trx, 'order_events', events);
    });
    if (opts.log && (start / batch) % 50 === 0) opts.log(`  ${Math.min(start + batch, total)} / ${total} orders`);
  }

  await db.transaction(async (trx) => {
    const ccRows = [...companyCustomers.values()];
    const fresh: typeof ccRows = [];
    for (let i = 0; i < ccRows.length; i += 3000) {
      const chunk = ccRows.slice(i, i + 3000);
      const inserted = await trx
        .insertInto('company_customers')
        .values(chunk)
        .onConflict((oc) =>
          oc
            .columns(['company_id', 'customer_id'])
            .doUpdateSet({ orders_count: sql<number>`company_customers.orders_count + excluded.orders_count` }),
        )
        .returning(['company_id', 'customer_id', 'created_at'])
        .execute();
      // A row that was already there keeps its created_at: only the new ones join the count.
      const byKey = new Map(chunk.map((c) => [`${c.company_id}|${c.customer_id}`, c]));
      for (const r of inserted)
        if (Number(r.created_at) === byKey.get(`${r.company_id}|${r.customer_id}`)?.created_at)
          fresh.push(byKey.get(`${r.company_id}|${r.customer_id}`)!);
    }
    // Kept counts: orders by status ('' for all) and customers, added to what is there.
    const bump = async (companyId: number, list: string, bucket: string, n: number) =>
      trx
        .insertInto('list_counts')
        .values({ company_id: companyId, list, bucket, shard: 0, n })
        .onConflict((oc) =>
          oc
            .columns(['company_id', 'list', 'bucket', 'shard'])
            .doUpdateSet({ n: sql<number>`list_counts.n + excluded.n` }),
        )
        .execute();
    const perCompany = new Map<number, number>();
    for (const cc of fresh) perCompany.set(cc.company_id, (perCompany.get(cc.company_id) ?? 0) + 1);
    for (const [companyId, n] of perCompany) await bump(companyId, 'customers', '', n);

    // Flags: each company flags a share of its customers; with customers shared across companies,
    // the other company sees them on its own orders.
    const flags: { customer_id: number; company_id: number; reason: string; created_at: number }[] = [];
    for (const cc of ccRows) {
      if (rand() < opts.flagShare)
        flags.push({
          customer_id: cc.customer_id,
          company_id: cc.company_id,
          reason: pick(rand, FLAG_REASONS),
          created_at: cc.updated_at + 86400,
        });
    }
    for (let i = 0; i < flags.length; i += 5000)
      await trx
        .insertInto('flags')
        .values(flags.slice(i, i + 5000))
        .onConflict((oc) => oc.columns(['customer_id', 'company_id']).doNothing())
        .execute();

    // The orders list's kept counts, the flagged customers' included, counted from the rows.
    for (const companyId of opts.companyIds) await recountOrderLists(trx, companyId);

    if (opts.adjustStock) {
      for (const [productId, quantity] of held) {
        await trx
          .updateTable('products')
          .set({ stock: sql<number>`coalesce(stock, 0) - ${quantity}` })
          .where('id', '=', productId)
          .execute();
      }
    }
  });
  await syncSequences(db);
  return { orders: total, lines, customers: people.length };
}

/**
 * The demo: 3,000 orders per company over the last 90 days (more on weekdays), their statuses as
 * old orders' would be, with flags by the other company. Their AWBs come next (./shipments.ts).
 */
export async function seedOrders(db: Db, ctx: SeedContext): Promise<void> {
  // A default client shipping cost, so new orders show one (the demo companies' own choice).
  await db.kysely
    .updateTable('companies')
    .set({ shipping_cost: 1999, eur_rate: DEMO_EUR_RATE, eur_rate_set_at: ctx.now })
    .where('id', 'in', ctx.companyIds)
    .execute();
  await bulkLoadOrders(db, {
    companyIds: ctx.companyIds,
    ordersPerCompany: 3000,
    customers: 4000,
    from: ctx.now - 90 * DAY,
    to: ctx.now - 600,
    timeAt: demoTimes(ctx.now, 90),
    statusAt: demoStatusAt(ctx.now),
    seed: 12_000,
    userId: ctx.userId,
    flagShare: 0.04,
    adjustStock: true,
  });
}
