import { sql } from 'kysely';
import { jsonValues, parsedJson } from '../../../db/json.js';
import { prepared } from '../../../db/perf/prepared.js';
import { ftsPhrase } from '../../../http/list.js';
import { likeTops, type ProductListReader } from './shared.js';

/**
 * On SQLite the FTS5 trigram index of migration 006 answers a search of 3 characters or more
 * (trigrams need 3; shorter terms read the company's rows with LIKE).
 */
const usesFtsIndex = (term: string) => [...term].length >= 3;

/**
 * The top-level ids of the company's rows that the FTS5 index matches with `phrase` (ftsPhrase):
 * CROSS JOIN keeps SQLite from walking the company's products and checking each.
 */
const ftsTops = (phrase: string, companyId: number) =>
  sql<{
    top_id: number;
  }>`select coalesce(m.parent_id, m.id) as top_id from products_search cross join products m on m.id = products_search.rowid
    where products_search match ${phrase} and m.company_id = ${companyId}`;

/** The probe's matches (a top-level id for each row read, at most `limit`) in one row (jsonValues). */
const probeRows = prepared((_exec, v: { companyId: number; match: string; limit: number }) => {
  const read = sql`${ftsTops(v.match, v.companyId)} limit ${v.limit}`;
  const tops = jsonValues('sqlite', sql`top_id`);
  return sql<{ tops: number[] | string }>`select ${tops} as tops from (${read}) probe`;
});

/**
 * The products list on SQLite: the FTS5 trigram table probed with the term's phrase. Whether it
 * can tell a narrow term from a broad one: its trigrams need 3 characters, and SQLite's LIKE (the
 * broad walk) folds the case of ASCII letters only where the index folds every letter, so a term
 * with others (ă, Ș) keeps the index's answer however broad it is: that term's page is built for
 * it from the index's matches, and a term under 3 characters from LIKE's.
 */
export const sqliteProductReader: ProductListReader = {
  matchForm: () => 'sqlite',
  probesIndex: (term) => usesFtsIndex(term) && /^[\x20-\x7e]*$/.test(term),
  probe: async (exec, companyId, term, limit) => {
    const [probe] = await probeRows(exec, { companyId, match: ftsPhrase(term), limit });
    return parsedJson(probe!.tops).map(Number);
  },
  matchingTops: (exec, companyId, term) =>
    usesFtsIndex(term)
      ? sql<number>`(${ftsTops(ftsPhrase(term), companyId)})`
      : likeTops(exec, 'sqlite', companyId, term),
};
