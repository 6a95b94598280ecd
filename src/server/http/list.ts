import { sql, type Expression, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { ListResponse } from '../../core/api/list.js';
import { lastPageOf } from '../../core/pagination.js';
import type { Engine } from '../db/connection.js';

/**
 * Runs a page of a list query and its count. The caller passes the filtered query (company,
 * search) without ordering; `order` is applied to the page only, so the count stays cheap.
 * A page past the end answers an empty page with the true last_page.
 */
export async function paginate<DB, TB extends keyof DB, O, R>(
  query: SelectQueryBuilder<DB, TB, O>,
  opts: { page: number; items: number; order: (q: SelectQueryBuilder<DB, TB, O>) => SelectQueryBuilder<DB, TB, O>; map: (row: O) => R },
): Promise<ListResponse<R>> {
  const countRow = await query
    .clearSelect()
    .select(sql<number>`count(*)`.as('total'))
    .executeTakeFirst() as { total: number | string } | undefined;
  const total = Number(countRow?.total ?? 0);
  const rows = await opts
    .order(query)
    .limit(opts.items)
    .offset((opts.page - 1) * opts.items)
    .execute();
  return {
    data: rows.map(opts.map),
    meta: { total, last_page: lastPageOf(total, opts.items), current_page: opts.page, per_page: opts.items },
  };
}

/** `%term%` with LIKE's wildcards escaped. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Case-insensitive substring match of any of the columns, on both engines. */
export function matchesAny(engine: Engine, columns: string[], term: string): Expression<SqlBool> {
  const pattern = containsPattern(term);
  const op = engine === 'postgres' ? sql.raw('ilike') : sql.raw('like');
  const parts = columns.map((c) => sql<SqlBool>`${sql.ref(c)} ${op} ${pattern} escape '\\'`);
  return sql<SqlBool>`(${sql.join(parts, sql` or `)})`;
}
