import type { FastifyInstance } from 'fastify';
import { listQuery } from '../../../core/api/list.js';
import { parse } from '../../http/errors.js';
import { idParam } from '../../http/params.js';
import { clearUserNotifications, markNotificationRead, markNotificationsRead, notificationsOf } from './service.js';

/** The selected company's notifications, newest first, with the signed-in user's read state. */
export function notificationRoutes(app: FastifyInstance): void {
  app.get('/api/v1/notifications', { config: { company: true } }, async (req) =>
    notificationsOf(req.ctx, parse(listQuery, req.query)),
  );

  app.post('/api/v1/notifications/read', { config: { company: true } }, async (req) => {
    await markNotificationsRead(req.ctx);
    return { message: 'ok' };
  });

  // One notification read as the user opens it (the bell and the page read nothing by themselves).
  app.post('/api/v1/notifications/:id/read', { config: { company: true } }, async (req) => ({
    data: await markNotificationRead(req.ctx, parse(idParam, req.params).id),
  }));

  app.post('/api/v1/notifications/clear', { config: { company: true } }, async (req) => ({
    data: await clearUserNotifications(req.ctx, req.body),
  }));
}
