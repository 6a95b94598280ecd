import type { MigrationFactory, AnyDb } from './helpers.js';
import { withId } from './helpers.js';

export const products: MigrationFactory = (engine) => ({
  async up(db: AnyDb) {
    await withId(db.schema.createTable('products'), engine)
      .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
      // Deleting a parent deletes its variations.
      .addColumn('parent_id', 'integer', (c) => c.references('products.id').onDelete('cascade'))
      .addColumn('name', 'varchar(255)', (c) => c.notNull())
      .addColumn('description', 'text')
      .addColumn('sku', 'varchar(100)', (c) => c.notNull())
      .addColumn('sale_type', 'varchar(20)', (c) => c.notNull())
      // Stock and selling price are null for a product with variations (each variation has its own).
      .addColumn('stock', 'integer')
      .addColumn('selling_price', 'bigint')
      .addColumn('buying_price', 'bigint')
      .addColumn('currency', 'varchar(3)', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    // SKU unique per company, parents and variations together.
    await db.schema
      .createIndex('products_company_sku')
      .on('products')
      .columns(['company_id', 'sku'])
      .unique()
      .execute();
    // Lists page top-level products of a company by id.
    await db.schema
      .createIndex('products_company_parent_id')
      .on('products')
      .columns(['company_id', 'parent_id', 'id'])
      .execute();
    // The variations of a page of parents (one IN query) and the EXISTS of a search.
    await db.schema.createIndex('products_parent').on('products').column('parent_id').execute();

    // Images live in the database so that several server instances share them.
    await db.schema
      .createTable('product_images')
      .addColumn('product_id', 'integer', (c) => c.primaryKey().references('products.id').onDelete('cascade'))
      .addColumn('mime', 'varchar(20)', (c) => c.notNull())
      .addColumn('bytes', engine === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
      .addColumn('size', 'integer', (c) => c.notNull())
      // Hex SHA-256 of the bytes: the ETag, and part of the image URL so a replaced image is never served from a cache.
      .addColumn('sha256', 'varchar(64)', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('product_images').execute();
    await db.schema.dropTable('products').execute();
  },
});
