import type { Db } from '../db/connection.js';
import type { SeedContext } from './context.js';
import { seedProducts } from './products.js';
import { seedSourcesDiscounts } from './sources-discounts.js';
import { seedMessages } from './messages.js';
import { seedPackages } from './packages.js';
import { seedReturnRequests } from './returnRequests.js';
import { seedOrders } from './orders.js';
import { seedOrderStats } from './orderStats.js';
import { seedShipments } from './shipments.js';

/**
 * Each module adds its demo data here, in dependency order:
 * products, then sources, discounts, messages, packages, return requests, orders, their AWBs
 * and cash-on-delivery payments, the orders' kept figures.
 */
export const seeders: ((db: Db, ctx: SeedContext) => Promise<void>)[] = [
  seedProducts,
  seedSourcesDiscounts,
  seedMessages,
  seedPackages,
  seedReturnRequests,
  seedOrders,
  seedShipments,
  seedOrderStats,
];
