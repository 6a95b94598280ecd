import {
  PostgresAdapter,
  sql,
  type Insertable,
  type RawBuilder,
  type Selectable,
  type SqlBool,
  type Updateable,
} from 'kysely';
import type {
  AppliedDiscount,
  AttentionReason,
  CustomerDetail,
  Flag,
  Order,
  OrderEvent,
  OrderListItem,
  OrderProduct,
  PaymentMethod,
} from '../../../core/api/orders.js';
import { searchCountBound, type ListMeta } from '../../../core/api/list.js';
import type { Lang } from '../../../core/messages.js';
import { fromBani } from '../../../core/money.js';
import { RATE_SCALE, rateNumber } from '../../../core/orders/currency.js';
import { narrows, type OrderListFilter, type OrderListQuery } from '../../../core/orders/listFilter.js';
import { normalizePhone } from '../../../core/orders/phone.js';
import { ORDER_STATUSES, type OrderStatusValue } from '../../../core/orders/statuses.js';
import { foldCase, type Engine, type Executor } from '../../db/connection.js';
import {
  jsonBoolean,
  jsonItems,
  jsonLei,
  jsonObject,
  jsonObjectWhen,
  nestedItems,
  parsedJson,
  type JsonFields,
} from '../../db/json.js';
import { JsonText } from '../../http/jsonText.js';
import { prepared } from '../../db/perf/prepared.js';
import { ONE_PLAN } from '../../db/perf/pgStatements.js';
import type {
  AppliedDiscountsTable,
  OrderCustomerDetailsTable,
  OrderProductsTable,
  OrdersTable,
} from '../../db/schema.js';
import {
  containsPattern,
  ftsPhrase,
  keptCount,
  keptCountOf,
  likeAny,
  matchedIds,
  pageMeta,
  trigramFragments,
  type ListTotal,
} from '../../http/list.js';
import { flagsAnswerJson, flagsOf } from '../customers/index.js';
import {
  allOf,
  baseBucket,
  dayKeptFilter,
  filterConditions,
  keptFilter,
  matchesStatus,
  type DayKept,
} from './filter.js';
import { invoiceDocsJson, invoiceViewFromJson, orderInvoiceView, type OrderInvoiceView } from '../invoices/index.js';
import { invoiceBucket } from '../order-lifecycle/index.js';
import { ADDRESS_CHECK, ATTENTION } from '../../db/orderListCounts.js';
import { awbCandidatesView, unsettledShipments } from '../shipping/index.js';
import { addressCheckView } from './addressCheckView.js';

// ---- the orders list --------------------------------------------------------------------------

/** A page of the orders list: its items as the JSON text the database wrote (pageItemsJson). */
export type OrderListPage = { data: JsonText<OrderListItem[]>; meta: ListMeta };

export type OrderListOptions = Pick<OrderListQuery, 'page' | 'items' | 'sort'> & OrderListFilter;

/**
 * How far a searched selection or count goes: the most orders a bulk action takes. A search's
 * count stops after this many (a count of `SELECTION_BOUND + 1` means "more").
 */
export const SELECTION_BOUND = 10_000;

const MAX_ORDER_ID = 2_147_483_647;

interface SearchOptions {
  /** The list filter's conditions on the order `o` (filter.ts), the status among them; null: none. */
  where: RawBuilder<SqlBool> | null;
  desc: boolean;
  offset: number;
  items: number;
  /** Matches are counted up to this many: beyond, the total is this bound and inexact. */
  bound: number;
  /** PostgreSQL: how many of the company's newest customer details a name search reads before it asks the trigram index. */
  walkRows: number;
  /** The page's rows are wanted: a search that can read them with its matches answers them (SearchPage.rows). */
  rows?: boolean;
}

/**
 * A page of search matches (ids, in the list's order) and their total, exact up to the bound; or,
 * when the search read them in the same statement, the page's items themselves (pageItemsJson).
 */
interface SearchPage {
  ids: number[];
  known: ListTotal;
  rows?: string;
}

/** The page and bounded total of the first `bound + 1` matches, already in the list's order. */
function pageOf(matches: number[], opts: SearchOptions): SearchPage {
  const known =
    matches.length > opts.bound ? { total: opts.bound, exact: false } : { total: matches.length, exact: true };
  return { ids: matches.slice(opts.offset, opts.offset + opts.items), known };
}

/**
 * A search of the company's orders. Kinds of term:
 * - a phone number in any form: the orders of the company's customer with that normalised number
 *   (the number the company knows them by, never another company's);
 * - a whole number: that order id (and, if it is also a phone number, that customer's orders);
 * - otherwise a case-insensitive substring of the name or email of the order's customer.
 */
async function searchOrders(
  exec: Executor,
  engine: Engine,
  companyId: number,
  term: string,
  opts: SearchOptions,
): Promise<SearchPage> {
  const phone = normalizePhone(term);
  const asId = /^\d{1,10}$/.test(term) && Number(term) <= MAX_ORDER_ID ? Number(term) : null;
  // The shop's order number of an order that arrived by itself, as the seller copies it from the shop
  // ("WC-1001", "#4512"): asked only of a term with a digit, so a name search stays one statement.
  const external = /\d/.test(term) ? await externalIdMatches(exec, companyId, term, opts) : [];
  if (external.length && !phone && asId === null) return pageOf(external, opts);
  if (phone || asId !== null) {
    const ids = new Set<number>(external);
    if (asId !== null) {
      let q = exec
        .selectFrom('orders as o')
        .select('o.id')
        .where('o.id', '=', asId)
        .where('o.company_id', '=', companyId);
      if (opts.where) q = q.where(opts.where);
      const row = await q.executeTakeFirst();
      if (row) ids.add(row.id);
    }
    if (phone) {
      const customer = await exec
        .selectFrom('company_customers')
        .select('customer_id')
        .where('company_id', '=', companyId)
        .where('phone_number', '=', phone)
        .executeTakeFirst();
      if (customer) {
        let q = exec
          .selectFrom('orders as o')
          .select('o.id')
          .where('o.customer_id', '=', customer.customer_id)
          .where('o.company_id', '=', companyId);
        if (opts.where) q = q.where(opts.where);
        const rows = await q
          .orderBy('o.id', opts.desc ? 'desc' : 'asc')
          .limit(opts.bound + 1)
          .execute();
        for (const r of rows) ids.add(r.id);
      }
    }
    return pageOf(
      [...ids].sort((a, b) => (opts.desc ? b - a : a - b)),
      opts,
    );
  }
  // Names and emails are compared folded (foldCase: case and the marks of ă â î ș ț ignored), the
  // term here and the texts by the index (migration 084), so "nita" finds "Niță".
  return engine === 'sqlite'
    ? searchNamesSqlite(exec, companyId, foldCase(term), opts)
    : searchNamesPostgres(exec, companyId, foldCase(term), opts);
}

/** The company's orders whose shop order number is the term (index orders_company_external), in the list's order. */
async function externalIdMatches(
  exec: Executor,
  companyId: number,
  term: string,
  opts: Pick<SearchOptions, 'where' | 'desc' | 'bound'>,
): Promise<number[]> {
  if (term.length > 64) return [];
  let q = exec
    .selectFrom('orders as o')
    .select('o.id')
    .where('o.company_id', '=', companyId)
    .where('o.external_id', '=', term);
  if (opts.where) q = q.where(opts.where);
  const rows = await q
    .orderBy('o.id', opts.desc ? 'desc' : 'asc')
    .limit(opts.bound + 1)
    .execute();
  return rows.map((r) => r.id);
}

/**
 * SQLite: the FTS5 trigram table drives (CROSS JOIN keeps it outer) and yields rowids in order,
 * so the walk stops after `bound + 1` matches of the company. The index is asked for two of the
 * term's trigrams (trigramFragments) and each candidate is checked against the whole term: a
 * phrase of every trigram of "Maria Moldovan" cost 4 ms of the only thread for 200 matches, the
 * two trigrams 1 ms. A term shorter than three letters walks the company's orders.
 */
async function searchNamesSqlite(
  exec: Executor,
  companyId: number,
  term: string,
  opts: SearchOptions,
): Promise<SearchPage> {
  const dir = opts.desc ? sql.raw('desc') : sql.raw('asc');
  const status = opts.where ? sql`and ${opts.where}` : sql``;
  const limit = opts.bound + 1;
  const fragments = trigramFragments(term);
  const matches =
    fragments.length > 0
      ? sql`select o.id from orders_search s cross join orders o on o.id = s.rowid cross join order_customer_details d on d.order_id = s.rowid
      where orders_search match ${fragments.map(ftsPhrase).join(' AND ')} and o.company_id = ${companyId} ${status} and folded_contains(${term}, d.name, d.email)
      order by s.rowid ${dir} limit ${limit}`
      : [...term].length >= 3
        ? sql`select o.id from orders_search s cross join orders o on o.id = s.rowid
      where orders_search match ${ftsPhrase(term)} and o.company_id = ${companyId} ${status}
      order by s.rowid ${dir} limit ${limit}`
        : sql`select o.id from orders o join order_customer_details d on d.order_id = o.id
      where o.company_id = ${companyId} ${status} and ${likeAny('sqlite', ['d.name', 'd.email'], containsPattern(term))}
      order by o.id ${dir} limit ${limit}`;
  return pageOf(await matchedIds(exec, 'sqlite', matches, 'id', opts.desc), opts);
}

