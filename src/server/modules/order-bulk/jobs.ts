import type { JobHandler, JobHandlers } from '../../jobs/runner.js';
import { BULK_JOB, runBulkSlice } from './service.js';

/**
 * The bulk jobs' background work: one slice of a job per run. The runner's lease keeps a job on
 * one instance at a time, renewed every 5 s while a slice runs (up to a minute, or longer while a
 * courier is slow): short, so that a job whose server was killed is taken up again within 20 s
 * of its last renewal, by another instance or by the same server started again (a new process
 * has another instance id, so it waits for the lease like any other instance).
 */
const BULK_LEASE_SECONDS = 20;

export const bulkJobs: JobHandlers = {
  [BULK_JOB]: {
    run: (job, ctx) => runBulkSlice(ctx, (job.payload as { id: number }).id),
    leaseSeconds: BULK_LEASE_SECONDS,
    maxAttempts: 20,
  } satisfies JobHandler,
};
