/** The changelog's public face: its route. */
export { changelogRoutes } from './routes.js';
export { changelogApiDocs } from './openapi.js';
