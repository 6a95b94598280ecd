import { ProviderError } from '../../providers/http.js';
import type { NewJob } from '../../jobs/queue.js';
import type { JobHandlers } from '../../jobs/runner.js';
import { refreshBnrRates } from './service.js';

/**
 * The BNR rates job: one row in `jobs` under a fixed key, scheduled at every start (a no-op when it
 * exists). It reads BNR's document at once and then every hour: BNR publishes once a banking day
 * around 13:00, so the day's rates are stored within the hour. BNR out of reach is not a failure
 * of the job: it asks again in RETRY_SECONDS, and meanwhile lines use the last stored rate (or the
 * company's).
 */
export const EXCHANGE_RATES_JOB = { kind: 'bnr_rates', key: 'bnr_rates' } as const satisfies NewJob;
export const EXCHANGE_RATES_INTERVAL_SECONDS = 3600;
const RETRY_SECONDS = 900;

export function exchangeRatesJobs(log?: (message: string) => void): JobHandlers {
  return {
    [EXCHANGE_RATES_JOB.kind]: {
      maxAttempts: Number.POSITIVE_INFINITY,
      leaseSeconds: 120,
      async run(_job, ctx) {
        try {
          await refreshBnrRates(ctx);
          return { again: EXCHANGE_RATES_INTERVAL_SECONDS };
        } catch (e) {
          if (!(e instanceof ProviderError)) throw e;
          log?.(`BNR rates not read (${e.kind}); asking again in ${RETRY_SECONDS / 60} minutes`);
          return { again: RETRY_SECONDS };
        }
      },
    },
  };
}
