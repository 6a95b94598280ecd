import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { tokenHashOf, userOf } from '../../http/auth.js';
import { HttpError, parse } from '../../http/errors.js';
import { WINDOW_SECONDS } from './loginLimit.js';
import { acceptInvitation, changePassword, login, logout } from './service.js';

const tokenParam = z.object({ token: z.string().min(1).max(200) });

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

  // Public: the link's token is the permission (it is in the path, left out of the request log).
  app.post('/api/v1/invitation/:token', { config: { public: true } }, async (req) => {
    const { token } = parse(tokenParam, req.params);
    return acceptInvitation(req.ctx, token, req.body);
  });

  app.post('/api/v1/me/password', async (req, reply) => {
    const user = userOf(req);
    try {
      const ended = await changePassword(req.ctx, { tokenId: req.tokenId!, email: user.email }, req.body, req.ip);
      // The other sessions are refused at once here, on other instances within a few seconds.
      for (const hash of ended) app.forgetSession(hash);
      return { message: 'ok' };
    } catch (err) {
      if (err instanceof HttpError && err.status === 429) void reply.header('retry-after', String(WINDOW_SECONDS));
      throw err;
    }
  });
}
