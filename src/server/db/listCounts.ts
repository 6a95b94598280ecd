import { PostgresAdapter, sql, type Compilable, type Expression } from 'kysely';
import type pg from 'pg';
import { preparedRows } from './perf/prepared.js';
import type { Executor } from './types.js';

/**
 * The counts kept per company for the lists whose rows are written by code rather than by
 * triggers (orders, by status bucket; the company's customers): `list_counts`, read by
 * `keptCount` (http/list.ts) for "of N results" without counting rows.
 */
export type CountedList = 'orders' | 'customers';

/** How many rows a count is spread over on PostgreSQL (migration 045); the read sums them. */
export const LIST_COUNT_SHARDS = 32;

/**
 * The shard a PostgreSQL connection writes, as SQL: the session setting `app.list_count_shard` that
 * `assignCountShards` gives each connection of the pool when it opens (0 on a connection that has
 * none: psql, a tool). Migration 045's products trigger reads the same setting.
 */
export const PG_COUNT_SHARD = "coalesce(nullif(current_setting('app.list_count_shard', true), '')::integer, 0)";

/**
 * A pool's `connect` hook: numbers its connections 0, 1, 2... (from a random start, so two server
 * processes mostly differ) modulo LIST_COUNT_SHARDS, so transactions running at the same time, each
 * on its own connection, add to different count rows instead of queueing on one row's lock. The
 * setting is queued before any query the pool's user sends on that connection.
 */
export function assignCountShards(): (client: pg.Client) => void {
  let next = Math.floor(Math.random() * LIST_COUNT_SHARDS);
  return (client) => {
    const shard = next++ % LIST_COUNT_SHARDS;
    client.query(`select set_config('app.list_count_shard', '${shard}', false)`).catch(() => undefined);
  };
}

/** The shard this connection writes: its pool's number (PostgreSQL); SQLite has one writer: 0. */
export function countShard(exec: Executor): Expression<number> | number {
  return exec.getExecutor().adapter instanceof PostgresAdapter ? sql<number>`${sql.raw(PG_COUNT_SHARD)}` : 0;
}

/**
 * Adds to kept counts in the caller's transaction, so a count never disagrees with the rows it
 * counts. The rows written are this connection's shard (countShard), one shard for the whole call,
 * in one statement (a statement less is a round trip and its CPU less on every order write).
 * Changes are applied in one (list, bucket) order (a statement inserts its rows in the order given):
 * two transactions touching the same count rows lock them in the same order, so PostgreSQL never
 * deadlocks them (a cancel moving 'new' -> 'cancelled' beside a restore moving 'cancelled' -> 'new').
 * A (list, bucket) appears once: one statement may not update a row twice.
 */
export async function bumpCounts(
  exec: Executor,
  companyId: number,
  changes: [CountedList, string, number][],
): Promise<void> {
  const write = bumpCountsWrite(exec, companyId, changes);
  if (write) await exec.executeQuery(write);
}

/** The write of bumpCounts (none when nothing changes), for the caller to run with its other writes (writeTogether). */
export function bumpCountsWrite(
  exec: Executor,
  companyId: number,
  changes: [CountedList, string, number][],
): Compilable | null {
  const summed = new Map<string, [CountedList, string, number]>();
  for (const [list, bucket, delta] of changes) {
    const key = `${list}\u0000${bucket}`;
    const was = summed.get(key);
    summed.set(key, [list, bucket, (was?.[2] ?? 0) + delta]);
  }
  const sorted = [...summed.values()]
    .filter(([, , delta]) => delta !== 0)
    .sort((a, b) => (a[0] === b[0] ? (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0) : a[0] < b[0] ? -1 : 1));
  if (sorted.length === 0) return null;
  return listCountsAdd(
    exec,
    sorted.map(([list, bucket, n]) => ({ company_id: companyId, list, bucket, n })),
  );
}

/** The insert of bumpCountsWrite, compiled once per number of rows (perf/prepared.ts): every order write moves its counts. */
const listCountsAdd = preparedRows(
  ['company_id', 'list', 'bucket', 'n'],
  (exec, rows: { company_id: number; list: CountedList; bucket: string; n: number }[]) => {
    const shard = countShard(exec);
    return exec
      .insertInto('list_counts')
      .values(rows.map((r) => ({ ...r, shard })))
      .onConflict((oc) =>
        oc
          .columns(['company_id', 'list', 'bucket', 'shard'])
          .doUpdateSet({ n: sql<number>`list_counts.n + excluded.n` }),
      );
  },
);
