import crypto from 'node:crypto';
import { serviceContext, type AppServices, type ServiceContext } from '../context.js';
import { claimNextJob, completeJob, failJob, rescheduleJob, type Job } from './queue.js';

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
  /** How long one run may take before another instance may take the job over (default 300 s). */
  leaseSeconds?: number;
}

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
  const kinds = Object.keys(deps.handlers);
  let ran = 0;
  while (ran < max) {
    const now = clock.now();
    const lease = Math.max(...kinds.map((k) => deps.handlers[k].leaseSeconds ?? 300));
    const job = await claimNextJob(db, { instanceId: deps.instanceId, now, leaseSeconds: lease, kinds });
    if (!job) break;
    ran += 1;
    const handler = deps.handlers[job.kind];
    try {
      const outcome = await handler.run(job, serviceContext(deps.services));
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