/**
 * PostgreSQL, on the company's customer details (company_id of migration 018) and their folded
 * search text (migration 020: lower(name || line feed || email), kept by the database, compared
 * with plain LIKE against the lower-cased pattern: what ILIKE does, without folding every row on
 * every comparison; the covering (company_id, order_id) INCLUDE (search_text) index means a walk
 * never reads the table):
 * 1. Walk the company's newest WALK_ROWS details for up to `bound + 1` matches. A common term
 *    ("Popescu", 4 % of orders: 4,500 rows) is answered here: total inexact, page from the walk.
 * 2. Otherwise probe the trigram index for up to `bound + 1` matches in any order, asking the
 *    index for two of the term's trigrams (trigramFragments; every trigram of "Maria Moldovan"
 *    cost 20 ms to intersect, two cost 3) and checking each candidate against the whole term. The
 *    OFFSET 0 keeps the planner from handing the whole term to the index as well. At most the
 *    bound: those are all the matches (exact total) and the page comes from them. More: the total
 *    is the bound, the page comes from the first walk and, if short, a walk continuing past it.
 * The probe comes second because a common term's bitmap is costly (13 ms for "Popescu").
 * A term with no word of three letters cannot use the index: the walk counts up to the bound.
 * A term with a line feed could match across the name and the email joined in the search text,
 * so its candidates are also checked against the columns themselves (reading the table).
 */
async function searchNamesPostgres(
  exec: Executor,
  companyId: number,
  term: string,
  opts: SearchOptions,
): Promise<SearchPage> {
  const pattern = containsPattern(term);
  const dir = opts.desc ? sql.raw('desc') : sql.raw('asc');
  const byStatus = opts.where ? sql`join orders o on o.id = m.order_id and ${opts.where}` : sql``;
  const idsOf = (rows: { order_id: number }[]) => rows.map((r) => r.order_id);
  const spans = term.includes('\n');
  const columns = spans ? sql`d.order_id, d.search_text, d.name, d.email` : sql`d.order_id, d.search_text`;
  const byColumns = spans ? sql` and ${likeAny('postgres', ['m.name', 'm.email'], pattern)}` : sql``;
  const matches = sql`m.search_text like lower(${pattern}) escape '\\'${byColumns}`;
  // The whole term through coalesce(), which no index knows: the planner walks (company_id, order_id).
  const walk = (limit: number, offset: number, past?: number) =>
    sql<{ order_id: number }>`select m.order_id from order_customer_details m ${byStatus}
      where m.company_id = ${companyId} and coalesce(m.search_text, '') like lower(${pattern}) escape '\\'${byColumns}
      ${past === undefined ? sql`` : opts.desc ? sql`and m.order_id < ${past}` : sql`and m.order_id > ${past}`}
      order by m.order_id ${dir} limit ${limit} offset ${offset}`.execute(exec);
  const fragments = trigramFragments(term);
  if (fragments.length === 0) return pageOf(idsOf((await walk(opts.bound + 1, 0)).rows), opts);

  const values: NewestWalk = {
    companyId,
    pattern,
    dir: opts.desc ? 'desc' : 'asc',
    walkRows: opts.walkRows,
    spans,
    rows: !!opts.rows,
    bound: opts.bound,
    limit: opts.bound + 1,
    items: opts.items,
    offset: opts.offset,
  };
  // A status filter's conditions vary in shape and values: that walk is built each time.
  const [walked] = opts.where
    ? (await newestWalkSql(exec, values, opts.where).execute(exec)).rows
    : await newestWalk(exec, values);
  if (walked!.rows !== null) return { ids: [], known: { total: opts.bound, exact: false }, rows: walked!.rows };
  const newest = walked!.ids!.map((order_id) => ({ order_id }));

  const has = sql.join(
    fragments.map((f) => sql`d.search_text like lower(${`%${f}%`})`),
    sql` and `,
  );
  // More matches than the bound, and the page continues the walk.
  const probe = await matchedIds(
    exec,
    'postgres',
    sql`select m.order_id from (
      select ${columns} from order_customer_details d where d.company_id = ${companyId} and ${has} offset 0) m ${byStatus}
    where ${matches} limit ${opts.bound + 1}`,
    'order_id',
    opts.desc,
  );
  if (probe.length <= opts.bound) return pageOf(probe, opts);
  return { ids: await pageAfterWalk(idsOf(newest)), known: { total: opts.bound, exact: false } };

  /** The page, from the matches among the newest WALK_ROWS details and, if short, a walk continuing past them. */
  async function pageAfterWalk(first: number[]): Promise<number[]> {
    const end = opts.offset + opts.items;
    if (first.length >= end) return first.slice(opts.offset, end);
    const edge =
      opts.walkRows < 1
        ? undefined
        : await exec
            .selectFrom('order_customer_details')
            .select('order_id')
            .where('company_id', '=', companyId)
            .orderBy('order_id', opts.desc ? 'desc' : 'asc')
            .offset(opts.walkRows - 1)
            .limit(1)
            .executeTakeFirst();
    if (!edge) return idsOf((await walk(opts.items, opts.offset)).rows);
    const more = await walk(end - first.length, Math.max(0, opts.offset - first.length), edge.order_id);
    return [...first, ...idsOf(more.rows)].slice(opts.offset, end);
  }
}

/** The values of a name search's walk of the company's newest details (newestWalkSql). */
type NewestWalk = {
  companyId: number;
  /** The term as a LIKE pattern (containsPattern). */
  pattern: string;
  dir: 'asc' | 'desc';
  walkRows: number;
  /** The term has a line feed: its matches are also checked against the name and email columns. */
  spans: boolean;
  /** The page's items are wanted when the walk finds more than the bound. */
  rows: boolean;
  bound: number;
  /** bound + 1: how many matches the walk looks for. */
  limit: number;
  items: number;
  offset: number;
};

/**
 * The walk of the company's newest `walkRows` details for up to `limit` matches, in ONE statement
 * with what it answers. Its plan does not depend on the term (the company's newest rows, each
 * checked), so PostgreSQL prepares it once per connection (ONE_PLAN) instead of planning it on
 * every search. What a plan made without the values would guess wrong is given to it: the walk's
 * length is written into the text (as a parameter the generic plan guessed it and PostgreSQL kept
 * planning for each term, slower than unprepared), and the folded pattern is read once by an init
 * plan, without an ESCAPE clause (PostgreSQL's LIKE escapes with a backslash by default, as
 * containsPattern does), since lower() and like_escape() of a parameter ran on every row walked.
 * A common term is answered by the walk alone: when it finds more than the bound and the rows are
 * wanted, the page's items come with it (pageItemsJson); otherwise its matches' ids, which the
 * trigram probe may need.
 */
function newestWalkSql(exec: Executor, v: NewestWalk, where: RawBuilder<SqlBool> | null) {
  const dir = sql.raw(v.dir);
  const byStatus = where ? sql`join orders o on o.id = m.order_id and ${where}` : sql``;
  const columns = v.spans ? sql`d.order_id, d.search_text, d.name, d.email` : sql`d.order_id, d.search_text`;
  const byColumns = v.spans ? sql` and ${likeAny('postgres', ['m.name', 'm.email'], v.pattern)}` : sql``;
  const walkMatches = sql`m.search_text like (select lower(${v.pattern}))${byColumns}`;
  // Built only when the rows are wanted: `prepared` refuses a value read by the builder that the
  // statement does not carry, and without the rows the page's limit and offset are not in it.
  const walkPage = () =>
    sql`(select order_id as id from walk order by order_id ${dir} limit ${v.items} offset ${v.offset})`;
  const walkIds = sql`(select coalesce(json_agg(order_id order by order_id ${dir}), '[]'::json) from walk)`;
  return sql<{
    n: number | string;
    rows: string | null;
    ids: number[] | null;
  }>`${sql.raw(ONE_PLAN)} with walk as materialized (select m.order_id from (
        select ${columns} from order_customer_details d where d.company_id = ${v.companyId} order by d.order_id ${dir} limit ${sql.lit(v.walkRows)}) m ${byStatus}
      where ${walkMatches} order by m.order_id ${dir} limit ${v.limit})
    select w.n, ${
      v.rows
        ? sql`case when w.n > ${v.bound} then ${pageItemsJson(exec, 'postgres', v.companyId, walkPage(), v.dir)} end as rows,
          case when w.n <= ${v.bound} then ${walkIds} end as ids`
        : sql`null as rows, ${walkIds} as ids`
    }
    from (select count(*) as n from walk) w`;
}

/**
 * The walk without a status filter, built and compiled once per shape: Kysely building the
 * statement and its page's items took a seventh of the server's CPU on a common surname search.
 */
const newestWalk = prepared((exec, v: NewestWalk) => newestWalkSql(exec, v, null), {
  shape: ['dir', 'walkRows', 'spans', 'rows'],
});

/**
 * A common term fills the count in the newest WALK_ROWS (at 4 % of orders, 201 matches in 5,000
 * rows). Reading them costs about 3 ms, as much as a trigram probe of a rare term.
 */
const WALK_ROWS = 5000;

