import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ANNOUNCED_TABLES, ListCache, MAX_KEPT, tablesIn } from './listCache.js';
import { openDb, type Db } from '../connection.js';
import { migrateToLatest } from '../migrate.js';
import { engineUnderTest, startTestApp, type TestApp, type TestUser } from '../../test/harness.js';

/** Waits until the cache is (or is not) live: the listening connection connects on its own time. */
async function liveness(db: Db, live: boolean): Promise<void> {
  for (const end = Date.now() + 5000; db.lists.live !== live;) {
    if (Date.now() > end) throw new Error(`the list cache did not become ${live ? 'live' : 'idle'}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** A load that counts its calls and answers what `value` holds when it runs. */
function counting<T>(value: () => T) {
  const load = async () => {
    load.calls++;
    return value();
  };
  load.calls = 0;
  return load;
}

describe('the cache of small lists', () => {
  it('answers from memory until a table the answer read is written', async () => {
    const cache = new ListCache({ live: true });
    let n = 1;
    const load = counting(() => n);
    expect(await cache.get('k', ['sources', 'companies'], load)).toBe(1);
    n = 2;
    expect(await cache.get('k', ['sources', 'companies'], load)).toBe(1);
    cache.changed('packages');
    expect(await cache.get('k', ['sources', 'companies'], load)).toBe(1);
    expect(load.calls).toBe(1);
    cache.changed('companies');
    expect(await cache.get('k', ['sources', 'companies'], load)).toBe(2);
    expect(load.calls).toBe(2);
  });

  it('hands out a kept answer frozen, so no request can change what the next one gets', async () => {
    const cache = new ListCache({ live: true });
    const answer = await cache.get('k', ['sources'], async () => ({ data: [{ id: 1, company: { name: 'A' } }] }));
    expect(() => {
      answer.data[0].company.name = 'B';
    }).toThrow(TypeError);
    expect(() => answer.data.push({ id: 2, company: { name: 'C' } })).toThrow(TypeError);
  });

  it('does not keep an answer whose table was written while it was read', async () => {
    const cache = new ListCache({ live: true });
    let n = 1;
    const load = counting(() => {
      // The write lands while the query runs: the query may have read the rows before it.
      cache.changed('sources');
      return n;
    });
    expect(await cache.get('k', ['sources'], load)).toBe(1);
    n = 2;
    expect(await cache.get('k', ['sources'], load)).toBe(2);
    expect(load.calls).toBe(2);
  });

  it('keeps nothing while it is not live, and drops everything when it stops', async () => {
    const cache = new ListCache({ live: false });
    const load = counting(() => 1);
    await cache.get('k', ['sources'], load);
    await cache.get('k', ['sources'], load);
    expect(load.calls).toBe(2);
    cache.dropAll(true);
    await cache.get('k', ['sources'], load);
    await cache.get('k', ['sources'], load);
    expect(load.calls).toBe(3);
    cache.dropAll(false);
    expect(cache.size).toBe(0);
    await cache.get('k', ['sources'], load);
    expect(load.calls).toBe(4);
  });

  it('does not keep an answer read across a drop (the listener was lost meanwhile)', async () => {
    const cache = new ListCache({ live: true });
    const load = counting(() => {
      cache.dropAll(false);
      cache.dropAll(true);
      return 1;
    });
    await cache.get('k', ['sources'], load);
    expect(cache.size).toBe(0);
  });

  it('drops everything when another connection wrote (outsideWrites)', async () => {
    let outside = false;
    const cache = new ListCache({ live: true, outsideWrites: () => outside });
    const load = counting(() => 1);
    await cache.get('k', ['sources'], load);
    await cache.get('k', ['sources'], load);
    outside = true;
    await cache.get('k', ['sources'], load);
    expect(load.calls).toBe(2);
  });

  it(`keeps at most ${MAX_KEPT} answers, dropping the oldest`, async () => {
    const cache = new ListCache({ live: true });
    for (let i = 0; i <= MAX_KEPT; i++) await cache.get(`k${i}`, ['sources'], async () => i);
    expect(cache.size).toBe(MAX_KEPT);
    const first = counting(() => 0);
    await cache.get('k0', ['sources'], first);
    expect(first.calls).toBe(1);
    const last = counting(() => -1);
    expect(await cache.get(`k${MAX_KEPT}`, ['sources'], last)).toBe(MAX_KEPT);
  });
});

describe('tables of a query and writes seen (SQLite in memory)', () => {
  let db: Db;
  beforeAll(async () => {
    db = openDb('sqlite::memory:', { keepLists: true });
    await migrateToLatest(db);
  });
  afterAll(() => db.close());

  it('names every table a query reads: joins and subqueries too', () => {
    const q = db.kysely
      .selectFrom('messages')
      .leftJoin('sources', 'sources.id', 'messages.source_id')
      .select((eb) =>
        eb.selectFrom('companies').select('name').whereRef('companies.id', '=', 'messages.company_id').as('company'),
      )
      .where('messages.company_id', '=', 1);
    expect(tablesIn(q.toOperationNode()).sort()).toEqual(['companies', 'messages', 'sources']);
  });

  it('raises the generation of a table on each insert, update and delete, not on a read', async () => {
    const changed: string[] = [];
    const real = db.lists.changed.bind(db.lists);
    db.lists.changed = (t) => (changed.push(t), real(t));
    try {
      const now = 1_700_000_000;
      const company = await db.kysely
        .insertInto('companies')
        .values({
          name: 'A',
          vat_number: 'RO1',
          vat_payer: 0,
          administrator_name: 'x',
          active: 1,
          address: null,
          city: null,
          county: null,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db.kysely.selectFrom('sources').selectAll().execute();
      await db.kysely
        .insertInto('sources')
        .values({
          company_id: company.id,
          source: 'eMAG',
          source_key: 'emag',
          active: 1,
          created_at: now,
          updated_at: now,
        })
        .execute();
      await db.kysely.updateTable('sources').set({ source: 'Site' }).where('company_id', '=', company.id).execute();
      await db.kysely.deleteFrom('sources').where('company_id', '=', company.id).execute();
      expect(changed).toEqual(['companies', 'sources', 'sources', 'sources']);
    } finally {
      db.lists.changed = real;
    }
  });

  it('raises it again when the transaction that wrote ends, after its commit', async () => {
    const events: string[] = [];
    const real = db.lists.changed.bind(db.lists);
    db.lists.changed = (t) => (events.push(`changed ${t}`), real(t));
    try {
      await db.transaction(async (trx) => {
        await trx.updateTable('companies').set({ name: 'B' }).where('name', '=', 'A').execute();
        events.push('work done');
      });
      await expect(
        db.transaction(async (trx) => {
          await trx.updateTable('packages').set({ name: 'x' }).where('id', '=', -1).execute();
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
    } finally {
      db.lists.changed = real;
    }
    expect(events).toEqual([
      'changed companies',
      'work done',
      'changed companies',
      'changed packages',
      'changed packages',
    ]);
  });
});

describe('small lists through the API', () => {
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    t = await startTestApp();
    user = await t.signUp();
    await liveness(t.db, true);
  });
  afterAll(() => t.close());

  const names = async () =>
    ((await user.call('GET', '/api/v1/source')).json() as { data: { source: string }[] }).data.map((s) => s.source);

  it('are kept, and show every change made through the app at once', async () => {
    expect(await names()).toEqual([]);
    expect(t.db.lists.size).toBeGreaterThan(0);
    const created = await user.call('POST', '/api/v1/source', {
      body: { company_id: user.companyId, source: 'eMAG', active: true },
    });
    expect(created.statusCode).toBe(201);
    expect(await names()).toEqual(['eMAG']);
    const id = (created.json() as { data: { id: number } }).data.id;
    expect(
      (
        await user.call('POST', `/api/v1/source/${id}`, {
          body: { company_id: user.companyId, source: 'Site', active: true },
        })
      ).statusCode,
    ).toBe(200);
    expect(await names()).toEqual(['Site']);
    expect((await user.call('DELETE', `/api/v1/source/${id}`)).statusCode).toBe(200);
    expect(await names()).toEqual([]);
  });

  it('show a company renamed by a write that is not a request (a job, a fixture)', async () => {
    await user.call('POST', '/api/v1/source', {
      body: { company_id: user.companyId, source: 'Facebook', active: true },
    });
    const companyName = async () =>
      ((await user.call('GET', '/api/v1/source')).json() as { data: { company: { name: string } }[] }).data[0].company
        .name;
    await companyName();
    await t.db.kysely.updateTable('companies').set({ name: 'Renamed SRL' }).where('id', '=', user.companyId).execute();
    expect(await companyName()).toBe('Renamed SRL');
  });
});

describe.runIf(engineUnderTest === 'sqlite')('a SQLite file written by another connection (the CLI)', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'list-cache-'));
  let t: TestApp;
  let cli: Db;
  beforeAll(async () => {
    t = await startTestApp({ sqliteFile: path.join(dir, 'app.db') });
    cli = openDb(`sqlite:${path.join(dir, 'app.db')}`);
  });
  afterAll(async () => {
    await cli.close();
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('drops what it kept, so the server shows the other connection’s write', async () => {
    const user = await t.signUp();
    const list = async () => ((await user.call('GET', '/api/v1/source')).json() as { data: unknown[] }).data.length;
    expect(await list()).toBe(0);
    expect(await list()).toBe(0);
    await cli.kysely
      .insertInto('sources')
      .values({
        company_id: user.companyId,
        source: 'eMAG',
        source_key: 'emag',
        active: 1,
        created_at: 1,
        updated_at: 1,
      })
      .execute();
    expect(await list()).toBe(1);
  });
});

describe.runIf(engineUnderTest === 'postgres')('PostgreSQL: writes of another process', () => {
  let t: TestApp;
  let other: Db;
  let user: TestUser;
  beforeAll(async () => {
    t = await startTestApp();
    other = openDb(process.env.TEST_DATABASE_URL!, { schema: t.db.schema });
    user = await t.signUp();
    await liveness(t.db, true);
  });
  afterAll(async () => {
    await other.close();
    await t.close();
  });
  afterEach(() => liveness(t.db, true));

  const names = async () =>
    ((await user.call('GET', '/api/v1/source')).json() as { data: { source: string }[] }).data
      .map((s) => s.source)
      .sort();
  /** A write the triggers do not announce (replica mode skips them): it shows what the server keeps. */
  const unannounced = (source: string) =>
    other.kysely.connection().execute(async (c) => {
      await sql`set session_replication_role = replica`.execute(c);
      await c
        .insertInto('sources')
        .values({
          company_id: user.companyId,
          source,
          source_key: source.toLowerCase(),
          active: 1,
          created_at: 1,
          updated_at: 1,
        })
        .execute();
      await sql`set session_replication_role = origin`.execute(c);
    });

  it('are announced by a trigger on every table a kept list may read', async () => {
    const { rows } = await sql<{
      table: string;
    }>`select c.relname as table from pg_trigger t join pg_class c on c.oid = t.tgrelid
      join pg_namespace n on n.oid = c.relnamespace join pg_proc p on p.oid = t.tgfoid
      where n.nspname = ${t.db.schema} and p.proname = 'announce_list_change'`.execute(other.kysely);
    expect(rows.map((r) => r.table).sort()).toEqual([...ANNOUNCED_TABLES].sort());
  });

  it('are heard: the kept list is dropped when another process commits a write', async () => {
    expect(await names()).toEqual([]);
    await unannounced('Hidden');
    expect(await names()).toEqual([]);
    await other.kysely
      .insertInto('sources')
      .values({
        company_id: user.companyId,
        source: 'eMAG',
        source_key: 'emag',
        active: 1,
        created_at: 1,
        updated_at: 1,
      })
      .execute();
    await expect.poll(names, { timeout: 5000 }).toEqual(['Hidden', 'eMAG']);
  });

  it('are not missed while the listening connection is lost: nothing is kept until it is back', async () => {
    await names();
    const { rows } = await sql<{ n: number }>`select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
      where query = 'listen list_changes' and pid <> pg_backend_pid() and backend_type = 'client backend'
        and pid in (select pid from pg_stat_activity)`.execute(other.kysely);
    expect(rows[0].n).toBeGreaterThan(0);
    await liveness(t.db, false);
    await unannounced('While lost');
    expect(await names()).toContain('While lost');
  });
});
