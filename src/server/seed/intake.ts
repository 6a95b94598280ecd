import type { Db } from '../db/connection.js';
import { systemClock } from '../lib/clock.js';
import { seedDemoIntake } from '../modules/intake/index.js';
import { loadProvidersConfig } from '../providers/config.js';
import { createProviderRegistry } from '../providers/registry.js';
import type { SeedContext } from './context.js';

/**
 * The first demo company's web shop ("Magazin online") with an intake key and a few orders pushed
 * through the real intake (modules/intake/demo.ts). The key's secret is sealed with the app's key,
 * so this runs only when the seed is given the secret box (the server and the CLI give it); the
 * orders go through the order lifecycle, after the bulk seeders have written their figures.
 */
export async function seedIntake(db: Db, ctx: SeedContext): Promise<void> {
  if (!ctx.secrets) return;
  const companyId = ctx.companyIds[0];
  const source = await db.kysely
    .selectFrom('sources')
    .select('id')
    .where('company_id', '=', companyId)
    .where('source', '=', 'Magazin online')
    .executeTakeFirst();
  const products = await db.kysely
    .selectFrom('products')
    .select('sku')
    .where('company_id', '=', companyId)
    .where('stock', '>', 20)
    .where('selling_price', 'is not', null)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('products as child').select('child.id').whereRef('child.parent_id', '=', 'products.id'))),
    )
    .orderBy('id')
    .limit(2)
    .execute();
  if (!source || products.length === 0) return;
  await seedDemoIntake(
    {
      db,
      clock: { now: () => ctx.now },
      providers: createProviderRegistry({ config: loadProvidersConfig({}), clock: systemClock }),
      secrets: ctx.secrets,
    },
    { companyId, userId: ctx.userId, sourceId: source.id, skus: products.map((p) => p.sku) },
  );
}
