import { sql } from 'kysely';
import type { AnyDb, MigrationFactory } from './helpers.js';

/**
 * Parcels that need the seller's attention, read from the tracking already polled (tracking
 * module, written through the order lifecycle):
 *
 * - `orders.attention`: why the order's parcel needs a look now (`refused`, `returning`,
 *   `failed_attempt`, `stalled`), or null; a partial index serves the list's `attention=1` and its
 *   kept count (bucket `attention` of `list_counts`) says how many without counting.
 * - `orders.attention_since`: when it entered (Unix seconds).
 * - `orders.attention_handled`: the reason a seller marked handled; the same reason read again
 *   keeps the order out of the list, another one brings it back, and none clears it.
 */
export const parcelAttention: MigrationFactory = () => ({
  async up(db: AnyDb) {
    await db.schema.alterTable('orders').addColumn('attention', 'varchar(20)').execute();
    await db.schema.alterTable('orders').addColumn('attention_since', 'bigint').execute();
    await db.schema.alterTable('orders').addColumn('attention_handled', 'varchar(20)').execute();
    await sql`create index orders_company_attention on orders (company_id, id) where attention is not null`.execute(db);
  },
  async down(db: AnyDb) {
    await sql`drop index if exists orders_company_attention`.execute(db);
    await db.schema.alterTable('orders').dropColumn('attention_handled').execute();
    await db.schema.alterTable('orders').dropColumn('attention_since').execute();
    await db.schema.alterTable('orders').dropColumn('attention').execute();
  },
});
