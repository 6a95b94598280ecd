import { sql } from 'kysely';
import { jsonValues, parsedJson } from '../../../db/json.js';
import { prepared } from '../../../db/perf/prepared.js';
import { containsPattern } from '../../../http/list.js';
import { likeTops, productMatches, type MatchForm, type ProductListReader } from './shared.js';

/** PostgreSQL compares the folded search text (MatchForm), unless the term has a line feed. */
const matchFormOf = (term: string): MatchForm => (term.includes('\n') ? 'postgres' : 'folded');

/**
 * The probe's matches (a top-level id for each row read, at most `limit`) in one row (jsonValues):
 * PostgreSQL's LIKE on the folded text (productMatches) uses its trigram index by itself, which its
 * planner leaves for a plain read when the term is broad (the rows come after a few pages).
 */
const probeRows = prepared(
  (_exec, v: { companyId: number; form: MatchForm; match: string; limit: number }) => {
    const read = sql`select coalesce(m.parent_id, m.id) as top_id from products m where m.company_id = ${v.companyId} and ${productMatches(v.form, 'm', v.match)} limit ${v.limit}`;
    const tops = jsonValues('postgres', sql`top_id`);
    return sql<{ tops: number[] | string }>`select ${tops} as tops from (${read}) probe`;
  },
  { shape: ['form'] },
);

/**
 * The products list on PostgreSQL: its comparison (productMatches) is the same in the probe and in
 * the walk, whatever the term, so the index judges every term and matchingTops is never asked
 * (it answers what LIKE on the columns finds).
 */
export const postgresProductReader: ProductListReader = {
  matchForm: matchFormOf,
  probesIndex: () => true,
  probe: async (exec, companyId, term, limit) => {
    const [probe] = await probeRows(exec, { companyId, form: matchFormOf(term), match: containsPattern(term), limit });
    return parsedJson(probe!.tops).map(Number);
  },
  matchingTops: (exec, companyId, term) => likeTops(exec, 'postgres', companyId, term),
};
