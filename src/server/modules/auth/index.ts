/** The sign-in module's public face: its routes (sign-in, the session, sign-out). */
export { authRoutes } from './routes.js';
export { authApiDocs } from './openapi.js';
