/** The notifications module's public face: its routes, and the system notification other modules raise. */
export { notificationRoutes } from './routes.js';
export { insertSystemNotification } from './queries.js';
export { notificationApiDocs } from './openapi.js';
