/** The SMS templates module's public face: its routes. */
export { messageRoutes } from './routes.js';
export { messageApiDocs } from './openapi.js';
