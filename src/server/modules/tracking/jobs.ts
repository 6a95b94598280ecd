import type { NewJob } from '../../jobs/queue.js';
import type { JobHandlers } from '../../jobs/runner.js';
import type { ProvidersMode } from '../../providers/config.js';
import { describeReport, trackOpenAwbs } from './service.js';

/**
 * The tracking job: one row in `jobs` under a fixed key, scheduled at every start (a no-op when it
 * exists), so several instances starting together still make one; the lease lets one instance run
 * it at a time, and it schedules itself again after each pass.
 */
export const TRACKING_JOB = { kind: 'awb_tracking', key: 'awb_tracking' } as const satisfies NewJob;
/**
 * Seconds between two passes. Emulated: 2 minutes, because the emulators move a parcel every few
 * minutes and the demo should show it. Live: 15 minutes, because couriers update a parcel a few
 * times a day and none of the three publishes a rate limit (Sameday is asked once per AWB).
 */
export const TRACKING_INTERVAL_SECONDS: Record<ProvidersMode, number> = { emulated: 120, live: 900 };
/** A pass may take a while with many AWBs (Sameday answers one AWB per call): the lease covers it. */
export const TRACKING_LEASE_SECONDS = 900;

/** The tracking module's background work: a recurring pass over every company's open AWBs. */
export function trackingJobs(log?: (message: string) => void): JobHandlers {
  return {
    [TRACKING_JOB.kind]: {
      // A recurring job never gives up: a failed pass (the database away) is tried again, at most an hour apart.
      maxAttempts: Number.POSITIVE_INFINITY,
      leaseSeconds: TRACKING_LEASE_SECONDS,
      async run(_job, ctx) {
        const report = await trackOpenAwbs(ctx);
        if (report.changed > 0 || report.skipped.length > 0) log?.(describeReport(report));
        return { again: TRACKING_INTERVAL_SECONDS[ctx.providers.mode] };
      },
    },
  };
}
