import crypto from 'node:crypto';
import { Migrator, type Kysely, type Migration } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDb, type Db } from '../connection.js';
import { migrateToLatest } from '../migrate.js';
import { migrations } from './index.js';

// On the engine under test: in-memory SQLite, or a schema of its own in TEST_DATABASE_URL's PostgreSQL.
const pgUrl = process.env.TEST_DATABASE_URL;
const schema = `m_${crypto.randomBytes(5).toString('hex')}`;
let db: Db;
beforeAll(async () => {
  if (pgUrl) {
    const admin = openDb(pgUrl);
    await admin.kysely.schema.createSchema(schema).execute();
    await admin.close();
    db = openDb(pgUrl, { schema });
  } else {
    db = openDb('sqlite::memory:');
  }
});
afterAll(async () => {
  await db.close();
  if (pgUrl) {
    const admin = openDb(pgUrl);
    await admin.kysely.schema.dropSchema(schema).ifExists().cascade().execute();
    await admin.close();
  }
});

it('068 keeps the existing per-day counts as shard 0, and down sums the shards and joins their bounds', async () => {
  const provider = {
    getMigrations: async () =>
      Object.fromEntries(Object.entries(migrations).map(([n, m]) => [n, m(db.engine)])) as Record<string, Migration>,
  };
  const migrator = new Migrator({
    db: db.kysely,
    provider,
    allowUnorderedMigrations: true,
    migrationTableSchema: db.schema,
  });
  const ran = async (p: ReturnType<Migrator['migrateTo']>) => {
    const { error } = await p;
    if (error) throw error;
  };
  await ran(migrator.migrateTo('064_order_list_day_counts'));
  const k = db.kysely as unknown as Kysely<Record<string, Record<string, unknown>>>;
  const company = (
    (await k
      .insertInto('companies')
      .values({
        name: 'C1',
        vat_number: 'RO1',
        vat_payer: 0,
        administrator_name: 'A',
        active: 1,
        created_at: 1,
        updated_at: 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow()) as { id: number }
  ).id;
  const key = { company_id: company, day: '2026-10-15', courier: 'dpd', invoice_status: 'none' };
  await k
    .insertInto('order_list_day_counts')
    .values([
      { ...key, status: 'processing', orders: 3, min_id: 10, max_id: 30 },
      { ...key, status: 'new', orders: 1, min_id: 5, max_id: 5 },
    ])
    .execute();
  await ran(migrator.migrateTo('068_order_list_day_count_shards'));
  const rows = () => k.selectFrom('order_list_day_counts').selectAll().orderBy('status').execute();
  expect(await rows()).toEqual([
    { ...key, status: 'new', shard: 0, orders: 1, min_id: 5, max_id: 5 },
    { ...key, status: 'processing', shard: 0, orders: 3, min_id: 10, max_id: 30 },
  ]);
  // Another writer's shard of the same key: its own row (a count may go below zero there).
  await k
    .insertInto('order_list_day_counts')
    .values([
      { ...key, status: 'processing', shard: 7, orders: 2, min_id: 31, max_id: 40 },
      { ...key, status: 'new', shard: 7, orders: -1, min_id: 5, max_id: 5 },
    ])
    .execute();
  // The last migration run is 068: down undoes it alone.
  await ran(migrator.migrateDown());
  expect(await rows()).toEqual([
    { ...key, status: 'new', orders: 0, min_id: 5, max_id: 5 },
    { ...key, status: 'processing', orders: 5, min_id: 10, max_id: 40 },
  ]);
  await migrateToLatest(db);
  expect(await rows()).toEqual([
    { ...key, status: 'new', shard: 0, orders: 0, min_id: 5, max_id: 5 },
    { ...key, status: 'processing', shard: 0, orders: 5, min_id: 10, max_id: 40 },
  ]);
});
