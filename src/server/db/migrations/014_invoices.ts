import { sql } from 'kysely';
import type { MigrationFactory, AnyDb } from './helpers.js';
import { withId } from './helpers.js';

/**
 * SmartBill documents of orders: invoices and their storno documents, with their lines.
 *
 * `invoices` holds both kinds (`kind` 'invoice' or 'storno'; a storno names the invoice it
 * reverses in `reverses_id`). A document is written as `pending` BEFORE SmartBill is asked (in
 * the transaction that checks the order), then becomes `issued`, `failed` (SmartBill said no, or
 * it was checked and does not exist) or `unknown` (no clear answer: it may exist at SmartBill and
 * is resolved before anything else is allowed). An invoice later becomes `partially_storno`,
 * `storno`, `cancelled` or `deleted`.
 *
 * Never two invoices for one order: a partial UNIQUE index admits one invoice per order among the
 * states that hold the order (pending, unknown, issued, partially_storno, storno), and one storno
 * in flight (pending, unknown) per order. Two requests at the same moment: one inserts, the other
 * meets the index (or the order's row lock first) and answers 409.
 *
 * `expected_number` is the series' next number read right before the create: SmartBill has no
 * lookup by our reference, so an unknown document is looked for from that number on.
 *
 * `invoice_lines`: the lines as sent (prices in bani, tax included), per line the order line it
 * came from and what storno documents reversed of it so far (`reversed` units, `reversed_value`
 * bani), so a line is never reversed twice. A storno document's lines name the invoice line they
 * reverse (`reverses_line_id`) with the units and bani they take back.
 */
export const invoices: MigrationFactory = (engine) => ({
  async up(db: AnyDb) {
    await withId(db.schema.createTable('invoices'), engine)
      .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
      .addColumn('kind', 'varchar(10)', (c) => c.notNull())
      .addColumn('reverses_id', 'integer', (c) => c.references('invoices.id').onDelete('cascade'))
      .addColumn('state', 'varchar(20)', (c) => c.notNull())
      .addColumn('series', 'varchar(64)', (c) => c.notNull())
      .addColumn('number', 'varchar(32)')
      .addColumn('expected_number', 'varchar(32)')
      // Signed: a storno document's total is negative.
      .addColumn('total', 'bigint', (c) => c.notNull())
      // Storno documents: true when every line left was reversed (SmartBill's own reverse, or the last partial one).
      .addColumn('full_reversal', 'integer', (c) => c.notNull().defaultTo(0))
      // JSON of the client as sent (a partial storno goes to the same client as its invoice).
      .addColumn('client', 'text', (c) => c.notNull())
      .addColumn('error', 'varchar(500)')
      .addColumn('created_by', 'integer')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('issued_at', 'bigint')
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('invoices_order').on('invoices').columns(['order_id', 'id']).execute();
    // The background check walks the unknown documents only.
    await db.schema.createIndex('invoices_state').on('invoices').columns(['state', 'id']).execute();
    // A number is ours once: the resolution never adopts a document another row already holds.
    await db.schema.createIndex('invoices_number').on('invoices').columns(['company_id', 'series', 'number']).execute();
    await db.schema
      .createIndex('invoices_one_per_order')
      .on('invoices')
      .column('order_id')
      .unique()
      .where(
        sql.raw<boolean>(
          `kind = 'invoice' and state in ('pending', 'unknown', 'issued', 'partially_storno', 'storno')`,
        ),
      )
      .execute();
    await db.schema
      .createIndex('invoices_one_storno_in_flight')
      .on('invoices')
      .column('order_id')
      .unique()
      .where(sql.raw<boolean>(`kind = 'storno' and state in ('pending', 'unknown')`))
      .execute();

    await withId(db.schema.createTable('invoice_lines'), engine)
      .addColumn('invoice_id', 'integer', (c) => c.notNull().references('invoices.id').onDelete('cascade'))
      .addColumn('position', 'integer', (c) => c.notNull())
      // product, shipping or discount.
      .addColumn('kind', 'varchar(10)', (c) => c.notNull())
      .addColumn('order_product_id', 'integer', (c) => c.references('order_products.id').onDelete('set null'))
      // A discount line of one product line: that line's position; null for an order-level discount.
      .addColumn('discount_of', 'integer')
      .addColumn('reverses_line_id', 'integer', (c) => c.references('invoice_lines.id').onDelete('cascade'))
      .addColumn('name', 'varchar(255)', (c) => c.notNull())
      .addColumn('code', 'varchar(100)')
      .addColumn('quantity', 'integer', (c) => c.notNull())
      // Bani, tax included; for a discount line the bani it takes off.
      .addColumn('unit_price', 'bigint', (c) => c.notNull())
      // A discount line: how many product lines just before it the discount covers (SmartBill's numberOfItems).
      .addColumn('applies_to', 'integer')
      .addColumn('vat_name', 'varchar(50)', (c) => c.notNull())
      .addColumn('vat_percentage', 'integer', (c) => c.notNull())
      .addColumn('reversed', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('reversed_value', 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createIndex('invoice_lines_invoice')
      .on('invoice_lines')
      .columns(['invoice_id', 'position'])
      .execute();
    await db.schema.createIndex('invoice_lines_reverses').on('invoice_lines').column('reverses_line_id').execute();
    await db.schema.createIndex('invoice_lines_order_product').on('invoice_lines').column('order_product_id').execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('invoice_lines').execute();
    await db.schema.dropTable('invoices').execute();
  },
});
