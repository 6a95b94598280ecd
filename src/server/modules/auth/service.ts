import crypto from 'node:crypto';
import { loginBody, type LoginResponse } from '../../../core/api/auth.js';
import type { ServiceContext } from '../../context.js';
import { hashToken, newToken } from '../../http/auth.js';
import { HttpError, parse } from '../../http/errors.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { admitAttempt, attemptKeys, pruneAttempts } from './loginLimit.js';
import { findUserByEmail, insertToken, revokeToken } from './queries.js';

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

  const user = await findUserByEmail(exec, email);
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
