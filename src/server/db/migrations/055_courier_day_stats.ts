import type { MigrationFactory, AnyDb } from './helpers.js';

/**
 * The dashboard's per-day figures split in two (db/orderStats.ts): `order_day_stats` keeps orders
 * and totals per day, source and status only; `courier_day_stats` keeps AWBs and their cash on
 * delivery per day, courier and courier status. One table keyed by all six multiplied its rows
 * (a million orders over 90 days: ~100,000 rows, a month's read grouping a third of them; split:
 * ~150 and ~12 a day). The orders' table is made again with its narrower key, both day tables get an
 * index that holds every column a dashboard read needs; every company's figures are computed again
 * from its orders by 062 (into the tables that replaced these).
 */
export const courierDayStats: MigrationFactory = () => ({
  async up(db: AnyDb) {
    await db.schema.dropTable('order_day_stats').execute();
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
      .createTable('courier_day_stats')
      .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('day', 'varchar(10)', (c) => c.notNull())
      .addColumn('courier', 'varchar(30)', (c) => c.notNull())
      .addColumn('courier_status', 'varchar(30)', (c) => c.notNull())
      .addColumn('orders', 'integer', (c) => c.notNull())
      .addColumn('cod_bani', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('courier_day_stats_pk', ['company_id', 'day', 'courier', 'courier_status'])
      .execute();
    // Covering indexes: a range of days is read from the index alone, never from the table's rows.
    await db.schema
      .createIndex('order_day_stats_read')
      .on('order_day_stats')
      .columns(['company_id', 'day', 'source_id', 'status', 'orders', 'revenue_bani'])
      .execute();
    await db.schema
      .createIndex('product_day_stats_read')
      .on('product_day_stats')
      .columns(['company_id', 'day', 'product_id', 'quantity', 'revenue_bani'])
      .execute();
    // Every company's figures are computed by 062, into the tables of today's code.
  },
  async down(db: AnyDb) {
    await db.schema.dropIndex('product_day_stats_read').execute();
    await db.schema.dropTable('courier_day_stats').execute();
    await db.schema.dropTable('order_day_stats').execute();
    await db.schema
      .createTable('order_day_stats')
      .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('day', 'varchar(10)', (c) => c.notNull())
      .addColumn('source_id', 'integer', (c) => c.notNull())
      .addColumn('status', 'varchar(30)', (c) => c.notNull())
      .addColumn('courier', 'varchar(30)', (c) => c.notNull())
      .addColumn('courier_status', 'varchar(30)', (c) => c.notNull())
      .addColumn('orders', 'integer', (c) => c.notNull())
      .addColumn('revenue_bani', 'bigint', (c) => c.notNull())
      .addColumn('cod_bani', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('order_day_stats_pk', [
        'company_id',
        'day',
        'source_id',
        'status',
        'courier',
        'courier_status',
      ])
      .execute();
  },
});
