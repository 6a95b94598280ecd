import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { migrateToLatest } from '../migrate.js';
import { migrationTest } from '../../test/migrations.js';

const m = migrationTest();

it('069 keeps the existing day figures as shard 0, and down sums the shards', async () => {
  const db = m.db();
  await m.migrateTo('068_order_list_day_count_shards');
  const k = m.tables();
  const company = await m.company();
  const day = { company_id: company, day: '2026-10-15' };
  const before = {
    order_source_day_stats: [{ ...day, source_id: 3, orders: 4, revenue_bani: 4000 }],
    order_status_day_stats: [{ ...day, status: 'processing', orders: 2, revenue_bani: 2000 }],
    courier_day_stats: [{ ...day, courier: 'dpd', courier_status: 'delivered', orders: 2, cod_bani: 500 }],
  };
  for (const [table, rows] of Object.entries(before)) await k.insertInto(table).values(rows).execute();
  await m.migrateTo('069_order_day_stat_shards');
  const read = async (table: string) =>
    (await k.selectFrom(table).selectAll().execute()).map((r) =>
      Object.fromEntries(
        Object.entries(r).map(([c, v]) => [c, typeof v === 'string' && /^-?\d+$/.test(v) ? Number(v) : v]),
      ),
    );
  for (const [table, rows] of Object.entries(before))
    expect(await read(table), table).toEqual(rows.map((r) => ({ ...r, shard: 0 })));
  // The index of the cash on delivery still owed is there again (SQLite built the table again).
  const indexes =
    db.engine === 'postgres'
      ? await sql<{ name: string }>`select indexname as name from pg_indexes where tablename = 'courier_day_stats'
          and schemaname = ${db.schema}`.execute(db.kysely)
      : await sql<{
          name: string;
        }>`select name from sqlite_master where type = 'index' and tbl_name = 'courier_day_stats'`.execute(db.kysely);
  expect(indexes.rows.map((r) => r.name)).toContain('courier_day_stats_outcome');
  // Another writer's shard of each key, then down: one row per key, the shards summed.
  await k
    .insertInto('order_source_day_stats')
    .values({ ...day, source_id: 3, shard: 5, orders: -1, revenue_bani: -1000 })
    .execute();
  await k
    .insertInto('order_status_day_stats')
    .values({ ...day, status: 'processing', shard: 5, orders: 3, revenue_bani: 3000 })
    .execute();
  await k
    .insertInto('courier_day_stats')
    .values({ ...day, courier: 'dpd', courier_status: 'delivered', shard: 5, orders: 1, cod_bani: 100 })
    .execute();
  // The last migration run is 069: down undoes it alone.
  await m.migrateDown();
  expect(await read('order_source_day_stats')).toEqual([{ ...day, source_id: 3, orders: 3, revenue_bani: 3000 }]);
  expect(await read('order_status_day_stats')).toEqual([
    { ...day, status: 'processing', orders: 5, revenue_bani: 5000 },
  ]);
  expect(await read('courier_day_stats')).toEqual([
    { ...day, courier: 'dpd', courier_status: 'delivered', orders: 3, cod_bani: 600 },
  ]);
  await migrateToLatest(db);
  expect(await read('courier_day_stats')).toEqual([
    { ...day, courier: 'dpd', courier_status: 'delivered', shard: 0, orders: 3, cod_bani: 600 },
  ]);
});
