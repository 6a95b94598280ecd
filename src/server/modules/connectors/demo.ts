import type { ServiceContext } from '../../context.js';
import { connect } from './service.js';
import { connectorOfSource, updateConnector } from './queries.js';

/** The demo's web shop: an emulated WooCommerce shop (emulated mode only; its keys are the emulator's demo keys). */
export const DEMO_STORE_URL = 'https://magazin-demo.ro';
/** New orders the demo shop takes before each pull (every 5 minutes, and on "Sync now"). */
const DEMO_ORDERS_PER_PULL = 2;

/**
 * Connects the demo company's web-shop source to its emulated WooCommerce shop, which then makes a
 * few orders every few minutes while the console runs. Nothing in live mode (no shop to reach).
 */
export async function connectDemoShop(ctx: ServiceContext, sourceId: number): Promise<boolean> {
  if (!ctx.providers.isEmulated('woocommerce') || !ctx.providers.woocommerce) return false;
  const demo = ctx.providers.demoCredentials('woocommerce');
  if (!demo) return false;
  await connect(ctx, sourceId, { type: 'woocommerce', store_url: DEMO_STORE_URL, ...demo });
  const row = await connectorOfSource(ctx.db.kysely, ctx.companyId, sourceId);
  if (row) await updateConnector(ctx.db.kysely, row.id, { demo_orders: DEMO_ORDERS_PER_PULL, updated_at: ctx.now });
  return true;
}

/**
 * Connects the demo company's eMAG source to its emulated eMAG account (the demo login; the account
 * is the source's own), which then takes a few new orders before each pull. Nothing in live mode.
 */
export async function connectDemoEmag(ctx: ServiceContext, sourceId: number): Promise<boolean> {
  if (!ctx.providers.isEmulated('emag') || !ctx.providers.emag) return false;
  const demo = ctx.providers.demoCredentials('emag');
  if (!demo) return false;
  await connect(ctx, sourceId, { type: 'emag', ...demo });
  const row = await connectorOfSource(ctx.db.kysely, ctx.companyId, sourceId);
  if (row) await updateConnector(ctx.db.kysely, row.id, { demo_orders: DEMO_ORDERS_PER_PULL, updated_at: ctx.now });
  return true;
}
