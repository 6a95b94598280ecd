import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { openDb, type Db } from '../db/connection.js';
import { manualClock } from '../lib/clock.js';
import { startTestApp, type TestApp } from '../test/harness.js';
import { claimNextJob, scheduleJob } from './queue.js';
import { retryDelaySeconds, runDueJobs, startJobRunner, type JobHandlers } from './runner.js';

/** The jobs table and its runner, on the engine under test. */
describe('background jobs', () => {
  const clock = manualClock(1_800_000_000);
  let t: TestApp;
  let db: Db;

  beforeAll(async () => {
    t = await startTestApp({ clock });
    db = t.db;
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await db.kysely.deleteFrom('jobs').execute();
  });

  const rows = () => db.kysely.selectFrom('jobs').selectAll().orderBy('id').execute();

  it('keeps one pending job per key', async () => {
    await scheduleJob(db.kysely, { kind: 'poll', key: 'poll:1', payload: { a: 1 } }, clock.now());
    await scheduleJob(db.kysely, { kind: 'poll', key: 'poll:1', payload: { a: 2 } }, clock.now());
    const all = await rows();
    expect(all).toHaveLength(1);
    expect(JSON.parse(all[0].payload)).toEqual({ a: 1 });
  });

  it('a job scheduled in a transaction that rolls back never exists', async () => {
    await expect(
      db.transaction(async (trx) => {
        await scheduleJob(trx, { kind: 'poll', key: 'poll:rolled-back' }, clock.now());
        throw new Error('the write it belonged to failed');
      }),
    ).rejects.toThrow();
    expect(await rows()).toHaveLength(0);
  });

  it('runs a job when it is due, with its payload, then removes it', async () => {
    const seen: unknown[] = [];
    const handlers: JobHandlers = { send: { run: async (job) => void seen.push(job.payload) } };
    await scheduleJob(
      db.kysely,
      { kind: 'send', key: 'send:1', payload: { to: 'x' }, runAt: clock.now() + 60 },
      clock.now(),
    );
    expect(await runDueJobs({ services: t.services, handlers, instanceId: 'a' })).toBe(0);
    clock.advance(60);
    expect(await runDueJobs({ services: t.services, handlers, instanceId: 'a' })).toBe(1);
    expect(seen).toEqual([{ to: 'x' }]);
    expect(await rows()).toHaveLength(0);
  });

  it('a recurring job stays, due again after the interval it asked for', async () => {
    let runs = 0;
    const handlers: JobHandlers = { poll: { run: async () => ((runs += 1), { again: 300 }) } };
    await scheduleJob(db.kysely, { kind: 'poll', key: 'poll:c1' }, clock.now());
    await runDueJobs({ services: t.services, handlers, instanceId: 'a' });
    const [row] = await rows();
    expect(row).toMatchObject({ run_at: clock.now() + 300, locked_by: null, attempts: 0 });
    expect(await runDueJobs({ services: t.services, handlers, instanceId: 'a' })).toBe(0);
    clock.advance(300);
    await runDueJobs({ services: t.services, handlers, instanceId: 'a' });
    expect(runs).toBe(2);
  });

  it('a failing job waits longer after each attempt and is kept as failed after the last one', async () => {
    const handlers: JobHandlers = {
      flaky: {
        maxAttempts: 3,
        run: async () => {
          throw new Error('courier unavailable');
        },
      },
    };
    await scheduleJob(db.kysely, { kind: 'flaky', key: 'flaky:1' }, clock.now());
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      expect(await runDueJobs({ services: t.services, handlers, instanceId: 'a' })).toBe(1);
      const [row] = await rows();
      expect(row.attempts).toBe(attempt);
      expect(row.last_error).toBe('courier unavailable');
      if (attempt < 3) {
        expect(row.run_at).toBe(clock.now() + retryDelaySeconds(attempt));
        expect(row.failed_at).toBeNull();
        clock.advance(retryDelaySeconds(attempt));
      } else {
        expect(row.failed_at).toBe(clock.now());
      }
    }
    clock.advance(86_400);
    expect(await runDueJobs({ services: t.services, handlers, instanceId: 'a' })).toBe(0);
    expect(retryDelaySeconds(1)).toBe(30);
    expect(retryDelaySeconds(2)).toBe(60);
    expect(retryDelaySeconds(20)).toBe(3600);
  });

  it('a job whose instance died is taken over once its lease runs out, and only then', async () => {
    await scheduleJob(db.kysely, { kind: 'poll', key: 'poll:dead' }, clock.now());
    const claimed = await claimNextJob(db, { instanceId: 'dead', now: clock.now(), leases: { poll: 120 } });
    expect(claimed?.key).toBe('poll:dead');
    let ranBy: string | null = null;
    const handlers: JobHandlers = { poll: { run: async () => void (ranBy = 'b') } };
    expect(await runDueJobs({ services: t.services, handlers, instanceId: 'b' })).toBe(0);
    clock.advance(121);
    expect(await runDueJobs({ services: t.services, handlers, instanceId: 'b' })).toBe(1);
    expect(ranBy).toBe('b');
  });

  it("leases each job for its own kind's time, not the longest of the kinds it runs", async () => {
    await scheduleJob(db.kysely, { kind: 'bulk', key: 'bulk:1' }, clock.now());
    await scheduleJob(db.kysely, { kind: 'sync', key: 'sync:1' }, clock.now());
    const leases = { bulk: 20, sync: 900 };
    const first = await claimNextJob(db, { instanceId: 'dead', now: clock.now(), leases });
    const second = await claimNextJob(db, { instanceId: 'dead', now: clock.now(), leases });
    expect([first?.kind, second?.kind]).toEqual(['bulk', 'sync']);
    const until = Object.fromEntries((await rows()).map((r) => [r.kind, Number(r.locked_until)]));
    expect(until).toEqual({ bulk: clock.now() + 20, sync: clock.now() + 900 });
    // The instance died: its short job is taken up once its own lease is out, the long one waits.
    const ran: string[] = [];
    const handlers: JobHandlers = {
      bulk: { leaseSeconds: 20, run: async (job) => void ran.push(job.key) },
      sync: { leaseSeconds: 900, run: async (job) => void ran.push(job.key) },
    };
    clock.advance(21);
    expect(await runDueJobs({ services: t.services, handlers, instanceId: 'b' })).toBe(1);
    expect(ran).toEqual(['bulk:1']);
  });

  it('renews the lease while a run goes on, so a short lease covers a long run and another instance waits', async () => {
    await scheduleJob(db.kysely, { kind: 'long', key: 'long:1' }, clock.now());
    let claimedByOther: unknown = 'not asked';
    const lockedUntil = async () => Number((await rows())[0].locked_until);
    const handlers: JobHandlers = {
      long: {
        leaseSeconds: 4,
        run: async () => {
          // The run outlives its first lease twice over (in the clock's time); the renewals, a
          // quarter of the lease apart in the timers' time (faked: a second passes at once), keep
          // it. Each renewal is waited for until it is written, the lease then 4 s past the clock.
          for (let i = 0; i < 3; i += 1) {
            clock.advance(4);
            expect(await lockedUntil()).toBe(clock.now());
            vi.advanceTimersByTime(1000);
            await vi.waitFor(async () => expect(await lockedUntil()).toBe(clock.now() + 4));
          }
          claimedByOther = await claimNextJob(db, { instanceId: 'other', now: clock.now(), leases: { long: 4 } });
        },
      },
    };
    // Only the renewal's interval is faked: the database clients keep their own timers.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      expect(await runDueJobs({ services: t.services, handlers, instanceId: 'a' })).toBe(1);
    } finally {
      vi.useRealTimers();
    }
    expect(claimedByOther).toBeNull();
    expect(await rows()).toHaveLength(0);
  });

  it('four instances working at the same moment run every job exactly once', async () => {
    // Separate connection pools stand for separate instances on PostgreSQL; in-memory SQLite has
    // one connection, which serialises them as a shared file would.
    const url = process.env.TEST_DATABASE_URL;
    const schema = url ? await currentSchema(db) : '';
    const instances = url ? Array.from({ length: 4 }, () => openDb(url, { schema })) : [db, db, db, db];
    try {
      for (let i = 0; i < 200; i += 1)
        await scheduleJob(db.kysely, { kind: 'once', key: `once:${i}`, payload: i }, clock.now());
      const runs: number[] = [];
      const handlers: JobHandlers = { once: { run: async (job) => void runs.push(job.payload as number) } };
      await Promise.all(
        instances.map((d, n) =>
          runDueJobs({ services: { ...t.services, db: d }, handlers, instanceId: `i${n}` }, 1000),
        ),
      );
      expect(runs.length).toBe(200);
      expect(new Set(runs).size).toBe(200);
      expect(await rows()).toHaveLength(0);
    } finally {
      if (url) await Promise.all(instances.map((d) => d.close()));
    }
  });

  it('the loop runs due jobs until it is stopped', async () => {
    const seen: string[] = [];
    await scheduleJob(db.kysely, { kind: 'send', key: 'send:loop' }, clock.now());
    const runner = startJobRunner(
      { services: t.services, handlers: { send: { run: async (job) => void seen.push(job.key) } } },
      10,
    );
    for (let i = 0; i < 100 && seen.length === 0; i += 1) await new Promise((r) => setTimeout(r, 10));
    await runner.stop();
    expect(seen).toEqual(['send:loop']);
  });
});

async function currentSchema(db: Db): Promise<string> {
  const { rows } = await (await import('kysely')).sql<{ s: string }>`select current_schema() as s`.execute(db.kysely);
  return rows[0].s;
}
