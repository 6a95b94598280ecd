import { sql } from 'kysely';
import type { MigrationFactory, AnyDb } from './helpers.js';
import { withId } from './helpers.js';

/**
 * Every AWB create of an order, as a row that says how it went, so that an AWB is never made
 * twice: the row is written `pending` before the courier is called (once), then becomes
 * `created` (the order gets the AWB), `failed` (the courier said no, or a check found nothing),
 * `unknown` (no answer came: the AWB may exist; it is looked up by `reference` before anything
 * else is allowed) or, once deleted at the courier, `deleted`.
 *
 * At most one row per order is active (pending, created or unknown): a partial unique index, on
 * both engines, so that two creates at the same moment cannot both start.
 */
export const shipments: MigrationFactory = (engine) => ({
  async up(db: AnyDb) {
    await withId(db.schema.createTable('shipments'), engine)
      .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
      .addColumn('courier', 'varchar(30)', (c) => c.notNull())
      .addColumn('state', 'varchar(20)', (c) => c.notNull())
      // What the create carried to find it again: the reference, cash on delivery and weight.
      .addColumn('reference', 'varchar(64)', (c) => c.notNull())
      .addColumn('cod_bani', 'bigint', (c) => c.notNull())
      .addColumn('weight_grams', 'integer', (c) => c.notNull())
      .addColumn('awb', 'varchar(64)')
      // JSON array of the parcel numbers (DPD prints and tracks by them).
      .addColumn('parcel_numbers', 'text')
      .addColumn('cost_bani', 'bigint')
      // The order's status before the AWB moved it (new -> processing); deleting the AWB puts it back.
      .addColumn('previous_status', 'varchar(30)')
      // Why it failed (the courier's words), or what a check found.
      .addColumn('error', 'varchar(500)')
      .addColumn('created_by', 'integer')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('shipments_one_active_per_order')
      .on('shipments')
      .column('order_id')
      .unique()
      .where(sql.ref('state'), 'in', ['pending', 'created', 'unknown'])
      .execute();
    // The order's history of attempts, and "AWB numbers we already know" of a courier.
    await db.schema.createIndex('shipments_order').on('shipments').columns(['order_id', 'id']).execute();
    await db.schema.createIndex('shipments_courier_awb').on('shipments').columns(['courier', 'awb']).execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('shipments').execute();
  },
});
