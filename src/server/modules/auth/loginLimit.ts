import type { Executor } from '../../db/connection.js';

/** Failed sign-ins a minute one email is allowed: guessing one account's password stops here. */
export const MAX_FAILURES_PER_EMAIL = 10;
/**
 * Passwords checked a minute from one client address, whatever the emails: ten times an email's,
 * since an office or a mobile carrier puts many people behind one address. Only attempts the
 * email's own limit let through are counted here (see admitAttempt), so one account attacked or
 * mistyped from an address adds at most MAX_FAILURES_PER_EMAIL and never locks its colleagues
 * out; reaching this limit takes failures on at least ten accounts (a spray).
 */
export const MAX_CHECKS_PER_ADDRESS = 100;
export const WINDOW_SECONDS = 60;

/** One counter of sign-in attempts and how many a minute it allows. */
export interface AttemptCounter {
  key: string;
  limit: number;
}

/** The counters a sign-in attempt is held to, in the order they admit it: its email, then its client address. */
export const attemptKeys = (email: string, ip: string): AttemptCounter[] => [
  { key: `email:${email}`, limit: MAX_FAILURES_PER_EMAIL },
  { key: `ip:${ip}`, limit: MAX_CHECKS_PER_ADDRESS },
];

async function countRecent(exec: Executor, keys: string[], now: number): Promise<Map<string, number>> {
  const rows = await exec
    .selectFrom('login_attempts')
    .select(['key', exec.fn.countAll<number>().as('n')])
    .where('key', 'in', keys)
    .where('created_at', '>', now - WINDOW_SECONDS)
    .groupBy('key')
    .execute();
  return new Map(rows.map((r) => [r.key, Number(r.n)]));
}

/**
 * Admits a sign-in attempt before its password is checked, or answers null when one of its
 * counters already has its limit of attempts this minute.
 *
 * Counting first and recording the failure after the check let 200 parallel wrong passwords all
 * through. Here each counter's attempt is written first and the count read after it: the attempt
 * whose row was the k-th to commit counts at least k rows, so at most `limit` attempts a minute
 * pass a counter however they arrive, on one instance or many sharing the database. The counters
 * admit in turn: the address's row is written only for an attempt its email admitted, so a flood
 * of wrong passwords for one email (even all at once) counts against that email alone, not against
 * everyone behind the same address. A refused attempt keeps its rows (removing them could let a
 * later one through). A successful sign-in removes its own rows (`forget`), since only failures count.
 */
export async function admitAttempt(
  exec: Executor,
  counters: AttemptCounter[],
  now: number,
): Promise<{ forget: () => Promise<void> } | null> {
  // Already blocked: answer without writing, so a flood does not grow the table.
  const before = await countRecent(
    exec,
    counters.map((c) => c.key),
    now,
  );
  if (counters.some((c) => (before.get(c.key) ?? 0) >= c.limit)) return null;
  const ids: number[] = [];
  for (const counter of counters) {
    const row = await exec
      .insertInto('login_attempts')
      .values({ key: counter.key, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(row.id);
    const after = await countRecent(exec, [counter.key], now);
    if ((after.get(counter.key) ?? 0) > counter.limit) return null;
  }
  return { forget: async () => void (await exec.deleteFrom('login_attempts').where('id', 'in', ids).execute()) };
}

/** Attempts older than ten windows are useless: pruned as failures happen instead of by a job. */
export async function pruneAttempts(exec: Executor, now: number): Promise<void> {
  await exec
    .deleteFrom('login_attempts')
    .where('created_at', '<', now - WINDOW_SECONDS * 10)
    .execute();
}
