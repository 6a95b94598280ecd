import { sql, type Compilable } from 'kysely';
import { preparedWrite } from '../db/perf/prepared.js';
import type { Db, Executor } from '../db/connection.js';
import type { JobsTable } from '../db/schema.js';
import type { Selectable } from 'kysely';

/** A job as its handler sees it. */
export interface Job<P = unknown> {
  id: number;
  kind: string;
  key: string;
  payload: P;
  /** 1 on the first run, counting this one. */
  attempt: number;
}

export interface NewJob {
  kind: string;
  /** One pending job per key: scheduling a key that is already pending changes nothing. */
  key: string;
  payload?: unknown;
  /** Unix seconds; now when omitted. */
  runAt?: number;
}

/**
 * Adds a job unless one with the same key is pending. Runs on the caller's executor, so a job
 * scheduled inside a transaction exists only if the transaction commits.
 */
export async function scheduleJob(exec: Executor, job: NewJob, now: number): Promise<void> {
  await exec.executeQuery(scheduleJobWrite(exec, job, now));
}

/** The insert of scheduleJob, for a caller that runs it with its other writes (writeTogether). */
export function scheduleJobWrite(exec: Executor, job: NewJob, now: number): Compilable {
  return jobInsert(exec, {
    kind: job.kind,
    key: job.key,
    payload: JSON.stringify(job.payload ?? null),
    runAt: job.runAt ?? now,
    now,
  });
}

/** Built and compiled once (perf/prepared.ts): every provider document schedules its check with it. */
const jobInsert = preparedWrite((exec, v: { kind: string; key: string; payload: string; runAt: number; now: number }) =>
  exec
    .insertInto('jobs')
    .values({
      kind: v.kind,
      key: v.key,
      payload: v.payload,
      run_at: v.runAt,
      locked_by: null,
      locked_until: null,
      last_error: null,
      failed_at: null,
      created_at: v.now,
      updated_at: v.now,
    })
    .onConflict((oc) => oc.column('key').doNothing()),
);

/**
 * Claims the next due job for `instanceId` in one statement: the row is due, not failed and not
 * leased (or its lease ran out, the instance that held it having died). Each job is leased for its
 * own kind's time (`leases`, seconds by kind; only those kinds are claimed): a job of a short lease
 * left by a dead instance is taken up that soon, whatever the longest lease of the other kinds.
 * PostgreSQL skips rows another instance is claiming at the same moment; SQLite has one writer at
 * a time, so the statement is atomic there as it is.
 */
export async function claimNextJob(
  db: Db,
  opts: { instanceId: string; now: number; leases: Readonly<Record<string, number>> },
): Promise<Job | null> {
  const kinds = Object.keys(opts.leases);
  if (kinds.length === 0) return null;
  const due = db.kysely
    .selectFrom('jobs')
    .select('id')
    .where('failed_at', 'is', null)
    .where('run_at', '<=', opts.now)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', opts.now)]))
    .where('kind', 'in', kinds)
    .orderBy('run_at')
    .orderBy('id')
    .limit(1);
  const next = db.engine === 'postgres' ? due.forUpdate().skipLocked() : due;
  // The leases are whole seconds written into the statement (its text the same on every claim).
  const lease = sql<number>`case ${sql.join(
    kinds.map((k) => sql`when kind = ${k} then ${sql.lit(wholeSeconds(opts.leases[k]))}`),
    sql` `,
  )} end`;
  const row = await db.kysely
    .updateTable('jobs')
    .set({
      locked_by: opts.instanceId,
      locked_until: sql<number>`cast(${opts.now} as bigint) + ${lease}`,
      attempts: sql<number>`attempts + 1`,
      updated_at: opts.now,
    })
    .where('id', '=', (eb) => eb.selectFrom(next.as('due')).select('due.id'))
    .returningAll()
    .executeTakeFirst();
  return row ? toJob(row) : null;
}

function wholeSeconds(n: number): number {
  if (!Number.isInteger(n) || n <= 0) throw new Error(`a job lease is a whole number of seconds above 0, not ${n}`);
  return n;
}

/**
 * The job's lease runs `until` then, if `instanceId` still holds it (answers whether it does): the
 * runner renews it while the job runs, so a short lease covers a long run and runs out soon after
 * its instance stops.
 */
export async function renewLease(db: Db, job: Job, instanceId: string, until: number): Promise<boolean> {
  const res = await db.kysely
    .updateTable('jobs')
    .set({ locked_until: until })
    .where('id', '=', job.id)
    .where('locked_by', '=', instanceId)
    .where('locked_until', 'is not', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

function toJob(row: Selectable<JobsTable>): Job {
  return { id: row.id, kind: row.kind, key: row.key, payload: JSON.parse(row.payload), attempt: row.attempts };
}

/** The job is done: a one-off job goes; only the instance holding the lease may say so. */
export async function completeJob(db: Db, job: Job, instanceId: string): Promise<void> {
  await db.kysely.deleteFrom('jobs').where('id', '=', job.id).where('locked_by', '=', instanceId).execute();
}

/** A recurring job (a tracking poll) runs again `inSeconds` from now, its attempts reset. */
export async function rescheduleJob(db: Db, job: Job, instanceId: string, runAt: number, now: number): Promise<void> {
  await db.kysely
    .updateTable('jobs')
    .set({ run_at: runAt, attempts: 0, locked_by: null, locked_until: null, last_error: null, updated_at: now })
    .where('id', '=', job.id)
    .where('locked_by', '=', instanceId)
    .execute();
}

/** A failed run: due again after `retryAt`, or given up (`failed_at`) when it was the last attempt. */
export async function failJob(
  db: Db,
  job: Job,
  instanceId: string,
  error: string,
  retryAt: number | null,
  now: number,
): Promise<void> {
  await db.kysely
    .updateTable('jobs')
    .set({
      last_error: error.slice(0, 500),
      locked_by: null,
      locked_until: null,
      updated_at: now,
      ...(retryAt === null ? { failed_at: now } : { run_at: retryAt }),
    })
    .where('id', '=', job.id)
    .where('locked_by', '=', instanceId)
    .execute();
}

/**
 * The job of `key` is due now (a recurring job asked to run at once: a shop's "Sync now"), or made
 * if it is missing; one running keeps its lease and runs again at its next time.
 */
export async function runJobNow(exec: Executor, job: NewJob, now: number): Promise<void> {
  await exec
    .updateTable('jobs')
    .set({ run_at: now, failed_at: null, updated_at: now })
    .where('key', '=', job.key)
    .where('locked_by', 'is', null)
    .execute();
  await scheduleJob(exec, { ...job, runAt: now }, now);
}

/** The job of `key` goes (a recurring job whose subject is gone), unless it is running. */
export async function removeJob(exec: Executor, key: string): Promise<void> {
  await exec.deleteFrom('jobs').where('key', '=', key).where('locked_by', 'is', null).execute();
}
