import type { SecretBox } from '../lib/secrets.js';
import type { ProviderRegistry } from '../providers/registry.js';
import { shipmentSettleJob } from '../modules/shipping/jobs.js';
import { SETTLE_JOB } from '../modules/shipping/service.js';
import type { JobHandler, JobHandlers } from './runner.js';

/** What jobs need besides the database and the clock: the provider clients and the secret box of stored logins. */
export interface JobDeps {
  providers: ProviderRegistry;
  secrets: SecretBox;
}

/**
 * Every kind of background job the server runs, by name. A module that needs background work
 * (tracking polls, SMS sends) adds its handler here; main.ts runs them with startJobRunner.
 */
export function jobHandlers(deps: JobDeps): JobHandlers {
  return {
    [SETTLE_JOB]: shipmentSettleJob(deps) as JobHandler,
  };
}