/**
 * Where a plain page (a tab, no search or filter) reads: the kept count's bucket and the
 * (company_id[, status | invoice_status], id) index walk of its ids.
 */
function plainPage(
  companyId: number,
  q: Pick<OrderListFilter, 'status' | 'invoice_status'> & { items: number },
  desc: boolean,
  offset: number,
) {
  return {
    companyId,
    bucket: q.invoice_status ? invoiceBucket(q.invoice_status) : (q.status ?? ''),
    byStatus: !!q.status,
    status: q.status ?? '',
    byInvoice: !!q.invoice_status,
    invoiceStatus: q.invoice_status ?? '',
    direction: desc ? ('desc' as const) : ('asc' as const),
    limit: q.items,
    offset,
  };
}

/**
 * A page of the company's orders, newest first by default. meta.total comes from the counts kept
 * with every write (no count of the orders table). A search counts its matches only up to the
 * page's offset plus SEARCH_COUNT_WINDOW (so it stops, and its total is exact below that bound,
 * `total_exact: false` beyond; tests pass a small `window` and `walkRows` to take every path). The page's offset is taken on the (company_id[, status], id)
 * index alone, before any row is read, so a deep page does not pay per skipped row.
 */
export async function listOrders(
  exec: Executor,
  engine: Engine,
  companyId: number,
  q: OrderListOptions,
  tuning: { window?: number; walkRows?: number } = {},
): Promise<OrderListPage> {
  const desc = q.sort === '-created_at';
  const offset = (q.page - 1) * q.items;
  const conds = filterConditions(q, { status: true });
  let ids: number[];
  let known: ListTotal;
  if (q.search) {
    const found = await searchOrders(exec, engine, companyId, q.search, {
      where: conds.length ? allOf(conds) : null,
      desc,
      offset,
      items: q.items,
      bound: searchCountBound(offset, q.items, tuning.window),
      walkRows: tuning.walkRows ?? WALK_ROWS,
      rows: true,
    });
    if (found.rows) return { data: new JsonText(found.rows), meta: pageMeta(found.known, q.page, q.items) };
    ({ ids, known } = found);
  } else if (engine === 'postgres' && dayKeptFilter(q)) {
    return dayKeptPagePostgres(exec, companyId, q, { desc, limit: q.items, offset });
  } else if (narrows(q)) {
    const filtered = await filteredPage(exec, engine, companyId, q, { desc, limit: q.items, offset });
    known = { total: filtered.total, exact: true };
    if (!filtered.page) return { data: new JsonText('[]'), meta: pageMeta(known, q.page, q.items) };
    // The ids first, then their rows in one prepared statement: one statement for both would be
    // planned anew on every request (its filter's shape varies), which cost PostgreSQL more than the
    // round trip it saved.
    ids = (await filtered.page.execute(exec)).rows.map((r) => r.id);
  } else if (!(q.status && q.invoice_status)) {
    return onePageOfOrders(exec, engine, companyId, q, desc, offset);
  } else {
    // A status and an invoice status together: no kept count holds the pair.
    known = await boundedCount(
      exec,
      companyId,
      q.status!,
      q.invoice_status!,
      searchCountBound(offset, q.items, tuning.window),
    );
    const page = await pageIds(exec, plainPage(companyId, q, desc, offset));
    ids = page.map((r) => r.id);
  }
  const data = await orderListRows(exec, engine, companyId, ids, desc ? 'desc' : 'asc');
  return { data, meta: pageMeta(known, q.page, q.items) };
}

/**
 * listOrders as it was before the one-statement pages: the kept count, the page's ids, its rows
 * and its customers' flags, each a query, the rows as objects. Only the tests call it: they hold
 * the one-statement pages to it field by field, on both engines.
 */
export async function listOrdersInParts(
  exec: Executor,
  companyId: number,
  q: Omit<OrderListOptions, keyof OrderListFilter> & Pick<OrderListFilter, 'status' | 'invoice_status'>,
): Promise<{ data: OrderListItem[]; meta: ListMeta }> {
  const desc = q.sort === '-created_at';
  const offset = (q.page - 1) * q.items;
  const plain = plainPage(companyId, q, desc, offset);
  const known = await keptCount(exec, companyId, 'orders', plain.bucket);
  const page = await pageIds(exec, plain);
  const data = await orderListRowsInParts(
    exec,
    companyId,
    page.map((r) => r.id),
  );
  return { data, meta: pageMeta(known, q.page, q.items) };
}

/**
 * The list's total under a filter whose counts are kept, read from list_counts (filter.ts,
 * keptFilter) or summed from the per-day rows (dayKeptFilter); null when the filter is neither.
 */
async function keptTotal(exec: Executor, companyId: number, f: OrderListFilter): Promise<number | null> {
  const days = await keptDayTotal(exec, companyId, f);
  if (days) return days.total;
  const kept = keptFilter(f);
  const base = baseBucket(f);
  if (!kept || base === null) return null;
  const buckets = await keptOrderBuckets(exec, companyId);
  const part = buckets.get(kept.prefix + base) ?? 0;
  return kept.negate ? (buckets.get(base) ?? 0) - part : part;
}

/** Every kept count of the company's orders list by bucket, in one read of its few rows. */
async function keptOrderBuckets(exec: Executor, companyId: number): Promise<Map<string, number>> {
  const rows = await keptOrderRows(exec, { companyId });
  return new Map(rows.map((r) => [r.bucket, Number(r.n ?? 0)]));
}

const keptOrderRows = prepared((exec, v: { companyId: number }) =>
  exec
    .selectFrom('list_counts')
    .select(['bucket', sql<number | string | null>`sum(n)`.as('n')])
    .where('company_id', '=', v.companyId)
    .where('list', '=', 'orders')
    .groupBy('bucket'),
);

/**
 * The orders of a courier and/or of creation days by status and invoice status, summed from the
 * per-day kept counts (order_list_day_counts): a month is some thirty days of a few rows each, read
 * in the primary key's order (company, day, courier, ...).
 */
async function keptDayCounts(exec: Executor, companyId: number, d: DayKept) {
  return dayCountRows(exec, dayValues(companyId, d));
}

/**
 * A filtered list's total and the statement of its page's ids, as listOrders runs them (no
 * search): the total of a filter of the kept counts is read (list_counts, or the per-day rows,
 * whose id bounds then bound the page's walk), any other's counted on the indexes of migrations
 * 036 and 058. No statement when the kept counts say nothing matches.
 */
export async function filteredPage(
  exec: Executor,
  engine: Engine,
  companyId: number,
  f: OrderListFilter,
  page: { desc: boolean; limit: number; offset: number },
): Promise<{ total: number; page: RawBuilder<{ id: number }> | null }> {
  const days = await keptDayTotal(exec, companyId, f);
  if (days && !days.ids) return { total: 0, page: null };
  const total = days ? days.total : ((await keptTotal(exec, companyId, f)) ?? (await countWhere(exec, companyId, f)));
  const walk = engine === 'sqlite' && days !== null && walksIds(f);
  return { total, page: filteredStatements.page(companyId, f, { ...page, ids: days?.ids ?? undefined, walk }) };
}

/**
 * PostgreSQL: a page under a filter of the per-day kept counts (dayKeptFilter) in ONE statement, as
 * a plain page is (onePage): the total and the bounds of the ids summed from the kept rows (aliased
 * `o`, so the status and invoice status conditions are filterConditions' own), then the page's ids
 * walked between the bounds, their rows and their customers' flags. Nothing matching: the bounds
 * are null and the total comes back alone.
 */
async function dayKeptPagePostgres(
  exec: Executor,
  companyId: number,
  f: OrderListOptions,
  page: { desc: boolean; limit: number; offset: number },
): Promise<OrderListPage> {
  const d = dayValues(companyId, dayKeptFilter(f)!);
  const dir = page.desc ? 'desc' : 'asc';
  const statusOf = filterConditions(
    { search: '', status: f.status, invoice_status: f.invoice_status },
    { status: true },
  );
  const ids = sql`(select o.id from orders o where o.company_id = ${companyId} and ${allOf(filterConditions(f, { status: true }))}
      and o.id between t.lo and t.hi order by o.id ${sql.raw(dir)} limit ${sql.lit(page.limit)} offset ${sql.lit(page.offset)})`;
  const { rows } = await sql<{ total: number | string | null; rows: string | null }>`select t.total,
      ${pageItemsJson(exec, 'postgres', companyId, ids, dir)} as rows from (
      select sum(o.orders) as total, min(o.min_id) as lo, max(o.max_id) as hi from order_list_day_counts o
      where o.company_id = ${companyId} and o.day >= ${d.from} and o.day <= ${d.to}
        ${d.byCourier ? sql`and o.courier = ${d.courier}` : sql``} and ${allOf(statusOf)}) t`.execute(exec);
  const data = new JsonText<OrderListItem[]>(rows[0]?.rows ?? '[]');
  return { data, meta: pageMeta({ total: Number(rows[0]?.total ?? 0), exact: true }, f.page, f.items) };
}

