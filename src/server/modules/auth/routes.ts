import type { FastifyInstance } from 'fastify';
import { tokenHashOf, userOf } from '../../http/auth.js';
import { HttpError } from '../../http/errors.js';
import { WINDOW_SECONDS } from './loginLimit.js';
import { login, logout } from './service.js';

export function authRoutes(app: FastifyInstance): void {
  app.post('/api/v1/login', { config: { public: true } }, async (req, reply) => {
    try {
      return await login(req.ctx, req.body, req.ip);
    } catch (err) {
      // Refused by the sign-in limit: say when to try again.
      if (err instanceof HttpError && err.status === 429) void reply.header('retry-after', String(WINDOW_SECONDS));
      throw err;
    }
  });

  app.get('/api/v1/logout', async (req) => {
    await logout(req.ctx, req.tokenId!);
    // This instance's session cache forgets the token at once (others within a few seconds).
    const tokenHash = tokenHashOf(req);
    if (tokenHash) app.forgetSession(tokenHash);
    return { message: 'ok' };
  });

  app.get('/api/v1/me', async (req) => ({ user: userOf(req) }));
}
