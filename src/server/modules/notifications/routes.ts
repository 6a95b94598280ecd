import type { FastifyInstance } from 'fastify';
import { listQuery } from '../../../core/api/list.js';
import { parse } from '../../http/errors.js';
import { markNotificationsRead, notificationsOf } from './service.js';

/** The selected company's notifications, newest first, with the signed-in user's read state. */
export function notificationRoutes(app: FastifyInstance): void {
  app.get('/api/v1/notifications', { config: { company: true } }, async (req) =>
    notificationsOf(req.ctx, parse(listQuery, req.query)),
  );

  app.post('/api/v1/notifications/read', { config: { company: true } }, async (req) => {
    await markNotificationsRead(req.ctx);
    return { message: 'ok' };
  });
}
