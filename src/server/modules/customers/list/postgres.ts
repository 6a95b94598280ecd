import { sql } from 'kysely';
import { foldCase } from '../../../db/connection.js';
import { ONE_PLAN } from '../../../db/perf/pgStatements.js';
import { containsPattern, likeAny, pageMeta, trigramFragments } from '../../../http/list.js';
import { customerOrderTotals } from '../../order-lifecycle/index.js';
import { flagsJson, shownCustomer, type ShownRow } from '../queries.js';
import type { CustomerListReader } from './shared.js';

/**
 * A common term fills the count among the company's newest WALK_ROWS customers ("Popescu", 4 % of
 * them at a million orders: 201 matches in 4,900 rows). Walking them from the covering index costs
 * about 2 ms; the probe of a common term, ordered, cost 18 ms.
 */
const WALK_ROWS = 10_000;

/**
 * How many of the newest customers tell a common term from a rare one: the walk runs only when
 * their matches, as a share, would fill the count within WALK_ROWS ("Popescu": 43 in the newest
 * 1,000 at a million orders, 21 needed; "Maria Moldovan": 1). Reading them costs about a tenth
 * of the walk a rare term used to pay in full before its probe.
 */
const SAMPLE_ROWS = 1_000;

/** A row of searchPagePostgres: the page's customer (all null on an empty page) and the bounded count. */
type SearchPageRow = Omit<ShownRow, 'id'> & { n: number | string; id: number | null };

/**
 * PostgreSQL: a page of the company's customers whose name or email contains the term (not a
 * phone), with the count of the matches up to `bound + 1` and the page's flags, in one statement.
 * It reads the folded search text of migration 065 (lower(name || line feed || email), kept by the
 * database) with plain LIKE against lower(pattern): what ILIKE of the name and the email found.
 * The ids of the matches up to the bound, newest first, come from one of two paths, chosen when
 * the statement runs by one-time filters, so a rare term never pays for the walk a common one needs:
 * 0. the company's newest `sampleRows` customers (covering index alone) are counted for matches,
 *    until there are enough to call the term common: the sample;
 * 1. when the sample's share of matches would reach `bound + 1` within the newest `walkRows`
 *    customers (a common term), those are walked on the (company_id, customer_id) INCLUDE
 *    (search_text) index alone until `bound + 1` of them match;
 * 2. otherwise, or when the walk found too few after all (a one-time filter on its count), the
 *    trigram index probed with two of the term's trigrams, its first and the middle of its
 *    longest word (the last when no word has five letters; trigramFragments): a name's last
 *    three letters are those most shared ("…van", "…scu", "…anu"; "van" is in twice as many
 *    customers as "mar" or "ldo"), and each posting list more cost about 0.5 ms ("Maria Moldovan":
 *    the index 1.7 ms with the last as a third, 1.2 without, the same 513 candidates). Each
 *    candidate is checked against the whole term and the matches sorted; the OFFSET 0 keeps the
 *    planner from handing the whole term to the index as well. Those are all the company's
 *    matches, so the first `bound + 1` of them newest first are exact.
 * Either way the matches are the same; the sample only decides which path pays. Then the page is
 * cut from those ids and its rows read by key. A term with no word of three letters cannot use
 * the index: the company's customers are walked until `bound + 1` match. A term with a line feed
 * could match across the name and the email joined in the search text, so its candidates are
 * also checked against the columns themselves.
 *
 * Its plan does not depend on the term (the paths are chosen as it runs), so the statement is
 * prepared once per connection (ONE_PLAN): PostgreSQL then plans it once instead of on every
 * search (about 1 ms). The folded pattern is read once, by an init plan (`(select lower(…))`):
 * in a plan made without the values, lower() of a parameter in the filter ran on every row walked.
 */
