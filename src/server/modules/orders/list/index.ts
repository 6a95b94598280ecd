import { sql, type RawBuilder } from 'kysely';
import { searchCountBound } from '../../../../core/api/list.js';
import { narrows, type OrderListFilter } from '../../../../core/orders/listFilter.js';
import { normalizePhone } from '../../../../core/orders/phone.js';
import { ORDER_STATUSES, type OrderStatusValue } from '../../../../core/orders/statuses.js';
import { foldCase, type Engine, type Executor } from '../../../db/connection.js';
import { JsonText } from '../../../http/jsonText.js';
import { keptCount, pageMeta, type ListTotal } from '../../../http/list.js';
import { ADDRESS_CHECK, ATTENTION } from '../../order-counts/index.js';
import { invoiceBucket } from '../../order-lifecycle/index.js';
import { allOf, baseBucket, dayKeptFilter, filterConditions, keptFilter, matchesStatus } from '../filter.js';
import { postgresListReader } from './postgres.js';
import {
  boundedCount,
  dayCountsQuery,
  dayValues,
  keptDayCounts,
  keptDayTotal,
  keptOrderBuckets,
  MAX_ORDER_ID,
  onePageOfOrders,
  orderListRows,
  pageIds,
  pageOf,
  plainPage,
  SELECTION_BOUND,
  WALK_ROWS,
  type OrderListOptions,
  type OrderListPage,
  type OrderListReader,
  type PageOf,
  type SearchOptions,
  type SearchPage,
} from './shared.js';
import { sqliteListReader } from './sqlite.js';

/**
 * The orders list and its counts: a page (listOrders), the tab counts, the selection a bulk action
 * takes (countMatching, idsMatching). Each reads through the engine's OrderListReader (readerOf):
 * the list's meaning is written here once, each engine's own SQL lives in sqlite.ts and postgres.ts,
 * and what both share in shared.ts.
 */
export { SELECTION_BOUND, type OrderListOptions, type OrderListPage, type OrderListReader } from './shared.js';

/** The engine's reader of the orders list. */
export const readerOf = (engine: Engine): OrderListReader =>
  engine === 'sqlite' ? sqliteListReader : postgresListReader;

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
  return readerOf(engine).searchNames(exec, companyId, foldCase(term), opts);
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
  const reader = readerOf(engine);
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
  } else if (reader.dayKeptPage && dayKeptFilter(q)) {
    return reader.dayKeptPage(exec, companyId, q, { desc, limit: q.items, offset });
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
  const walk = days !== null && readerOf(engine).walksDayIds(f);
  return { total, page: filteredStatements.page(companyId, f, { ...page, ids: days?.ids ?? undefined, walk }) };
}

/** The statement of keptDayCounts under a filter of the per-day kept counts, for its plan (filterPlans.test.ts). */
export const dayCountsStatement = (exec: Executor, companyId: number, f: OrderListFilter) =>
  dayCountsQuery(exec, dayValues(companyId, dayKeptFilter(f)!));

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
      where ${readerOf(engine).tabsSkipCompanyIndex(f) ? sql`+o.company_id` : sql`o.company_id`} = ${companyId}
        and ${allOf(filterConditions({ ...f, status: undefined }, { status: false }))}
      group by o.status, o.invoice_status`,
};

async function countWhere(exec: Executor, companyId: number, f: OrderListFilter): Promise<number> {
  const { rows } = await filteredStatements.count(companyId, f).execute(exec);
  return Number(rows[0]?.n ?? 0);
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
