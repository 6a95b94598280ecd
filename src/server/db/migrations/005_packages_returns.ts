import type { MigrationFactory, AnyDb } from './helpers.js';
import { withId } from './helpers.js';

/**
 * Packages (shipping presets with their contents) and customers' return requests.
 * Lengths (cm) and weights (kg) are integer hundredths: 12.5 cm is stored as 1250.
 */
export const packagesReturns: MigrationFactory = (engine) => ({
  async up(db: AnyDb) {
    await withId(db.schema.createTable('packages'), engine)
      .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('name', 'varchar(255)', (c) => c.notNull())
      .addColumn('description', 'text')
      .addColumn('length', 'integer', (c) => c.notNull())
      .addColumn('width', 'integer', (c) => c.notNull())
      .addColumn('height', 'integer', (c) => c.notNull())
      .addColumn('weight', 'integer', (c) => c.notNull())
      .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    // Lists page a company's packages by id (newest first).
    await db.schema.createIndex('packages_company_id').on('packages').columns(['company_id', 'id']).execute();

    await db.schema
      .createTable('package_items')
      .addColumn('package_id', 'integer', (c) => c.notNull().references('packages.id').onDelete('cascade'))
      // A deleted product leaves the packages it was in (a preset's contents, not a record to keep).
      .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
      .addColumn('quantity', 'integer', (c) => c.notNull())
      // One line per product; the primary key also serves "the items of a package".
      .addPrimaryKeyConstraint('package_items_pk', ['package_id', 'product_id'])
      .execute();
    await db.schema.createIndex('package_items_product').on('package_items').column('product_id').execute();

    await withId(db.schema.createTable('return_requests'), engine)
      .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
      // No ON DELETE action: a source a return request names is not deleted (the sources API answers 409 first).
      .addColumn('source_id', 'integer', (c) => c.notNull().references('sources.id'))
      .addColumn('full_name', 'varchar(255)', (c) => c.notNull())
      .addColumn('phone_number', 'varchar(30)', (c) => c.notNull())
      .addColumn('email', 'varchar(255)')
      .addColumn('bill_number', 'varchar(100)')
      // Normalised: no spaces, upper case (at most 34 characters by ISO 13616).
      .addColumn('iban', 'varchar(34)', (c) => c.notNull())
      .addColumn('reason', 'varchar(500)')
      .addColumn('details', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    // Lists page a company's requests newest first; the usage count of a source looks them up by source.
    await db.schema
      .createIndex('return_requests_company_id')
      .on('return_requests')
      .columns(['company_id', 'id'])
      .execute();
    await db.schema.createIndex('return_requests_source').on('return_requests').column('source_id').execute();
  },
  async down(db: AnyDb) {
    for (const t of ['return_requests', 'package_items', 'packages']) await db.schema.dropTable(t).execute();
  },
});