/**
 * SQLite: a courier's page over creation days walks the courier's ids newest first
 * (orders_company_courier_id, the dates read from the index) between the kept rows' bounds of the
 * ids, stopping at the page's end: a few entries when ids grow with the creation time, as they do.
 * Its planner would otherwise search the range in orders_company_courier_created and sort all of
 * it (a month of one courier at a million orders: 18,000 entries, 8 ms for ten). With a status or
 * an invoice status the walk would look each entry up in the table (the index does not carry
 * them): the range stays. PostgreSQL weighs the bounds itself.
 */
function walksIds(f: OrderListFilter): boolean {
  return f.courier !== undefined && !f.status && !f.invoice_status;
}

/**
 * Under a filter of the per-day kept counts (dayKeptFilter): the list's total, and bounds of the
 * matching orders' ids (the kept rows' bounds: every order counted in a row lies within them; none
 * when nothing matches). Null when the filter is not one of those.
 */
async function keptDayTotal(
  exec: Executor,
  companyId: number,
  f: OrderListFilter,
): Promise<{ total: number; ids: IdBounds | null } | null> {
  const days = dayKeptFilter(f);
  if (!days) return null;
  let total = 0;
  const ids = { min: Infinity, max: -Infinity };
  for (const r of await keptDayCounts(exec, companyId, days)) {
    if (!matchesStatus(f, r) || Number(r.n) === 0) continue;
    total += Number(r.n);
    ids.min = Math.min(ids.min, Number(r.min_id));
    ids.max = Math.max(ids.max, Number(r.max_id));
  }
  return { total, ids: total > 0 ? ids : null };
}

interface IdBounds {
  min: number;
  max: number;
}

/** The per-day kept counts' sums (keptDayCounts); `byCourier` names the shape. */
const dayCountRows = prepared(
  (exec: Executor, v: { companyId: number; from: string; to: string; byCourier: boolean; courier: string }) =>
    dayCountsQuery(exec, v),
  { shape: ['byCourier'] },
);

/** The statement of keptDayCounts under a filter of the per-day kept counts, for its plan (filterPlans.test.ts). */
export const dayCountsStatement = (exec: Executor, companyId: number, f: OrderListFilter) =>
  dayCountsQuery(exec, dayValues(companyId, dayKeptFilter(f)!));

/** The values of the per-day statement: an open end of the range is the first or last day there is. */
const dayValues = (companyId: number, d: DayKept) => ({
  companyId,
  from: d.from ?? '0000-01-01',
  to: d.to ?? '9999-12-31',
  byCourier: d.courier !== undefined,
  courier: d.courier ?? '',
});

function dayCountsQuery(
  exec: Executor,
  v: { companyId: number; from: string; to: string; byCourier: boolean; courier: string },
) {
  let q = exec
    .selectFrom('order_list_day_counts')
    .select([
      'status',
      'invoice_status',
      sql<number | string>`sum(orders)`.as('n'),
      sql<number>`min(min_id)`.as('min_id'),
      sql<number>`max(max_id)`.as('max_id'),
    ])
    .where('company_id', '=', v.companyId)
    .where('day', '>=', v.from)
    .where('day', '<=', v.to);
  if (v.byCourier) q = q.where('courier', '=', v.courier);
  return q.groupBy(['status', 'invoice_status']);
}

/**
 * The statements of a filtered list that is not served by kept counts, as they run: its count, a
 * page of its ids and its tab counts (status left out). `filterPlans.test.ts` reads their plans.
 */
export const filteredStatements = {
  count: (companyId: number, f: OrderListFilter) =>
    sql<{
      n: number | string;
    }>`select count(*) as n from orders o where o.company_id = ${companyId} and ${allOf(filterConditions(f, { status: true }))}`,
  page: (companyId: number, f: OrderListFilter, page: PageOf) =>
    sql<{
      id: number;
    }>`select o.id from orders o where o.company_id = ${companyId} and ${allOf(filterConditions(f, { status: true, walk: page.walk }))}
    ${page.ids ? sql`and o.id between ${page.ids.min} and ${page.ids.max}` : sql``}
    order by o.id ${sql.raw(page.desc ? 'desc' : 'asc')} limit ${page.limit} offset ${page.offset}`,
  tabs: (engine: Engine, companyId: number, f: OrderListFilter) =>
    sql<{
      status: string;
      invoice_status: string;
      n: number | string;
    }>`select o.status, o.invoice_status, count(*) as n from orders o
      where ${flaggedFirst(engine, f) ? sql`+o.company_id` : sql`o.company_id`} = ${companyId}
        and ${allOf(filterConditions({ ...f, status: undefined }, { status: false }))}
      group by o.status, o.invoice_status`,
};

async function countWhere(exec: Executor, companyId: number, f: OrderListFilter): Promise<number> {
  const { rows } = await filteredStatements.count(companyId, f).execute(exec);
  return Number(rows[0]?.n ?? 0);
}

/**
 * A filtered page: its order, size and offset; `ids`: bounds of the matching orders' ids (from the
 * kept per-day rows), where the walk of the ids starts and ends; `walk`: see filterConditions.
 */
interface PageOf {
  desc: boolean;
  limit: number;
  offset: number;
  ids?: IdBounds;
  walk?: boolean;
}

async function idsWhere(exec: Executor, companyId: number, f: OrderListFilter, page: PageOf): Promise<number[]> {
  const { rows } = await filteredStatements.page(companyId, f, page).execute(exec);
  return rows.map((r) => r.id);
}

/** The ids of a search's matches under the filter, newest first, at most `limit + 1`. */
async function searchedIds(
  exec: Executor,
  engine: Engine,
  companyId: number,
  f: OrderListFilter,
  limit: number,
  opts: { status: boolean },
): Promise<number[]> {
  const conds = filterConditions(f, opts);
  const { ids } = await searchOrders(exec, engine, companyId, f.search, {
    where: conds.length ? allOf(conds) : null,
    desc: true,
    offset: 0,
    items: limit + 1,
    bound: limit,
    walkRows: WALK_ROWS,
  });
  return ids;
}

/**
 * How many orders the list shows under this filter (its status tab included): exact for the
 * filters; a search counts up to SELECTION_BOUND + 1 ("more than the bound").
 */
export async function countMatching(
  exec: Executor,
  engine: Engine,
  companyId: number,
  f: OrderListFilter,
): Promise<number> {
  if (f.search) return (await searchedIds(exec, engine, companyId, f, SELECTION_BOUND, { status: true })).length;
  if (!narrows(f)) return (await keptCount(exec, companyId, 'orders', f.status ?? '')).total;
  const kept = await keptTotal(exec, companyId, f);
  if (kept !== null) return kept;
  return countWhere(exec, companyId, f);
}

/** The ids the list shows under this filter, in its order (newest first), at most `limit`. */
export async function idsMatching(
  exec: Executor,
  engine: Engine,
  companyId: number,
  f: OrderListFilter,
  limit: number,
): Promise<number[]> {
  if (f.search) return (await searchedIds(exec, engine, companyId, f, limit, { status: true })).slice(0, limit);
  return idsWhere(exec, companyId, f, { desc: true, limit, offset: 0 });
}

/**
 * Whether SQLite should count a flagged customers' filter from the flags. Its statistics (sampled,
 * db/perf/sqliteStatistics.ts) put a company's orders at about a thousand rows, so it walked the
 * company's orders by status and looked each one's customer up in the flags: at a million orders a
 * scan of them all (15 s under load). `+o.company_id` keeps the company's indexes out of the choice:
 * it reads the flagged customers' orders from (customer_id, company_id, id, status, invoice_status)
 * alone (migration 058), 0.5 s in the same conditions. PostgreSQL's own statistics choose that.
 */
const flaggedFirst = (engine: Engine, f: OrderListFilter) => engine === 'sqlite' && f.flagged === true;

/** The tabs: every order, each order status, and the two invoice states the spec names as tabs. */
export type TabCounts = Record<'all' | OrderStatusValue | 'storno' | 'partially_storno', number>;
const INVOICE_TABS = ['storno', 'partially_storno'] as const;

/**
 * The tab counts of what the list shows under this filter (its status left out): the kept counts
 * when nothing narrows, else one grouped count per kind of tab (a search: over its first
 * SELECTION_BOUND + 1 matches, so a tab count of a broad search is a lower bound). The storno
 * tabs count the invoice status, kept apart from the order's fulfilment status.
 */
