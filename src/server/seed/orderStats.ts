import type { Db } from '../db/connection.js';
import { rebuildOrderStats } from '../modules/order-counts/index.js';
import type { SeedContext } from './context.js';

/**
 * The demo orders are written in bulk, past the order lifecycle that keeps the dashboard's
 * per-day figures with every write: the figures are computed once from them here, so the
 * dashboard shows the demo's 90 days on first start.
 */
export async function seedOrderStats(db: Db, ctx: SeedContext): Promise<void> {
  for (const companyId of ctx.companyIds) await db.transaction((trx) => rebuildOrderStats(trx, companyId));
}
