import { sql } from 'kysely';
import type { MigrationFactory, AnyDb } from './helpers.js';
import { withId } from './helpers.js';
import type { Engine } from '../connection.js';
import { SEARCH_TOKENIZER } from './084_search_without_marks.js';

/**
 * Orders, their customers and the shared flags. Money is integer bani, times Unix seconds.
 *
 * - customers: a person, identified by the normalised phone number, shared by every company.
 * - company_customers: who ordered from which company (the customers list and its count), with
 *   the name and email that company last took, so one company never sees another's details.
 * - orders: one row per order with its totals kept up to date by the service; the customer's
 *   details for this order live in order_customer_details (one row per order).
 * - order_products: lines, copying the product's name, SKU, price and currency.
 * - applied_discounts: discounts of an order (automatic or by hand), per line or order-level.
 * - order_events: the history of each order.
 * - flags: one per (customer, company), seen by every company.
 * - The counts of the orders list (by status) and of the customers list live in list_counts
 *   (migration 011), changed by the service in the same transaction as every write, so a list's
 *   meta.total never counts the orders table.
 *
 * Indexes: every list page and search walks an index of (company, id) newest first and stops at
 * the page; nothing scans the orders table.
 */
export const orders: MigrationFactory = (engine) => ({
  async up(db: AnyDb) {
    // The company's default client shipping cost, taken by new orders.
    await db.schema
      .alterTable('companies')
      .addColumn('shipping_cost', 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();

    await withId(db.schema.createTable('customers'), engine)
      .addColumn('phone_number', 'varchar(20)', (c) => c.notNull().unique())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('company_customers')
      .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('cascade'))
      .addColumn('name', 'varchar(255)', (c) => c.notNull())
      .addColumn('email', 'varchar(255)')
      .addColumn('orders_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('company_customers_pk', ['company_id', 'customer_id'])
      .execute();
    await db.schema.createIndex('company_customers_customer').on('company_customers').column('customer_id').execute();

    await withId(db.schema.createTable('flags'), engine)
      .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('cascade'))
      .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('reason', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    // One flag per company and customer; the unique index also serves "flags of these customers".
    await db.schema
      .createIndex('flags_customer_company')
      .on('flags')
      .columns(['customer_id', 'company_id'])
      .unique()
      .execute();

    await withId(db.schema.createTable('orders'), engine)
      .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id'))
      // No ON DELETE action: a source with orders is not deleted (the sources API answers 409).
      .addColumn('source_id', 'integer', (c) => c.references('sources.id'))
      .addColumn('status', 'varchar(30)', (c) => c.notNull())
      .addColumn('courier', 'varchar(30)')
      .addColumn('courier_status', 'varchar(30)')
      .addColumn('awb', 'varchar(64)')
      .addColumn('bill_number', 'varchar(64)')
      .addColumn('value', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('discount', 'bigint', (c) => c.notNull().defaultTo(0))
      // The order's own shipping cost (the company's default when made); client_shipping_cost is 0 with free shipping.
      .addColumn('shipping_cost', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('client_shipping_cost', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('total_value', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('observations', 'text')
      .addColumn('details', 'text')
      .addColumn('coupon_code', 'varchar(64)')
      .addColumn('created_by', 'integer')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    // Newest first per company (ids grow with creation time), per status, per customer.
    await db.schema.createIndex('orders_company_id').on('orders').columns(['company_id', 'id']).execute();
    await db.schema
      .createIndex('orders_company_status_id')
      .on('orders')
      .columns(['company_id', 'status', 'id'])
      .execute();
    await db.schema
      .createIndex('orders_customer_company_id')
      .on('orders')
      .columns(['customer_id', 'company_id', 'id'])
      .execute();
    await db.schema.createIndex('orders_source').on('orders').column('source_id').execute();

    await db.schema
      .createTable('order_customer_details')
      .addColumn('order_id', 'integer', (c) => c.primaryKey().references('orders.id').onDelete('cascade'))
      .addColumn('name', 'varchar(255)', (c) => c.notNull())
      // The phone number is the customer's (customers.phone_number): a change reaches every order.
      .addColumn('email', 'varchar(255)')
      .addColumn('county', 'varchar(100)')
      .addColumn('county_id', 'integer')
      .addColumn('city', 'varchar(100)')
      .addColumn('city_id', 'integer')
      .addColumn('street', 'varchar(255)')
      .addColumn('street_id', 'integer')
      .addColumn('street_number', 'varchar(50)')
      .addColumn('zip_code', 'varchar(20)')
      .addColumn('address', 'varchar(255)')
      .addColumn('company_name', 'varchar(255)')
      .addColumn('vat_number', 'varchar(50)')
      .addColumn('company_address', 'varchar(255)')
      .addColumn('company_city', 'varchar(100)')
      .addColumn('company_county', 'varchar(100)')
      .execute();

    await withId(db.schema.createTable('order_products'), engine)
      .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
      // A product deleted later leaves the line (its name, SKU and price are copied here).
      .addColumn('product_id', 'integer', (c) => c.references('products.id').onDelete('set null'))
      .addColumn('name', 'varchar(255)', (c) => c.notNull())
      .addColumn('sku', 'varchar(100)', (c) => c.notNull())
      .addColumn('price', 'bigint', (c) => c.notNull())
      .addColumn('currency', 'varchar(3)', (c) => c.notNull())
      .addColumn('quantity', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('order_products_order').on('order_products').columns(['order_id', 'id']).execute();
    await db.schema.createIndex('order_products_product').on('order_products').column('product_id').execute();

    await withId(db.schema.createTable('applied_discounts'), engine)
      .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
      .addColumn('order_product_id', 'integer', (c) => c.references('order_products.id').onDelete('cascade'))
      // order | product (automatic), coupon, manual
      .addColumn('kind', 'varchar(20)', (c) => c.notNull())
      .addColumn('type', 'varchar(20)', (c) => c.notNull())
      // bani for amount, hundredths of a percent for percentage, null for shipping
      .addColumn('value', 'bigint')
      .addColumn('quantity', 'integer')
      .addColumn('coupon', 'varchar(64)')
      // The rule it came from (no foreign key: the discount keeps its copy when the rule goes).
      .addColumn('rule_id', 'integer')
      // What it takes from the order (bani), kept with the totals.
      .addColumn('amount', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('applied_discounts_order')
      .on('applied_discounts')
      .columns(['order_id', 'id'])
      .execute();
    await db.schema.createIndex('applied_discounts_line').on('applied_discounts').column('order_product_id').execute();

    await withId(db.schema.createTable('order_events'), engine)
      .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('type', 'varchar(40)', (c) => c.notNull())
      .addColumn('data', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('order_events_order').on('order_events').columns(['order_id', 'id']).execute();

    await createOrderSearch(db, engine);
  },
  async down(db: AnyDb) {
    await dropOrderSearch(db, engine);
    for (const t of [
      'order_events',
      'applied_discounts',
      'order_products',
      'order_customer_details',
      'orders',
      'flags',
      'company_customers',
      'customers',
    ]) {
      await db.schema.dropTable(t).execute();
    }
    await db.schema.alterTable('companies').dropColumn('shipping_cost').execute();
  },
});

/**
 * Substring search of the customer's name and email, newest order first: pg_trgm GIN indexes on
 * PostgreSQL; on SQLite an FTS5 trigram table whose rowid is the order id (a match walks rowids
 * newest first and stops at the page), kept by triggers and filled from the rows already there.
 * Exported so a bulk load (the benchmark) can drop it, load, and build it once.
 */
export async function createOrderSearch(db: AnyDb, engine: Engine): Promise<void> {
  if (engine === 'postgres') {
    await sql`create extension if not exists pg_trgm schema public`.execute(db);
    // fastupdate off: no pending list for the planner to distrust after bulk writes.
    await sql`create index order_customer_details_name_trgm on order_customer_details using gin (name public.gin_trgm_ops) with (fastupdate = off)`.execute(
      db,
    );
    await sql`create index order_customer_details_email_trgm on order_customer_details using gin (email public.gin_trgm_ops) with (fastupdate = off)`.execute(
      db,
    );
    return;
  }
  // The tokenizer the migrations end with (084: marks dropped), so a bulk load building it anew builds that.
  await sql`create virtual table orders_search using fts5(text, tokenize = ${sql.lit(SEARCH_TOKENIZER)})`.execute(db);
  await sql`insert into orders_search (rowid, text) select order_id, name || ' ' || coalesce(email, '') from order_customer_details`.execute(
    db,
  );
  await sql`create trigger orders_search_insert after insert on order_customer_details begin
    insert into orders_search (rowid, text) values (new.order_id, new.name || ' ' || coalesce(new.email, '')); end`.execute(
    db,
  );
  await sql`create trigger orders_search_update after update of name, email on order_customer_details begin
    update orders_search set text = new.name || ' ' || coalesce(new.email, '') where rowid = new.order_id; end`.execute(
    db,
  );
  await sql`create trigger orders_search_delete after delete on order_customer_details begin
    delete from orders_search where rowid = old.order_id; end`.execute(db);
}

export async function dropOrderSearch(db: AnyDb, engine: Engine): Promise<void> {
  if (engine === 'postgres') {
    await sql`drop index if exists order_customer_details_name_trgm`.execute(db);
    await sql`drop index if exists order_customer_details_email_trgm`.execute(db);
    return;
  }
  for (const t of ['orders_search_insert', 'orders_search_update', 'orders_search_delete'])
    await sql`drop trigger if exists ${sql.id(t)}`.execute(db);
  await sql`drop table if exists orders_search`.execute(db);
}
