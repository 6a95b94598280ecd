import type { AnyDb, MigrationFactory } from './helpers.js';

/**
 * A company's shipping settings (shipping module): the page its labels are asked for in
 * (`label_format`: A4, or A6 for a thermal printer), the courier the AWB form and a bulk AWB job
 * start with (`default_courier`, null: none), and the preset size they start with
 * (`default_preset`: small, medium or large) when the default package is a preset rather than one
 * of the company's packages (a package stays marked by `packages.is_default`, so one default never
 * lives in two places). No row: A4, no default courier, no preset.
 */
export const shippingSettings: MigrationFactory = () => ({
  async up(db: AnyDb) {
    await db.schema
      .createTable('shipping_settings')
      .addColumn('company_id', 'integer', (c) => c.primaryKey().references('companies.id').onDelete('cascade'))
      .addColumn('label_format', 'varchar(4)', (c) => c.notNull().defaultTo('A4'))
      .addColumn('default_courier', 'varchar(20)')
      .addColumn('default_preset', 'varchar(10)')
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('shipping_settings').execute();
  },
});
