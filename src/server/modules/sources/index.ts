/** The sources module's public face: its routes, and "the source of this company" for the modules that refer to one. */
export { sourceRoutes } from './routes.js';
export { findCompanySource, type SourceRef } from './queries.js';
export { requireCompanySource } from './service.js';
export { sourceApiDocs } from './openapi.js';
// The intake key of a source: what a push is checked against (the intake module), and the demo's key.
export {
  intakeEndpoint,
  intakeSignature,
  issueKeyWith,
  resealIntakeKeys,
  verifyIntakePush,
  type SignedPush,
} from './intakeKey.js';
export { sourceNameOf } from './queries.js';
