import type { Insertable } from 'kysely';
import type { Db } from '../db/connection.js';
import type { OrderDiscountsTable, ProductDiscountsTable, SourcesTable } from '../db/schema.js';
import { pick, seededRandom, type SeedContext } from './context.js';
import { sourceKey } from '../../core/api/sources.js';

/**
 * Demo sources (the channels Romanian online shops sell through), order discounts by order value
 * and product discounts by quantity, for both demo companies: enough rows for several pages.
 * Product discounts use the products the products seeder made (none when it has not run).
 */
const COMMON_SOURCES: { source: string; active?: boolean }[] = [
  { source: 'eMAG Marketplace' },
  { source: 'Magazin online' },
  { source: 'Facebook' },
  { source: 'Facebook Marketplace' },
  { source: 'Instagram' },
  { source: 'Telefon' },
  { source: 'WhatsApp' },
  { source: 'Email' },
  { source: 'OLX' },
  { source: 'TikTok Shop' },
  { source: 'Google Shopping' },
  { source: 'Google Ads' },
  { source: 'Trendyol' },
  { source: 'Allegro' },
  { source: 'Okazii.ro', active: false },
  { source: 'Cel.ro' },
  { source: 'Compari.ro' },
  { source: 'ShopMania', active: false },
  { source: 'Pinterest' },
  { source: 'YouTube' },
  { source: 'Newsletter' },
  { source: 'Recomandare client' },
  { source: 'Comenzi B2B' },
  { source: 'Revânzători' },
  { source: 'Târg de Crăciun', active: false },
  { source: 'Campanie Black Friday', active: false },
  { source: 'Influenceri' },
];

/** A few channels of each company's own (its shop and fairs). */
const OWN_SOURCES: Record<number, string[]> = {
  0: ['Magazin fizic Cluj-Napoca', 'Showroom Florești', 'Etsy'],
  1: ['Atelier Iași', 'Târgul Meșterilor Populari', 'Etsy', 'Amazon.de'],
};

const ORDER_VALUES = [99, 149, 150, 199, 199.99, 249, 250, 299, 300, 349.5, 400, 499, 500, 750, 1000];
const PERCENTS = [5, 7.5, 10, 12, 15, 20, 25];
const AMOUNTS = [10, 15, 20, 25, 30, 50, 75, 100];

const bani = (amount: number) => Math.round(amount * 100);

export async function seedSourcesDiscounts(db: Db, ctx: SeedContext): Promise<void> {
  for (const [index, companyId] of ctx.companyIds.entries()) {
    const rand = seededRandom(3100 + index);
    const names = [...COMMON_SOURCES, ...(OWN_SOURCES[index % 2] ?? []).map((source) => ({ source, active: true }))];
    const sourceRows: Insertable<SourcesTable>[] = names.map((s, i) => {
      const at = ctx.now - (names.length - i) * 86400 * 3;
      return {
        company_id: companyId,
        source: s.source,
        source_key: sourceKey(s.source),
        active: s.active === false ? 0 : 1,
        created_at: at,
        updated_at: at,
      };
    });
    const sources = await db.kysely.insertInto('sources').values(sourceRows).returning(['id', 'active']).execute();
    const activeIds = sources.filter((s) => Number(s.active) === 1).map((s) => s.id);

    // Order discounts: a threshold per channel, most on the big channels.
    const orderRows: Insertable<OrderDiscountsTable>[] = [];
    for (let i = 0; i < 32; i++) {
      const type = i % 5 === 0 ? 'shipping' : i % 2 ? 'percentage' : 'amount';
      const at = ctx.now - (32 - i) * 86400;
      orderRows.push({
        company_id: companyId,
        source_id: i < 8 ? activeIds[i % 3] : pick(rand, activeIds),
        type,
        order_value: bani(pick(rand, ORDER_VALUES)),
        value:
          type === 'shipping' ? null : type === 'percentage' ? bani(pick(rand, PERCENTS)) : bani(pick(rand, AMOUNTS)),
        created_at: at,
        updated_at: at,
      });
    }
    await db.kysely.insertInto('order_discounts').values(orderRows).execute();

    // Product discounts: "buy N, get X off" on the company's products, if there are any.
    const products = await db.kysely
      .selectFrom('products')
      .select('id')
      .where('company_id', '=', companyId)
      .orderBy('id')
      .limit(60)
      .execute();
    if (products.length === 0) continue;
    const productRows: Insertable<ProductDiscountsTable>[] = [];
    for (let i = 0; i < 30; i++) {
      const type = i % 7 === 0 ? 'shipping' : i % 3 ? 'percentage' : 'amount';
      const at = ctx.now - (30 - i) * 86400;
      productRows.push({
        company_id: companyId,
        product_id: products[i % products.length].id,
        type,
        quantity: pick(rand, [2, 3, 3, 4, 5, 6, 10, 12, 20]),
        value:
          type === 'shipping'
            ? null
            : type === 'percentage'
              ? bani(pick(rand, PERCENTS))
              : bani(pick(rand, AMOUNTS.slice(0, 5))),
        created_at: at,
        updated_at: at,
      });
    }
    await db.kysely.insertInto('product_discounts').values(productRows).execute();
  }
}
