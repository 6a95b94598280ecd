/** The orders module's public face: its routes (the order, its contents and its documents). */
export { orderRoutes } from './routes.js';
export { orderApiDocs } from './openapi.js';
