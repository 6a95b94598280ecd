import type { MigrationFactory, AnyDb } from './helpers.js';
import { withId } from './helpers.js';

export const products: MigrationFactory = (engine) => ({
  async up(db: AnyDb) {
    await withId(db.schema.createTable('products'), engine)
      .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('parent_id', 'integer', (c) => c.references('products.id').onDelete('cascade'))
      .addColumn('name', 'varchar(255)', (c) => c.notNull())
      .addColumn('description', 'text')
      .addColumn('sku', 'varchar(100)', (c) => c.notNull())
      .addColumn('sale_type', 'varchar(20)', (c) => c.notNull())
      .addColumn('stock', 'integer')
      .addColumn('selling_price', 'bigint')
      .addColumn('buying_price', 'bigint')
      .addColumn('currency', 'varchar(3)', (c) => c.notNull())
      .addColumn('image_path', 'varchar(255)')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    // SKU unique per company, parents and variations together.
    await db.schema.createIndex('products_company_sku').on('products').columns(['company_id', 'sku']).unique().execute();
    // Lists page top-level products of a company by id.
    await db.schema.createIndex('products_company_parent_id').on('products').columns(['company_id', 'parent_id', 'id']).execute();
    await db.schema.createIndex('products_parent').on('products').column('parent_id').execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('products').execute();
  },
});
