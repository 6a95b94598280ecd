import type { JobHandlers } from '../../jobs/runner.js';
import { ALERT_JOB, alertJob } from './alerts.js';
import { SMS_CHECK_JOB, SMS_EVENT_JOB, smsCheckJob, smsEventJob } from './service.js';

/** The SMS module's background work: the shipping events' SMS, the check of each send, the seller alerts. */
export const smsJobs: JobHandlers = {
  [SMS_EVENT_JOB]: smsEventJob,
  [SMS_CHECK_JOB]: smsCheckJob,
  [ALERT_JOB]: alertJob,
} as JobHandlers;
