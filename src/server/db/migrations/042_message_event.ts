import type { MigrationFactory, AnyDb } from './helpers.js';

/**
 * An SMS template says what it is sent on (`awb_created`, `delivered`, `returning`, `manual`).
 * Every template made before had the AWB's creation in mind, so existing rows take `awb_created`
 * (the column's default). The shipping events read "the active template of this event and
 * source": an index on those columns.
 */
export const messageEvent: MigrationFactory = () => ({
  async up(db: AnyDb) {
    await db.schema
      .alterTable('messages')
      .addColumn('event', 'varchar(20)', (c) => c.notNull().defaultTo('awb_created'))
      .execute();
    await db.schema
      .createIndex('messages_company_source_event')
      .on('messages')
      .columns(['company_id', 'source_id', 'event', 'id'])
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropIndex('messages_company_source_event').execute();
    await db.schema.alterTable('messages').dropColumn('event').execute();
  },
});
