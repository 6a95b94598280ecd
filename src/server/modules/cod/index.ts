/**
 * Cash on delivery: the couriers' payments of what they collected for the company's AWBs, from
 * their settlement files or their repayment reports, matched by AWB, and what is still owed.
 */
export { codRoutes } from './routes.js';
export { codApiDocs } from './openapi.js';
export { codJobHandlers, COD_SYNC_JOB, COD_SYNC_INTERVAL_SECONDS } from './jobs.js';
