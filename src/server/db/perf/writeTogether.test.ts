import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statementsOf } from '../../test/statements.js';
import { engineUnderTest, startTestApp, type TestApp } from '../../test/harness.js';
import { bumpCountsWrite } from '../listCounts.js';
import { writeTogether } from './writeTogether.js';

describe(`writes run together (${engineUnderTest})`, () => {
  let t: TestApp;
  let companyId: number;
  beforeAll(async () => {
    t = await startTestApp();
    companyId = await t.createCompany('Alfa SRL');
  });
  afterAll(() => t.close());

  const counts = async () =>
    Object.fromEntries(
      (
        await t.db.kysely
          .selectFrom('list_counts')
          .select(['bucket', (eb) => eb.fn.sum<number>('n').as('n')])
          .where('company_id', '=', companyId)
          .groupBy('bucket')
          .execute()
      ).map((r) => [r.bucket, Number(r.n)]),
    );

  it('each write lands with its own values, in one statement on PostgreSQL, in the caller’s transaction', async () => {
    const statements = await statementsOf(() =>
      t.db.transaction(async (trx) => {
        await writeTogether(trx, [
          bumpCountsWrite(trx, companyId, [['orders', 'new', 2]])!,
          trx.insertInto('sources').values({
            company_id: companyId,
            source: 'eMAG',
            source_key: 'emag',
            active: 1,
            created_at: 1,
            updated_at: 1,
          }),
          bumpCountsWrite(trx, companyId, [['customers', '', 5]])!,
        ]);
      }),
    );
    // Transaction control aside, and the shard a pool connection opened meanwhile is given (listCounts.ts).
    const writes = statements.filter(
      (q) => !/^(begin|commit)/.test(q) && !q.includes("set_config('app.list_count_shard'"),
    );
    expect(writes).toHaveLength(engineUnderTest === 'postgres' ? 1 : 3);
    expect(await counts()).toEqual({ new: 2, '': 5 });
    const sources = await t.db.kysely
      .selectFrom('sources')
      .select('source')
      .where('company_id', '=', companyId)
      .execute();
    expect(sources.map((s) => s.source)).toEqual(['eMAG']);
  });

  it('rolls back with the transaction, and the cache of small lists hears of every table written', async () => {
    const before = await counts();
    await expect(
      t.db.transaction(async (trx) => {
        await writeTogether(trx, [
          bumpCountsWrite(trx, companyId, [['orders', 'new', 7]])!,
          trx.insertInto('sources').values({
            company_id: companyId,
            source: 'Site',
            source_key: 'site',
            active: 1,
            created_at: 1,
            updated_at: 1,
          }),
        ]);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await counts()).toEqual(before);
    // A small list read through the cache, then a write of its table run together with another:
    // the next read is fresh.
    const read = () =>
      t.db.lists.get(
        `sources:${companyId}`,
        ['sources'],
        async () =>
          (
            await sql<{ n: number }>`select count(*) as n from sources where company_id = ${companyId}`.execute(
              t.db.kysely,
            )
          ).rows[0].n,
      );
    const was = Number(await read());
    await writeTogether(t.db.kysely, [
      t.db.kysely.insertInto('sources').values({
        company_id: companyId,
        source: 'Facebook',
        source_key: 'facebook',
        active: 1,
        created_at: 1,
        updated_at: 1,
      }),
      bumpCountsWrite(t.db.kysely, companyId, [['orders', 'new', 1]])!,
    ]);
    expect(Number(await read())).toBe(was + 1);
  });
});
