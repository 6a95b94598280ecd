import type { Customer, Flag } from '../../../core/api/orders.js';
import { searchCountBound, type ListMeta } from '../../../core/api/list.js';
import { normalizePhone } from '../../../core/orders/phone.js';
import { sql, type RawBuilder } from 'kysely';
import type { Engine, Executor } from '../../db/connection.js';
import { foldCase, forUpdate } from '../../db/connection.js';
import { prepared } from '../../db/perf/prepared.js';
import { ONE_PLAN } from '../../db/perf/pgStatements.js';
import { jsonBoolean, nestedObject, parsedJson, partArray } from '../../db/json.js';
import { fromBani } from '../../../core/money.js';
import { customerOrderTotals } from '../order-lifecycle/index.js';
import {
  boundedCount,
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

/**
 * The SQL of customers (people by phone, shared across companies), of each company's view of
 * them (company_customers: the phone, name and email it knows, its order count) and of flags.
 * What a company is shown of a customer is read from its own view only; the shared person row is
 * the identity behind the views (flags hang on it) and is never changed once written.
 */

// ---- flags ------------------------------------------------------------------------------------

const flagRows = prepared(
  (exec, v: { ids: number[] }) =>
    exec
      .selectFrom('flags')
      .select(['customer_id', 'company_id', 'reason', 'created_at'])
      .where('customer_id', 'in', v.ids)
      .orderBy('customer_id')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc'),
  { lists: ['ids'] },
);

/** A flag row as flagsOf and flagsJson read it. */
export interface FlagRow {
  customer_id: number;
  company_id: number;
  reason: string;
  created_at: number;
}

/** A flag as the company sees it: another company's id never leaves this module. */
const toFlag = (companyId: number, r: Omit<FlagRow, 'customer_id'>): Flag => {
  const own = r.company_id === companyId;
  return {
    reason: r.reason,
    created_at: Number(r.created_at),
    flagged_by_company_id: own ? companyId : null,
    by_this_company: own,
  };
};

/** Every flag of these customers, in one query; another company's id never leaves this function. */
export async function flagsOf(exec: Executor, companyId: number, customerIds: number[]): Promise<Map<number, Flag[]>> {
  const out = new Map<number, Flag[]>();
  const ids = [...new Set(customerIds)];
  if (ids.length === 0) return out;
  for (const r of await flagRows(exec, { ids })) {
    const list = out.get(r.customer_id) ?? [];
    list.push(toFlag(companyId, r));
    out.set(r.customer_id, list);
  }
  return out;
}

/**
 * The flags of the customer `customerRef` names, as a JSON array in flagsOf's order, for a
 * statement that answers customers with their flags in one round trip (text on SQLite: read it
 * with parsedJson, then flagsFromJson).
 */
export const flagsJson = (customerRef: string, engine: Engine = 'postgres') =>
  partArray(
    engine,
    nestedObject(engine, [
      ['company_id', sql`f.company_id`],
      ['reason', sql`f.reason`],
      ['created_at', sql`f.created_at`],
    ]),
    sql`f.created_at desc, f.id desc`,
    sql`from flags f where f.customer_id = ${sql.ref(customerRef)}`,
  ).$castTo<Omit<FlagRow, 'customer_id'>[] | string>();

/**
 * The flags of the customer `customerRef` names as the company sees them (toFlag: another
 * company's id never leaves the statement), in flagsOf's order: a JSON array the database writes
 * as the API answers it, for a page answered as JSON text (db/json.ts, jsonItems).
 */
export const flagsAnswerJson = (customerRef: string, companyId: number, engine: Engine): RawBuilder<unknown> => {
  const own = sql`f.company_id = ${companyId}`;
  const flag = nestedObject(engine, [
    ['reason', sql`f.reason`],
    ['created_at', sql`f.created_at`],
    ['flagged_by_company_id', sql`case when ${own} then f.company_id end`],
    ['by_this_company', jsonBoolean(engine, own)],
  ]);
  const flags = partArray(
    engine,
    flag,
    sql`f.created_at desc, f.id desc`,
    sql`from flags f where f.customer_id = ${sql.ref(customerRef)}`,
  );
  // SQLite loses the JSON subtype across a subquery; json() restores it.
  return engine === 'postgres' ? flags : sql`json(${flags})`;
};

/** The flags flagsJson answered, as the company sees them. */
export const flagsFromJson = (companyId: number, rows: Omit<FlagRow, 'customer_id'>[]): Flag[] =>
  rows.map((r) => toFlag(companyId, r));

// ---- customers --------------------------------------------------------------------------------

/**
 * The customers who ordered from the company, newest first. meta.total is the kept count; a search
 * (phone in any form, or a substring of the name or email this company has: all of them the
 * company's own view) counts its matches up to the page's offset plus SEARCH_COUNT_WINDOW.
 * On SQLite a name or email term of 3 characters or more is answered by the FTS5 trigram table
 * (searchedIdsSqlite); a shorter one, as in the orders and products searches, walks the company's
 * customers newest first with LIKE (trigrams need 3 characters).
 */
export async function listCustomers(
  exec: Executor,
  engine: Engine,
  companyId: number,
  q: { page: number; items: number; search: string },
  tuning: { window?: number; walkRows?: number; sampleRows?: number } = {},
): Promise<{ data: Customer[]; meta: ListMeta }> {
  const offset = (q.page - 1) * q.items;
  const phone = q.search ? normalizePhone(q.search) : null;
  if (q.search && !phone && engine === 'postgres') {
    const bound = searchCountBound(offset, q.items, tuning.window);
    const opts = { offset, items: q.items, bound, walkRows: tuning.walkRows, sampleRows: tuning.sampleRows };
    const { rows } = await searchPagePostgres(companyId, q.search, opts).execute(exec);
    const n = Number(rows[0]?.n ?? 0);
    const known = n > bound ? { total: bound, exact: false } : { total: n, exact: true };
    return {
      data: rows.flatMap((r) => (r.id === null ? [] : [shownCustomer(companyId, { ...r, id: r.id })])),
      meta: pageMeta(known, q.page, q.items),
    };
  }
  let filtered = exec.selectFrom('company_customers as cc').where('cc.company_id', '=', companyId);
  if (!q.search) {
    // The kept count read with the page; only a page past the end, which has no row to carry it, asks again.
    const rows = await filtered
      .select([...shownColumns(engine, companyId), keptCountOf(companyId, 'customers').as('total')])
      .orderBy('cc.customer_id', 'desc')
      .limit(q.items)
      .offset(offset)
      .execute();
    const known = rows[0]
      ? { total: Number(rows[0].total ?? 0), exact: true }
      : await keptCount(exec, companyId, 'customers');
    return { data: rows.map((r) => shownCustomer(companyId, r)), meta: pageMeta(known, q.page, q.items) };
  }
  // Where the page starts in `filtered`: the search index's page is cut from its matches already.
  let pageOffset = offset;
  let known: ListTotal;
  const bound = searchCountBound(offset, q.items, tuning.window);
  if (!phone && engine === 'sqlite' && [...q.search].length >= 3) {
    const matches = await matchedIds(exec, 'sqlite', searchedIdsSqlite(companyId, q.search, bound + 1), 'id', true);
    known = matches.length > bound ? { total: bound, exact: false } : { total: matches.length, exact: true };
    const ids = matches.slice(offset, offset + q.items);
    if (ids.length === 0) return { data: [], meta: pageMeta(known, q.page, q.items) };
    filtered = filtered.where('cc.customer_id', 'in', ids);
    pageOffset = 0;
  } else {
    filtered = phone
      ? filtered.where('cc.phone_number', '=', phone)
      : filtered.where(nameOrEmailContains(engine, q.search));
    known = await boundedCount(exec, filtered, bound);
  }
  const rows = await filtered
    .select(shownColumns(engine, companyId))
    .orderBy('cc.customer_id', 'desc')
    .limit(q.items)
    .offset(pageOffset)
    .execute();
  return { data: rows.map((r) => shownCustomer(companyId, r)), meta: pageMeta(known, q.page, q.items) };
}

/**
 * The customer as the company is shown them, with their flags and what they spent with it, in one
 * statement; undefined when they never ordered from it.
 */
export async function findShownCustomer(
  exec: Executor,
  engine: Engine,
  companyId: number,
  customerId: number,
): Promise<Customer | undefined> {
  const row = await exec
    .selectFrom('company_customers as cc')
    .select(shownColumns(engine, companyId))
    .where('cc.company_id', '=', companyId)
    .where('cc.customer_id', '=', customerId)
    .executeTakeFirst();
  return row && shownCustomer(companyId, row);
}

/**
 * The columns of the company's view `cc` a customer is shown with: the flags as JSON (flagsJson)
 * and the order totals (customerOrderTotals) read by the same statement as the customers, never
 * a query per customer.
 */
const shownColumns = (engine: Engine, companyId: number) => {
  const totals = customerOrderTotals(companyId, 'cc.customer_id');
  return [
    'cc.customer_id as id',
    'cc.phone_number',
    'cc.name',
    'cc.email',
    'cc.orders_count',
    'cc.created_at',
    flagsJson('cc.customer_id', engine).as('flags'),
    totals.spent.as('spent'),
    totals.lastOrderAt.as('last_order_at'),
  ] as const;
};

/** A customer row as the statements of this module read it: the columns of shownColumns. */
interface ShownRow {
  id: number;
  phone_number: string;
  name: string;
  email: string | null;
  orders_count: number | string;
  created_at: number | string;
  flags: Omit<FlagRow, 'customer_id'>[] | string;
  spent: number | string;
  last_order_at: number | string | null;
}

const shownCustomer = (companyId: number, r: ShownRow): Customer => ({
  id: r.id,
  name: r.name,
  phone_number: r.phone_number,
  email: r.email,
  orders_count: Number(r.orders_count),
  total_spent: fromBani(Number(r.spent)),
  last_order_at: r.last_order_at === null ? null : Number(r.last_order_at),
  flags: flagsFromJson(companyId, parsedJson(r.flags)),
  created_at: Number(r.created_at),
});

/**
 * Whether the company's view `cc` has the term in its name or email: LIKE with the term's
 * wildcards escaped (containsPattern), both sides folded (likeAny: case and the marks of ă â î ș ț
 * ignored), with the escape named (SQLite's LIKE needs to be told, or a term with `_` or `%` found nothing).
 */
export const nameOrEmailContains = (engine: Engine, term: string) =>
  likeAny(engine, ['cc.name', 'cc.email'], containsPattern(foldCase(term)));

/**
 * SQLite: the ids of the company's customers whose name or email contains the term (3 characters
 * or more), newest first, at most `limit`. The FTS5 trigram table of migration 061 drives (CROSS
 * JOIN keeps it outer) over the company's range of rowids (the company in the high 32 bits, the
 * customer in the low ones) newest first, so it stops after `limit` matches however broad the term.
 * As the orders search does, the index is asked for two of the term's trigrams (trigramFragments),
 * or the whole term when no word has three letters ("a.b"), and each candidate is checked against
 * the whole term, with the folded LIKE of every list search (likeAny): the index folds the case
 * and drops every mark (migration 084), the check the case and the marks of ă â î ș ț, so the
 * candidates are a superset and the check keeps what the other lists find, in the same order.
 */
export const searchedIdsSqlite = (companyId: number, term: string, limit: number) => {
  const fragments = trigramFragments(term);
  const match = fragments.length > 0 ? fragments.map(ftsPhrase).join(' AND ') : ftsPhrase(term);
  return sql<{ id: number }>`select cc.customer_id as id from company_customers_search s
      cross join company_customers cc on cc.company_id = ${companyId} and cc.customer_id = (s.rowid & 4294967295)
    where company_customers_search match ${match}
      and s.rowid between (${companyId} << 32) and ((${companyId} << 32) | 4294967295)
      and ${nameOrEmailContains('sqlite', term)}
    order by s.rowid desc limit ${limit}`;
};

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

/** The customer as this company knows them (they ordered from it), or undefined. */
export async function findCompanyCustomer(exec: Executor, companyId: number, customerId: number) {
  return companyView(exec, companyId, customerId).executeTakeFirst();
}

/** The company's view of the customer locked until the transaction ends (PostgreSQL), or undefined. */
export async function lockedCompanyCustomer(trx: Executor, companyId: number, customerId: number) {
  return forUpdate(trx, companyView(trx, companyId, customerId)).executeTakeFirst();
}

const companyView = (exec: Executor, companyId: number, customerId: number) =>
  exec
    .selectFrom('company_customers as cc')
    .select(['cc.customer_id as id', 'cc.phone_number', 'cc.name', 'cc.email', 'cc.orders_count', 'cc.created_at'])
    .where('cc.company_id', '=', companyId)
    .where('cc.customer_id', '=', customerId);

/** The company's own customer with this (normalised) phone, if it has one; never another company's. */
export async function companyCustomerIdOfPhone(
  exec: Executor,
  companyId: number,
  phone: string,
): Promise<number | undefined> {
  const row = await exec
    .selectFrom('company_customers')
    .select('customer_id')
    .where('company_id', '=', companyId)
    .where('phone_number', '=', phone)
    .executeTakeFirst();
  return row?.customer_id;
}

// ---- writing ----------------------------------------------------------------------------------

/** The customer with this (normalised) phone, created if new; safe when two orders of a new person arrive at once. */
export async function customerIdForPhone(trx: Executor, phone: string, now: number): Promise<number> {
  await trx
    .insertInto('customers')
    .values({ phone_number: phone, created_at: now, updated_at: now })
    .onConflict((oc) => oc.column('phone_number').doNothing())
    .execute();
  const row = await trx
    .selectFrom('customers')
    .select('id')
    .where('phone_number', '=', phone)
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Inserts the company's view of the customer, with the number the person is known by; false when
 * it exists (the caller adds one order to it). The conflict names no index: the view is unique by
 * person and by number, and PostgreSQL does nothing only for a conflict on an index it was told to
 * expect, so two first orders of one new customer at once would otherwise make the second fail on
 * the number's index instead of joining the first's row.
 */
export async function insertCompanyCustomer(
  trx: Executor,
  v: { companyId: number; customerId: number; phone: string; name: string; email: string | null; now: number },
): Promise<boolean> {
  const inserted = await trx
    .insertInto('company_customers')
    .values({
      company_id: v.companyId,
      customer_id: v.customerId,
      phone_number: v.phone,
      name: v.name,
      email: v.email,
      orders_count: 1,
      created_at: v.now,
      updated_at: v.now,
    })
    .onConflict((oc) => oc.doNothing())
    .returning('customer_id')
    .executeTakeFirst();
  return Boolean(inserted);
}

/** One order more on the company's view of the customer; false when the view is gone (moved to another number meanwhile). */
export async function addOrderToCompanyCustomer(
  trx: Executor,
  v: { companyId: number; customerId: number; name: string; email: string | null; now: number },
): Promise<boolean> {
  const res = await trx
    .updateTable('company_customers')
    .set({
      orders_count: sql<number>`orders_count + 1`,
      name: v.name,
      ...(v.email ? { email: v.email } : {}),
      updated_at: v.now,
    })
    .where('company_id', '=', v.companyId)
    .where('customer_id', '=', v.customerId)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** One order less; true when it was the customer's last in the company (the row goes). */
export async function removeOrderFromCompanyCustomer(
  trx: Executor,
  companyId: number,
  customerId: number,
): Promise<boolean> {
  await trx
    .updateTable('company_customers')
    .set({ orders_count: sql<number>`orders_count - 1` })
    .where('company_id', '=', companyId)
    .where('customer_id', '=', customerId)
    .execute();
  const gone = await trx
    .deleteFrom('company_customers')
    .where('company_id', '=', companyId)
    .where('customer_id', '=', customerId)
    .where('orders_count', '<=', 0)
    .executeTakeFirst();
  return Number(gone.numDeletedRows) > 0;
}

export async function updateCompanyCustomer(
  trx: Executor,
  companyId: number,
  customerId: number,
  set: { name?: string; email?: string | null },
  now: number,
): Promise<void> {
  await trx
    .updateTable('company_customers')
    .set({ ...set, updated_at: now })
    .where('company_id', '=', companyId)
    .where('customer_id', '=', customerId)
    .execute();
}

/**
 * The company's view moves from one person to the person of its new number (name, email, order
 * count and date kept): only this company's row is written, so no other company's view changes.
 */
export async function relinkCompanyCustomer(
  trx: Executor,
  v: { companyId: number; from: number; to: number; phone: string; now: number },
): Promise<void> {
  await trx
    .updateTable('company_customers')
    .set({ customer_id: v.to, phone_number: v.phone, updated_at: v.now })
    .where('company_id', '=', v.companyId)
    .where('customer_id', '=', v.from)
    .execute();
}

/** A flag by the company; false when it had already flagged the customer (one flag per company and customer). */
export async function insertFlag(
  trx: Executor,
  v: { customerId: number; companyId: number; reason: string; now: number },
): Promise<boolean> {
  const inserted = await trx
    .insertInto('flags')
    .values({ customer_id: v.customerId, company_id: v.companyId, reason: v.reason, created_at: v.now })
    .onConflict((oc) => oc.columns(['customer_id', 'company_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return Boolean(inserted);
}

/** Removes the company's own flag on the customer; false when it had none (another company's flags stay). */
export async function deleteFlag(trx: Executor, v: { customerId: number; companyId: number }): Promise<boolean> {
  const removed = await trx
    .deleteFrom('flags')
    .where('customer_id', '=', v.customerId)
    .where('company_id', '=', v.companyId)
    .returning('id')
    .executeTakeFirst();
  return Boolean(removed);
}
