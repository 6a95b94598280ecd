import type { NewJob } from '../../jobs/queue.js';
import type { JobHandlers } from '../../jobs/runner.js';
import type { ProvidersMode } from '../../providers/config.js';
import { syncAllCodRepayments } from './sync.js';

/** The repayment pass: one row in `jobs` under a fixed key, scheduled at every start, run by one instance at a time. */
export const COD_SYNC_JOB = { kind: 'cod_sync', key: 'cod_sync' } as const satisfies NewJob;
/**
 * Seconds between two passes. Couriers transfer cash on delivery once a day at most: live, every
 * 6 hours is plenty; emulated, every 10 minutes so the demo shows payments arrive.
 */
export const COD_SYNC_INTERVAL_SECONDS: Record<ProvidersMode, number> = { emulated: 600, live: 6 * 3600 };

export function codJobHandlers(log?: (message: string) => void): JobHandlers {
  return {
    [COD_SYNC_JOB.kind]: {
      maxAttempts: Number.POSITIVE_INFINITY,
      leaseSeconds: 900,
      async run(_job, ctx) {
        const r = await syncAllCodRepayments(ctx);
        if (r.saved > 0) log?.(`cash on delivery: ${r.saved} payments saved for ${r.companies} companies`);
        return { again: COD_SYNC_INTERVAL_SECONDS[ctx.providers.mode] };
      },
    },
  };
}
