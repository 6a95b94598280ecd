import { sql, type Expression, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { ListResponse } from '../../core/api/list.js';
import { lastPageOf } from '../../core/pagination.js';
import { foldCase, FOLD_FROM, FOLD_TO, type Engine, type Executor } from '../db/connection.js';
import { prepared } from '../db/perf/prepared.js';
import { jsonValues, parsedJson } from '../db/json.js';
import { ANNOUNCED_TABLES, listCacheOf, tablesIn } from '../db/perf/listCache.js';

/** A list's row count, and whether it is exact or a lower bound (a broad search). */
export interface ListTotal {
  total: number;
  exact: boolean;
}

/**
 * The kept count of a company's list (table list_counts, kept in the same transaction as every
 * write): the sum of its shards (db/listCounts.ts, at most 32 rows on one primary-key range) instead
 * of counting the rows.
 */
export async function keptCount(exec: Executor, companyId: number, list: string, bucket = ''): Promise<ListTotal> {
  const [row] = await keptCountRow(exec, { companyId, list, bucket });
  return { total: Number(row?.n ?? 0), exact: true };
}

/**
 * keptCount as an expression of a statement that reads the page too (one round trip): null when
 * the list has never been counted.
 */
export const keptCountOf = (companyId: number, list: string, bucket = '') =>
  sql<
    number | string | null
  >`(select sum(n) from list_counts where company_id = ${companyId} and list = ${sql.lit(list)} and bucket = ${bucket})`;

const keptCountRow = prepared((exec, v: { companyId: number; list: string; bucket: string }) =>
  exec
    .selectFrom('list_counts')
    .select(sql<number | string | null>`sum(n)`.as('n'))
    .where('company_id', '=', v.companyId)
    .where('list', '=', v.list)
    .where('bucket', '=', v.bucket),
);

/**
 * Counts the rows of a filtered query, but stops after `limit` of them: a search that matches a
 * million rows costs no more than one that matches `limit`. Exact below the limit. `start` begins
 * the statement's text (a walk's ONE_PLAN, db/perf/pgStatements.ts).
 */
export async function boundedCount<DB, TB extends keyof DB, O>(
  exec: Executor,
  query: SelectQueryBuilder<DB, TB, O>,
  limit: number,
  start = sql.raw(''),
): Promise<ListTotal> {
  const capped = query
    .clearSelect()
    .select(sql<number>`1`.as('one'))
    .limit(limit + 1);
  const { rows } = await sql<{
    n: number | string;
  }>`${start}select count(*) as n from (${capped}) as matches`.execute(exec);
  const n = Number(rows[0]?.n ?? 0);
  return n > limit ? { total: limit, exact: false } : { total: n, exact: true };
}

/**
 * The ids a search's `query` matched (its `column`; as many as its LIMIT lets through), read as one
 * row (jsonValues) and put in the list's order here: a row for each match cost the server more than
 * the statement (a search reads up to its count's bound + 1, 201 on page 1).
 */
export async function matchedIds(
  exec: Executor,
  engine: Engine,
  query: Expression<unknown>,
  column: string,
  desc: boolean,
): Promise<number[]> {
  const {
    rows: [found],
  } = await sql<{
    ids: number[] | string;
  }>`select ${jsonValues(engine, sql.ref(column))} as ids from (${query}) matches`.execute(exec);
  return parsedJson(found!.ids)
    .map(Number)
    .sort((a, b) => (desc ? b - a : a - b));
}

/** What a page of a list is asked for, and how its rows become the answer's. */
export interface PageOptions<O, R> {
  page: number;
  items: number;
  map: (row: O) => R;
  /** The total when the caller knows it: a kept count or a bounded one. */
  total?: ListTotal;
}

/**
 * Runs a page of a list query and, unless the caller knows it (`total`: a kept count or a
 * bounded one) or the page itself shows where the list ends, its count. The caller passes the
 * filtered query (company, search) without ordering; `order` is applied to the page only, so the
 * count stays cheap. A page that is not full is the last one: its rows tell the total, and a
 * small list (sources, packages, a company's few discounts) costs one query instead of two. A
 * page past the end answers an empty page with the true last_page; a bounded total offers one
 * page more.
 */
export function paginate<DB, TB extends keyof DB, O, R>(
  query: SelectQueryBuilder<DB, TB, O>,
  opts: PageOptions<O, R> & { order: (q: SelectQueryBuilder<DB, TB, O>) => SelectQueryBuilder<DB, TB, O> },
): Promise<ListResponse<R>> {
  return pageOf(
    (limit, offset) => opts.order(query).limit(limit).offset(offset).execute(),
    async () =>
      totalOf(
        await query
          .clearSelect()
          .select(sql<number>`count(*)`.as('total'))
          .executeTakeFirst(),
      ),
    opts,
  );
}

/** Tells the lists of preparedList() apart in the cache's keys. */
let preparedLists = 0;

/**
 * A list whose usual query (no search) is built and compiled once (db/perf/prepared.ts) instead
 * of on every request: `base` selects the owner's rows (`values`: the company, the user), `order`
 * orders a page. A search (`opts.search`, the term's condition) depends on the term, so that query
 * is built per request through paginate(). Same pages, same totals either way.
 *
 * The usual pages are kept in memory (db/perf/listCache.ts) when every table `base` reads is one
 * whose writes are announced (ANNOUNCED_TABLES): the small lists read through `db.kysely` or
 * `db.reads` of a server answer a repeated request without the database. Searches and
 * transactions do not.
 */
export function preparedList<V extends Record<string, unknown>, DB, TB extends keyof DB, O>(
  base: (exec: Executor, values: V) => SelectQueryBuilder<DB, TB, O>,
  order: (q: SelectQueryBuilder<DB, TB, O>) => SelectQueryBuilder<DB, TB, O>,
) {
  const rows = prepared(
    (exec, v: V & { limit: number; offset: number }) => order(base(exec, v)).limit(v.limit).offset(v.offset),
    { shape: ['limit', 'offset'] },
  );
  const count = prepared((exec, v: V) =>
    base(exec, v)
      .clearSelect()
      .select(sql<number>`count(*)`.as('total')),
  );
  const id = ++preparedLists;
  let tables: string[] | undefined;
  return <R>(
    exec: Executor,
    values: V,
    opts: PageOptions<O, R> & { search?: Expression<SqlBool> },
  ): Promise<ListResponse<R>> => {
    if (opts.search) return paginate(base(exec, values).where(opts.search), { ...opts, order });
    const page = () =>
      pageOf(
        (limit, offset) => rows(exec, { ...values, limit, offset }),
        async () => totalOf((await count(exec, values))[0]),
        opts,
      );
    const cache = listCacheOf(exec);
    tables ??= tablesIn(base(exec, values).toOperationNode());
    if (!cache || opts.total || !tables.every((t) => ANNOUNCED_TABLES.includes(t))) return page();
    return cache.get(`${id}:${JSON.stringify(values)}:${opts.page}:${opts.items}`, tables, page);
  };
}

/** The number a `count(*) as total` row carries (PostgreSQL's count is a bigint, read as a string). */
const totalOf = (row: unknown): number => Number((row as { total: number | string } | undefined)?.total ?? 0);

/** The one page logic of paginate() and preparedList(): the rows, then the total if it is not known. */
async function pageOf<O, R>(
  rows: (limit: number, offset: number) => Promise<O[]>,
  count: () => Promise<number>,
  opts: PageOptions<O, R>,
): Promise<ListResponse<R>> {
  const offset = (opts.page - 1) * opts.items;
  const found = await rows(opts.items, offset);
  const known = opts.total ?? endOfList(found.length, offset, opts.items) ?? { total: await count(), exact: true };
  return { data: found.map(opts.map), meta: pageMeta(known, opts.page, opts.items) };
}

/**
 * The exact total when a page shows the end of its list: fewer rows than asked for (at least one,
 * or none on the first page). A full page, or an empty one past the first, needs a count.
 */
export function endOfList(rows: number, offset: number, items: number): ListTotal | undefined {
  if (rows < items && (rows > 0 || offset === 0)) return { total: offset + rows, exact: true };
  return undefined;
}

/** The meta of a page: a bounded total offers one page beyond what it fills. */
export function pageMeta(known: ListTotal, page: number, items: number): ListResponse<never>['meta'] {
  const last = lastPageOf(known.total, items) + (known.exact ? 0 : 1);
  return {
    total: known.total,
    last_page: last,
    current_page: page,
    per_page: items,
    ...(known.exact ? {} : { total_exact: false as const }),
  };
}

/** `%term%` with LIKE's wildcards escaped. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A text as one FTS5 phrase: with the trigram tokenizer a substring match, every character literal. */
export const ftsPhrase = (text: string): string => `"${text.replace(/"/g, '""')}"`;

/**
 * A few fragments of a search term for a trigram index to find candidates with: the first three
 * letters of its first word of three or more letters or digits and the last three of its last
 * such word (one fragment if they are the same). Every text containing the term contains them,
 * so the candidates are a superset of the matches, which the caller checks against the whole term.
 * Asking for every trigram of a long term made the index intersect a dozen long posting lists
 * ("Maria Moldovan": 12 trigrams, each in 40,000 of a million names, 20 ms); two lists cost a
 * sixth. Empty when no word has three letters: the index cannot help.
 *
 * `middle` asks for the three letters in the middle of the term's longest word of five or more
 * instead of the last three: a name's end is the part most names share ("…scu", "…anu", "…van":
 * "van" is in twice as many of 295,000 customers as "mar" or "ldo"), and a start often is too,
 * where the middle is not ("Ștefănescu": "ște" and "scu" shared by 1,027 customers, read and
 * checked one by one, "făn" by none). Each posting list more cost about 0.5 ms ("Maria
 * Moldovan" with the last as a third: 1.7 ms in the index, 1.2 without, the same candidates).
 */
export function trigramFragments(term: string, opts: { middle?: boolean } = {}): string[] {
  const words = term.split(/[^\p{L}\p{N}]+/u).filter((w) => [...w].length >= 3);
  if (words.length === 0) return [];
  const first = [...words[0]].slice(0, 3).join('');
  const last = [...words[words.length - 1]].slice(-3).join('');
  const out = [first, last];
  if (opts.middle) {
    const longest = [...words.reduce((a, b) => ([...b].length > [...a].length ? b : a))];
    if (longest.length >= 5) {
      const at = Math.floor((longest.length - 3) / 2);
      out[1] = longest.slice(at, at + 3).join('');
    }
  }
  return out.filter((f, i) => out.findIndex((g) => g.toLowerCase() === f.toLowerCase()) === i);
}

/**
 * A column folded as every search compares it (foldCase: lower case, the Romanian letters without
 * their marks): translate() and lower() on PostgreSQL, the search_fold() function on SQLite
 * (db/sqliteFunctions.mjs, registered on every connection), so "nita" finds "Niță" on both.
 */
export function foldedColumn(engine: Engine, column: string): Expression<string> {
  return engine === 'postgres'
    ? sql<string>`lower(translate(${sql.ref(column)}, ${sql.lit(FOLD_FROM)}, ${sql.lit(FOLD_TO)}))`
    : sql<string>`search_fold(${sql.ref(column)})`;
}

/** Substring match of any of the columns, ignoring case and the Romanian letters' marks, on both engines. */
export function matchesAny(engine: Engine, columns: string[], term: string): Expression<SqlBool> {
  return likeAny(engine, columns, containsPattern(foldCase(term)));
}

/**
 * LIKE of any of the columns, folded (foldedColumn), with a pattern made by containsPattern() of a
 * term already folded by foldCase (the caller folds it: a prepared query hands this a stand-in of
 * the value, which must reach the parameters untouched): the case and the marks of ă â î ș ț (ş ţ)
 * never decide a match. The lists that search this way alone are a company's small ones (sources,
 * coupons, packages...), read row by row as ILIKE read them; the large ones (orders, customers,
 * products) find their candidates through an index first, on a folded column the database keeps
 * (PostgreSQL) or an FTS5 table that drops the marks (SQLite), both from migration 084.
 */
export function likeAny(engine: Engine, columns: string[], pattern: string): Expression<SqlBool> {
  const parts = columns.map((c) => sql<SqlBool>`${foldedColumn(engine, c)} like ${pattern} escape '\\'`);
  return sql<SqlBool>`(${sql.join(parts, sql` or `)})`;
}
