import type { NewJob } from '../../jobs/queue.js';
import type { JobHandlers } from '../../jobs/runner.js';
import type { ProvidersMode } from '../../providers/config.js';
import { pullConnector } from './ordersIn.js';
import { sendOutbox } from './outbox.js';
import { PULL_JOB_KIND } from './service.js';

/** Seconds between two safety pulls of a shop: WooCommerce drops and disables webhooks, so none is trusted alone. */
export const PULL_INTERVAL_SECONDS = 300;
/** Seconds between two passes over the outbox: a tracking note reaches the buyer within a minute. */
export const OUTBOX_INTERVAL_SECONDS: Record<ProvidersMode, number> = { emulated: 15, live: 30 };

/** The outbox's sender: one row in `jobs` under a fixed key, scheduled at every start. */
export const SHOP_OUTBOX_JOB = { kind: 'shop_outbox', key: 'shop_outbox' } as const satisfies NewJob;

/**
 * The connectors' background work: each connector's safety pull (`shop_pull:<id>`, made at connect,
 * removed at disconnect, every 5 minutes and at once on "Sync now") and the outbox's sender.
 */
export function connectorJobs(log?: (message: string) => void): JobHandlers {
  return {
    [PULL_JOB_KIND]: {
      maxAttempts: Number.POSITIVE_INFINITY,
      leaseSeconds: 600,
      async run(job, ctx) {
        const { connector } = job.payload as { connector: number };
        const done = await pullConnector(ctx, connector);
        // The connector is gone: so is its job.
        if (done === null) return;
        return { again: PULL_INTERVAL_SECONDS };
      },
    },
    [SHOP_OUTBOX_JOB.kind]: {
      maxAttempts: Number.POSITIVE_INFINITY,
      leaseSeconds: 300,
      async run(_job, ctx) {
        const { sent, failed } = await sendOutbox(ctx);
        if (failed > 0) log?.(`shop outbox: ${sent} sent, ${failed} failed`);
        return { again: OUTBOX_INTERVAL_SECONDS[ctx.providers.mode] };
      },
    },
  };
}
