import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { threadId } from 'node:worker_threads';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openDb, type Db } from '../connection.js';
import { isUniqueViolation } from '../errors.js';
import { migrateToLatest } from '../migrate.js';
import { READER_CACHE_KB } from './sqliteReadPool.js';

// The read pool needs a database FILE (workers cannot share an in-memory one), whatever engine the
// rest of the suite runs on.
let dir: string;
let db: Db;

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'read-pool-'));
  db = openDb(`sqlite:${path.join(dir, 'app.db')}`, { readers: 2 });
  await migrateToLatest(db);
});

afterEach(async () => {
  await db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function addCompany(name: string): Promise<number> {
  const now = 1_700_000_000;
  const row = await db.kysely
    .insertInto('companies')
    .values({
      name,
      vat_number: 'RO14399840',
      vat_payer: 1,
      administrator_name: 'Admin',
      active: 1,
      address: null,
      city: null,
      county: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A read that keeps a worker busy for a while: a recursive count to `n`. */
const longRead = (n: number) =>
  sql<{
    n: number;
  }>`with recursive s(i) as (select 1 union all select i + 1 from s where i < ${n}) select count(*) as n from s`;

describe('SQLite read pool', () => {
  it('serves db.reads from its workers, with the rows the main connection reads', async () => {
    expect(db.reads).not.toBe(db.kysely);
    for (const name of ['Alfa SRL', 'Beta SRL', 'Gama SRL']) await addCompany(name);
    const query = (k: typeof db.kysely) =>
      k.selectFrom('companies').selectAll().where('name', 'like', '%SRL').orderBy('id', 'desc').execute();
    const before = db.readPool!.served;
    const pooled = await query(db.reads);
    expect(pooled).toEqual(await query(db.kysely));
    expect(pooled.map((c) => c.name)).toEqual(['Gama SRL', 'Beta SRL', 'Alfa SRL']);
    expect(db.readPool!.served).toBe(before + 1);
  });

  it("keeps a reader's page cache at READER_CACHE_KB", async () => {
    const size = sql<{ cache_size: number }>`pragma cache_size`;
    expect((await size.execute(db.reads)).rows).toEqual([{ cache_size: -READER_CACHE_KB }]);
  });

  it('sees a row committed just before the read, in a transaction or not', async () => {
    // A worker that already answered (its connection open) must still see later commits.
    await db.reads.selectFrom('companies').select('id').execute();
    const id = await addCompany('Nouă SRL');
    expect(await db.reads.selectFrom('companies').select('name').where('id', '=', id).executeTakeFirst()).toEqual({
      name: 'Nouă SRL',
    });
    const other = await db.transaction(async (trx) => {
      const row = await trx
        .insertInto('companies')
        .values({
          name: 'Din tranzacție',
          vat_number: 'RO1',
          vat_payer: 0,
          administrator_name: 'A',
          active: 1,
          address: null,
          city: null,
          county: null,
          created_at: 1,
          updated_at: 1,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    });
    expect(await db.reads.selectFrom('companies').select('name').where('id', '=', other).executeTakeFirst()).toEqual({
      name: 'Din tranzacție',
    });
  });

  it('runs reads on other threads than the main one, spread over the workers', async () => {
    const answers = await Promise.all([
      db.readPool!.query('select ? as x', [1]),
      db.readPool!.query('select ? as x', [2]),
      db.readPool!.query('select ? as x', [3]),
    ]);
    expect(answers.map((a) => a.rows)).toEqual([[{ x: 1 }], [{ x: 2 }], [{ x: 3 }]]);
    const threads = new Set(answers.map((a) => a.threadId));
    expect(threads.has(threadId)).toBe(false);
    expect(threads.size).toBe(2);
    expect(db.readPool!.threadIds().sort()).toEqual([...threads].sort());
  });

  it('leaves the main thread free while a long read runs in a worker', async () => {
    let turns = 0;
    let pending = true;
    const tick = () => {
      turns++;
      if (pending) setImmediate(tick);
    };
    setImmediate(tick);
    const [{ n }] = (await longRead(2_000_000).execute(db.reads)).rows;
    pending = false;
    expect(n).toBe(2_000_000);
    // The event loop went round while the read was pending: the main thread was not held.
    expect(turns).toBeGreaterThan(1);

    // The same read on the main connection holds the thread: no turn until it has answered.
    let turnsOnMain = 0;
    setImmediate(() => turnsOnMain++);
    const main = longRead(200_000).execute(db.kysely);
    await main;
    expect(turnsOnMain).toBe(0);
  });

  it('answers SQLite errors with their message and code, and refuses writes', async () => {
    await expect(sql`select * from no_such_table`.execute(db.reads)).rejects.toMatchObject({
      name: 'SqliteError',
      code: 'SQLITE_ERROR',
      message: expect.stringContaining('no such table: no_such_table'),
    });
    const write = db.reads.insertInto('companies').values({
      name: 'X',
      vat_number: 'RO1',
      vat_payer: 0,
      administrator_name: 'A',
      active: 1,
      address: null,
      city: null,
      county: null,
      created_at: 1,
      updated_at: 1,
    });
    await expect(write.execute()).rejects.toThrow(/readonly|reads only/);
    await expect(db.reads.transaction().execute(async () => 1)).rejects.toThrow('use db.transaction');
    const err = await db.readPool!.query('select * from no_such_table', []).catch((e: unknown) => e);
    expect(isUniqueViolation(err)).toBe(false);
    // The pool still answers after errors.
    expect((await db.readPool!.query('select 1 as one', [])).rows).toEqual([{ one: 1 }]);
  });

  it('passes and answers BLOBs as Buffers', async () => {
    const bytes = crypto.randomBytes(16);
    const { rows } = await db.readPool!.query<{ b: unknown; same: number }>(
      "select ? as b, ? = x'" + bytes.toString('hex') + "' as same",
      [bytes, bytes],
    );
    expect(Buffer.isBuffer(rows[0].b)).toBe(true);
    expect((rows[0].b as Buffer).equals(bytes)).toBe(true);
    expect(rows[0].same).toBe(1);
  });

  it('replaces a worker that died; the read it was running fails', async () => {
    await Promise.all([db.readPool!.query('select 1', []), db.readPool!.query('select 2', [])]);
    const [first] = db.readPool!.threadIds();
    const running = expect(longRead(5_000_000).execute(db.reads)).rejects.toThrow('a read worker stopped');
    await db.readPool!.terminateWorkers();
    await running;
    const { rows, threadId: served } = await db.readPool!.query('select 3 as x', []);
    expect(rows).toEqual([{ x: 3 }]);
    expect(served).not.toBe(first);
  });

  it('stops its idle workers when the server is at rest, not one running a read; the next read starts one', async () => {
    await Promise.all([db.readPool!.query('select 1', []), db.readPool!.query('select 2', [])]);
    const before = db.readPool!.threadIds();
    expect(before).toHaveLength(2);
    db.atRest();
    expect(db.readPool!.threadIds()).toEqual([]);
    const { rows, threadId: served } = await db.readPool!.query('select 3 as x', []);
    expect(rows).toEqual([{ x: 3 }]);
    expect(before).not.toContain(served);
    // A worker in the middle of a read finishes it (waited for until the read is handed to the pool,
    // which gives it to a worker at once).
    const handed = vi.spyOn(db.readPool!, 'query');
    const running = longRead(2_000_000).execute(db.reads);
    await expect.poll(() => handed.mock.calls.length, { interval: 1 }).toBe(1);
    handed.mockRestore();
    db.atRest();
    expect(db.readPool!.threadIds()).toHaveLength(1);
    expect((await running).rows).toEqual([{ n: 2_000_000 }]);
  });

  it('ends its workers when the database closes; later reads fail', async () => {
    await Promise.all([db.readPool!.query('select 1', []), db.readPool!.query('select 2', [])]);
    expect(db.readPool!.threadIds()).toHaveLength(2);
    const pool = db.readPool!;
    await db.close();
    expect(pool.threadIds()).toEqual([]);
    await expect(pool.query('select 1', [])).rejects.toThrow('closed');
    db = openDb(`sqlite:${path.join(dir, 'app.db')}`, { readers: 2 }); // for afterEach
  });

  it('is not used on an in-memory database or with readers: 0', async () => {
    const memory = openDb('sqlite::memory:', { readers: 2 });
    const none = openDb(`sqlite:${path.join(dir, 'app.db')}`, { readers: 0 });
    expect(memory.reads).toBe(memory.kysely);
    expect(memory.readPool).toBeUndefined();
    expect(none.reads).toBe(none.kysely);
    await memory.close();
    await none.close();
  });
});
