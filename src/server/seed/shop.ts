import type { AppServices } from '../context.js';
import { serviceContext } from '../context.js';
import { connectDemoShop } from '../modules/connectors/index.js';
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
  return connectDemoShop(serviceContext(services, { companyId: found.company, userId: found.user }), found.source);
}
