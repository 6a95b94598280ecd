import type { Db } from '../db/connection.js';
import { INVOICE_CHECK_JOB } from '../modules/invoices/documents.js';
import { invoiceCheckJob } from '../modules/invoices/job.js';
import { shipmentSettleJob } from '../modules/shipping/jobs.js';
import { SETTLE_JOB } from '../modules/shipping/service.js';
import type { SecretBox } from '../lib/secrets.js';
import { TRACKING_INTERVAL_SECONDS, TRACKING_JOB, TRACKING_LEASE_SECONDS } from '../modules/tracking/job.js';
import { describeReport, trackOpenAwbs } from '../modules/tracking/service.js';
import type { ProviderRegistry } from '../providers/registry.js';
import { scheduleJob, type NewJob } from './queue.js';
import type { JobHandler, JobHandlers } from './runner.js';

/** What the handlers need besides the database and the clock the runner gives them. */
export interface JobDeps {
  /** The app's provider registry (`app.providers`): emulators in process, or the real hosts. */
  providers: ProviderRegistry;
  /** The app key's box, to open the companies' stored credentials. */
  secrets: SecretBox;
  log?: (message: string) => void;
}

/**
 * Every kind of background job the server runs, by name. A module that needs background work
 * (tracking polls, SMS sends) adds its handler here, its logic staying in the module; main.ts runs
 * them with startJobRunner.
 */
export function jobHandlers(deps: JobDeps): JobHandlers {
  return {
    [INVOICE_CHECK_JOB]: invoiceCheckJob(deps),
    [SETTLE_JOB]: shipmentSettleJob(deps) as JobHandler,
    [TRACKING_JOB.kind]: {
      // A recurring job never gives up: a failed pass (the database away) is tried again, at most an hour apart.
      maxAttempts: Number.POSITIVE_INFINITY,
      leaseSeconds: TRACKING_LEASE_SECONDS,
      async run(_job, { db, clock }) {
        const report = await trackOpenAwbs({ db, clock, providers: deps.providers, secrets: deps.secrets });
        if (report.changed > 0 || report.skipped.length > 0) deps.log?.(describeReport(report));
        return { again: TRACKING_INTERVAL_SECONDS[deps.providers.mode] };
      },
    },
  };
}

/** Jobs that always exist, each one row under a fixed key. */
export const RECURRING_JOBS: NewJob[] = [{ kind: TRACKING_JOB.kind, key: TRACKING_JOB.key }];

/**
 * Makes sure each recurring job has its row: run at every start. Scheduling a key that exists
 * changes nothing, so instances starting together (or restarting) never make a second one.
 */
export async function scheduleRecurringJobs(db: Db, now: number): Promise<void> {
  for (const job of RECURRING_JOBS) await scheduleJob(db.kysely, job, now);
}