export async function tabCounts(
  exec: Executor,
  engine: Engine,
  companyId: number,
  f: OrderListFilter,
): Promise<TabCounts> {
  const counts = Object.fromEntries(['all', ...ORDER_STATUSES, ...INVOICE_TABS].map((k) => [k, 0])) as TabCounts;
  const filter = { ...f, status: undefined };
  // Nothing narrows, or only the AWB or the flag: every tab from the kept counts, in one read.
  const kept = narrows(filter)
    ? filter.invoice_status === undefined && keptFilter(filter)
    : { prefix: '', negate: false };
  if (kept) {
    const buckets = await keptOrderBuckets(exec, companyId);
    const tab = (base: string) => {
      const part = buckets.get(kept.prefix + base) ?? 0;
      return kept.negate ? (buckets.get(base) ?? 0) - part : part;
    };
    counts.all = tab('');
    for (const s of ORDER_STATUSES) counts[s] = tab(s);
    for (const s of INVOICE_TABS) counts[s] = tab(invoiceBucket(s));
    return counts;
  }
  let rows: { status: string; invoice_status: string; n: number | string }[];
  const days = dayKeptFilter(filter);
  if (days) {
    // A courier and/or creation days: the per-day kept counts, under the invoice status if asked.
    rows = (await keptDayCounts(exec, companyId, days)).filter((r) => matchesStatus(filter, r));
  } else if (filter.search) {
    const ids = await searchedIds(exec, engine, companyId, filter, SELECTION_BOUND, { status: false });
    if (ids.length === 0) return counts;
    rows = await exec
      .selectFrom('orders')
      .select(['status', 'invoice_status', sql<number>`count(*)`.as('n')])
      .where('company_id', '=', companyId)
      .where('id', 'in', ids)
      .groupBy(['status', 'invoice_status'])
      .execute();
  } else {
    ({ rows } = await filteredStatements.tabs(engine, companyId, filter).execute(exec));
  }
  for (const r of rows) {
    const n = Number(r.n);
    if ((ORDER_STATUSES as readonly string[]).includes(r.status)) counts[r.status as OrderStatusValue] += n;
    if (r.invoice_status === 'storno' || r.invoice_status === 'partially_storno') counts[r.invoice_status] += n;
    counts.all += n;
  }
  return counts;
}

/**
 * The "to check" tab's count under the list's filter (its status left out, as the tabs): the kept
 * count (ADDRESS_CHECK, moved by the lifecycle with orders.address_check) when nothing else
 * narrows, else counted as the list counts `address_check=1`.
 */
export async function addressCheckCount(
  exec: Executor,
  engine: Engine,
  companyId: number,
  f: OrderListFilter,
): Promise<number> {
  const filter = { ...f, status: undefined, address_check: undefined };
  if (!narrows(filter)) return (await keptOrderBuckets(exec, companyId)).get(ADDRESS_CHECK) ?? 0;
  return countMatching(exec, engine, companyId, { ...filter, address_check: true });
}

/** How many of the company's orders need attention: their kept count, never counted (the dashboard's figure). */
export async function keptAttentionCount(exec: Executor, companyId: number): Promise<number> {
  return (await keptOrderBuckets(exec, companyId)).get(ATTENTION) ?? 0;
}

/**
 * The "attention" tab's count under the list's filter (its status left out, as the tabs): the kept
 * count (ATTENTION, moved by the lifecycle with orders.attention) when nothing else narrows, else
 * counted as the list counts `attention=1`.
 */
export async function attentionCount(
  exec: Executor,
  engine: Engine,
  companyId: number,
  f: OrderListFilter,
): Promise<number> {
  const filter = { ...f, status: undefined, attention: undefined };
  if (!narrows(filter)) return (await keptOrderBuckets(exec, companyId)).get(ATTENTION) ?? 0;
  return countMatching(exec, engine, companyId, { ...filter, attention: true });
}

// The list's usual queries are built and compiled once (db/perf/prepared.ts), as the products list's.
/**
 * The orders of both a status and an invoice status, counted up to `bound` (no kept count holds
 * the pair): read on the (company_id, invoice_status, id) index, stopping after the bound.
 */
async function boundedCount(
  exec: Executor,
  companyId: number,
  status: string,
  invoiceStatus: string,
  bound: number,
): Promise<ListTotal> {
  const row = await exec
    .selectFrom(
      exec
        .selectFrom('orders')
        .select('id')
        .where('company_id', '=', companyId)
        .where('invoice_status', '=', invoiceStatus)
        .where('status', '=', status)
        .limit(bound + 1)
        .as('m'),
    )
    .select(sql<number>`count(*)`.as('n'))
    .executeTakeFirstOrThrow();
  const n = Number(row.n);
  return n > bound ? { total: bound, exact: false } : { total: n, exact: true };
}

// A page's ids, of every order, of one status tab (`byStatus`) and/or one invoice status (`byInvoice`).
const pageIds = prepared(
  (
    exec,
    v: {
      companyId: number;
      byStatus: boolean;
      status: string;
      byInvoice: boolean;
      invoiceStatus: string;
      direction: 'asc' | 'desc';
      limit: number;
      offset: number;
    },
  ) => {
    let q = exec.selectFrom('orders').select('id').where('company_id', '=', v.companyId);
    if (v.byStatus) q = q.where('status', '=', v.status);
    if (v.byInvoice) q = q.where('invoice_status', '=', v.invoiceStatus);
    return q.orderBy('id', v.direction).limit(v.limit).offset(v.offset);
  },
  { shape: ['byStatus', 'byInvoice', 'direction', 'limit', 'offset'] },
);

const listRows = prepared(
  (exec, v: { companyId: number; ids: number[] }) =>
    exec
      .selectFrom('orders as o')
      .innerJoin('order_customer_details as d', 'd.order_id', 'o.id')
      .innerJoin('company_customers as cc', (j) =>
        j.onRef('cc.company_id', '=', 'o.company_id').onRef('cc.customer_id', '=', 'o.customer_id'),
      )
      .leftJoin(unsettledShipments(exec), 'sh.order_id', 'o.id')
      .selectAll('o')
      .select(['d.name', 'd.email', 'cc.phone_number', 'sh.state as awb_state'])
      .where('o.id', 'in', v.ids)
      .where('o.company_id', '=', v.companyId),
  { lists: ['ids'] },
);

/**
 * The list rows of these orders (in the order given), with their customers' flags, in parts: the
 * rows, then the flags. listOrdersInParts reads the page this way, the reference that the tests
 * hold the one-statement pages to, field by field.
 */
