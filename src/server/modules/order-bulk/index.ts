/** Work on many orders at once: its routes and its background jobs. */
export { orderBulkRoutes } from './routes.js';
export { bulkJobs } from './jobs.js';
export { orderBulkApiDocs } from './openapi.js';
