import { sql } from 'kysely';
import type { AnyDb, MigrationFactory } from './helpers.js';
import { withId } from './helpers.js';

/**
 * Shop connectors (the connectors module): a source made a live shop.
 *
 * - `shop_connectors`: one per source (unique). `credentials` is the shop's login and the secret its
 *   webhooks are signed with, as JSON sealed with the app's secret box bound to the source (never
 *   answered). `store_url` is shown. `webhook_ids` (JSON) are the shop's webhooks we registered, removed
 *   on disconnect. `cursor` is the shop's modification time (UTC, as it writes it) past which the
 *   safety pull reads: it moves only past pages read completely. `cancel_in_shop`: an order cancelled
 *   here is cancelled in the shop. `sync_stock`: stock changes go to the shop.
 * - `shop_events`: every webhook delivery whose signature was right, stored as received before it is
 *   worked (`processed_at` set when its order reached the inbox), so a delivery is never lost to a
 *   failure after the answer.
 */
export const shopConnectors: MigrationFactory = (engine) => ({
  async up(db: AnyDb) {
    await withId(db.schema.createTable('shop_connectors'), engine)
      .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('source_id', 'integer', (c) => c.notNull().unique().references('sources.id').onDelete('cascade'))
      .addColumn('type', 'varchar(20)', (c) => c.notNull())
      .addColumn('store_url', 'varchar(255)', (c) => c.notNull())
      .addColumn('credentials', 'text', (c) => c.notNull())
      .addColumn('webhook_ids', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('emulated', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('cancel_in_shop', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('sync_stock', 'integer', (c) => c.notNull().defaultTo(1))
      // Emulated shops only: how many new orders the shop takes before each pull (the demo's web shop).
      .addColumn('demo_orders', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('cursor', 'varchar(40)')
      .addColumn('state', 'varchar(10)', (c) => c.notNull().defaultTo('ok'))
      .addColumn('last_sync_at', 'bigint')
      .addColumn('last_error', 'text')
      .addColumn('orders_in', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('shop_connectors_company').on('shop_connectors').column('company_id').execute();

    await withId(db.schema.createTable('shop_events'), engine)
      .addColumn('connector_id', 'integer', (c) => c.notNull().references('shop_connectors.id').onDelete('cascade'))
      .addColumn('topic', 'varchar(60)', (c) => c.notNull())
      .addColumn('delivery_id', 'varchar(100)')
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('received_at', 'bigint', (c) => c.notNull())
      .addColumn('processed_at', 'bigint')
      .execute();
    await sql`create index shop_events_waiting on shop_events (connector_id, id) where processed_at is null`.execute(
      db,
    );
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('shop_events').execute();
    await db.schema.dropTable('shop_connectors').execute();
  },
});
