import { sql, type CreateTableBuilder, type Kysely } from 'kysely';
import type { Database } from '../schema.js';
import { rebuildOrderStats } from '../orderStats.js';
import type { AnyDb, MigrationFactory } from './helpers.js';

/**
 * The dashboard's kept figures at the grain it reads (db/orderStats.ts), and a refusal that stays a
 * refusal:
 *
 * - `order_day_stats` (day × source × status, ~150 rows a day at a large shop, summed twice by
 *   every read) gives way to `order_source_day_stats` (day × source) and `order_status_day_stats`
 *   (day × status), read row for row;
 * - `product_period_stats`: the products' figures per week and per month, so a range's top
 *   products sum whole weeks and months and only the days at its ends;
 * - `orders.awb_refused`: the active AWB was refused at the door. A refused parcel goes back to the
 *   sender (courier status returning), and the share per courier still counts it as refused.
 *   Existing orders: refused now, or returning with a refusal of the same AWB in their history.
 * - `courier_day_stats` gets an index for the cash on delivery still owed (delivered rows of every
 *   day, per courier).
 *
 * On SQLite the new tables are WITHOUT ROWID: the primary key (company, day, …) is the table, so a
 * range is read in one pass with no lookup per row. Every company's figures are computed again.
 */
export const dashboardFigures: MigrationFactory = (engine) => ({
  async up(db: AnyDb) {
    const clustered = <T extends string>(t: CreateTableBuilder<T, never>) =>
      engine === 'sqlite' ? t.modifyEnd(sql`without rowid`) : t;
    await db.schema
      .alterTable('orders')
      .addColumn('awb_refused', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await sql`update orders set awb_refused = 1
      where awb is not null and (courier_status = 'refused' or (courier_status = 'returning' and exists (
        select 1 from order_events e
        where e.order_id = orders.id and e.type = 'courier_status'
          and e.data like '%"to":"refused"%' and e.data like '%"awb":"' || orders.awb || '"%')))`.execute(db);

    await db.schema.dropIndex('order_day_stats_read').execute();
    await db.schema.dropTable('order_day_stats').execute();
    await clustered(
      db.schema
        .createTable('order_source_day_stats')
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
        .addColumn('day', 'varchar(10)', (c) => c.notNull())
        .addColumn('source_id', 'integer', (c) => c.notNull())
        .addColumn('orders', 'integer', (c) => c.notNull())
        .addColumn('revenue_bani', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('order_source_day_stats_pk', ['company_id', 'day', 'source_id']),
    ).execute();
    await clustered(
      db.schema
        .createTable('order_status_day_stats')
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
        .addColumn('day', 'varchar(10)', (c) => c.notNull())
        .addColumn('status', 'varchar(30)', (c) => c.notNull())
        .addColumn('orders', 'integer', (c) => c.notNull())
        .addColumn('revenue_bani', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('order_status_day_stats_pk', ['company_id', 'day', 'status']),
    ).execute();
    await clustered(
      db.schema
        .createTable('product_period_stats')
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
        .addColumn('period', 'varchar(5)', (c) => c.notNull())
        .addColumn('start', 'varchar(10)', (c) => c.notNull())
        .addColumn('product_id', 'integer', (c) => c.notNull())
        .addColumn('quantity', 'integer', (c) => c.notNull())
        .addColumn('revenue_bani', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('product_period_stats_pk', ['company_id', 'period', 'start', 'product_id']),
    ).execute();
    await db.schema
      .createIndex('courier_day_stats_outcome')
      .on('courier_day_stats')
      .columns(['company_id', 'courier_status', 'courier', 'cod_bani'])
      .execute();

    const companies = await db.selectFrom('companies').select('id').execute();
    for (const c of companies) await rebuildOrderStats(db as unknown as Kysely<Database>, c.id as number);
  },
  async down(db: AnyDb) {
    await db.schema.dropIndex('courier_day_stats_outcome').execute();
    await db.schema.dropTable('product_period_stats').execute();
    await db.schema.dropTable('order_status_day_stats').execute();
    await db.schema.dropTable('order_source_day_stats').execute();
    await db.schema
      .createTable('order_day_stats')
      .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('day', 'varchar(10)', (c) => c.notNull())
      .addColumn('source_id', 'integer', (c) => c.notNull())
      .addColumn('status', 'varchar(30)', (c) => c.notNull())
      .addColumn('orders', 'integer', (c) => c.notNull())
      .addColumn('revenue_bani', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('order_day_stats_pk', ['company_id', 'day', 'source_id', 'status'])
      .execute();
    await db.schema
      .createIndex('order_day_stats_read')
      .on('order_day_stats')
      .columns(['company_id', 'day', 'source_id', 'status', 'orders', 'revenue_bani'])
      .execute();
    await db.schema.alterTable('orders').dropColumn('awb_refused').execute();
  },
});
