import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Notification } from '../../../core/api/companies.js';
import { listQuery } from '../../../core/api/list.js';
import type { Db } from '../../db/connection.js';
import { userOf } from '../../http/auth.js';
import { langOf, parse } from '../../http/errors.js';
import { notificationText } from '../../../core/notifications.js';
import { paginate } from '../../http/list.js';

/** The selected company's notifications, newest first, with the signed-in user's read state. */
export function notificationRoutes(app: FastifyInstance, db: Db): void {
  app.get('/api/v1/notifications', { config: { company: true } }, async (req) => {
    const q = parse(listQuery, req.query);
    const userId = userOf(req).id;
    const lang = langOf(req);
    const query = db.kysely
      .selectFrom('notifications')
      .leftJoin('notification_reads', (j) => j.onRef('notification_reads.notification_id', '=', 'notifications.id').on('notification_reads.user_id', '=', userId))
      .select(['notifications.id', 'notifications.title', 'notifications.description', 'notifications.message_key', 'notifications.params', 'notifications.type', 'notifications.created_at', 'notification_reads.user_id as read_by'])
      .where('notifications.company_id', '=', req.companyId);
    const page = await paginate(query, {
      page: q.page,
      items: q.items,
      order: (x) => x.orderBy('notifications.created_at', 'desc').orderBy('notifications.id', 'desc'),
      map: (r): Notification => ({
        id: r.id,
        ...(r.message_key ? notificationText(lang, r.message_key, JSON.parse(r.params ?? '{}')) : { title: r.title, description: r.description }),
        type: r.type,
        created_at: Number(r.created_at),
        read: r.read_by !== null,
      }),
    });
    const unread = await db.kysely
      .selectFrom('notifications')
      .select(sql<number>`count(*)`.as('n'))
      .where('company_id', '=', req.companyId)
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('notification_reads').select('notification_id').whereRef('notification_reads.notification_id', '=', 'notifications.id').where('notification_reads.user_id', '=', userId))),
      )
      .executeTakeFirst();
    return { ...page, meta: { ...page.meta, unread: Number(unread?.n ?? 0) } };
  });

  // Opening the bell marks every notification of the company read for this user.
  app.post('/api/v1/notifications/read', { config: { company: true } }, async (req) => {
    const userId = userOf(req).id;
    await db.kysely
      .insertInto('notification_reads')
      .columns(['notification_id', 'user_id'])
      .expression((eb) =>
        eb
          .selectFrom('notifications')
          .select(['notifications.id', eb.val(userId).as('user_id')])
          .where('notifications.company_id', '=', req.companyId)
          .where(({ not, exists, selectFrom }) =>
            not(exists(selectFrom('notification_reads').select('notification_id').whereRef('notification_reads.notification_id', '=', 'notifications.id').where('notification_reads.user_id', '=', userId))),
          ),
      )
      // The bell opened in two tabs at once: both see the same unread rows; the second adds nothing.
      .onConflict((oc) => oc.columns(['notification_id', 'user_id']).doNothing())
      .execute();
    return { message: 'ok' };
  });
}
