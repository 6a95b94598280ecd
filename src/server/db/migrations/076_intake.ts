import { sql } from 'kysely';
import type { AnyDb, MigrationFactory } from './helpers.js';
import { withId } from './helpers.js';

/**
 * Orders that arrive by themselves (the intake module):
 *
 * - `source_intake_keys`: a source's one intake key (sources module). The secret is kept sealed with
 *   the app's secret box (an HMAC is checked with the secret itself, so a hash of it would not do);
 *   `key_id` is what a shop sends in X-Intake-Key, unique across companies. A new key replaces the
 *   row (the old id stops working at once); the row goes with its source.
 * - `intake_items`: the inbox. Every push and every order of an import is written here as received
 *   before anything else is done with it, then takes its outcome (held with its problems, created,
 *   updated, duplicate, superseded, dismissed) and the order it made or matched. At most one held
 *   item per source and external id (a partial unique index): identical pushes held at once are one
 *   item, the rest answer as its duplicates.
 * - `intake_settings`: per company, whether an arriving order may take a product's stock below zero.
 * - `orders.external_id`: the shop's order number; unique per source (a partial unique index), so
 *   that five identical pushes at the same moment make one order and take stock once, whatever the
 *   checks before the insert saw. Indexed per company for the list's search.
 * - `orders.address_check`: why the order's address needs a person's look (JSON: the part, the
 *   reason and the candidates), or null; a partial index serves the list's "to check" filter.
 */
export const intake: MigrationFactory = (engine) => ({
  async up(db: AnyDb) {
    await db.schema
      .createTable('source_intake_keys')
      .addColumn('source_id', 'integer', (c) => c.primaryKey().references('sources.id').onDelete('cascade'))
      .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('key_id', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('secret_sealed', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('last_used_at', 'bigint')
      .execute();

    await withId(db.schema.createTable('intake_items'), engine)
      .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('source_id', 'integer', (c) => c.notNull().references('sources.id'))
      .addColumn('external_id', 'varchar(64)')
      // push or import.
      .addColumn('via', 'varchar(10)', (c) => c.notNull())
      // The body as received (a push's raw JSON; an import's rows of one order with their numbers).
      .addColumn('payload', 'text', (c) => c.notNull())
      // The hash of the order as read (what a later push is compared with): null until it is read.
      .addColumn('fingerprint', 'varchar(64)')
      .addColumn('status', 'varchar(20)', (c) => c.notNull())
      // JSON: [{ key, params, field?, rows? }], the problems that hold it (or kept a change out).
      .addColumn('problems', 'text')
      .addColumn('order_id', 'integer', (c) => c.references('orders.id').onDelete('set null'))
      .addColumn('received_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('intake_items_company_status')
      .on('intake_items')
      .columns(['company_id', 'status', 'id'])
      .execute();
    await db.schema
      .createIndex('intake_items_company_source')
      .on('intake_items')
      .columns(['company_id', 'source_id', 'id'])
      .execute();
    await db.schema
      .createIndex('intake_items_source_external')
      .on('intake_items')
      .columns(['source_id', 'external_id', 'id'])
      .execute();
    await db.schema.createIndex('intake_items_order').on('intake_items').column('order_id').execute();
    await sql`create unique index intake_items_one_held on intake_items (source_id, external_id) where status = 'held' and external_id is not null`.execute(
      db,
    );

    await db.schema
      .createTable('intake_settings')
      .addColumn('company_id', 'integer', (c) => c.primaryKey().references('companies.id').onDelete('cascade'))
      .addColumn('oversell', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();

    await db.schema.alterTable('orders').addColumn('external_id', 'varchar(64)').execute();
    await db.schema.alterTable('orders').addColumn('address_check', 'text').execute();
    await sql`create unique index orders_source_external on orders (source_id, external_id) where external_id is not null`.execute(
      db,
    );
    await sql`create index orders_company_external on orders (company_id, external_id) where external_id is not null`.execute(
      db,
    );
    await sql`create index orders_company_address_check on orders (company_id, id) where address_check is not null`.execute(
      db,
    );
  },
  async down(db: AnyDb) {
    await sql`drop index if exists orders_company_address_check`.execute(db);
    await sql`drop index if exists orders_company_external`.execute(db);
    await sql`drop index if exists orders_source_external`.execute(db);
    await db.schema.alterTable('orders').dropColumn('address_check').execute();
    await db.schema.alterTable('orders').dropColumn('external_id').execute();
    await db.schema.dropTable('intake_settings').execute();
    await db.schema.dropTable('intake_items').execute();
    await db.schema.dropTable('source_intake_keys').execute();
  },
});
