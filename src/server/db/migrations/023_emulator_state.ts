import type { MigrationFactory, AnyDb } from './helpers.js';
import { withId } from './helpers.js';

/**
 * What the built-in provider emulators keep (demo mode): their accounts and everything they
 * create (AWBs and parcels, invoices and stornos, messages, tokens, number counters), so that a
 * label or an invoice made before a restart still downloads and an AWB keeps moving after one.
 * One table for all of them, apart from the product's tables (the `emulator_` prefix): each
 * record is a JSON document of one provider's collection, found by its key (an AWB number, an
 * invoice's series and number, a token). The unique key lets a create take a number only once,
 * even on several instances sharing PostgreSQL; `id` keeps the order records were made in.
 */
export const emulatorState: MigrationFactory = (engine) => ({
  async up(db: AnyDb) {
    await withId(db.schema.createTable('emulator_records'), engine)
      .addColumn('provider', 'varchar(20)', (c) => c.notNull())
      .addColumn('collection', 'varchar(50)', (c) => c.notNull())
      .addColumn('key', 'varchar(200)', (c) => c.notNull())
      .addColumn('data', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('emulator_records_key')
      .on('emulator_records')
      .columns(['provider', 'collection', 'key'])
      .unique()
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('emulator_records').execute();
  },
});
