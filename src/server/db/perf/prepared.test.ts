import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { MAX_PREPARED_ROWS, prepared, preparedRows, preparedWrite } from './prepared.js';

describe("prepared queries (built and compiled once, run with each call's values)", () => {
  let t: TestApp;
  let companies: number[];
  beforeAll(async () => {
    t = await startTestApp();
    const now = Math.floor(Date.now() / 1000);
    companies = [];
    for (const name of ['Alfa SRL', 'Beta SRL']) {
      const { id } = await t.db.kysely
        .insertInto('companies')
        .values({
          name,
          vat_number: 'RO14399840',
          vat_payer: 1,
          administrator_name: 'Ana',
          active: 1,
          address: null,
          city: null,
          county: null,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      companies.push(id);
      await t.db.kysely
        .insertInto('sources')
        .values(
          ['eMAG', 'Site', 'Facebook'].map((source) => ({
            company_id: id,
            source: `${source} ${name}`,
            source_key: `${source} ${name}`.toLowerCase(),
            active: 1,
            created_at: now,
            updated_at: now,
          })),
        )
        .execute();
    }
  });
  afterAll(() => t.close());

  it('builds once and answers each call with its own values', async () => {
    let builds = 0;
    const sourcesOf = prepared((exec, v: { companyId: number; limit: number }) => {
      builds++;
      return exec
        .selectFrom('sources')
        .select('source')
        .where('company_id', '=', v.companyId)
        .orderBy('id')
        .limit(v.limit);
    });
    const [alfa, beta] = companies;
    expect((await sourcesOf(t.db.kysely, { companyId: alfa, limit: 2 })).map((r) => r.source)).toEqual([
      'eMAG Alfa SRL',
      'Site Alfa SRL',
    ]);
    expect((await sourcesOf(t.db.kysely, { companyId: beta, limit: 3 })).map((r) => r.source)).toEqual([
      'eMAG Beta SRL',
      'Site Beta SRL',
      'Facebook Beta SRL',
    ]);
    expect(await sourcesOf(t.db.kysely, { companyId: -1, limit: 3 })).toEqual([]);
    expect(builds).toBe(1);
  });

  it('builds once per shape: values written into the SQL', async () => {
    const built: number[] = [];
    const page = prepared(
      (exec, v: { companyId: number; limit: number }) => {
        built.push(v.limit);
        return exec
          .selectFrom('sources')
          .select('id')
          .where('company_id', '=', v.companyId)
          .orderBy('id')
          .limit(v.limit);
      },
      { shape: ['limit'] },
    );
    expect(await page(t.db.kysely, { companyId: companies[0], limit: 1 })).toHaveLength(1);
    expect(await page(t.db.kysely, { companyId: companies[1], limit: 1 })).toHaveLength(1);
    expect(await page(t.db.kysely, { companyId: companies[1], limit: 2 })).toHaveLength(2);
    expect(built).toEqual([1, 2]);
  });

  it('refuses a value that does not reach the parameters (transformed, or written into the SQL)', async () => {
    const transformed = prepared((exec, v: { companyId: number }) =>
      exec
        .selectFrom('sources')
        .select('id')
        .where('company_id', '=', Number(v.companyId) + 0),
    );
    await expect(transformed(t.db.kysely, { companyId: companies[0] })).rejects.toThrow(
      /"companyId" is not a parameter/,
    );
    const written = prepared((exec, v: { companyId: number }) =>
      exec
        .selectFrom('sources')
        .select('id')
        .where(sql<boolean>`company_id = ${sql.lit(String(v.companyId))}`),
    );
    await expect(written(t.db.kysely, { companyId: companies[0] })).rejects.toThrow(/"companyId" is not a parameter/);
  });

  it('compiles a list value once per length, every item a parameter', async () => {
    const built: number[] = [];
    const named = prepared(
      (exec, v: { ids: number[] }) => {
        built.push(v.ids.length);
        return exec.selectFrom('sources').select('source').where('company_id', 'in', v.ids).orderBy('id');
      },
      { lists: ['ids'] },
    );
    const [alfa, beta] = companies;
    expect(await named(t.db.kysely, { ids: [alfa] })).toHaveLength(3);
    expect((await named(t.db.kysely, { ids: [beta] })).map((r) => r.source)).toEqual([
      'eMAG Beta SRL',
      'Site Beta SRL',
      'Facebook Beta SRL',
    ]);
    expect(await named(t.db.kysely, { ids: [alfa, beta] })).toHaveLength(6);
    expect(await named(t.db.kysely, { ids: [beta, -1] })).toHaveLength(3);
    expect(built).toEqual([1, 2]);
  });

  it('runs raw SQL (a sql template) with its values, and branches only on shape values', async () => {
    let builds = 0;
    const firstOf = prepared(
      (_exec, v: { companyId: number; order: 'asc' | 'desc' }) => {
        builds++;
        return sql<{
          source: string;
        }>`select source from sources where company_id = ${v.companyId} order by id ${sql.raw(v.order)} limit 1`;
      },
      { shape: ['order'] },
    );
    const [alfa, beta] = companies;
    expect(await firstOf(t.db.kysely, { companyId: alfa, order: 'asc' })).toEqual([{ source: 'eMAG Alfa SRL' }]);
    expect(await firstOf(t.db.kysely, { companyId: beta, order: 'asc' })).toEqual([{ source: 'eMAG Beta SRL' }]);
    expect(await firstOf(t.db.kysely, { companyId: beta, order: 'desc' })).toEqual([{ source: 'Facebook Beta SRL' }]);
    expect(builds).toBe(2);
  });

  it('runs a write compiled once in every transaction as that transaction’s own (the kept lists learn it at commit)', async () => {
    const rename = preparedWrite((exec, v: { id: number; source: string }) =>
      exec.updateTable('sources').set({ source: v.source }).where('id', '=', v.id),
    );
    const [{ id }] = await t.db.kysely.selectFrom('sources').select('id').limit(1).execute();
    // First built and compiled in another transaction.
    await t.db.transaction(async (trx) => void (await trx.executeQuery(rename(trx, { id, source: 'eMAG 1' }))));
    let loads = 0;
    const probe = () => t.db.lists.get('prepared-probe', ['sources'], async () => ++loads);
    await t.db.transaction(async (trx) => {
      await trx.executeQuery(rename(trx, { id, source: 'eMAG 2' }));
      // Read while the write is not committed yet: stale once it is.
      await probe();
    });
    await probe();
    expect(loads).toBe(2);
    const [row] = await t.db.kysely.selectFrom('sources').select('source').where('id', '=', id).execute();
    expect(row.source).toBe('eMAG 2');
  });

  it('compiles a multi-row insert once per number of rows; a row leaving a field to its default, or a long one, is built each time', async () => {
    let builds = 0;
    const addSources = preparedRows(
      ['company_id', 'source', 'source_key', 'active', 'created_at', 'updated_at'],
      (
        exec,
        rows: {
          company_id: number;
          source: string;
          source_key: string;
          active?: number;
          created_at: number;
          updated_at: number;
        }[],
      ) => {
        builds++;
        return exec.insertInto('sources').values(rows.map((r) => ({ ...r, active: r.active ?? 1 })));
      },
    );
    const [alfa] = companies;
    const row = (name: string, active?: number) => ({
      company_id: alfa,
      source: name,
      source_key: name.toLowerCase(),
      active,
      created_at: 1,
      updated_at: 1,
    });
    await t.db.kysely.executeQuery(addSources(t.db.kysely, [row('R1', 1), row('R2', 0)]));
    await t.db.kysely.executeQuery(addSources(t.db.kysely, [row('R3', 0), row('R4', 1)]));
    expect(builds).toBe(1);
    await t.db.kysely.executeQuery(addSources(t.db.kysely, [row('R5')]));
    expect(builds).toBe(2);
    const long = Array.from({ length: MAX_PREPARED_ROWS + 1 }, (_, i) => row(`L${i}`, 0));
    await t.db.kysely.executeQuery(addSources(t.db.kysely, long));
    await t.db.kysely.executeQuery(
      addSources(
        t.db.kysely,
        long.map((r) => ({ ...r, source: `${r.source}b`, source_key: `${r.source_key}b` })),
      ),
    );
    expect(builds).toBe(4);
    const stored = await t.db.kysely
      .selectFrom('sources')
      .select(['source', 'active'])
      .where('source', 'in', ['R1', 'R2', 'R3', 'R4', 'R5', 'L0b'])
      .orderBy('source')
      .execute();
    expect(stored).toEqual([
      { source: 'L0b', active: 0 },
      { source: 'R1', active: 1 },
      { source: 'R2', active: 0 },
      { source: 'R3', active: 0 },
      { source: 'R4', active: 1 },
      { source: 'R5', active: 1 },
    ]);
  });
});
