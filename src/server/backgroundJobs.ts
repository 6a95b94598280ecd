import type { Db } from './db/connection.js';
import { EXCHANGE_RATES_JOB, exchangeRatesJobs } from './modules/exchange-rates/index.js';
import { COD_SYNC_JOB, codJobHandlers } from './modules/cod/index.js';
import { connectorJobs, SHOP_OUTBOX_JOB } from './modules/connectors/index.js';
import { invoiceJobs } from './modules/invoices/index.js';
import { bulkJobs } from './modules/order-bulk/index.js';
import { shippingJobs } from './modules/shipping/index.js';
import { smsJobs } from './modules/sms/index.js';
import { TRACKING_JOB, trackingJobs } from './modules/tracking/index.js';
import { scheduleJob, type NewJob } from './jobs/queue.js';
import type { JobHandlers } from './jobs/runner.js';

/**
 * Every kind of background job the server runs, by name: each module declares its handlers in its
 * own `jobs.ts` next to its logic and exports them from its index; this file only collects them.
 * app.ts collects the modules' routes the same way; jobs/ runs these (main.ts starts the runner).
 */
export function jobHandlers(opts: { log?: (message: string) => void } = {}): JobHandlers {
  return {
    ...invoiceJobs,
    ...shippingJobs,
    ...smsJobs,
    ...trackingJobs(opts.log),
    ...exchangeRatesJobs(opts.log),
    ...codJobHandlers(opts.log),
    ...bulkJobs,
    ...connectorJobs(opts.log),
  };
}

/** Jobs that always exist, each one row under a fixed key. */
export const RECURRING_JOBS: NewJob[] = [TRACKING_JOB, EXCHANGE_RATES_JOB, COD_SYNC_JOB, SHOP_OUTBOX_JOB];

/**
 * Makes sure each recurring job has its row: run at every start. Scheduling a key that exists
 * changes nothing, so instances starting together (or restarting) never make a second one.
 */
export async function scheduleRecurringJobs(db: Db, now: number): Promise<void> {
  for (const job of RECURRING_JOBS) await scheduleJob(db.kysely, job, now);
}
