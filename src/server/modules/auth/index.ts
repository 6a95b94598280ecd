/** The sign-in module's public face: its routes (sign-in, the session, sign-out, invitations, passwords) and accounts. */
export { authRoutes } from './routes.js';
export { authApiDocs } from './openapi.js';
export { createInvitedUser, hasNoPassword, issueInvitation, membersByIds, toMember } from './accounts.js';
export { deleteInvitations, findUserByEmail, revokeUserTokens } from './queries.js';
