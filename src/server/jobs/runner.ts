import crypto from 'node:crypto';
import { serviceContext, type AppServices, type ServiceContext } from '../context.js';
import { claimNextJob, completeJob, failJob, renewLease, rescheduleJob, type Job } from './queue.js';

/** What a handler answers: nothing when the job is done, `{ again }` to run it again in that many seconds. */
export type JobOutcome = void | { again: number };

export interface JobHandler<P = unknown> {
  /**
   * Runs one job. `ctx` is the system's context (no user, no company, `now` at the start of the
   * run): the same services a request has; a handler working on one company's row narrows it
   * with `forCompany`.
   */
  run(job: Job<P>, ctx: ServiceContext): Promise<JobOutcome>;
  /** Runs at most this many times in a row on failure (default 8), then the job is kept as failed. */
  maxAttempts?: number;
  /**
   * Whole seconds a run holds the job (default 300), renewed by the runner every quarter of it while
   * the run goes on: not a limit on a run, but how long a job of a stopped instance (killed, crashed)
   * waits before another instance, or the same server started again, takes it up.
   */
  leaseSeconds?: number;
}

const DEFAULT_LEASE_SECONDS = 300;
const leaseOf = (handler: JobHandler): number => handler.leaseSeconds ?? DEFAULT_LEASE_SECONDS;

export type JobHandlers = Record<string, JobHandler>;

/** 30 s, 1 min, 2 min, ... at most an hour between attempts of a failing job. */
export const retryDelaySeconds = (attempt: number): number => Math.min(3600, 30 * 2 ** Math.max(0, attempt - 1));

export interface RunnerDeps {
  services: AppServices;
  handlers: JobHandlers;
  /** Names this instance in the lease; a random one by default. */
  instanceId?: string;
  log?: (message: string) => void;
}

/**
 * Runs the jobs that are due now, one after another, until none is left or `max` have run.
 * Answers how many ran. The loop of `startJobRunner` calls it; tests call it directly.
 */
export async function runDueJobs(deps: RunnerDeps & { instanceId: string }, max = 50): Promise<number> {
  const { db, clock } = deps.services;
  const leases = Object.fromEntries(Object.entries(deps.handlers).map(([kind, h]) => [kind, leaseOf(h)]));
  let ran = 0;
  while (ran < max) {
    const now = clock.now();
    const job = await claimNextJob(db, { instanceId: deps.instanceId, now, leases });
    if (!job) break;
    ran += 1;
    const handler = deps.handlers[job.kind];
    const lease = keepLease(deps, job, leaseOf(handler));
    try {
      let outcome: JobOutcome;
      try {
        outcome = await handler.run(job, serviceContext(deps.services));
      } finally {
        await lease.stop();
      }
      const after = clock.now();
      if (outcome && typeof outcome.again === 'number')
        await rescheduleJob(db, job, deps.instanceId, after + outcome.again, after);
      else await completeJob(db, job, deps.instanceId);
    } catch (err) {
      const after = clock.now();
      const message = err instanceof Error ? err.message : String(err);
      const last = job.attempt >= (handler.maxAttempts ?? 8);
      await failJob(db, job, deps.instanceId, message, last ? null : after + retryDelaySeconds(job.attempt), after);
      deps.log?.(`job ${job.kind} ${job.key} failed (attempt ${job.attempt}${last ? ', giving up' : ''}): ${message}`);
    }
  }
  return ran;
}

/**
 * Renews the job's lease every quarter of it while its run goes on, until `stop` (which waits for a
 * renewal under way, so none lands after the job is released). A renewal that finds the lease gone
 * (another instance took the job over after this one stalled) is logged; the run goes on, as the
 * documents protocol keeps a second run from making anything twice.
 */
function keepLease(deps: RunnerDeps & { instanceId: string }, job: Job, seconds: number): { stop(): Promise<void> } {
  const { db, clock } = deps.services;
  let renewal: Promise<void> = Promise.resolve();
  const timer = setInterval(
    () => {
      renewal = renewLease(db, job, deps.instanceId, clock.now() + seconds).then(
        (held) => {
          if (!held) deps.log?.(`job ${job.kind} ${job.key}: its lease was taken over while it ran`);
        },
        (err: unknown) =>
          deps.log?.(
            `job ${job.kind} ${job.key}: renewing its lease failed: ${err instanceof Error ? err.message : String(err)}`,
          ),
      );
    },
    (seconds * 1000) / 4,
  );
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await renewal;
    },
  };
}

/**
 * Polls for due jobs every `everyMs` until stopped. Passes never overlap within one instance;
 * several instances share the work through the leases.
 */
export function startJobRunner(deps: RunnerDeps, everyMs = 5000): { stop(): Promise<void> } {
  const instanceId = deps.instanceId ?? `instance-${crypto.randomBytes(6).toString('hex')}`;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<unknown> = Promise.resolve();
  const tick = () => {
    current = runDueJobs({ ...deps, instanceId })
      .catch((err) => deps.log?.(`job runner pass failed: ${err instanceof Error ? err.message : String(err)}`))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, everyMs);
      });
  };
  timer = setTimeout(tick, 0);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await current;
    },
  };
}
