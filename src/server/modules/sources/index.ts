/** The sources module's public face: its routes, and "the source of this company" for the modules that refer to one. */
export { sourceRoutes } from './routes.js';
export { findCompanySource, type SourceRef } from './queries.js';
export { requireCompanySource } from './service.js';
export { sourceApiDocs } from './openapi.js';
