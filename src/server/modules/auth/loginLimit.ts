import type { Executor } from '../../db/connection.js';

export const MAX_FAILURES_PER_MINUTE = 10;
export const WINDOW_SECONDS = 60;

/** The counters a sign-in attempt is held to: its email and its client address. */
export const attemptKeys = (email: string, ip: string): string[] => [`email:${email}`, `ip:${ip}`];

async function countRecent(exec: Executor, keys: string[], now: number): Promise<number> {
  const rows = await exec
    .selectFrom('login_attempts')
    .select(['key', exec.fn.countAll<number>().as('n')])
    .where('key', 'in', keys)
    .where('created_at', '>', now - WINDOW_SECONDS)
    .groupBy('key')
    .execute();
  return Math.max(0, ...rows.map((r) => Number(r.n)));
}

/**
 * Admits a sign-in attempt before its password is checked, or answers null when its email or
 * address already has its 10 failures this minute.
 *
 * Counting first and recording the failure after the check let 200 parallel wrong passwords all
 * through. Here the attempt is written first and the count read after it: the attempt whose row
 * was the k-th to commit counts at least k rows, so at most 10 attempts a minute are admitted
 * however they arrive, on one instance or many sharing the database. A refused attempt keeps its
 * row (removing it could let a later one through). A successful sign-in removes its own rows
 * (`forget`), since only failures count.
 */
export async function admitAttempt(
  exec: Executor,
  keys: string[],
  now: number,
): Promise<{ forget: () => Promise<void> } | null> {
  // Already blocked: answer without writing, so a flood does not grow the table.
  if ((await countRecent(exec, keys, now)) >= MAX_FAILURES_PER_MINUTE) return null;
  const ids = (
    await exec
      .insertInto('login_attempts')
      .values(keys.map((key) => ({ key, created_at: now })))
      .returning('id')
      .execute()
  ).map((r) => r.id);
  if ((await countRecent(exec, keys, now)) > MAX_FAILURES_PER_MINUTE) return null;
  return { forget: async () => void (await exec.deleteFrom('login_attempts').where('id', 'in', ids).execute()) };
}

/** Attempts older than ten windows are useless: pruned as failures happen instead of by a job. */
export async function pruneAttempts(exec: Executor, now: number): Promise<void> {
  await exec
    .deleteFrom('login_attempts')
    .where('created_at', '<', now - WINDOW_SECONDS * 10)
    .execute();
}
