import { sql } from 'kysely';
import type { CourierStatus } from '../../../core/api/shipping.js';
import type { Executor } from '../../db/connection.js';
import type { CourierProvider } from '../../providers/couriers/types.js';
import { COURIER_PROVIDERS } from '../../providers/couriers/types.js';
import { FINAL_COURIER_STATUSES } from './statuses.js';

/** A company's courier set-up that tracking asks with: active, with credentials. */
export interface TrackedIntegration {
  companyId: number;
  courier: CourierProvider;
}

/**
 * Every active courier set-up with credentials, by company then courier (a small table: one row
 * per company and integration). Companies without one are never walked.
 */
export async function trackedIntegrations(exec: Executor): Promise<TrackedIntegration[]> {
  const rows = await exec
    .selectFrom('company_integrations as ci')
    .innerJoin('integrations as i', 'i.id', 'ci.integration_id')
    .select(['ci.company_id', 'i.key'])
    .where('i.key', 'in', [...COURIER_PROVIDERS])
    .where('ci.is_active', '=', 1)
    .where('ci.credentials', 'is not', null)
    .orderBy('ci.company_id')
    .orderBy('i.key')
    .execute();
  return rows.map((r) => ({ companyId: r.company_id, courier: r.key as CourierProvider }));
}

export interface OpenAwb {
  id: number;
  awb: string;
  courier_status: string;
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
  return rows.map((r) => ({ id: r.id, awb: r.awb!, courier_status: r.courier_status! }));
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
    .select(['id', 'awb', 'courier_status'])
    .where('company_id', '=', q.companyId)
    .where('courier', '=', q.courier)
    .where(OPEN_AWB_PREDICATE)
    .where('id', '>', q.afterId)
    .orderBy('id')
    .limit(q.limit);
}

/**
 * Writes the new courier status only if the order still has this AWB at this courier in the
 * status the tracking read: an AWB deleted meanwhile, or a change another run already wrote,
 * changes nothing. Answers whether the row changed (the caller records the change only then).
 */
export async function moveCourierStatus(exec: Executor, change: { orderId: number; courier: CourierProvider; awb: string; from: string; to: CourierStatus; now: number }): Promise<boolean> {
  const res = await exec
    .updateTable('orders')
    .set({ courier_status: change.to, updated_at: change.now })
    .where('id', '=', change.orderId)
    .where('courier', '=', change.courier)
    .where('awb', '=', change.awb)
    .where('courier_status', '=', change.from)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}
