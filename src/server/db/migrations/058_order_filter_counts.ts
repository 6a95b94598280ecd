import { sql } from 'kysely';
import type { MigrationFactory, AnyDb } from './helpers.js';

/**
 * The filtered tab counts read from an index alone. They group the matching orders by status and
 * invoice status (queries.ts, `tabCounts`), and migration 036's indexes carried the status but not
 * the invoice status, so every match was read from the table as well (a month of one courier:
 * thousands of rows; the orders without an AWB: a third of the company's). Each filter's index
 * now carries both:
 * - a courier and a creation range: (company_id, courier, created_at) with status and invoice status
 *   for the counts, and (company_id, courier, id) with created_at for the page, newest first: an
 *   older month's page had PostgreSQL walk the company's orders newest first until ten matched
 *   (80 ms at 200,000 orders), now the courier's own entries, the dates read from the index (0.7 ms);
 * - no AWB yet: the partial index by status also by invoice status. On SQLite both partial indexes
 *   also list `awb` itself: SQLite counts an index as covering only when it holds every column the
 *   query names, the partial index's own condition included, so without it the count and the page
 *   read the table too, and its planner, finding both equally costly, walked the company's orders
 *   (orders_company_id) instead;
 * - a flagged customer: the customer's orders by (customer_id, company_id, id), which the search by
 *   phone and the customer's page read too, with status and invoice status.
 * SQLite keeps the row id in every index, so its indexes list the columns; PostgreSQL includes them.
 */
export const orderFilterCounts: MigrationFactory = (engine) => ({
  async up(db: AnyDb) {
    for (const name of ['orders_company_courier_created', 'orders_no_awb_status', 'orders_customer_company_id'])
      await db.schema.dropIndex(name).execute();
    if (engine === 'postgres') {
      // PostgreSQL reads a partial index alone when the query's condition is the index's own.
      await sql`create index orders_company_courier_created on orders (company_id, courier, created_at) include (status, invoice_status, id)`.execute(
        db,
      );
      await sql`create index orders_company_courier_id on orders (company_id, courier, id) include (created_at)`.execute(
        db,
      );
      await sql`create index orders_no_awb_status on orders (company_id, status, invoice_status, id) where awb is null`.execute(
        db,
      );
      await sql`create index orders_customer_company_id on orders (customer_id, company_id, id) include (status, invoice_status)`.execute(
        db,
      );
    } else {
      await sql`create index orders_company_courier_created on orders (company_id, courier, created_at, status, invoice_status)`.execute(
        db,
      );
      await sql`create index orders_company_courier_id on orders (company_id, courier, id, created_at)`.execute(db);
      await db.schema.dropIndex('orders_no_awb').execute();
      await sql`create index orders_no_awb on orders (company_id, id, status, awb) where awb is null`.execute(db);
      await sql`create index orders_no_awb_status on orders (company_id, status, invoice_status, id, awb) where awb is null`.execute(
        db,
      );
      await sql`create index orders_customer_company_id on orders (customer_id, company_id, id, status, invoice_status)`.execute(
        db,
      );
    }
  },
  async down(db: AnyDb) {
    for (const name of [
      'orders_company_courier_created',
      'orders_company_courier_id',
      'orders_no_awb_status',
      'orders_customer_company_id',
    ])
      await db.schema.dropIndex(name).execute();
    if (engine === 'postgres') {
      await sql`create index orders_company_courier_created on orders (company_id, courier, created_at) include (status, id)`.execute(
        db,
      );
      await sql`create index orders_no_awb_status on orders (company_id, status, id) where awb is null`.execute(db);
    } else {
      await sql`create index orders_company_courier_created on orders (company_id, courier, created_at, status)`.execute(
        db,
      );
      await db.schema.dropIndex('orders_no_awb').execute();
      await sql`create index orders_no_awb on orders (company_id, id, status) where awb is null`.execute(db);
      await sql`create index orders_no_awb_status on orders (company_id, status, id) where awb is null`.execute(db);
    }
    await sql`create index orders_customer_company_id on orders (customer_id, company_id, id)`.execute(db);
  },
});
