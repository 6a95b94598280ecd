/** The packages module's public face: its routes. */
export { packageRoutes } from './routes.js';
export { packageApiDocs } from './openapi.js';
