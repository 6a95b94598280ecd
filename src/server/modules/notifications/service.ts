import type { Notification } from '../../../core/api/companies.js';
import type { ListMeta, ListQuery, ListResponse } from '../../../core/api/list.js';
import { notificationLink, notificationOrder, notificationText } from '../../../core/notifications.js';
import type { ServiceContext } from '../../context.js';
import { existingOrderIds } from '../order-lifecycle/index.js';
import { clearNotificationsBody } from '../../../core/api/companies.js';
import { notFound, parse } from '../../http/errors.js';
import { clearNotifications, countUnread, listNotifications, markAllRead, markOneRead } from './queries.js';

/**
 * The company's notifications with the user's read state and unread count. System notifications
 * are stored as a message key with params and written in the reader's language (ctx.lang). Each
 * carries the page it is about (core's notificationLink); an order it names that no longer exists
 * (deleted since) is no link, so every link opens something (one read for the page's orders).
 */
export async function notificationsOf(
  ctx: ServiceContext,
  q: ListQuery,
): Promise<ListResponse<Notification> & { meta: ListMeta & { unread: number } }> {
  const page = await listNotifications(ctx.db.kysely, ctx.companyId, ctx.userId, q);
  const unread = await countUnread(ctx.db.kysely, ctx.companyId, ctx.userId);
  const parsed = page.data.map((r) => ({ r, params: JSON.parse(r.params ?? '{}') as Record<string, string | number> }));
  const named = parsed.map((p) => (p.r.message_key ? notificationOrder(p.params) : null));
  const existing = await existingOrderIds(
    ctx.db.kysely,
    ctx.companyId,
    named.filter((id): id is number => id !== null),
  );
  const data = parsed.map(({ r, params }, i): Notification => {
    const order = named[i] !== null && existing.has(named[i]) ? named[i] : null;
    return {
      id: r.id,
      ...(r.message_key
        ? notificationText(ctx.lang, r.message_key, params)
        : { title: r.title, description: r.description }),
      type: r.type,
      created_at: r.created_at,
      read: r.read,
      order_id: order,
      link: !r.message_key || (named[i] !== null && order === null) ? null : notificationLink(r.message_key, params),
    };
  });
  return { data, meta: { ...page.meta, unread } };
}

/** "Mark all read": every notification of the company read for this user (opening the bell reads none). */
export function markNotificationsRead(ctx: ServiceContext): Promise<void> {
  return markAllRead(ctx.db.kysely, ctx.companyId, ctx.userId);
}

/** One notification read for this user, as they open it; 404 when it is not the company's. Answers the unread count. */
export async function markNotificationRead(ctx: ServiceContext, id: number): Promise<{ unread: number }> {
  if (!(await markOneRead(ctx.db.kysely, ctx.companyId, ctx.userId, id))) throw notFound();
  return { unread: await countUnread(ctx.db.kysely, ctx.companyId, ctx.userId) };
}

/**
 * Clears the user's notifications of the company off their list (body `{ scope: 'all' | 'read' }`,
 * 422 otherwise); their colleagues keep theirs. Answers how many were cleared and the unread count.
 */
export async function clearUserNotifications(
  ctx: ServiceContext,
  body: unknown,
): Promise<{ cleared: number; unread: number }> {
  const { scope } = parse(clearNotificationsBody, body);
  const cleared = await ctx.db.transaction((trx) => clearNotifications(trx, ctx.companyId, ctx.userId, scope, ctx.now));
  return { cleared, unread: await countUnread(ctx.db.kysely, ctx.companyId, ctx.userId) };
}
