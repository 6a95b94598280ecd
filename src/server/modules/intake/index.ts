/** The intake module's public face: its routes (the signed push, the inbox, the import) and their docs. */
export { intakeRoutes } from './routes.js';
export { intakeApiDocs } from './openapi.js';
// The demo's web shop key and pushed orders (the seed).
export { DEMO_INTAKE_KEY, seedDemoIntake } from './demo.js';
// What a connected shop's orders go through (the connectors module): the same inbox as a push.
export { receiveShopOrder, type ShopOrderOutcome } from './service.js';
// A page of a shop's orders at once (the pull): the same outcome for each, a page's round trips fewer.
export { receiveShopOrders, type ShopOrdersOutcome } from './shopOrders.js';
