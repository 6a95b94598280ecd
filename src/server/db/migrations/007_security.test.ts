import { Migrator, type Migration } from 'kysely';
import { afterAll, expect, it } from 'vitest';
import { openDb } from '../connection.js';
import { migrateToLatest } from '../migrate.js';
import { migrations } from './index.js';

const db = openDb('sqlite::memory:');
afterAll(() => db.close());

it('007 keeps every source when names that differ only in case already exist: the later ones get a number', async () => {
  const provider = {
    getMigrations: async () =>
      Object.fromEntries(Object.entries(migrations).map(([n, m]) => [n, m(db.engine)])) as Record<string, Migration>,
  };
  await new Migrator({ db: db.kysely, provider, allowUnorderedMigrations: true }).migrateTo('006_search_indexes');
  const k = db.kysely as unknown as import('kysely').Kysely<Record<string, Record<string, unknown>>>;
  const { id: companyId } = (await k
    .insertInto('companies')
    .values({
      name: 'F',
      vat_number: 'RO1',
      vat_payer: 0,
      administrator_name: 'A',
      active: 1,
      created_at: 1,
      updated_at: 1,
    })
    .returning('id')
    .executeTakeFirstOrThrow()) as { id: number };
  for (const source of ['eMAG', 'Emag', 'EMAG', 'Târg'])
    await k
      .insertInto('sources')
      .values({ company_id: companyId, source, active: 1, created_at: 1, updated_at: 1 })
      .execute();
  await migrateToLatest(db);
  const rows = await db.kysely.selectFrom('sources').select(['source', 'source_key']).orderBy('id').execute();
  expect(rows).toEqual([
    { source: 'eMAG', source_key: 'emag' },
    { source: 'Emag (2)', source_key: 'emag (2)' },
    { source: 'EMAG (3)', source_key: 'emag (3)' },
    { source: 'Târg', source_key: 'târg' },
  ]);
});
