import type { FastifyInstance } from 'fastify';
import { loginBody, type LoginResponse } from '../../../core/api/auth.js';
import type { Db } from '../../db/connection.js';
import { hashToken, newToken, tokenHashOf, userOf } from '../../http/auth.js';
import { HttpError, parse } from '../../http/errors.js';
import crypto from 'node:crypto';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { admitAttempt, attemptKeys, pruneAttempts, WINDOW_SECONDS } from './loginLimit.js';
import { nowSeconds } from '../../lib/time.js';


// A hash to verify against when the email is unknown, so both paths take the same time.
let dummyHash: Promise<string> | null = null;
const getDummyHash = () => (dummyHash ??= hashPassword(crypto.randomUUID()));

export function authRoutes(app: FastifyInstance, db: Db): void {
  app.post('/api/v1/login', { config: { public: true } }, async (req, reply) => {
    const body = parse(loginBody, req.body);
    const email = body.email.toLowerCase();
    const now = req.ctx.now;
    const attempt = await admitAttempt(db.kysely, attemptKeys(email, req.ip), now);
    if (!attempt) {
      void reply.header('retry-after', String(WINDOW_SECONDS));
      throw new HttpError(429, 'too_many_attempts');
    }

    const user = await db.kysely.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
    const ok = await verifyPassword(user?.password_hash ?? (await getDummyHash()), body.password);
    if (!user || !ok) {
      await pruneAttempts(db.kysely, now);
      throw new HttpError(403, 'invalid_credentials');
    }
    await attempt.forget();

    const token = newToken();
    await db.kysely.insertInto('auth_tokens').values({ user_id: user.id, token_hash: hashToken(token), created_at: now, last_used_at: now, revoked_at: null }).execute();
    const answer: LoginResponse = { token, user: { id: user.id, first_name: user.first_name, last_name: user.last_name, email: user.email } };
    return answer;
  });

  app.get('/api/v1/logout', async (req) => {
    await db.kysely.updateTable('auth_tokens').set({ revoked_at: nowSeconds() }).where('id', '=', req.tokenId!).execute();
    const tokenHash = tokenHashOf(req);
    if (tokenHash) app.forgetSession(tokenHash);
    return { message: 'ok' };
  });

  app.get('/api/v1/me', async (req) => ({ user: userOf(req) }));
}
