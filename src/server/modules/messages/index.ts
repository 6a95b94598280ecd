/** The SMS templates module's public face: its routes, and the template an order's SMS is made from. */
export { messageRoutes } from './routes.js';
export { messageApiDocs } from './openapi.js';
export { getMessage, templateForEvent } from './service.js';
