import type { AnyDb, MigrationFactory } from './helpers.js';
import { withId } from './helpers.js';

/**
 * The places of an order where the seller took an automatic discount out of the rules' hands: an
 * automatic discount edited (it became the seller's own) or deleted. The rules' re-evaluation
 * (after a line change) then adds nothing there again, so an edited discount is never doubled and
 * a deleted one stays deleted for that order. A place is the order (`order_product_id` null, kind
 * `order`) or one of its lines (kind `product`); the rows go with the order or the line.
 */
export const dismissedDiscounts: MigrationFactory = (engine) => ({
  async up(db: AnyDb) {
    await withId(db.schema.createTable('dismissed_discounts'), engine)
      .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
      .addColumn('order_product_id', 'integer', (c) => c.references('order_products.id').onDelete('cascade'))
      // order or product: the kind of automatic discount the place no longer gets.
      .addColumn('kind', 'varchar(10)', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('dismissed_discounts_order').on('dismissed_discounts').column('order_id').execute();
    await db.schema
      .createIndex('dismissed_discounts_line')
      .on('dismissed_discounts')
      .column('order_product_id')
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('dismissed_discounts').execute();
  },
});
