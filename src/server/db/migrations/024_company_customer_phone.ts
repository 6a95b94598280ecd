import { sql } from 'kysely';
import type { MigrationFactory, AnyDb } from './helpers.js';

/**
 * The phone number a company knows its customer by, on the company's own view of the customer
 * (company_customers), beside the name and email it already keeps there. Everything a company is
 * shown of its customer (lists, order rows and details, invoices, the phone search) reads it
 * there, never from the shared person row, and a company's change of the number re-links its own
 * view to the person of the new number without writing anything another company reads.
 * - Filled from the person's number (customers.phone_number), which it equals on every row: the
 *   customer is the person of that number, and the person's number is no longer changed.
 * - Unique per company: one customer per number in a company (as the person is unique per
 *   number), and the index that finds the company's customer by phone (the searches).
 */
export const companyCustomerPhone: MigrationFactory = (engine) => ({
  async up(db: AnyDb) {
    if (engine === 'postgres') {
      await sql`alter table company_customers add column phone_number varchar(20)`.execute(db);
      await sql`update company_customers cc set phone_number = c.phone_number from customers c where c.id = cc.customer_id`.execute(
        db,
      );
      await sql`alter table company_customers alter column phone_number set not null`.execute(db);
    } else {
      // SQLite adds a NOT NULL column only with a default; every row gets its real value at once.
      await sql`alter table company_customers add column phone_number varchar(20) not null default ''`.execute(db);
      await sql`update company_customers set phone_number = (select c.phone_number from customers c where c.id = company_customers.customer_id)`.execute(
        db,
      );
    }
    await db.schema
      .createIndex('company_customers_phone')
      .on('company_customers')
      .columns(['company_id', 'phone_number'])
      .unique()
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropIndex('company_customers_phone').execute();
    await db.schema.alterTable('company_customers').dropColumn('phone_number').execute();
  },
});
