/** The packages module's public face: its routes, and one package of the company (a bulk AWB's size). */
export { packageRoutes } from './routes.js';
export { getPackage } from './service.js';
export { defaultPackageOf, findPackage, markDefaultPackage } from './queries.js';
export { packageApiDocs } from './openapi.js';
