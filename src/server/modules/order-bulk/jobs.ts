import type { JobHandler, JobHandlers } from '../../jobs/runner.js';
import { BULK_JOB, runBulkSlice } from './service.js';

/**
 * The bulk jobs' background work: one slice of a job per run. The runner's lease keeps a job on
 * one instance at a time; a slice ends well within it, so a job is never taken over while it runs.
 */
export const bulkJobs: JobHandlers = {
  [BULK_JOB]: {
    run: (job, ctx) => runBulkSlice(ctx, (job.payload as { id: number }).id),
    leaseSeconds: 300,
    maxAttempts: 20,
  } satisfies JobHandler,
};
