/**
 * The public-documents module's public face: links to an order's documents (an AWB's label, an
 * invoice) that a shop downloads without a session, and their route.
 */
export { publicDocumentUrl, revokePublicDocuments, type PublicDocumentKind } from './service.js';
export { publicDocumentRoutes } from './routes.js';
export { publicDocumentApiDocs } from './openapi.js';
