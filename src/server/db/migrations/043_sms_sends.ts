import type { MigrationFactory, AnyDb } from './helpers.js';
import { withId } from './helpers.js';

/**
 * Every SMS sent (or decided against) for an order, as a provider document: the row is written
 * `pending` before the provider is called (once), then becomes `sent` (the provider took it; its
 * receipts follow), `delivered` or `failed` (a refusal, or a receipt), `unknown` (the answer was
 * lost: it may have gone out, and is never sent again by itself), or `skipped` for an event that
 * could not be sent (no template, no messaging integration, no mobile number), which the order's
 * history explains.
 *
 * `event_key` (`<event>:<awb>`) is set for the sends of a shipping event: unique per order, so an
 * event sends once whatever runs it twice, and a new AWB after a delete sends again. A send by
 * hand has none (NULLs are distinct on both engines).
 *
 * `sms_receipt_tokens`: each company's unguessable token in the URL its delivery receipts come to.
 */
export const smsSends: MigrationFactory = (engine) => ({
  async up(db: AnyDb) {
    await withId(db.schema.createTable('sms_sends'), engine)
      .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
      .addColumn('event', 'varchar(20)', (c) => c.notNull())
      .addColumn('event_key', 'varchar(120)')
      .addColumn('message_id', 'integer')
      .addColumn('provider', 'varchar(20)', (c) => c.notNull())
      .addColumn('state', 'varchar(20)', (c) => c.notNull())
      .addColumn('to_phone', 'varchar(20)', (c) => c.notNull())
      .addColumn('text', 'text', (c) => c.notNull())
      .addColumn('parts', 'integer', (c) => c.notNull())
      .addColumn('encoding', 'varchar(10)', (c) => c.notNull())
      // JSON array of the provider's part ids, and JSON object of each part's receipt state.
      .addColumn('provider_ids', 'text')
      .addColumn('receipts', 'text')
      .addColumn('price', 'varchar(20)')
      .addColumn('error', 'varchar(500)')
      .addColumn('created_by', 'integer')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('sms_sends_order_event')
      .on('sms_sends')
      .columns(['order_id', 'event_key'])
      .unique()
      .execute();
    await db.schema.createIndex('sms_sends_order').on('sms_sends').columns(['order_id', 'id']).execute();
    await db.schema
      .createTable('sms_receipt_tokens')
      .addColumn('company_id', 'integer', (c) => c.primaryKey().references('companies.id').onDelete('cascade'))
      .addColumn('token', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('sms_receipt_tokens').execute();
    await db.schema.dropTable('sms_sends').execute();
  },
});
