import { sql } from 'kysely';
import type { AnyDb, MigrationFactory } from './helpers.js';

/**
 * A storno of an invoice going back to a shop, as the invoice does (migration 087): a trigger writes
 * a `shop_outbox` row `storno` when a storno document of an order of a connected source is issued
 * (its history event `invoice_storno`, data `{bill_number, storno, partial}`), in that transaction.
 * The buyer saw the invoice among the shop's order documents, so the document reversing it belongs
 * there too. A shop that takes no documents skips the row.
 */
export const shopOutboxStorno: MigrationFactory = (engine) => ({
  async up(db: AnyDb) {
    const columns = `company_id, connector_id, kind, ref, order_id, data, state, attempts, next_at, created_at`;
    const select = `select c.company_id, c.id, 'storno', o.external_id, o.id, new.data, 'waiting', 0, new.created_at, new.created_at
      from orders o join shop_connectors c on c.source_id = o.source_id
      where o.id = new.order_id and o.external_id is not null`;
    if (engine === 'postgres') {
      await sql
        .raw(
          `create function shop_outbox_of_storno() returns trigger language plpgsql as $$
          begin
            insert into shop_outbox (${columns}) ${select};
            return null;
          end $$`,
        )
        .execute(db);
      await sql`create trigger shop_outbox_of_storno after insert on order_events for each row
        when (new.type = 'invoice_storno') execute function shop_outbox_of_storno()`.execute(db);
      return;
    }
    await sql
      .raw(
        `create trigger shop_outbox_of_storno after insert on order_events
        when new.type = 'invoice_storno'
        begin
          insert into shop_outbox (${columns}) ${select};
        end`,
      )
      .execute(db);
  },
  async down(db: AnyDb) {
    if (engine === 'postgres') {
      await sql`drop trigger if exists shop_outbox_of_storno on order_events`.execute(db);
      await sql`drop function if exists shop_outbox_of_storno()`.execute(db);
    } else {
      await sql`drop trigger if exists shop_outbox_of_storno`.execute(db);
    }
  },
});
