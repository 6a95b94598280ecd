import { sql } from 'kysely';
import type { AnyDb, MigrationFactory } from './helpers.js';
import { withId } from './helpers.js';

/**
 * Public document links and the invoice going back to a shop.
 *
 * - `public_documents` (the public-documents module): a document of an order (an AWB's label, an
 *   invoice) reachable without a session at `/api/v1/public/documents/<token>.pdf`, for a shop that
 *   downloads it itself (eMAG fetches an attachment's PDF without auth). `token` is random (256
 *   bits, unguessable), one per order, kind and document (`ref`: the AWB or the invoice's number),
 *   `revoked_at` ends it (404 from then on).
 * - A trigger writes a `shop_outbox` row `invoice` when an invoice of an order of a connected source
 *   is issued (its history event `invoice_created`), in that transaction, as migration 082's triggers
 *   do for the AWB and the statuses. A shop that takes no invoice skips the row.
 */
export const publicDocuments: MigrationFactory = (engine) => ({
  async up(db: AnyDb) {
    await withId(db.schema.createTable('public_documents'), engine)
      .addColumn('token', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
      .addColumn('kind', 'varchar(20)', (c) => c.notNull())
      .addColumn('ref', 'varchar(100)', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('revoked_at', 'bigint')
      .execute();
    await db.schema
      .createIndex('public_documents_document')
      .on('public_documents')
      .columns(['order_id', 'kind', 'ref'])
      .unique()
      .execute();

    const columns = `company_id, connector_id, kind, ref, order_id, data, state, attempts, next_at, created_at`;
    const select = `select c.company_id, c.id, 'invoice', o.external_id, o.id, new.data, 'waiting', 0, new.created_at, new.created_at
      from orders o join shop_connectors c on c.source_id = o.source_id
      where o.id = new.order_id and o.external_id is not null`;
    if (engine === 'postgres') {
      await sql
        .raw(
          `create function shop_outbox_of_invoice() returns trigger language plpgsql as $$
          begin
            insert into shop_outbox (${columns}) ${select};
            return null;
          end $$`,
        )
        .execute(db);
      await sql`create trigger shop_outbox_of_invoice after insert on order_events for each row
        when (new.type = 'invoice_created') execute function shop_outbox_of_invoice()`.execute(db);
      return;
    }
    await sql
      .raw(
        `create trigger shop_outbox_of_invoice after insert on order_events
        when new.type = 'invoice_created'
        begin
          insert into shop_outbox (${columns}) ${select};
        end`,
      )
      .execute(db);
  },
  async down(db: AnyDb) {
    if (engine === 'postgres') {
      await sql`drop trigger if exists shop_outbox_of_invoice on order_events`.execute(db);
      await sql`drop function if exists shop_outbox_of_invoice()`.execute(db);
    } else {
      await sql`drop trigger if exists shop_outbox_of_invoice`.execute(db);
    }
    await db.schema.dropTable('public_documents').execute();
  },
});
