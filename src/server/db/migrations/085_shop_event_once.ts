import { sql } from 'kysely';
import type { AnyDb, MigrationFactory } from './helpers.js';

/**
 * A shop's webhook delivery is stored once (the connectors module): shops send one again (Shopify
 * retries a delivery it thinks failed and sometimes repeats one that did not, with the same
 * `X-Shopify-Event-Id`), and a repeat must be answered 200 without being stored or worked again.
 * A unique index on the delivery id per connector decides it, so two copies arriving at once store
 * one. Deliveries without an id (null) are not concerned. Copies stored before this lose their id
 * (all but the first), so the index can be made.
 */
export const shopEventOnce: MigrationFactory = () => ({
  async up(db: AnyDb) {
    await sql`update shop_events set delivery_id = null
      where delivery_id is not null
        and id not in (select min(id) from shop_events where delivery_id is not null group by connector_id, delivery_id)`.execute(
      db,
    );
    await sql`create unique index shop_events_delivery on shop_events (connector_id, delivery_id) where delivery_id is not null`.execute(
      db,
    );
  },
  async down(db: AnyDb) {
    await sql`drop index shop_events_delivery`.execute(db);
  },
});
