import { sql } from 'kysely';
import type { OrderListFilter } from '../../../../core/orders/listFilter.js';
import type { Executor } from '../../../db/connection.js';
import { containsPattern, ftsPhrase, likeAny, matchedIds, trigramFragments } from '../../../http/list.js';
import { pageOf, type OrderListReader, type SearchOptions, type SearchPage } from './shared.js';

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
 * Whether SQLite should count a flagged customers' filter from the flags. Its statistics (sampled,
 * db/perf/sqliteStatistics.ts) put a company's orders at about a thousand rows, so it walked the
 * company's orders by status and looked each one's customer up in the flags: at a million orders a
 * scan of them all (15 s under load). `+o.company_id` keeps the company's indexes out of the choice:
 * it reads the flagged customers' orders from (customer_id, company_id, id, status, invoice_status)
 * alone (migration 058), 0.5 s in the same conditions. PostgreSQL's own statistics choose that.
 */
const flaggedFirst = (f: OrderListFilter) => f.flagged === true;

/** The orders list on SQLite: its FTS5 name search, the id walk of a courier's days, the flagged tabs' hint. */
export const sqliteListReader: OrderListReader = {
  searchNames: searchNamesSqlite,
  walksDayIds: walksIds,
  tabsSkipCompanyIndex: flaggedFirst,
};
