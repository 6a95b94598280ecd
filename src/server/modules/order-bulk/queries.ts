import { sql, type Selectable } from 'kysely';
import type { Executor } from '../../db/connection.js';
import type { BulkJobItemsTable, BulkJobsTable } from '../../db/schema.js';

/** The bulk jobs and their items: this module's own tables, written only here. */

export type BulkJobRow = Selectable<BulkJobsTable>;
export type BulkItemRow = Selectable<BulkJobItemsTable>;

/** Rows are written this many at a time (bounded statements on both engines). */
const CHUNK = 500;

export async function insertJob(
  exec: Executor,
  row: {
    company_id: number;
    user_id: number | null;
    action: string;
    params: unknown;
    lang: string;
    total: number;
    now: number;
  },
): Promise<number> {
  const inserted = await exec
    .insertInto('bulk_jobs')
    .values({
      company_id: row.company_id,
      user_id: row.user_id,
      action: row.action,
      params: JSON.stringify(row.params),
      status: 'queued',
      lang: row.lang,
      total: row.total,
      created_at: row.now,
      updated_at: row.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

/** The job's orders in selection order. */
export async function insertItems(exec: Executor, jobId: number, orderIds: readonly number[], now: number) {
  for (let i = 0; i < orderIds.length; i += CHUNK) {
    await exec
      .insertInto('bulk_job_items')
      .values(
        orderIds.slice(i, i + CHUNK).map((orderId, k) => ({
          job_id: jobId,
          position: i + k,
          order_id: orderId,
          outcome: null,
          reason: null,
          awb: null,
          bill_number: null,
          started_at: null,
          updated_at: now,
        })),
      )
      .execute();
  }
}

export const jobById = (exec: Executor, id: number): Promise<BulkJobRow | undefined> =>
  exec.selectFrom('bulk_jobs').selectAll().where('id', '=', id).executeTakeFirst();

export const companyJob = (exec: Executor, companyId: number, id: number): Promise<BulkJobRow | undefined> =>
  exec.selectFrom('bulk_jobs').selectAll().where('company_id', '=', companyId).where('id', '=', id).executeTakeFirst();

/** The company's most recent jobs, newest first (on the (company_id, id) index). */
export const recentJobs = (exec: Executor, companyId: number, limit: number): Promise<BulkJobRow[]> =>
  exec
    .selectFrom('bulk_jobs')
    .selectAll()
    .where('company_id', '=', companyId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();

export const itemsOf = (exec: Executor, jobId: number): Promise<BulkItemRow[]> =>
  exec.selectFrom('bulk_job_items').selectAll().where('job_id', '=', jobId).orderBy('position').execute();

/** The next orders to try: the untried first in selection order, then those tried already (an unknown outcome). */
export const waitingItems = (exec: Executor, jobId: number, limit: number): Promise<BulkItemRow[]> =>
  exec
    .selectFrom('bulk_job_items')
    .selectAll()
    .where('job_id', '=', jobId)
    .where('outcome', 'is', null)
    .orderBy('attempts')
    .orderBy('position')
    .limit(limit)
    .execute();

export async function hasWaitingItems(exec: Executor, jobId: number): Promise<boolean> {
  const row = await exec
    .selectFrom('bulk_job_items')
    .select('position')
    .where('job_id', '=', jobId)
    .where('outcome', 'is', null)
    .limit(1)
    .executeTakeFirst();
  return !!row;
}

/** An attempt at the item begins: counted, and marked so a run cut off here knows to look first. */
export async function startItem(exec: Executor, item: BulkItemRow, now: number): Promise<void> {
  await exec
    .updateTable('bulk_job_items')
    .set({ attempts: sql<number>`attempts + 1`, started_at: now, updated_at: now })
    .where('job_id', '=', item.job_id)
    .where('position', '=', item.position)
    .execute();
}

/**
 * The item's outcome, once: only a waiting item takes one, and the job's count moves with it in
 * the same transaction. Answers whether this call recorded it.
 */
export async function settleItem(
  trx: Executor,
  item: Pick<BulkItemRow, 'job_id' | 'position'>,
  outcome: 'done' | 'skipped' | 'failed',
  fields: { reason?: string | null; awb?: string | null; bill_number?: string | null },
  now: number,
): Promise<boolean> {
  const res = await trx
    .updateTable('bulk_job_items')
    .set({
      outcome,
      reason: fields.reason ?? null,
      awb: fields.awb ?? null,
      bill_number: fields.bill_number ?? null,
      updated_at: now,
    })
    .where('job_id', '=', item.job_id)
    .where('position', '=', item.position)
    .where('outcome', 'is', null)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) === 0) return false;
  await trx
    .updateTable('bulk_jobs')
    .set({ [outcome]: sql<number>`${sql.ref(outcome)} + 1`, updated_at: now })
    .where('id', '=', item.job_id)
    .execute();
  return true;
}

export async function setJobStatus(exec: Executor, id: number, status: string, now: number): Promise<void> {
  await exec.updateTable('bulk_jobs').set({ status, updated_at: now }).where('id', '=', id).execute();
}

/** An invoice job of the company older than this one that has not finished: invoices go one job at a time. */
export async function olderInvoiceJobRunning(exec: Executor, job: BulkJobRow): Promise<boolean> {
  const row = await exec
    .selectFrom('bulk_jobs')
    .select('id')
    .where('company_id', '=', job.company_id)
    .where('action', '=', 'invoice')
    .where('id', '<', job.id)
    .where('status', 'in', ['queued', 'running'])
    .limit(1)
    .executeTakeFirst();
  return !!row;
}

/**
 * The failed items (all, or those of `orderIds`) wait again, their tries forgotten, and the job
 * counts them out of its failures. Answers how many.
 */
export async function resetFailed(trx: Executor, jobId: number, orderIds: readonly number[] | undefined, now: number) {
  let q = trx
    .updateTable('bulk_job_items')
    .set({ outcome: null, reason: null, attempts: 0, started_at: null, updated_at: now })
    .where('job_id', '=', jobId)
    .where('outcome', '=', 'failed');
  if (orderIds) q = q.where('order_id', 'in', orderIds);
  const res = await q.executeTakeFirst();
  const n = Number(res.numUpdatedRows);
  if (n > 0)
    await trx
      .updateTable('bulk_jobs')
      .set({ failed: sql<number>`failed - ${n}`, status: 'queued', updated_at: now })
      .where('id', '=', jobId)
      .execute();
  return n;
}

/** The orders of the job that came out done, in selection order, with the AWB each got. */
export const doneItems = (exec: Executor, jobId: number): Promise<Pick<BulkItemRow, 'order_id' | 'awb'>[]> =>
  exec
    .selectFrom('bulk_job_items')
    .select(['order_id', 'awb'])
    .where('job_id', '=', jobId)
    .where('outcome', '=', 'done')
    .orderBy('position')
    .execute();
