/**
 * The connectors module's public face: a source's shop connector (its routes and the shops'
 * webhooks), its background work (the safety pull, the outbox), and the demo's connected shop.
 */
export { connectorRoutes } from './routes.js';
export { connectorJobs, SHOP_OUTBOX_JOB } from './jobs.js';
export { connectDemoEmag, connectDemoShop } from './demo.js';
export { connectorApiDocs } from './openapi.js';
// What a benchmark drives directly: one pull of a connector.
export { pullConnector } from './ordersIn.js';
