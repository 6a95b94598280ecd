import type { Engine, Executor } from '../../../db/connection.js';
import { searchCountBound } from '../../../../core/api/list.js';
import { normalizePhone } from '../../../../core/orders/phone.js';
import { boundedCount, keptCount, keptCountOf, pageMeta, type ListTotal } from '../../../http/list.js';
import { shownColumns, shownCustomer } from '../queries.js';
import { postgresCustomerReader } from './postgres.js';
import {
  nameOrEmailContains,
  type CustomerListReader,
  type CustomerPage,
  type CustomerSearchTuning,
} from './shared.js';
import { sqliteCustomerReader } from './sqlite.js';

/**
 * The customers list: its page and search, written here once; what each engine answers its own way
 * (a name or email search) is the engine's CustomerListReader (sqlite.ts, postgres.ts), as the
 * orders list's readers are.
 */
export { nameOrEmailContains, type CustomerListReader } from './shared.js';

/** The engine's reader of the customers list. */
export const readerOf = (engine: Engine): CustomerListReader =>
  engine === 'sqlite' ? sqliteCustomerReader : postgresCustomerReader;

/**
 * The customers who ordered from the company, newest first. meta.total is the kept count; a search
 * (phone in any form, or a substring of the name or email this company has: all of them the
 * company's own view) counts its matches up to the page's offset plus SEARCH_COUNT_WINDOW.
 * A name or email term is the engine's reader's (readerOf): on PostgreSQL one statement
 * (searchPagePostgres), on SQLite the FTS5 trigram table's matches for a term of 3 characters or
 * more; a shorter one walks the company's customers newest first with LIKE.
 */
export async function listCustomers(
  exec: Executor,
  engine: Engine,
  companyId: number,
  q: { page: number; items: number; search: string },
  tuning: CustomerSearchTuning = {},
): Promise<CustomerPage> {
  const offset = (q.page - 1) * q.items;
  const phone = q.search ? normalizePhone(q.search) : null;
  const reader = readerOf(engine);
  if (q.search && !phone && reader.namePage) {
    return reader.namePage(
      exec,
      companyId,
      q,
      { offset, bound: searchCountBound(offset, q.items, tuning.window) },
      tuning,
    );
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
  const matches = !phone && reader.nameMatches ? await reader.nameMatches(exec, companyId, q.search, bound + 1) : null;
  if (matches) {
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
