/** The customers module's public face: routes, the joining and leaving of orders, flags for lists. */
export { customerRoutes } from './routes.js';
export { customerForNewOrder, customerLostOrder, renameCompanyCustomer } from './service.js';
export { flagsAnswerJson, flagsOf } from './queries.js';
export { searchPagePostgres } from './list/postgres.js';
export { customerApiDocs } from './openapi.js';
