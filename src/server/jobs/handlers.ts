import { INVOICE_CHECK_JOB } from '../modules/invoices/documents.js';
import { invoiceCheckJob } from '../modules/invoices/job.js';
import type { JobHandlers } from './runner.js';

/**
 * Every kind of background job the server runs, by name. A module that needs background work
 * (tracking polls, SMS sends) adds its handler here; main.ts runs them with startJobRunner.
 */
export const jobHandlers: JobHandlers = {
  [INVOICE_CHECK_JOB]: invoiceCheckJob,
};
