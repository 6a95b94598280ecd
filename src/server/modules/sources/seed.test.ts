import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedFoundation } from '../../seed/foundation.js';
import { seedSourcesDiscounts } from '../../seed/sources-discounts.js';
import { startTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('demo seed of sources and discounts', () => {
  it('gives both demo companies several pages of sources and discounts, and product discounts on their products', async () => {
    const ctx = await seedFoundation(t.db);
    const now = ctx.now;
    await t.db.kysely
      .insertInto('products')
      .values(
        Array.from({ length: 6 }, (_, i) => ({
          company_id: ctx.companyIds[0],
          parent_id: null,
          name: `Produs ${i}`,
          description: null,
          sku: `DEMO-${i}`,
          sale_type: 'piece',
          stock: 3,
          selling_price: 4500,
          buying_price: 2000,
          currency: 'RON',
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    await seedSourcesDiscounts(t.db, ctx);
    for (const [i, companyId] of ctx.companyIds.entries()) {
      const sources = await t.db.kysely.selectFrom('sources').selectAll().where('company_id', '=', companyId).execute();
      expect(sources.length).toBeGreaterThanOrEqual(25);
      expect(sources.map((s) => s.source)).toEqual(
        expect.arrayContaining(['eMAG Marketplace', 'Magazin online', 'Facebook', 'Instagram', 'Telefon', 'OLX']),
      );
      expect(sources.some((s) => Number(s.active) === 0)).toBe(true);
      const discounts = await t.db.kysely
        .selectFrom('order_discounts')
        .innerJoin('sources', 'sources.id', 'order_discounts.source_id')
        .select(['order_discounts.type', 'order_discounts.value', 'sources.company_id'])
        .where('order_discounts.company_id', '=', companyId)
        .execute();
      expect(discounts.length).toBeGreaterThanOrEqual(25);
      expect(discounts.every((d) => d.company_id === companyId)).toBe(true);
      expect(discounts.every((d) => (d.type === 'shipping') === (d.value === null))).toBe(true);
      expect(discounts.filter((d) => d.type === 'percentage').every((d) => Number(d.value) <= 10000)).toBe(true);
      const productDiscounts = await t.db.kysely
        .selectFrom('product_discounts')
        .innerJoin('products', 'products.id', 'product_discounts.product_id')
        .select(['products.company_id'])
        .where('product_discounts.company_id', '=', companyId)
        .execute();
      // Only the first company has products in this test: the seeder copes with none.
      if (i === 0) expect(productDiscounts.length).toBeGreaterThanOrEqual(25);
      else expect(productDiscounts).toEqual([]);
      expect(productDiscounts.every((d) => d.company_id === companyId)).toBe(true);
    }
  });
});