export function searchPagePostgres(
  companyId: number,
  typed: string,
  o: { offset: number; items: number; bound: number; walkRows?: number; sampleRows?: number },
) {
  // The search text is folded by the database (migration 084: lower case, ă â î ș ț without their
  // marks); the term the same way, so "nita" finds "Niță".
  const term = foldCase(typed);
  const walkRows = o.walkRows ?? WALK_ROWS;
  const sampleRows = Math.min(o.sampleRows ?? SAMPLE_ROWS, walkRows);
  const pattern = containsPattern(term);
  const spans = term.includes('\n');
  const columns = spans
    ? sql`c.company_id, c.customer_id, c.search_text, c.name, c.email`
    : sql`c.company_id, c.customer_id, c.search_text`;
  // A term with a line feed could match across the name and the email joined in the search text:
  // its candidates are also checked against the columns themselves.
  const byColumns = (m: string) =>
    spans ? sql` and ${likeAny('postgres', [`${m}.name`, `${m}.email`], pattern)}` : sql``;
  // Read once by an init plan; no ESCAPE clause: PostgreSQL's LIKE escapes with a backslash unless
  // told otherwise, as containsPattern does (and like_escape() of a parameter also ran per row).
  const folded = sql`(select lower(${pattern}))`;
  const matches = (m: string) => sql`${sql.ref(`${m}.search_text`)} like ${folded}${byColumns(m)}`;
  const fragments = trigramFragments(term, { middle: true });
  const limit = o.bound + 1;
  // The sample's matches that make a term common: its share of `limit` in `walkRows`. The sample
  // stops there ("Popescu": its 21st match is about its 500th row).
  const enough = walkRows > 0 ? Math.ceil((limit * sampleRows) / walkRows) : 0;
  // A walk names the company as a range of one and is ordered by (company_id, customer_id), which
  // only the indexes that start with the company serve: with company_id = x the planner drops the
  // company from the order and may walk every company's customers newest first on the customer's
  // own index, checking the company of each. The walk's matches keep that order, so its limit
  // stops the walk at `bound + 1` matches instead of sorting all it read.
  const ofCompany = sql`c.company_id between ${companyId} and ${companyId}`;
  const newestFirst = sql`order by c.company_id desc, c.customer_id desc`;
  const ids =
    fragments.length === 0
      ? // No trigram to ask for: the whole term through coalesce(), which no index knows, so
        // that the planner walks rather than reading the whole trigram index.
        sql`ids as (select c.customer_id from company_customers c
          where ${ofCompany} and coalesce(c.search_text, '') like ${folded}${byColumns('c')}
          ${newestFirst} limit ${limit})`
      : sql`sample as materialized (
          select count(*) as n from (
            select 1 from (
              select ${columns} from company_customers c where ${ofCompany} ${newestFirst} limit ${sampleRows}) s
            where ${matches('s')} limit ${enough}) s),
        newest as materialized (
          select w.customer_id from (
            select ${columns} from company_customers c
            where (select n from sample) >= ${enough} and ${ofCompany}
            ${newestFirst} limit ${walkRows}) w
          where ${matches('w')} order by w.company_id desc, w.customer_id desc limit ${limit}),
        probe as materialized (
          select m.customer_id from (
            select ${columns} from company_customers c
            where (select count(*) from newest) <= ${o.bound} and c.company_id = ${companyId}
              and ${sql.join(
                fragments.map((f) => sql`c.search_text like lower(${`%${f}%`})`),
                sql` and `,
              )}
            offset 0) m
          where ${matches('m')} order by m.customer_id desc limit ${limit}),
        ids as (
          select customer_id from newest where (select count(*) from newest) > ${o.bound}
          union all select customer_id from probe)`;
  const totals = customerOrderTotals(companyId, 'c.customer_id');
  return sql<SearchPageRow>`${sql.raw(ONE_PLAN)} with ${ids}
    select n.n, p.* from (select count(*) as n from ids) n
    left join lateral (
      select c.customer_id as id, c.phone_number, c.name, c.email, c.orders_count, c.created_at,
        ${flagsJson('c.customer_id')} as flags, ${totals.spent} as spent, ${totals.lastOrderAt} as last_order_at
      from (select customer_id from ids order by customer_id desc limit ${o.items} offset ${o.offset}) i
      join company_customers c on c.company_id = ${companyId} and c.customer_id = i.customer_id) p on true
    order by p.id desc nulls last`;
}

/** The customers list on PostgreSQL: a name or email search is one statement (searchPagePostgres). */
export const postgresCustomerReader: CustomerListReader = {
  namePage: async (exec, companyId, q, { offset, bound }, tuning) => {
    const opts = { offset, items: q.items, bound, walkRows: tuning.walkRows, sampleRows: tuning.sampleRows };
    const { rows } = await searchPagePostgres(companyId, q.search, opts).execute(exec);
    const n = Number(rows[0]?.n ?? 0);
    const known = n > bound ? { total: bound, exact: false } : { total: n, exact: true };
    return {
      data: rows.flatMap((r) => (r.id === null ? [] : [shownCustomer(companyId, { ...r, id: r.id })])),
      meta: pageMeta(known, q.page, q.items),
    };
  },
};
