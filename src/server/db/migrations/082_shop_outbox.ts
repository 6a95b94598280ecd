import { sql } from 'kysely';
import type { AnyDb, MigrationFactory } from './helpers.js';
import { withId } from './helpers.js';

/**
 * What goes back to a connected shop (the connectors module's outbox): `shop_outbox`, one row per
 * update to send (`order_note`: an AWB's note, `order_status`: completed or cancelled, `stock`: a
 * SKU's quantity), sent by a job and kept with its outcome (`waiting`, `sent`, `failed` with the
 * shop's words, `skipped`: a product the shop does not have, told once).
 *
 * The rows are written by triggers, in the transaction of the change that causes them, whichever
 * module made it: an order's history event (`order_events`: `awb_created`, `status_changed` to
 * completed, `cancelled` unless the shop itself cancelled it) of an order of a connected source, and a
 * product's stock changed in a company with a connector. A trigger cannot be forgotten by a new
 * writer, costs no round trip, and needs no module to import the connectors. A waiting stock row of
 * the same SKU is not written twice: the sender reads the quantity when it sends (changes coalesce).
 */
const ORDER_EVENT_FILTER = (json: (path: string) => string) => `
  (new.type = 'awb_created'
    or (new.type = 'status_changed' and ${json('to')} = 'completed')
    or (new.type = 'cancelled' and c.cancel_in_shop = 1 and ${json('by_shop')} is null))`;

export const shopOutbox: MigrationFactory = (engine) => ({
  async up(db: AnyDb) {
    await withId(db.schema.createTable('shop_outbox'), engine)
      .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('connector_id', 'integer', (c) => c.notNull().references('shop_connectors.id').onDelete('cascade'))
      .addColumn('kind', 'varchar(20)', (c) => c.notNull())
      // The shop's order id (order_note, order_status) or the SKU (stock).
      .addColumn('ref', 'varchar(100)', (c) => c.notNull())
      .addColumn('order_id', 'integer')
      // JSON: the event's data (courier, awb) or the status to set.
      .addColumn('data', 'text', (c) => c.notNull())
      .addColumn('state', 'varchar(10)', (c) => c.notNull().defaultTo('waiting'))
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_at', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('last_error', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('sent_at', 'bigint')
      .execute();
    await sql`create index shop_outbox_waiting on shop_outbox (connector_id, next_at, id) where state = 'waiting'`.execute(
      db,
    );
    await db.schema
      .createIndex('shop_outbox_connector')
      .on('shop_outbox')
      .columns(['connector_id', 'state', 'id'])
      .execute();
    await db.schema
      .createIndex('shop_outbox_ref')
      .on('shop_outbox')
      .columns(['connector_id', 'kind', 'ref', 'state'])
      .execute();

    const columns = `company_id, connector_id, kind, ref, order_id, data, state, attempts, next_at, created_at`;
    if (engine === 'postgres') {
      const json = (p: string) => `(new.data::jsonb ->> '${p}')`;
      await sql
        .raw(
          `create function shop_outbox_of_order_event() returns trigger language plpgsql as $$
          begin
            insert into shop_outbox (${columns})
            select c.company_id, c.id,
              case new.type when 'awb_created' then 'order_note' else 'order_status' end,
              o.external_id, o.id,
              case new.type when 'awb_created' then new.data
                when 'cancelled' then '{"status":"cancelled"}' else '{"status":"completed"}' end,
              'waiting', 0, new.created_at, new.created_at
            from orders o join shop_connectors c on c.source_id = o.source_id
            where o.id = new.order_id and o.external_id is not null and ${ORDER_EVENT_FILTER(json)};
            return null;
          end $$`,
        )
        .execute(db);
      await sql`create trigger shop_outbox_of_order_event after insert on order_events for each row
        when (new.type in ('awb_created', 'status_changed', 'cancelled'))
        execute function shop_outbox_of_order_event()`.execute(db);
      await sql
        .raw(
          `create function shop_outbox_of_stock() returns trigger language plpgsql as $$
          begin
            insert into shop_outbox (${columns})
            select c.company_id, c.id, 'stock', new.sku, null, '{}', 'waiting', 0, 0,
              cast(extract(epoch from now()) as bigint)
            from shop_connectors c
            where c.company_id = new.company_id and c.sync_stock = 1
              and not exists (select 1 from shop_outbox b where b.connector_id = c.id and b.kind = 'stock'
                and b.ref = new.sku and b.state = 'waiting');
            return null;
          end $$`,
        )
        .execute(db);
      await sql`create trigger shop_outbox_of_stock after update of stock on products for each row
        when (new.stock is distinct from old.stock and new.sku <> '')
        execute function shop_outbox_of_stock()`.execute(db);
      return;
    }
    const json = (p: string) => `json_extract(new.data, '$.${p}')`;
    await sql
      .raw(
        `create trigger shop_outbox_of_order_event after insert on order_events
        when new.type in ('awb_created', 'status_changed', 'cancelled')
        begin
          insert into shop_outbox (${columns})
          select c.company_id, c.id,
            case new.type when 'awb_created' then 'order_note' else 'order_status' end,
            o.external_id, o.id,
            case new.type when 'awb_created' then new.data
              when 'cancelled' then '{"status":"cancelled"}' else '{"status":"completed"}' end,
            'waiting', 0, new.created_at, new.created_at
          from orders o join shop_connectors c on c.source_id = o.source_id
          where o.id = new.order_id and o.external_id is not null and ${ORDER_EVENT_FILTER(json)};
        end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger shop_outbox_of_stock after update of stock on products
        when new.stock is not old.stock and new.sku <> ''
        begin
          insert into shop_outbox (${columns})
          select c.company_id, c.id, 'stock', new.sku, null, '{}', 'waiting', 0, 0, cast(strftime('%s', 'now') as integer)
          from shop_connectors c
          where c.company_id = new.company_id and c.sync_stock = 1
            and not exists (select 1 from shop_outbox b where b.connector_id = c.id and b.kind = 'stock'
              and b.ref = new.sku and b.state = 'waiting');
        end`,
      )
      .execute(db);
  },
  async down(db: AnyDb) {
    if (engine === 'postgres') {
      await sql`drop trigger if exists shop_outbox_of_order_event on order_events`.execute(db);
      await sql`drop trigger if exists shop_outbox_of_stock on products`.execute(db);
      await sql`drop function if exists shop_outbox_of_order_event()`.execute(db);
      await sql`drop function if exists shop_outbox_of_stock()`.execute(db);
    } else {
      await sql`drop trigger if exists shop_outbox_of_order_event`.execute(db);
      await sql`drop trigger if exists shop_outbox_of_stock`.execute(db);
    }
    await db.schema.dropTable('shop_outbox').execute();
  },
});
