import { EventEmitter } from 'node:events';
import { sql } from 'kysely';
import type pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PipelinedConnections } from './pgPipeline.js';
import { engineUnderTest, startTestApp, type TestApp } from '../../test/harness.js';

/** A stand-in for pg's client: each statement waits until the test answers it, in order. */
class HeldClient extends EventEmitter {
  readonly texts: string[] = [];
  readonly #answers: (() => void)[] = [];
  async connect(): Promise<void> {}
  query(text: string): Promise<pg.QueryResult> {
    this.texts.push(text);
    return new Promise((resolve) =>
      this.#answers.push(() => resolve({ rows: [{ text }] } as unknown as pg.QueryResult)),
    );
  }
  answerOne(): void {
    this.#answers.shift()?.();
  }
  async end(): Promise<void> {}
}

function held(size = 3) {
  const clients: HeldClient[] = [];
  const connections = new PipelinedConnections(() => {
    const client = new HeldClient();
    clients.push(client);
    return client as unknown as pg.Client;
  }, size);
  return { clients, connections };
}

/** Lets the statements asked for reach their client (each waits for its connection first). */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('pipelined connections: where a statement goes', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('queues statements on the first connection while it answers in time', async () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    const { clients, connections } = held();
    const answers = ['a', 'b', 'c'].map((text) => connections.query(text, []));
    await settle();
    expect(clients).toHaveLength(1);
    expect(clients[0].texts).toEqual(['a', 'b', 'c']);
    for (let i = 0; i < 3; i++) clients[0].answerOne();
    expect(await Promise.all(answers)).toEqual(['a', 'b', 'c'].map((text) => ({ rows: [{ text }] })));
  });

  it('opens another connection when the statement at the head has waited too long, up to the size', async () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    const { clients, connections } = held(2);
    void connections.query('long', []);
    vi.advanceTimersByTime(9);
    void connections.query('behind it, still in time', []);
    vi.advanceTimersByTime(2);
    void connections.query('elsewhere', []);
    void connections.query('elsewhere too', []);
    await settle();
    expect(clients.map((c) => c.texts)).toEqual([
      ['long', 'behind it, still in time'],
      ['elsewhere', 'elsewhere too'],
    ]);

    // Both heads late and no room for a third: the one with the fewest waiting.
    vi.advanceTimersByTime(11);
    clients[1].answerOne();
    await settle();
    void connections.query('fewest waiting', []);
    await settle();
    expect(clients).toHaveLength(2);
    expect(clients[1].texts).toEqual(['elsewhere', 'elsewhere too', 'fewest waiting']);

    // The first answers: its head is fresh again, and statements fill it first.
    for (let i = 0; i < 2; i++) clients[0].answerOne();
    await settle();
    void connections.query('first again', []);
    await settle();
    expect(clients[0].texts.at(-1)).toBe('first again');
  });

  it('leaves out a connection that broke and opens another for the next statement', async () => {
    const { clients, connections } = held(1);
    const first = connections.query('one', []);
    await settle();
    clients[0].answerOne();
    await first;
    clients[0].emit('error', new Error('Connection terminated unexpectedly'));
    void connections.query('two', []);
    await settle();
    expect(clients).toHaveLength(2);
    expect(clients[1].texts).toEqual(['two']);
  });

  it('refuses statements once ended', async () => {
    const { connections } = held();
    await connections.end();
    await expect(connections.query('late', [])).rejects.toThrow('The database is closed');
  });
});

describe.runIf(engineUnderTest === 'postgres')('pipelined connections on PostgreSQL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const backend = async (exec: Parameters<ReturnType<typeof sql>['execute']>[0]) =>
    (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(exec)).rows[0].pid;

  it('answers statements sent together each with its own rows', async () => {
    const values = Array.from({ length: 200 }, (_, i) => i);
    const rows = await Promise.all(
      values.map(async (n) => (await sql<{ n: number }>`select ${n}::int as n`.execute(t.db.kysely)).rows),
    );
    expect(rows).toEqual(values.map((n) => [{ n }]));
  });

  it('fails a statement alone: the ones queued behind it are answered', async () => {
    const [failed, after] = await Promise.allSettled([
      sql`select 1 / ${0}::int as n`.execute(t.db.kysely),
      sql<{ n: number }>`select ${2}::int as n`.execute(t.db.kysely),
    ]);
    expect(failed.status).toBe('rejected');
    expect((failed as PromiseRejectedResult).reason.message).toMatch(/division by zero/);
    expect(after.status === 'fulfilled' && after.value.rows).toEqual([{ n: 2 }]);
  });

  it('runs a transaction on a connection of its own: its writes are seen only once committed', async () => {
    const user = await t.signUp();
    const names = () =>
      t.db.kysely.selectFrom('sources').select('source').where('company_id', '=', user.companyId).execute();
    const statementBackend = await backend(t.db.kysely);
    let inside: { pid: number; seenOutside: unknown[] } | undefined;
    await t.db.transaction(async (trx) => {
      await trx
        .insertInto('sources')
        .values({
          company_id: user.companyId,
          source: 'Târg',
          source_key: 'targ',
          active: 1,
          created_at: 0,
          updated_at: 0,
        })
        .execute();
      inside = { pid: await backend(trx), seenOutside: await names() };
    });
    expect(inside?.pid).not.toBe(statementBackend);
    expect(inside?.seenOutside).toEqual([]);
    expect(await names()).toEqual([{ source: 'Târg' }]);
  });

  it('runs db.reads on the pool, not on the pipelined connection', async () => {
    expect(await backend(t.db.reads)).not.toBe(await backend(t.db.kysely));
  });

  it('replaces a pipelined connection that PostgreSQL ended', async () => {
    const ended = await backend(t.db.kysely);
    await sql`select pg_terminate_backend(${ended})`.execute(t.db.reads);
    // The statements already on the dead connection fail; once its end has been heard, the next
    // statement goes out on a new one.
    let pid: number | undefined;
    for (let attempt = 0; attempt < 20 && pid === undefined; attempt++) {
      pid = await backend(t.db.kysely).catch(() => new Promise<undefined>((r) => setTimeout(r, 50)));
    }
    expect(pid).toBeDefined();
    expect(pid).not.toBe(ended);
  });
});
