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
import { seedInvoices } from './invoices.js';
import { seedIntegrations } from './integrations.js';
import { seedNotifications } from './notifications.js';
import { seedIntake } from './intake.js';

/**
 * Each module adds its demo data here, in dependency order:
 * products, then sources, discounts, messages, packages, return requests, orders, their AWBs
 * and cash-on-delivery payments, an invoice per company, the demo company's couriers and SmartBill,
 * the orders' kept figures, and last the notifications, told from all of these.
 */
export const seeders: ((db: Db, ctx: SeedContext) => Promise<void>)[] = [
  seedProducts,
  seedSourcesDiscounts,
  seedMessages,
  seedPackages,
  seedReturnRequests,
  seedOrders,
  seedShipments,
  seedInvoices,
  // The couriers and SmartBill set up (emulated mode), after the AWBs and invoices their accounts hold.
  seedIntegrations,
  seedOrderStats,
  seedNotifications,
  // Orders pushed through the real intake (the web shop's key, held items): after the bulk figures.
  seedIntake,
];
