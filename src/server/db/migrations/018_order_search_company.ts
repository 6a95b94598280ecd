import { sql } from 'kysely';
import type { MigrationFactory, AnyDb } from './helpers.js';

/**
 * The order's company on its customer details (a copy of orders.company_id, which never changes
 * after the order is made), so a name or email search filters the trigram index's matches by
 * company on the same row and stops after the few it needs, and walks the company's details newest
 * first on their own (company_id, order_id) index, which carries the name and email so the walk
 * never reads the table (an index-only scan) nor merges the details with the orders.
 * SQLite searches through its FTS5 table joined to the orders, but keeps the same column so every
 * insert is written once for both engines.
 */
export const orderSearchCompany: MigrationFactory = (engine) => ({
  async up(db: AnyDb) {
    if (engine === 'postgres') {
      await sql`alter table order_customer_details add column company_id integer`.execute(db);
      await sql`update order_customer_details d set company_id = o.company_id from orders o where o.id = d.order_id`.execute(
        db,
      );
      await sql`alter table order_customer_details alter column company_id set not null`.execute(db);
      await sql`create index order_customer_details_company on order_customer_details (company_id, order_id) include (name, email)`.execute(
        db,
      );
      return;
    }
    // SQLite adds a NOT NULL column only with a default; every row gets its real value at once.
    await sql`alter table order_customer_details add column company_id integer not null default 0`.execute(db);
    await sql`update order_customer_details set company_id = (select o.company_id from orders o where o.id = order_customer_details.order_id)`.execute(
      db,
    );
  },
  async down(db: AnyDb) {
    if (engine === 'postgres') await sql`drop index if exists order_customer_details_company`.execute(db);
    await sql`alter table order_customer_details drop column company_id`.execute(db);
  },
});
