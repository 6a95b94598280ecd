import type { Notification } from '../../../core/api/companies.js';
import type { ListMeta, ListQuery, ListResponse } from '../../../core/api/list.js';
import { notificationText } from '../../../core/notifications.js';
import type { ServiceContext } from '../../context.js';
import { countUnread, listNotifications, markAllRead } from './queries.js';

/**
 * The company's notifications with the user's read state and unread count. System notifications
 * are stored as a message key with params and written in the reader's language (ctx.lang).
 */
export async function notificationsOf(
  ctx: ServiceContext,
  q: ListQuery,
): Promise<ListResponse<Notification> & { meta: ListMeta & { unread: number } }> {
  const page = await listNotifications(ctx.db.kysely, ctx.companyId, ctx.userId, q);
  const unread = await countUnread(ctx.db.kysely, ctx.companyId, ctx.userId);
  const data = page.data.map((r): Notification => {
    const params = JSON.parse(r.params ?? '{}') as Record<string, string | number>;
    return {
      id: r.id,
      ...(r.message_key
        ? notificationText(ctx.lang, r.message_key, params)
        : { title: r.title, description: r.description }),
      type: r.type,
      created_at: r.created_at,
      read: r.read,
      // System notifications about an order carry it as `order`: the page links to it.
      order_id: Number.isInteger(Number(params.order)) && Number(params.order) > 0 ? Number(params.order) : null,
    };
  });
  return { data, meta: { ...page.meta, unread } };
}

/** Opening the bell marks every notification of the company read for this user. */
export function markNotificationsRead(ctx: ServiceContext): Promise<void> {
  return markAllRead(ctx.db.kysely, ctx.companyId, ctx.userId);
}
