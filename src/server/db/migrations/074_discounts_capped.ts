import { sql } from 'kysely';
import type { AnyDb, MigrationFactory } from './helpers.js';

/**
 * An order's discount is what its discounts take, at most what the customer would otherwise pay
 * (value + client shipping cost), so that the summary adds up line by line (core's computeTotals):
 * the orders whose discounts were stored worth more than that (their total already 0) take the
 * capped figure, each applied discount what was left of it in the order they were applied.
 */
export const discountsCapped: MigrationFactory = () => ({
  async up(db: AnyDb) {
    const orders = (await db
      .selectFrom('orders')
      .select(['id', 'value', 'client_shipping_cost'])
      .where(sql<boolean>`discount > value + client_shipping_cost`)
      .execute()) as { id: number; value: number | string; client_shipping_cost: number | string }[];
    for (const o of orders) {
      let left = Number(o.value) + Number(o.client_shipping_cost);
      const cap = left;
      const discounts = (await db
        .selectFrom('applied_discounts')
        .select(['id', 'amount'])
        .where('order_id', '=', o.id)
        .orderBy('id')
        .execute()) as { id: number; amount: number | string }[];
      for (const d of discounts) {
        const taken = Math.min(Number(d.amount), left);
        left -= taken;
        if (taken !== Number(d.amount))
          await db.updateTable('applied_discounts').set({ amount: taken }).where('id', '=', d.id).execute();
      }
      await db.updateTable('orders').set({ discount: cap, total_value: 0 }).where('id', '=', o.id).execute();
    }
  },
  // The figures before were a sum that did not add up: nothing to put back.
  async down() {},
});
