import { sql } from 'kysely';
import type { MigrationFactory, AnyDb } from './helpers.js';

/**
 * The orders list's filters (modules/orders/filter.ts) find their rows without reading the
 * company's whole history:
 * - a courier and a creation range: (company_id, courier, created_at), the status and id carried
 *   along so a tab count and a page's ids are read from the index alone;
 * - no AWB yet: partial indexes of the orders without one, by id (a page) and by status and id
 *   (the tab counts); the filter writes `o.awb is null` word for word, as SQLite's partial index needs;
 * - a flagged customer: the filter starts from the flags and reads orders_customer_company_id (010).
 */
export const orderFilters: MigrationFactory = (engine) => ({
  async up(db: AnyDb) {
    if (engine === 'postgres') {
      await sql`create index orders_company_courier_created on orders (company_id, courier, created_at) include (status, id)`.execute(
        db,
      );
      await sql`create index orders_no_awb on orders (company_id, id) include (status) where awb is null`.execute(db);
      await sql`create index orders_no_awb_status on orders (company_id, status, id) where awb is null`.execute(db);
    } else {
      await sql`create index orders_company_courier_created on orders (company_id, courier, created_at, status)`.execute(
        db,
      );
      await sql`create index orders_no_awb on orders (company_id, id, status) where awb is null`.execute(db);
      await sql`create index orders_no_awb_status on orders (company_id, status, id) where awb is null`.execute(db);
    }
  },
  async down(db: AnyDb) {
    for (const name of ['orders_company_courier_created', 'orders_no_awb', 'orders_no_awb_status'])
      await db.schema.dropIndex(name).execute();
  },
});
