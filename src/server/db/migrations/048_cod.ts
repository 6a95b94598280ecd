import type { MigrationFactory, AnyDb } from './helpers.js';
import { withId } from './helpers.js';

/**
 * Cash on delivery, once the courier pays it: one row per AWB the company was paid for (the
 * courier's report read by API, or its settlement file imported), with what was expected (the
 * COD the AWB was created with, copied from its shipment), what was paid, the fee kept, the
 * payment day and the courier's reference. An AWB is paid once: a unique index per company and
 * courier, so a second payment of the same AWB is shown as such and never stored beside the first.
 *
 * `cod_settings` holds the company's choice of how many days after delivery an unpaid parcel is
 * listed as late (10 when the company never chose).
 *
 * The summary and the unpaid list read a company's AWBs by the day they were made: an index on
 * shipments (company, created_at) keeps that a range read instead of a walk of every shipment.
 */
export const cod: MigrationFactory = (engine) => ({
  async up(db: AnyDb) {
    await withId(db.schema.createTable('cod_settlements'), engine)
      .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('courier', 'varchar(30)', (c) => c.notNull())
      .addColumn('awb', 'varchar(64)', (c) => c.notNull())
      .addColumn('shipment_id', 'integer', (c) => c.notNull().references('shipments.id').onDelete('cascade'))
      .addColumn('order_id', 'integer', (c) => c.notNull())
      .addColumn('expected_bani', 'bigint', (c) => c.notNull())
      .addColumn('paid_bani', 'bigint', (c) => c.notNull())
      .addColumn('fee_bani', 'bigint', (c) => c.notNull())
      // The payment day as the courier wrote it, YYYY-MM-DD.
      .addColumn('paid_on', 'varchar(10)', (c) => c.notNull())
      .addColumn('reference', 'varchar(100)', (c) => c.notNull())
      // 'file' (a settlement file imported) or 'api' (the courier's report read by the console).
      .addColumn('origin', 'varchar(10)', (c) => c.notNull())
      .addColumn('created_by', 'integer')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('cod_settlements_awb')
      .on('cod_settlements')
      .columns(['company_id', 'courier', 'awb'])
      .unique()
      .execute();
    await db.schema.createIndex('cod_settlements_shipment').on('cod_settlements').column('shipment_id').execute();
    await db.schema
      .createTable('cod_settings')
      .addColumn('company_id', 'integer', (c) => c.primaryKey().references('companies.id').onDelete('cascade'))
      .addColumn('unpaid_days', 'integer', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('shipments_company_created')
      .on('shipments')
      .columns(['company_id', 'created_at'])
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropIndex('shipments_company_created').execute();
    await db.schema.dropTable('cod_settings').execute();
    await db.schema.dropTable('cod_settlements').execute();
  },
});
