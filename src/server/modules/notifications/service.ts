import type { Notification } from '../../../core/api/companies.js';
import type { ListMeta, ListQuery, ListResponse } from '../../../core/api/list.js';
import { notificationLink, notificationOrder, notificationText } from '../../../core/notifications.js';
import type { ServiceContext } from '../../context.js';
import { existingOrderIds } from '../order-lifecycle/index.js';
import { countUnread, listNotifications, markAllRead } from './queries.js';

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

/** Opening the bell marks every notification of the company read for this user. */
export function markNotificationsRead(ctx: ServiceContext): Promise<void> {
  return markAllRead(ctx.db.kysely, ctx.companyId, ctx.userId);
}
