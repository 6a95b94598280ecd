/** The return requests module's public face: its routes. */
export { returnRequestRoutes } from './routes.js';
export { returnRequestApiDocs } from './openapi.js';
