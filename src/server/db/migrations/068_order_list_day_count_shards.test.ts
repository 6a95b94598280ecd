import { expect, it } from 'vitest';
import { migrateToLatest } from '../migrate.js';
import { migrationTest } from '../../test/migrations.js';

const m = migrationTest();

it('068 keeps the existing per-day counts as shard 0, and down sums the shards and joins their bounds', async () => {
  const db = m.db();
  await m.migrateTo('064_order_list_day_counts');
  const k = m.tables();
  const company = await m.company();
  const key = { company_id: company, day: '2026-10-15', courier: 'dpd', invoice_status: 'none' };
  await k
    .insertInto('order_list_day_counts')
    .values([
      { ...key, status: 'processing', orders: 3, min_id: 10, max_id: 30 },
      { ...key, status: 'new', orders: 1, min_id: 5, max_id: 5 },
    ])
    .execute();
  await m.migrateTo('068_order_list_day_count_shards');
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
  await m.migrateDown();
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
