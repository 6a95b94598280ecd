import type { MigrationFactory, AnyDb } from './helpers.js';

/**
 * The dashboard's kept per-day figures (db/orderStats.ts): orders and their totals per day,
 * source, status, courier and courier status; products' quantities and values per day; what each
 * order contributes to the latter. And `cod_totals`: per company and courier, what the couriers'
 * recorded payments add up to (the cash on delivery they settled, paid and kept), so "still owed"
 * is a subtraction of two small sums. Existing payments are counted once here.
 */
export const orderStats: MigrationFactory = () => ({
  async up(db: AnyDb) {
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
    await db.schema
      .createTable('product_day_stats')
      .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('day', 'varchar(10)', (c) => c.notNull())
      .addColumn('product_id', 'integer', (c) => c.notNull())
      .addColumn('quantity', 'integer', (c) => c.notNull())
      .addColumn('revenue_bani', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('product_day_stats_pk', ['company_id', 'day', 'product_id'])
      .execute();
    await db.schema
      .createTable('order_line_stats')
      .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
      .addColumn('product_id', 'integer', (c) => c.notNull())
      .addColumn('quantity', 'integer', (c) => c.notNull())
      .addColumn('revenue_bani', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('order_line_stats_pk', ['order_id', 'product_id'])
      .execute();
    await db.schema
      .createTable('cod_totals')
      .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('courier', 'varchar(30)', (c) => c.notNull())
      .addColumn('parcels', 'integer', (c) => c.notNull())
      .addColumn('expected_bani', 'bigint', (c) => c.notNull())
      .addColumn('paid_bani', 'bigint', (c) => c.notNull())
      .addColumn('fee_bani', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('cod_totals_pk', ['company_id', 'courier'])
      .execute();
    // The orders' figures are computed by 062, which keeps them in the tables of today's code.
    const paid = await db
      .selectFrom('cod_settlements')
      .select((eb) => [
        'company_id',
        'courier',
        eb.fn.countAll().as('parcels'),
        eb.fn.sum('expected_bani').as('expected_bani'),
        eb.fn.sum('paid_bani').as('paid_bani'),
        eb.fn.sum('fee_bani').as('fee_bani'),
      ])
      .groupBy(['company_id', 'courier'])
      .execute();
    for (const p of paid)
      await db
        .insertInto('cod_totals')
        .values({
          company_id: p.company_id,
          courier: p.courier,
          parcels: Number(p.parcels),
          expected_bani: Number(p.expected_bani),
          paid_bani: Number(p.paid_bani),
          fee_bani: Number(p.fee_bani),
        })
        .execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('cod_totals').execute();
    await db.schema.dropTable('order_line_stats').execute();
    await db.schema.dropTable('product_day_stats').execute();
    await db.schema.dropTable('order_day_stats').execute();
  },
});
