import { sql } from 'kysely';
import type { MigrationFactory, AnyDb } from './helpers.js';

/**
 * AWB tracking walks the open AWBs of one company at one courier in pages by id. This partial
 * index holds only those orders (an AWB whose courier status is not final: delivered, returning),
 * so a pass reads a few entries per open parcel and never the company's whole order history.
 * The tracking query repeats the predicate word for word (tracking/queries.ts OPEN_AWB_PREDICATE):
 * SQLite uses a partial index only then.
 */
export const tracking: MigrationFactory = () => ({
  async up(db: AnyDb) {
    await sql`create index orders_open_awbs on orders (company_id, courier, id) where awb is not null and courier_status not in ('delivered', 'returning')`.execute(
      db,
    );
  },
  async down(db: AnyDb) {
    await db.schema.dropIndex('orders_open_awbs').execute();
  },
});
