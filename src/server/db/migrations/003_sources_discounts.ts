import type { MigrationFactory, AnyDb } from './helpers.js';
import { withId } from './helpers.js';

/**
 * Sources (the channels orders come from), order discounts (by order value) and product discounts
 * (by quantity of a product). Money is integer bani; a percentage value is stored in hundredths of
 * a percent (12.5 % -> 1250); a shipping discount stores no value (null).
 */
export const sourcesDiscounts: MigrationFactory = (engine) => ({
  async up(db: AnyDb) {
    await withId(db.schema.createTable('sources'), engine)
      .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('source', 'varchar(255)', (c) => c.notNull())
      .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    // Lists page a company's sources by id; a name is unique within a company.
    await db.schema.createIndex('sources_company_id').on('sources').columns(['company_id', 'id']).execute();
    await db.schema
      .createIndex('sources_company_source')
      .on('sources')
      .columns(['company_id', 'source'])
      .unique()
      .execute();

    await withId(db.schema.createTable('order_discounts'), engine)
      .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
      // No ON DELETE action: a source in use is not deleted (the API answers 409 first).
      .addColumn('source_id', 'integer', (c) => c.notNull().references('sources.id'))
      .addColumn('type', 'varchar(20)', (c) => c.notNull())
      .addColumn('order_value', 'bigint', (c) => c.notNull())
      .addColumn('value', 'bigint')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('order_discounts_company_id')
      .on('order_discounts')
      .columns(['company_id', 'id'])
      .execute();
    await db.schema.createIndex('order_discounts_source').on('order_discounts').column('source_id').execute();

    await withId(db.schema.createTable('product_discounts'), engine)
      .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
      // A discount of a deleted product means nothing: it goes with the product.
      .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
      .addColumn('type', 'varchar(20)', (c) => c.notNull())
      .addColumn('quantity', 'integer', (c) => c.notNull())
      .addColumn('value', 'bigint')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('product_discounts_company_id')
      .on('product_discounts')
      .columns(['company_id', 'id'])
      .execute();
    await db.schema.createIndex('product_discounts_product').on('product_discounts').column('product_id').execute();
  },
  async down(db: AnyDb) {
    for (const t of ['product_discounts', 'order_discounts', 'sources']) await db.schema.dropTable(t).execute();
  },
});
