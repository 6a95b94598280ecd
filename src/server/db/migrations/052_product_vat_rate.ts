import type { MigrationFactory, AnyDb } from './helpers.js';

/**
 * A product's own VAT rate (whole percent, 0 to 100), or null for the company's default (the rate
 * chosen in the SmartBill integration). A variation without one takes its parent's. The invoice
 * reads it when it is issued, so a product's new rate applies to the orders not invoiced yet.
 */
export const productVatRate: MigrationFactory = () => ({
  async up(db: AnyDb) {
    await db.schema.alterTable('products').addColumn('vat_rate', 'integer').execute();
  },
  async down(db: AnyDb) {
    await db.schema.alterTable('products').dropColumn('vat_rate').execute();
  },
});