async function orderListRowsInParts(exec: Executor, companyId: number, ids: number[]): Promise<OrderListItem[]> {
  if (ids.length === 0) return [];
  const rows = await listRows(exec, { companyId, ids });
  const flags = await flagsOf(
    exec,
    companyId,
    rows.map((r) => r.customer_id),
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids
    .map((id) => byId.get(id))
    .filter((r) => r !== undefined)
    .map((r) => toListItem(r, flags.get(r.customer_id) ?? []));
}

/** What a list row shows of the order, its customer and its AWB. */
type ListRow = Pick<Selectable<OrdersTable>, ListOrderColumn> & {
  name: string;
  email: string | null;
  phone_number: string;
  awb_state: string | null;
};

const toListItem = (r: ListRow, flags: Flag[]): OrderListItem => ({
  ...orderMoney(r),
  awb_state: awbState(r.awb_state),
  customer_detail: {
    customer_id: r.customer_id,
    name: r.name,
    phone_number: r.phone_number,
    telefon: r.phone_number,
    email: r.email,
    flags,
  },
});

/** The order's columns a list row shows. */
type ListOrderColumn =
  | 'id'
  | 'customer_id'
  | 'status'
  | 'invoice_status'
  | 'courier'
  | 'courier_status'
  | 'awb'
  | 'bill_number'
  | 'value'
  | 'discount'
  | 'client_shipping_cost'
  | 'total_value'
  | 'created_at'
  | 'updated_at';

/** orderMoney's fields as the database writes them (db/json.ts): the order `o`'s columns, amounts in lei. */
function orderMoneyFields(engine: Engine): JsonFields {
  const ref = (c: string) => sql.ref(c);
  const lei = (c: string) => jsonLei(engine, sql.ref(c));
  return [
    ['id', ref('o.id')],
    ['status', ref('o.status')],
    ['invoice_status', ref('o.invoice_status')],
    ['courier', ref('o.courier')],
    ['courier_status', ref('o.courier_status')],
    ['awb', ref('o.awb')],
    ['bill_number', ref('o.bill_number')],
    ['value', lei('o.value')],
    ['discount', lei('o.discount')],
    ['client_shipping_cost', lei('o.client_shipping_cost')],
    ['total_value', lei('o.total_value')],
    ['created_at', ref('o.created_at')],
    ['updated_at', ref('o.updated_at')],
  ];
}

/**
 * The list items (OrderListItem) of the orders `ids` (a subquery of ids) as ONE JSON array the
 * database writes as the API answers it, ordered by id in `dir`: the same rows and fields as
 * listOrdersInParts builds in code (toListItem), without Node parsing and rebuilding them.
 */
const pageItemsJson = (
  exec: Executor,
  engine: Engine,
  companyId: number,
  ids: RawBuilder<unknown>,
  dir: 'asc' | 'desc',
) => {
  const ref = (c: string) => sql.ref(c);
  return jsonItems(
    engine,
    [
      ...orderMoneyFields(engine),
      // The unsettled attempts only: their states are the list's AWB states (awbState).
      ['awb_state', ref('sh.state')],
      [
        'customer_detail',
        [
          ['customer_id', ref('o.customer_id')],
          ['name', ref('d.name')],
          ['phone_number', ref('cc.phone_number')],
          ['telefon', ref('cc.phone_number')],
          ['email', ref('d.email')],
          ['flags', flagsAnswerJson('o.customer_id', companyId, engine)],
        ],
      ],
    ],
    { by: 'id', dir },
    sql`from ${ids} p join orders o on o.id = p.id
      join order_customer_details d on d.order_id = o.id
      join company_customers cc on cc.company_id = o.company_id and cc.customer_id = o.customer_id
      left join ${unsettledShipments(exec)} on sh.order_id = o.id`,
  );
};

/**
 * A page of every order, of one status tab or of one invoice bucket in ONE statement: the kept
 * count (list_counts), and the page's items (pageItemsJson) of the ids the (company_id[, status],
 * id) index gives. On PostgreSQL each round trip cost the server a write and a wake-up (a third of
 * its main thread went to writev with four); on SQLite each statement a pass through Kysely and
 * the driver.
 */
const onePage = prepared(
  (
    exec,
    v: {
      engine: Engine;
      companyId: number;
      bucket: string;
      byStatus: boolean;
      status: string;
      byInvoice: boolean;
      invoiceStatus: string;
      direction: 'asc' | 'desc';
      limit: number;
      offset: number;
    },
  ) => {
    const ids = sql`(select id from orders where company_id = ${v.companyId}
      ${v.byStatus ? sql`and status = ${v.status}` : sql``} ${v.byInvoice ? sql`and invoice_status = ${v.invoiceStatus}` : sql``}
      order by id ${sql.raw(v.direction)} limit ${sql.lit(v.limit)} offset ${sql.lit(v.offset)})`;
    return sql<{
      total: number | string | null;
      rows: string | null;
    }>`select ${keptCountOf(v.companyId, 'orders', v.bucket)} as total,
      ${pageItemsJson(exec, v.engine, v.companyId, ids, v.direction)} as rows`;
  },
  { shape: ['engine', 'byStatus', 'byInvoice', 'direction', 'limit', 'offset'] },
);

async function onePageOfOrders(
  exec: Executor,
  engine: Engine,
  companyId: number,
  q: OrderListOptions,
  desc: boolean,
  offset: number,
): Promise<OrderListPage> {
  const [row] = await onePage(exec, { engine, ...plainPage(companyId, q, desc, offset) });
  const data = new JsonText<OrderListItem[]>(row?.rows ?? '[]');
  return { data, meta: pageMeta({ total: Number(row?.total ?? 0), exact: true }, q.page, q.items) };
}

/** The list items of these orders, ordered by id in `dir`, with their customers' flags, in one statement. */
const itemsOfIds = prepared(
  (exec, v: { engine: Engine; companyId: number; ids: number[]; dir: 'asc' | 'desc' }) =>
    sql<{ rows: string | null }>`select ${pageItemsJson(
      exec,
      v.engine,
      v.companyId,
      sql`(select id from orders where id in (${sql.join(v.ids)}) and company_id = ${v.companyId})`,
      v.dir,
    )} as rows`,
  { lists: ['ids'], shape: ['engine', 'dir'] },
);

/** The list items of a page's ids, which come in the list's order: by id, in `dir`. */
async function orderListRows(
  exec: Executor,
  engine: Engine,
  companyId: number,
  ids: number[],
  dir: 'asc' | 'desc',
): Promise<JsonText<OrderListItem[]>> {
  if (ids.length === 0) return new JsonText('[]');
  const [row] = await itemsOfIds(exec, { engine, companyId, ids, dir });
  return new JsonText(row?.rows ?? '[]');
}

const awbState = (state: string | null): Order['awb_state'] =>
  state === 'pending' || state === 'unknown' ? state : null;

function orderMoney(
  r: Omit<ListRow, 'name' | 'email' | 'phone_number' | 'awb_state'>,
): Omit<OrderListItem, 'customer_detail' | 'awb_state'> {
  return {
    id: r.id,
    status: r.status,
    invoice_status: r.invoice_status as OrderListItem['invoice_status'],
    courier: r.courier,
    courier_status: r.courier_status,
    awb: r.awb,
    bill_number: r.bill_number,
    value: fromBani(Number(r.value)),
    discount: fromBani(Number(r.discount)),
    client_shipping_cost: fromBani(Number(r.client_shipping_cost)),
    total_value: fromBani(Number(r.total_value)),
    created_at: Number(r.created_at),
    updated_at: Number(r.updated_at),
  };
}

// ---- one order --------------------------------------------------------------------------------

export function toAppliedDiscount(d: Selectable<AppliedDiscountsTable>): AppliedDiscount {
  const value = d.value === null ? null : Number(d.value) / 100;
  return {
    id: d.id,
    type: d.type as AppliedDiscount['type'],
    value: d.type === 'shipping' ? null : value,
    quantity: d.quantity,
    order_product_id: d.order_product_id,
    coupon: d.coupon,
    kind: d.kind as AppliedDiscount['kind'],
    automatic: d.kind === 'order' || d.kind === 'product',
    amount: fromBani(Number(d.amount)),
  };
}

function toCustomerDetail(
  d: Selectable<OrderCustomerDetailsTable>,
  customerId: number,
  phone: string,
  flags: Flag[],
): CustomerDetail {
  return {
    customer_id: customerId,
    name: d.name,
    phone_number: phone,
    email: d.email,
    county: d.county,
    county_id: d.county_id,
    city: d.city,
    city_id: d.city_id,
    street: d.street,
    street_id: d.street_id,
    street_number: d.street_number,
    zip_code: d.zip_code,
    address: d.address,
    company_name: d.company_name,
    vat_number: d.vat_number,
    company_address: d.company_address,
    company_city: d.company_city,
    company_county: d.company_county,
    flags,
  };
}

/** The order's row as findOrder reads it: with its customer's phone, its source and its unsettled AWB create. */
type OrderHead = Selectable<OrdersTable> & {
  phone_number: string;
  source: string | null;
  awb_state: string | null;
  awb_courier: string | null;
  awb_candidates: string | null;
};
type EventRow = {
  id: number;
  type: string;
  data: string;
  created_at: number;
  user_id: number | null;
  first_name: string | null;
  last_name: string | null;
};

const orderHead = (exec: Executor) =>
  exec
    .selectFrom('orders as o')
    .innerJoin('company_customers as cc', (j) =>
      j.onRef('cc.company_id', '=', 'o.company_id').onRef('cc.customer_id', '=', 'o.customer_id'),
    )
    .leftJoin('sources as s', 's.id', 'o.source_id')
    .leftJoin(unsettledShipments(exec), 'sh.order_id', 'o.id')
    .selectAll('o')
    .select([
      'cc.phone_number',
      's.source',
      'sh.state as awb_state',
      'sh.courier as awb_courier',
      'sh.candidates as awb_candidates',
    ]);

/**
 * The order as the API answers it (assembleOrder's fields) in ONE statement, written as JSON by
 * the database (db/json.ts): the order, its customer with their flags, lines, discounts and
 * history. Node neither parses the parts nor builds and stringifies the order again: that was a
 * third of an order's CPU on SQLite. Two parts are left to the modules whose views they are: the
 * AWB candidates of an unsettled create (shipping) and the invoice documents (invoices), read as
 * rows in the same statement and added by findOrder.
 */
function orderAnswerFields(engine: Engine, companyId: number): JsonFields {
  const ref = (c: string) => sql.ref(c);
  const lei = (c: RawBuilder<unknown> | string) => jsonLei(engine, typeof c === 'string' ? sql.ref(c) : c);
  const lines = nestedItems(
    engine,
    [
      ['id', ref('l.id')],
      ['product_id', ref('l.product_id')],
      ['quantity', ref('l.quantity')],
      [
        'product',
        [
          ['name', ref('l.name')],
          ['sku', ref('l.sku')],
          ['selling_price', lei('l.price')],
          ['currency', ref('l.currency')],
        ],
      ],
      ['value', lei(sql`l.price * l.quantity`)],
      // A line priced in another currency shows what it was converted from (assembleOrder's rule).
      [
        'conversion',
        jsonObjectWhen(
          engine,
          sql`coalesce(l.original_currency, '') <> '' and l.exchange_rate is not null and coalesce(l.rate_date, '') <> ''`,
          [
            ['currency', ref('l.original_currency')],
            ['price', lei(sql`coalesce(l.original_price, 0)`)],
            // rateNumber: the kept integer over RATE_SCALE, the same division in doubles.
            [
              'rate',
              engine === 'postgres'
                ? sql`(l.exchange_rate::float8 / ${sql.raw(String(RATE_SCALE))})`
                : sql`(l.exchange_rate / ${sql.raw(RATE_SCALE.toFixed(1))})`,
            ],
            ['rate_date', ref('l.rate_date')],
            ['source', sql`case when l.rate_source = 'company' then 'company' else 'bnr' end`],
          ],
        ),
      ],
    ],
    { by: 'id', dir: 'asc' },
    sql`from order_products l where l.order_id = o.id`,
  );
  const discounts = nestedItems(
    engine,
    [
      ['id', ref('a.id')],
      ['type', ref('a.type')],
      ['value', sql`case when a.type = 'shipping' then null else ${lei('a.value')} end`],
      ['quantity', ref('a.quantity')],
      ['order_product_id', ref('a.order_product_id')],
      ['coupon', ref('a.coupon')],
      ['kind', ref('a.kind')],
      ['automatic', jsonBoolean(engine, sql`a.kind in ('order', 'product')`)],
      ['amount', lei('a.amount')],
    ],
    { by: 'id', dir: 'asc' },
    sql`from applied_discounts a where a.order_id = o.id`,
  );
  // A user's names are stored trimmed (the command that adds a user trims them), so SQL's trim of
  // the two joined equals JavaScript's: an empty name for a user without names.
  const history = nestedItems(
    engine,
    [
      ['id', ref('e.id')],
      ['type', ref('e.type')],
      ['data', engine === 'postgres' ? sql`e.data::json` : sql`json(e.data)`],
      ['created_at', ref('e.created_at')],
      [
        'user',
        jsonObjectWhen(engine, sql`e.user_id is not null`, [
          ['id', ref('e.user_id')],
          ['name', sql`trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, ''))`],
        ]),
      ],
    ],
    { by: 'id', dir: 'desc' },
    sql`from order_events e left join users u on u.id = e.user_id where e.order_id = o.id`,
  );
  return [
    ...orderMoneyFields(engine),
    ['company_id', ref('o.company_id')],
    ['source_id', ref('o.source_id')],
    ['source', ref('s.source')],
    ['observations', ref('o.observations')],
    ['details', ref('o.details')],
    ['payment_method', ref('o.payment_method')],
    ['coupon_code', ref('o.coupon_code')],
    ['external_id', ref('o.external_id')],
    [
      'customer_detail',
      [
        ['customer_id', ref('o.customer_id')],
        ['name', ref('d.name')],
        ['phone_number', ref('cc.phone_number')],
        ...DETAIL_FIELDS.map((c) => [c, ref(`d.${c}`)] as const),
        ['flags', flagsAnswerJson('o.customer_id', companyId, engine)],
      ],
    ],
    ['order_products', lines],
    ['applied_discounts', discounts],
    ['history', history],
    // The unsettled attempts only: their states are the order's AWB states (awbState).
    ['awb_state', ref('sh.state')],
  ];
}

/** The customer details' own fields an order shows after its name and phone (toCustomerDetail). */
const DETAIL_FIELDS = [
  'email',
  'county',
  'county_id',
  'city',
  'city_id',
  'street',
  'street_id',
  'street_number',
  'zip_code',
  'address',
  'company_name',
  'vat_number',
  'company_address',
  'company_city',
  'company_county',
] as const satisfies readonly (keyof CustomerDetailRow & keyof CustomerDetail)[];

const orderInOne = prepared(
  (exec, v: { engine: Engine; companyId: number; id: number }) => {
    const invoices = invoiceDocsJson('o.id', v.engine);
    return sql<{
      order_json: string;
      awb_state: string | null;
      awb_courier: string | null;
      awb_candidates: string | null;
      invoices_json: Parameters<typeof invoiceViewFromJson>[0] | string;
      invoice_lines_json: Parameters<typeof invoiceViewFromJson>[1] | string;
      address_check: string | null;
      attention: string | null;
      attention_since: number | string | null;
    }>`select ${jsonObject(v.engine, orderAnswerFields(v.engine, v.companyId))} as order_json,
      sh.state as awb_state, sh.courier as awb_courier, sh.candidates as awb_candidates, o.address_check,
      o.attention, o.attention_since,
      ${invoices.docs} as invoices_json, ${invoices.lines} as invoice_lines_json
    from orders o
    join order_customer_details d on d.order_id = o.id
    join company_customers cc on cc.company_id = o.company_id and cc.customer_id = o.customer_id
    left join sources s on s.id = o.source_id
    left join ${unsettledShipments(exec)} on sh.order_id = o.id
    where o.id = ${v.id} and o.company_id = ${v.companyId}`;
  },
  { shape: ['engine'] },
);

/**
 * The order of the company with its customer (the order's own details, the phone the company
 * knows), lines, discounts and history, or undefined (another company's order too), read in one
 * statement on both engines as the JSON text of the answer (orderInOne).
 */
export async function findOrder(
  exec: Executor,
  companyId: number,
  id: number,
  lang: Lang = 'en',
): Promise<JsonText<Order> | undefined> {
  const engine: Engine = exec.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
  const [o] = await orderInOne(exec, { engine, companyId, id });
  if (!o) return undefined;
  const invoices = invoiceViewFromJson(parsedJson(o.invoices_json), parsedJson(o.invoice_lines_json));
  const rest: Pick<
    Order,
    'awb_candidates' | 'invoice_state' | 'invoice' | 'invoice_documents' | 'address_check' | 'attention'
  > = {
    awb_candidates: awbCandidatesView({ state: o.awb_state, courier: o.awb_courier, candidates: o.awb_candidates }),
    invoice_state: invoices.state,
    invoice: invoices.invoice,
    invoice_documents: invoices.documents,
    // Its reason in the reader's language (addressCheckView).
    address_check: addressCheckView(o.address_check, lang),
    attention: attentionView(o),
  };
  // The database's object, its closing brace replaced by these fields.
  return new JsonText(`${o.order_json.slice(0, -1)},${JSON.stringify(rest).slice(1)}`);
}

/** Why the order's parcel needs attention, and since when; null when it needs none. */
const attentionView = (o: { attention: string | null; attention_since: number | string | null }): Order['attention'] =>
  o.attention === null
    ? null
    : { reason: o.attention as AttentionReason, since: o.attention_since === null ? null : Number(o.attention_since) };

/** findOrder in several queries, built in code: what the tests hold the one statement to, on both engines. */
export async function findOrderInParts(
  exec: Executor,
  companyId: number,
  id: number,
  lang: Lang = 'en',
): Promise<Order | undefined> {
  const o = await orderHead(exec).where('o.id', '=', id).where('o.company_id', '=', companyId).executeTakeFirst();
  if (!o) return undefined;
  const [detail, lines, discounts, events, flags, invoices] = await Promise.all([
    exec.selectFrom('order_customer_details').selectAll().where('order_id', '=', id).executeTakeFirstOrThrow(),
    exec.selectFrom('order_products').selectAll().where('order_id', '=', id).orderBy('id').execute(),
    exec.selectFrom('applied_discounts').selectAll().where('order_id', '=', id).orderBy('id').execute(),
    exec
      .selectFrom('order_events as e')
      .leftJoin('users as u', 'u.id', 'e.user_id')
      .select(['e.id', 'e.type', 'e.data', 'e.created_at', 'e.user_id', 'u.first_name', 'u.last_name'])
      .where('e.order_id', '=', id)
      .orderBy('e.id', 'desc')
      .execute(),
    flagsOf(exec, companyId, [o.customer_id]),
    orderInvoiceView(exec, id),
  ]);
  return assembleOrder(o, {
    detail,
    lines,
    discounts,
    events,
    flags: flags.get(o.customer_id) ?? [],
    invoices,
    lang,
  });
}

function assembleOrder(
  o: OrderHead,
  parts: {
    detail: CustomerDetailRow;
    lines: LineRow[];
    discounts: AppliedDiscountRow[];
    events: EventRow[];
    flags: Flag[];
    invoices: OrderInvoiceView;
    lang: Lang;
  },
): Order {
  const orderProducts: OrderProduct[] = parts.lines.map((l) => ({
    id: l.id,
    product_id: l.product_id,
    quantity: l.quantity,
    product: { name: l.name, sku: l.sku, selling_price: fromBani(Number(l.price)), currency: l.currency },
    value: fromBani(Number(l.price) * l.quantity),
    conversion:
      l.original_currency && l.exchange_rate !== null && l.rate_date
        ? {
            currency: l.original_currency,
            price: fromBani(Number(l.original_price ?? 0)),
            rate: rateNumber(Number(l.exchange_rate)),
            rate_date: l.rate_date,
            source: l.rate_source === 'company' ? 'company' : 'bnr',
          }
        : null,
  }));
  const history: OrderEvent[] = parts.events.map((e) => ({
    id: e.id,
    type: e.type,
    data: JSON.parse(e.data) as Record<string, unknown>,
    created_at: Number(e.created_at),
    user: e.user_id === null ? null : { id: e.user_id, name: `${e.first_name ?? ''} ${e.last_name ?? ''}`.trim() },
  }));
  const { invoices } = parts;
  return {
    ...orderMoney(o),
    company_id: o.company_id,
    source_id: o.source_id,
    source: o.source ?? null,
    observations: o.observations,
    details: o.details,
    payment_method: o.payment_method as PaymentMethod,
    coupon_code: o.coupon_code,
    customer_detail: toCustomerDetail(parts.detail, o.customer_id, o.phone_number, parts.flags),
    order_products: orderProducts,
    applied_discounts: parts.discounts.map(toAppliedDiscount),
    history,
    awb_state: awbState(o.awb_state),
    awb_candidates: awbCandidatesView({ state: o.awb_state, courier: o.awb_courier, candidates: o.awb_candidates }),
    invoice_state: invoices.state,
    invoice: invoices.invoice,
    invoice_documents: invoices.documents,
    external_id: o.external_id,
    address_check: addressCheckView(o.address_check, parts.lang),
    attention: attentionView(o),
  };
}

// ---- the order's lines, discounts and customer details (written by the orders service) ---------

export type LineRow = Selectable<OrderProductsTable>;
export type AppliedDiscountRow = Selectable<AppliedDiscountsTable>;
export type CustomerDetailRow = Selectable<OrderCustomerDetailsTable>;

export function linesOfOrder(exec: Executor, orderId: number): Promise<LineRow[]> {
  return exec.selectFrom('order_products').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
}

export function lineById(exec: Executor, lineId: number): Promise<LineRow | undefined> {
  return exec.selectFrom('order_products').selectAll().where('id', '=', lineId).executeTakeFirst();
}

/** The order's first line of this product (a product added again joins it). */
export function lineOfProduct(exec: Executor, orderId: number, productId: number): Promise<LineRow | undefined> {
  return exec
    .selectFrom('order_products')
    .selectAll()
    .where('order_id', '=', orderId)
    .where('product_id', '=', productId)
    .orderBy('id')
    .executeTakeFirst();
}

export async function insertLine(exec: Executor, line: Insertable<OrderProductsTable>): Promise<number> {
  return (await exec.insertInto('order_products').values(line).returning('id').executeTakeFirstOrThrow()).id;
}

export async function setLineQuantityRow(exec: Executor, lineId: number, quantity: number, now: number): Promise<void> {
  await exec.updateTable('order_products').set({ quantity, updated_at: now }).where('id', '=', lineId).execute();
}

/** The line goes with the discounts that applied to it. */
export async function deleteLineRow(exec: Executor, lineId: number): Promise<void> {
  await exec.deleteFrom('applied_discounts').where('order_product_id', '=', lineId).execute();
  await exec.deleteFrom('order_products').where('id', '=', lineId).execute();
}

export function discountsOfOrder(exec: Executor, orderId: number): Promise<AppliedDiscountRow[]> {
  return exec.selectFrom('applied_discounts').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
}

export function discountById(exec: Executor, id: number): Promise<AppliedDiscountRow | undefined> {
  return exec.selectFrom('applied_discounts').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertDiscount(exec: Executor, d: Insertable<AppliedDiscountsTable>): Promise<number> {
  return (await exec.insertInto('applied_discounts').values(d).returning('id').executeTakeFirstOrThrow()).id;
}

export async function updateDiscountRow(
  exec: Executor,
  id: number,
  set: Updateable<AppliedDiscountsTable>,
): Promise<void> {
  await exec.updateTable('applied_discounts').set(set).where('id', '=', id).execute();
}

export async function deleteDiscountRow(exec: Executor, id: number): Promise<void> {
  await exec.deleteFrom('applied_discounts').where('id', '=', id).execute();
}

/** The places of the order where the rules add no automatic discount (the seller edited or deleted one there). */
export function dismissedDiscountsOf(
  exec: Executor,
  orderId: number,
): Promise<{ kind: string; order_product_id: number | null }[]> {
  return exec
    .selectFrom('dismissed_discounts')
    .select(['kind', 'order_product_id'])
    .where('order_id', '=', orderId)
    .execute();
}

export async function insertDismissedDiscount(
  exec: Executor,
  d: { order_id: number; order_product_id: number | null; kind: string; created_at: number },
): Promise<void> {
  await exec.insertInto('dismissed_discounts').values(d).execute();
}

/**
 * What an AWB create reads of the company's order before anything else, in one statement: that it
 * is the company's (none: 404), its recipient's e-mail and the company's name (the sender the
 * courier prints).
 */
export async function awbPartiesOf(
  exec: Executor,
  companyId: number,
  orderId: number,
): Promise<{ email: string | null; sender_name: string } | undefined> {
  return (await awbParties(exec, { companyId, orderId }))[0];
}

const awbParties = prepared((exec, v: { companyId: number; orderId: number }) =>
  exec
    .selectFrom('orders as o')
    .innerJoin('companies as co', 'co.id', 'o.company_id')
    .leftJoin('order_customer_details as d', 'd.order_id', 'o.id')
    .select(['d.email', 'co.name as sender_name'])
    .where('o.id', '=', v.orderId)
    .where('o.company_id', '=', v.companyId),
);

export function customerDetailOf(exec: Executor, orderId: number): Promise<CustomerDetailRow> {
  return exec
    .selectFrom('order_customer_details')
    .selectAll()
    .where('order_id', '=', orderId)
    .executeTakeFirstOrThrow();
}

export async function insertCustomerDetail(exec: Executor, d: Insertable<OrderCustomerDetailsTable>): Promise<void> {
  await exec.insertInto('order_customer_details').values(d).execute();
}

export async function updateCustomerDetailRow(
  exec: Executor,
  orderId: number,
  set: Updateable<OrderCustomerDetailsTable>,
): Promise<void> {
  await exec.updateTable('order_customer_details').set(set).where('order_id', '=', orderId).execute();
}

/** The order's own rows (lines, discounts, customer details) before the order itself goes. */
export async function deleteOrderContents(exec: Executor, orderId: number): Promise<void> {
  await exec.deleteFrom('dismissed_discounts').where('order_id', '=', orderId).execute();
  await exec.deleteFrom('applied_discounts').where('order_id', '=', orderId).execute();
  await exec.deleteFrom('order_products').where('order_id', '=', orderId).execute();
  await exec.deleteFrom('order_customer_details').where('order_id', '=', orderId).execute();
}

// ---- the export -------------------------------------------------------------------------------

export interface ExportRow {
  id: number;
  created_at: number;
  status: string;
  courier: string | null;
  courier_status: string | null;
  awb: string | null;
  bill_number: string | null;
  value: number;
  discount: number;
  client_shipping_cost: number;
  total_value: number;
  customer_id: number;
  name: string;
  email: string | null;
  phone_number: string;
  county: string | null;
  city: string | null;
  street: string | null;
  street_number: string | null;
  zip_code: string | null;
  address: string | null;
  source: string | null;
  lines: { sku: string; name: string; quantity: number; price: number }[];
  flagged: boolean;
}

const EXPORT_BATCH = 500;

/**
 * The orders the list shows under this filter, newest first, in batches of EXPORT_BATCH with
 * their customer, address, source, lines and flags: three queries a batch, one batch in memory.
 * The batches walk the ids downwards (keyset), so a batch costs the same at the end as at the start.
 * `searchExec` answers a search's ids (a broad search can be a long read: the read pool);
 * the batches themselves are short keyset reads for `exec`.
 */
export async function* exportBatches(
  exec: Executor,
  engine: Engine,
  companyId: number,
  f: OrderListFilter,
  { batch = EXPORT_BATCH, searchExec = exec }: { batch?: number; searchExec?: Executor } = {},
): AsyncGenerator<ExportRow[]> {
  const where = allOf(filterConditions(f, { status: true }));
  // A search is answered by its own indexes: its matches (up to the selection bound) first.
  const searched = f.search ? await idsMatching(searchExec, engine, companyId, f, SELECTION_BOUND) : null;
  // The largest id still to read: an integer column on PostgreSQL, so the walk never names 2^31.
  let atMost = MAX_ORDER_ID;
  for (let i = 0; ; i += batch) {
    let q = exec
      .selectFrom('orders as o')
      .innerJoin('order_customer_details as d', 'd.order_id', 'o.id')
      .innerJoin('company_customers as cc', (j) =>
        j.onRef('cc.company_id', '=', 'o.company_id').onRef('cc.customer_id', '=', 'o.customer_id'),
      )
      .leftJoin('sources as s', 's.id', 'o.source_id')
      .select([
        'o.id',
        'o.created_at',
        'o.status',
        'o.courier',
        'o.courier_status',
        'o.awb',
        'o.bill_number',
        'o.value',
        'o.discount',
        'o.client_shipping_cost',
        'o.total_value',
        'o.customer_id',
        'd.name',
        'd.email',
        'cc.phone_number',
        'd.county',
        'd.city',
        'd.street',
        'd.street_number',
        'd.zip_code',
        'd.address',
        's.source',
      ])
      .where('o.company_id', '=', companyId);
    if (searched) {
      const ids = searched.slice(i, i + batch);
      if (ids.length === 0) return;
      q = q.where('o.id', 'in', ids);
    } else {
      q = q.where(where).where('o.id', '<=', atMost).limit(batch);
    }
    const rows = await q.orderBy('o.id', 'desc').execute();
    if (rows.length === 0) return;
    atMost = rows[rows.length - 1].id - 1;
    const ids = rows.map((r) => r.id);
    const lines = await exec
      .selectFrom('order_products')
      .select(['order_id', 'sku', 'name', 'quantity', 'price'])
      .where('order_id', 'in', ids)
      .orderBy('order_id')
      .orderBy('id')
      .execute();
    const flags = await flagsOf(exec, companyId, [...new Set(rows.map((r) => r.customer_id))]);
    const byOrder = new Map<number, ExportRow['lines']>();
    for (const l of lines) {
      const list = byOrder.get(l.order_id) ?? [];
      list.push({ sku: l.sku, name: l.name, quantity: l.quantity, price: Number(l.price) });
      byOrder.set(l.order_id, list);
    }
    yield rows.map((r) => ({
      ...r,
      created_at: Number(r.created_at),
      value: Number(r.value),
      discount: Number(r.discount),
      client_shipping_cost: Number(r.client_shipping_cost),
      total_value: Number(r.total_value),
      lines: byOrder.get(r.id) ?? [],
      flagged: (flags.get(r.customer_id) ?? []).length > 0,
    }));
    if (!searched && rows.length < batch) return;
  }
}

export async function companyName(exec: Executor, companyId: number): Promise<string> {
  const row = await exec.selectFrom('companies').select('name').where('id', '=', companyId).executeTakeFirst();
  return row?.name ?? '';
}
