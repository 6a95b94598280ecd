import { sql } from 'kysely';
import type { Executor } from '../../db/connection.js';
import type { CourierProvider } from '../../providers/couriers/types.js';
import { FINAL_COURIER_STATUSES } from './statuses.js';

export interface OpenAwb {
  id: number;
  awb: string;
  courier_status: string;
  /** Why its parcel needs attention now, and the reason a seller marked handled (attention.ts). */
  attention: string | null;
  attention_handled: string | null;
}

/**
 * The predicate of the partial index `orders_open_awbs` (migration 015), written as literals: the
 * query must repeat it word for word for SQLite to use the index (a bound parameter would not
 * match it), and PostgreSQL then proves it as well.
 */
export const OPEN_AWB_PREDICATE = sql<boolean>`awb is not null and courier_status not in (${sql.join(FINAL_COURIER_STATUSES.map((s) => sql.lit(s)))})`;

/**
 * One page of a company's open AWBs at one courier, after order `afterId`, by id: read from the
 * partial index (company, courier, id) over open AWBs, never from the whole orders table.
 */
export async function openAwbPage(exec: Executor, q: OpenAwbPageQuery): Promise<OpenAwb[]> {
  const rows = await openAwbPageQuery(exec, q).execute();
  // The predicate guarantees both columns.
  return rows.map((r) => ({
    id: r.id,
    awb: r.awb!,
    courier_status: r.courier_status!,
    attention: r.attention,
    attention_handled: r.attention_handled,
  }));
}

export interface OpenAwbPageQuery {
  companyId: number;
  courier: CourierProvider;
  afterId: number;
  limit: number;
}

/** The query of `openAwbPage`, unexecuted (a test reads its plan). */
export function openAwbPageQuery(exec: Executor, q: OpenAwbPageQuery) {
  return exec
    .selectFrom('orders')
    .select(['id', 'awb', 'courier_status', 'attention', 'attention_handled'])
    .where('company_id', '=', q.companyId)
    .where('courier', '=', q.courier)
    .where(OPEN_AWB_PREDICATE)
    .where('id', '>', q.afterId)
    .orderBy('id')
    .limit(q.limit);
}
