import crypto from 'node:crypto';
import { loginBody, type LoginResponse } from '../../../core/api/auth.js';
import { acceptInvitationBody, changePasswordBody } from '../../../core/api/members.js';
import type { ServiceContext } from '../../context.js';
import { hashToken, newToken } from '../../http/auth.js';
import { FieldProblems, HttpError, parse } from '../../http/errors.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { admitAttempt, attemptKeys, pruneAttempts } from './loginLimit.js';
import { hasNoPassword } from './accounts.js';
import {
  findInvitation,
  findUserByEmail,
  findUserById,
  insertToken,
  revokeToken,
  revokeUserTokens,
  setFirstPassword,
  setPasswordHash,
  useInvitationsOf,
} from './queries.js';

// A hash to verify against when the email is unknown, so both paths take the same time.
let dummyHash: Promise<string> | null = null;
const getDummyHash = () => (dummyHash ??= hashPassword(crypto.randomUUID()));

/**
 * Signs in with email and password and answers a new session token. At most 10 failures a
 * minute per email and 100 checked passwords a minute per client address (429 after that, see
 * loginLimit.ts); an unknown email and a wrong password answer the same 403 in the same time.
 */
export async function login(ctx: ServiceContext, input: unknown, clientIp: string): Promise<LoginResponse> {
  const body = parse(loginBody, input);
  const email = body.email.toLowerCase();
  const exec = ctx.db.kysely;
  const attempt = await admitAttempt(exec, attemptKeys(email, clientIp), ctx.now);
  if (!attempt) throw new HttpError(429, 'too_many_attempts');

  // A user invited who has not chosen a password yet signs in with nothing: checked like an unknown
  // email (against the dummy hash), so the time taken does not tell the two apart either.
  const found = await findUserByEmail(exec, email);
  const user = found && !hasNoPassword(found) ? found : undefined;
  const ok = await verifyPassword(user?.password_hash ?? (await getDummyHash()), body.password);
  if (!user || !ok) {
    await pruneAttempts(exec, ctx.now);
    throw new HttpError(403, 'invalid_credentials');
  }
  await attempt.forget();

  const token = newToken();
  await insertToken(exec, user.id, hashToken(token), ctx.now);
  return { token, user: { id: user.id, first_name: user.first_name, last_name: user.last_name, email: user.email } };
}

/** Ends a session: its token is refused from now on. */
export async function logout(ctx: ServiceContext, tokenId: number): Promise<void> {
  await revokeToken(ctx.db.kysely, tokenId, ctx.now);
}

/**
 * Opens an invitation link: the invited user chooses their password and is signed in (a new
 * session, answered as a sign-in is). The token is looked up first (404 for a link that never
 * existed or was withdrawn, 410 for one used or past its 72 hours), then the password. A link
 * works once, and only for a user with no password yet: once one is chosen, through this link or
 * another company's, every link of the user is spent, so a link never replaces a password.
 */
export async function acceptInvitation(ctx: ServiceContext, token: string, input: unknown): Promise<LoginResponse> {
  const tokenHash = hashToken(token);
  const open = (invitation: Awaited<ReturnType<typeof findInvitation>>) => {
    if (!invitation) throw new HttpError(404, 'invitation_not_found');
    if (invitation.used_at !== null) throw new HttpError(410, 'invitation_used');
    if (Number(invitation.expires_at) <= ctx.now) throw new HttpError(410, 'invitation_expired');
    return invitation;
  };
  open(await findInvitation(ctx.db.kysely, tokenHash));
  const body = parse(acceptInvitationBody, input);
  const passwordHash = await hashPassword(body.password);
  const session = newToken();
  const user = await ctx.db.transaction(async (trx) => {
    const invitation = open(await findInvitation(trx, tokenHash, { lock: true }));
    const invited = await findUserById(trx, invitation.user_id);
    if (!invited || !(await setFirstPassword(trx, invited.id, passwordHash)))
      throw new HttpError(410, 'invitation_used');
    await useInvitationsOf(trx, invited.id, ctx.now);
    await insertToken(trx, invited.id, hashToken(session), ctx.now);
    return invited;
  });
  return {
    token: session,
    user: { id: user.id, first_name: user.first_name, last_name: user.last_name, email: user.email },
  };
}

/**
 * Changes the signed-in user's password: the current one is checked first (a wrong one is a
 * failed sign-in for the limits of loginLimit.ts, and a 422 on its field), then every other
 * session of the user ends; this one stays. Answers the hashes of the ended sessions' tokens.
 */
export async function changePassword(
  ctx: ServiceContext,
  session: { tokenId: number; email: string },
  input: unknown,
  clientIp: string,
): Promise<string[]> {
  const body = parse(changePasswordBody, input);
  const exec = ctx.db.kysely;
  const attempt = await admitAttempt(exec, attemptKeys(session.email.toLowerCase(), clientIp), ctx.now);
  if (!attempt) throw new HttpError(429, 'too_many_attempts');
  const user = await findUserById(exec, ctx.userId);
  if (!user || !(await verifyPassword(user.password_hash, body.current_password))) {
    await pruneAttempts(exec, ctx.now);
    throw FieldProblems.one('current_password', 'current_password_wrong');
  }
  await attempt.forget();
  const passwordHash = await hashPassword(body.new_password);
  return ctx.db.transaction(async (trx) => {
    await setPasswordHash(trx, user.id, passwordHash);
    return revokeUserTokens(trx, user.id, ctx.now, session.tokenId);
  });
}
