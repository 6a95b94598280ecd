/**
 * The SMS module's public face: an order's SMS (routes, the shipping events' hook `queueEventSms`),
 * its background jobs, and the seller alerts (`alertCompany`: a notification and a Telegram message).
 */
export { smsRoutes } from './routes.js';
export { smsJobs } from './jobs.js';
export { eventSmsWrites, queueEventSms } from './service.js';
export { alertCompany, type AlertKind } from './alerts.js';
export { smsApiDocs } from './openapi.js';
