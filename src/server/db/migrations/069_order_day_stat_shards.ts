import { sql } from 'kysely';
import type { AnyDb, MigrationFactory } from './helpers.js';

/**
 * The dashboard's per-day figures of the orders (db/orderStats.ts) without one hot row, as the
 * list's counts (045, 068): `order_source_day_stats`, `order_status_day_stats` and
 * `courier_day_stats` each get a `shard`, the last column of the primary key. On PostgreSQL every
 * order of a company moved on one day through the same rows (an AWB create moves the order from
 * `new` to `processing` and adds it to its courier's row), so order writes running at the same
 * time queued on those rows' locks until each other's commit; the top wait of five AWB creates at a
 * time was the status row. A writer now adds to its connection's shard (`countShard`,
 * db/listCounts.ts), still in its transaction; the dashboard sums a key's shards. The existing rows
 * become shard 0; SQLite has one writer and keeps shard 0, its tables built again with the key
 * (it cannot change a primary key in place), clustered as they were.
 */
interface Table {
  name: string;
  /** The columns before `shard` in the key, then the figures. */
  key: string[];
  figures: string[];
  /** The columns' declarations (SQLite rebuild). */
  columns: string;
  clustered: boolean;
  index?: { name: string; columns: string };
}

const TABLES: Table[] = [
  {
    name: 'order_source_day_stats',
    key: ['company_id', 'day', 'source_id'],
    figures: ['orders', 'revenue_bani'],
    columns: `company_id integer not null references companies (id) on delete cascade, day varchar(10) not null,
      source_id integer not null`,
    clustered: true,
  },
  {
    name: 'order_status_day_stats',
    key: ['company_id', 'day', 'status'],
    figures: ['orders', 'revenue_bani'],
    columns: `company_id integer not null references companies (id) on delete cascade, day varchar(10) not null,
      status varchar(30) not null`,
    clustered: true,
  },
  {
    name: 'courier_day_stats',
    key: ['company_id', 'day', 'courier', 'courier_status'],
    figures: ['orders', 'cod_bani'],
    columns: `company_id integer not null references companies (id) on delete cascade, day varchar(10) not null,
      courier varchar(30) not null, courier_status varchar(30) not null`,
    clustered: false,
    index: { name: 'courier_day_stats_outcome', columns: 'company_id, courier_status, courier, cod_bani' },
  },
];

const figureColumns = (t: Table) =>
  t.figures.map((f) => `${f} ${f === 'orders' ? 'integer' : 'bigint'} not null`).join(', ');

/** SQLite: the table made again with `withShard` or without, its rows copied by `select`. */
async function rebuildSqlite(db: AnyDb, t: Table, withShard: boolean, select: string): Promise<void> {
  const key = [...t.key, ...(withShard ? ['shard'] : [])].join(', ');
  if (t.index) await sql.raw(`drop index ${t.index.name}`).execute(db);
  await sql
    .raw(
      `create table ${t.name}_new (${t.columns}, ${withShard ? 'shard integer not null default 0, ' : ''}${figureColumns(t)},
      constraint ${t.name}_pk primary key (${key}))${t.clustered ? ' without rowid' : ''}`,
    )
    .execute(db);
  await sql.raw(`insert into ${t.name}_new (${key}, ${t.figures.join(', ')}) ${select}`).execute(db);
  await sql.raw(`drop table ${t.name}`).execute(db);
  await sql.raw(`alter table ${t.name}_new rename to ${t.name}`).execute(db);
  if (t.index) await sql.raw(`create index ${t.index.name} on ${t.name} (${t.index.columns})`).execute(db);
}

export const orderDayStatShards: MigrationFactory = (engine) => ({
  async up(db: AnyDb) {
    for (const t of TABLES) {
      if (engine === 'postgres') {
        await sql.raw(`alter table ${t.name} add column shard smallint not null default 0`).execute(db);
        await sql.raw(`alter table ${t.name} drop constraint ${t.name}_pk`).execute(db);
        await sql
          .raw(`alter table ${t.name} add constraint ${t.name}_pk primary key (${[...t.key, 'shard'].join(', ')})`)
          .execute(db);
      } else {
        await rebuildSqlite(db, t, true, `select ${t.key.join(', ')}, 0, ${t.figures.join(', ')} from ${t.name}`);
      }
    }
  },
  async down(db: AnyDb) {
    // Back to one row per key: the shards summed.
    for (const t of TABLES) {
      const summed = `select ${t.key.join(', ')}, ${t.figures.map((f) => `sum(${f}) as ${f}`).join(', ')}
        from ${t.name} group by ${t.key.join(', ')}`;
      if (engine === 'postgres') {
        await sql.raw(`create temporary table ${t.name}_summed as ${summed}`).execute(db);
        await sql.raw(`delete from ${t.name}`).execute(db);
        await sql.raw(`alter table ${t.name} drop constraint ${t.name}_pk`).execute(db);
        await sql.raw(`alter table ${t.name} drop column shard`).execute(db);
        await sql
          .raw(`alter table ${t.name} add constraint ${t.name}_pk primary key (${t.key.join(', ')})`)
          .execute(db);
        await sql.raw(`insert into ${t.name} select * from ${t.name}_summed`).execute(db);
        await sql.raw(`drop table ${t.name}_summed`).execute(db);
      } else {
        await rebuildSqlite(db, t, false, summed);
      }
    }
  },
});
