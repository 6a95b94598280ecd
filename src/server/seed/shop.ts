import type { AppServices } from '../context.js';
import { serviceContext } from '../context.js';
import { connectDemoEmag, connectDemoShop } from '../modules/connectors/index.js';
import { DEMO_EMAIL } from './index.js';

/**
 * The demo company's web shop ("Magazin online") connected to an emulated WooCommerce shop that
 * takes a few orders every few minutes (emulated mode only). Run by the server after the seed,
 * once the app (and its emulators) exist: the connection checks the keys at the shop and registers
 * its webhooks, as a seller's does.
 */
export async function seedDemoShop(services: AppServices): Promise<boolean> {
  const found = await services.db.kysely
    .selectFrom('sources')
    .innerJoin('company_users', 'company_users.company_id', 'sources.company_id')
    .innerJoin('users', 'users.id', 'company_users.user_id')
    .select(['sources.id as source', 'sources.company_id as company', 'users.id as user'])
    .where('users.email', '=', DEMO_EMAIL)
    .where('sources.source', '=', 'Magazin online')
    .orderBy('sources.company_id')
    .executeTakeFirst();
  if (!found) return false;
  const ctx = serviceContext(services, { companyId: found.company, userId: found.user });
  const shop = await connectDemoShop(ctx, found.source);
  await seedDemoEmag(services, found.company, found.user);
  return shop;
}

/**
 * The same company's "eMAG Marketplace" source connected to an emulated eMAG account (the demo
 * login), taking a few new orders before each pull (emulated mode only).
 */
async function seedDemoEmag(services: AppServices, company: number, user: number): Promise<boolean> {
  const source = await services.db.kysely
    .selectFrom('sources')
    .select('id')
    .where('company_id', '=', company)
    .where('source', '=', 'eMAG Marketplace')
    .executeTakeFirst();
  if (!source) return false;
  return connectDemoEmag(serviceContext(services, { companyId: company, userId: user }), source.id);
}
