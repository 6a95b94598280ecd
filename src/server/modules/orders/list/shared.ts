import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { OrderListItem } from '../../../../core/api/orders.js';
import type { ListMeta } from '../../../../core/api/list.js';
import type { OrderListFilter, OrderListQuery } from '../../../../core/orders/listFilter.js';
import type { Engine, Executor } from '../../../db/connection.js';
import { jsonItems, jsonLei, type JsonFields } from '../../../db/json.js';
import { JsonText } from '../../../http/jsonText.js';
import { prepared } from '../../../db/perf/prepared.js';
import { keptCountOf, pageMeta, type ListTotal } from '../../../http/list.js';
import { flagsAnswerJson } from '../../customers/index.js';
import { invoiceBucket } from '../../order-lifecycle/index.js';
import { unsettledShipments } from '../../shipping/index.js';
import { dayKeptFilter, matchesStatus, type DayKept } from '../filter.js';

/**
 * What the orders list's readers share, whichever engine runs them: the page and search shapes, the
 * kept counts' reads, the plain page's statements and the JSON of a page's items. What differs by
 * engine (the name search, a page under the per-day counts, planner hints) is an OrderListReader's,
 * one per engine (sqlite.ts, postgres.ts), chosen in index.ts.
 */

/**
 * The parts of the orders list that each engine does its own way. Everything else is shared SQL:
 * a reader holds only what one engine's planner or text search needs, so a change of the list's
 * meaning is made once (index.ts, shared.ts) and a tuning for one engine cannot move the other.
 */
export interface OrderListReader {
  /** A name or email search of the company's orders (the term already folded, foldCase). */
  searchNames(exec: Executor, companyId: number, term: string, opts: SearchOptions): Promise<SearchPage>;
  /**
   * A page under a filter of the per-day kept counts (dayKeptFilter) in one statement; an engine
   * without it serves that page as any filtered page (index.ts, filteredPage).
   */
  dayKeptPage?(
    exec: Executor,
    companyId: number,
    f: OrderListOptions,
    page: { desc: boolean; limit: number; offset: number },
  ): Promise<OrderListPage>;
  /** Whether a filtered page under the per-day kept counts walks the ids between their bounds (filterConditions' walk). */
  walksDayIds(f: OrderListFilter): boolean;
  /** Whether the filtered tab counts keep the company's indexes out of the planner's choice (`+o.company_id`). */
  tabsSkipCompanyIndex(f: OrderListFilter): boolean;
}

/** A page of the orders list: its items as the JSON text the database wrote (pageItemsJson). */
export type OrderListPage = { data: JsonText<OrderListItem[]>; meta: ListMeta };

export type OrderListOptions = Pick<OrderListQuery, 'page' | 'items' | 'sort'> & OrderListFilter;

/**
 * How far a searched selection or count goes: the most orders a bulk action takes. A search's
 * count stops after this many (a count of `SELECTION_BOUND + 1` means "more").
 */
export const SELECTION_BOUND = 10_000;

/** The largest order id: an integer column on PostgreSQL. */
export const MAX_ORDER_ID = 2_147_483_647;

export interface SearchOptions {
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
export interface SearchPage {
  ids: number[];
  known: ListTotal;
  rows?: string;
}

/** The page and bounded total of the first `bound + 1` matches, already in the list's order. */
export function pageOf(matches: number[], opts: SearchOptions): SearchPage {
  const known =
    matches.length > opts.bound ? { total: opts.bound, exact: false } : { total: matches.length, exact: true };
  return { ids: matches.slice(opts.offset, opts.offset + opts.items), known };
}

/**
 * A common term fills the count in the newest WALK_ROWS (at 4 % of orders, 201 matches in 5,000
 * rows). Reading them costs about 3 ms, as much as a trigram probe of a rare term.
 */
export const WALK_ROWS = 5000;

/**
 * Where a plain page (a tab, no search or filter) reads: the kept count's bucket and the
 * (company_id[, status | invoice_status], id) index walk of its ids.
 */
export function plainPage(
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

/** Every kept count of the company's orders list by bucket, in one read of its few rows. */
export async function keptOrderBuckets(exec: Executor, companyId: number): Promise<Map<string, number>> {
  const rows = await keptOrderRows(exec, { companyId });
  return new Map(rows.map((r) => [r.bucket, Number(r.n ?? 0)]));
}

export const keptOrderRows = prepared((exec, v: { companyId: number }) =>
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
export async function keptDayCounts(exec: Executor, companyId: number, d: DayKept) {
  return dayCountRows(exec, dayValues(companyId, d));
}

/**
 * Under a filter of the per-day kept counts (dayKeptFilter): the list's total, and bounds of the
 * matching orders' ids (the kept rows' bounds: every order counted in a row lies within them; none
 * when nothing matches). Null when the filter is not one of those.
 */
export async function keptDayTotal(
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

export interface IdBounds {
  min: number;
  max: number;
}

/** The per-day kept counts' sums (keptDayCounts); `byCourier` names the shape. */
export const dayCountRows = prepared(
  (exec: Executor, v: { companyId: number; from: string; to: string; byCourier: boolean; courier: string }) =>
    dayCountsQuery(exec, v),
  { shape: ['byCourier'] },
);

/** The values of the per-day statement: an open end of the range is the first or last day there is. */
export const dayValues = (companyId: number, d: DayKept) => ({
  companyId,
  from: d.from ?? '0000-01-01',
  to: d.to ?? '9999-12-31',
  byCourier: d.courier !== undefined,
  courier: d.courier ?? '',
});

export function dayCountsQuery(
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
 * A filtered page: its order, size and offset; `ids`: bounds of the matching orders' ids (from the
 * kept per-day rows), where the walk of the ids starts and ends; `walk`: see filterConditions.
 */
export interface PageOf {
  desc: boolean;
  limit: number;
  offset: number;
  ids?: IdBounds;
  walk?: boolean;
}

// The list's usual queries are built and compiled once (db/perf/prepared.ts), as the products list's.
/**
 * The orders of both a status and an invoice status, counted up to `bound` (no kept count holds
 * the pair): read on the (company_id, invoice_status, id) index, stopping after the bound.
 */
export async function boundedCount(
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
export const pageIds = prepared(
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

/** orderMoney's fields as the database writes them (db/json.ts): the order `o`'s columns, amounts in lei. */
export function orderMoneyFields(engine: Engine): JsonFields {
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
export const pageItemsJson = (
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
export const onePage = prepared(
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

export async function onePageOfOrders(
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
export const itemsOfIds = prepared(
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
export async function orderListRows(
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
