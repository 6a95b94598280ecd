import type { MigrationFactory, AnyDb } from './helpers.js';
import { withId } from './helpers.js';

/**
 * A company's coupons: a code (unique per company ignoring case, through `code_key`, the code in
 * lower case), amount or percentage, the value in hundredths (bani or hundredths of a percent), how
 * many uses are allowed (null: no limit) and how many were used, and whether it is active.
 */
export const coupons: MigrationFactory = (engine) => ({
  async up(db: AnyDb) {
    await withId(db.schema.createTable('coupons'), engine)
      .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('code', 'varchar(64)', (c) => c.notNull())
      .addColumn('code_key', 'varchar(64)', (c) => c.notNull())
      .addColumn('type', 'varchar(20)', (c) => c.notNull())
      .addColumn('value', 'bigint', (c) => c.notNull())
      .addColumn('uses_allowed', 'integer')
      .addColumn('uses', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('coupons_company_code')
      .unique()
      .on('coupons')
      .columns(['company_id', 'code_key'])
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('coupons').execute();
  },
});
