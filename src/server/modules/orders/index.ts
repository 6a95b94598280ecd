/** The orders module's public face: its routes (the order, its contents and its documents) and the list's selection. */
export { orderRoutes } from './routes.js';
export { orderApiDocs } from './openapi.js';
export { countOrdersMatching, orderIdsMatching } from './selection.js';
