import { sql } from 'kysely';
import { ftsPhrase, matchedIds, trigramFragments } from '../../../http/list.js';
import { nameOrEmailContains, type CustomerListReader } from './shared.js';

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
 * The customers list on SQLite: a name or email term of 3 characters or more is answered by the
 * FTS5 trigram table (searchedIdsSqlite); a shorter one, as in the orders and products searches,
 * walks the company's customers newest first with LIKE (trigrams need 3 characters).
 */
export const sqliteCustomerReader: CustomerListReader = {
  nameMatches: async (exec, companyId, term, limit) =>
    [...term].length >= 3 ? matchedIds(exec, 'sqlite', searchedIdsSqlite(companyId, term, limit), 'id', true) : null,
};
