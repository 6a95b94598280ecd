import type { FastifyInstance } from 'fastify';
import { loginBody, type LoginResponse } from '../../../core/api/auth.js';
import type { Db } from '../../db/connection.js';
import { hashToken, newToken, userOf } from '../../http/auth.js';
import { HttpError, parse } from '../../http/errors.js';
import crypto from 'node:crypto';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { nowSeconds } from '../../lib/time.js';

const MAX_FAILURES_PER_MINUTE = 10;
const WINDOW_SECONDS = 60;

// A hash to verify against when the email is unknown, so both paths take the same time.
let dummyHash: Promise<string> | null = null;
const getDummyHash = () => (dummyHash ??= hashPassword(crypto.randomUUID()));

export function authRoutes(app: FastifyInstance, db: Db): void {
  app.post('/api/v1/login', { config: { public: true } }, async (req, reply) => {
    const body = parse(loginBody, req.body);
    const email = body.email.toLowerCase();
    const keys = [`email:${email}`, `ip:${req.ip}`];
    const now = nowSeconds();

    const recent = await db.kysely
      .selectFrom('login_attempts')
      .select(['key', db.kysely.fn.countAll<number>().as('n')])
      .where('key', 'in', keys)
      .where('created_at', '>', now - WINDOW_SECONDS)
      .groupBy('key')
      .execute();
    if (recent.some((r) => Number(r.n) >= MAX_FAILURES_PER_MINUTE)) {
      void reply.header('retry-after', String(WINDOW_SECONDS));
      throw new HttpError(429, 'too_many_attempts');
    }

    const user = await db.kysely.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
    const ok = await verifyPassword(user?.password_hash ?? (await getDummyHash()), body.password);
    if (!user || !ok) {
      await db.kysely.insertInto('login_attempts').values(keys.map((key) => ({ key, created_at: now }))).execute();
      // Old attempts are useless after the window: prune them as we go instead of running a job.
      await db.kysely.deleteFrom('login_attempts').where('created_at', '<', now - WINDOW_SECONDS * 10).execute();
      throw new HttpError(403, 'invalid_credentials');
    }

    const token = newToken();
    await db.kysely.insertInto('auth_tokens').values({ user_id: user.id, token_hash: hashToken(token), created_at: now, last_used_at: now, revoked_at: null }).execute();
    const answer: LoginResponse = { token, user: { id: user.id, first_name: user.first_name, last_name: user.last_name, email: user.email } };
    return answer;
  });

  app.get('/api/v1/logout', async (req) => {
    await db.kysely.updateTable('auth_tokens').set({ revoked_at: nowSeconds() }).where('id', '=', req.tokenId!).execute();
    return { message: 'ok' };
  });

  app.get('/api/v1/me', async (req) => ({ user: userOf(req) }));
}
