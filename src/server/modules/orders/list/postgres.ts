import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { OrderListItem } from '../../../../core/api/orders.js';
import type { Executor } from '../../../db/connection.js';
import { JsonText } from '../../../http/jsonText.js';
import { prepared } from '../../../db/perf/prepared.js';
import { ONE_PLAN } from '../../../db/perf/pgStatements.js';
import { containsPattern, likeAny, matchedIds, pageMeta, trigramFragments } from '../../../http/list.js';
import { allOf, dayKeptFilter, filterConditions } from '../filter.js';
import {
  dayValues,
  pageItemsJson,
  pageOf,
  type OrderListOptions,
  type OrderListPage,
  type OrderListReader,
  type SearchOptions,
  type SearchPage,
} from './shared.js';

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
 * The orders list on PostgreSQL: its name search on the customer details' folded text (the newest
 * walk, then the trigram probe), and the page under the per-day kept counts in one statement.
 * PostgreSQL weighs the id bounds and the company's indexes itself: no walk, no hint.
 */
export const postgresListReader: OrderListReader = {
  searchNames: searchNamesPostgres,
  dayKeptPage: dayKeptPagePostgres,
  walksDayIds: () => false,
  tabsSkipCompanyIndex: () => false,
};
