import type { JobHandlers } from '../../jobs/runner.js';
import { documentCheckJob } from '../provider-documents/index.js';
import { INVOICE_CHECK_JOB, invoiceStore, resolveDocument } from './documents.js';

/**
 * The invoices module's background work: the check of each invoice or storno sent without a known
 * outcome, so an order is not left waiting for someone to click again. SmartBill not answering is
 * asked again later (the document stays unknown, blocking another create, meanwhile).
 */
export const invoiceJobs: JobHandlers = {
  [INVOICE_CHECK_JOB]: documentCheckJob(invoiceStore, resolveDocument) as JobHandlers[string],
};
