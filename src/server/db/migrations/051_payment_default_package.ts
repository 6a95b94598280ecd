import type { MigrationFactory, AnyDb } from './helpers.js';

/**
 * How an order is paid (`orders.payment_method`: cash_on_delivery, card, bank_transfer; existing
 * orders were all shipped with cash on delivery, so they keep it), and the company's default
 * package (`packages.is_default`, 1 on at most one package of a company: the service clears the
 * others in the same transaction), whose four numbers start the AWB form.
 */
export const paymentDefaultPackage: MigrationFactory = () => ({
  async up(db: AnyDb) {
    await db.schema
      .alterTable('orders')
      .addColumn('payment_method', 'varchar(20)', (c) => c.notNull().defaultTo('cash_on_delivery'))
      .execute();
    await db.schema
      .alterTable('packages')
      .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.alterTable('packages').dropColumn('is_default').execute();
    await db.schema.alterTable('orders').dropColumn('payment_method').execute();
  },
});
