import { sql, type ExpressionBuilder } from 'kysely';
import type { ListQuery, ListResponse } from '../../../core/api/list.js';
import { notificationColumns, type NotificationKind } from '../../../core/notifications.js';
import type { Executor } from '../../db/connection.js';
import type { Database } from '../../db/schema.js';
import { preparedList } from '../../http/list.js';

export interface NotificationRow {
  id: number;
  title: string;
  description: string;
  message_key: string | null;
  params: string | null;
  type: string;
  created_at: number;
  read: boolean;
}

const notificationsList = preparedList(
  (exec, v: { companyId: number; userId: number }) =>
    exec
      .selectFrom('notifications')
      .leftJoin('notification_reads', (j) =>
        j
          .onRef('notification_reads.notification_id', '=', 'notifications.id')
          .on('notification_reads.user_id', '=', v.userId),
      )
      .select([
        'notifications.id',
        'notifications.title',
        'notifications.description',
        'notifications.message_key',
        'notifications.params',
        'notifications.type',
        'notifications.created_at',
        'notification_reads.user_id as read_by',
      ])
      .where('notifications.company_id', '=', v.companyId)
      // Cleared by this user (clearNotifications): off their list, still on their colleagues'.
      .where('notification_reads.cleared_at', 'is', null),
  (x) => x.orderBy('notifications.created_at', 'desc').orderBy('notifications.id', 'desc'),
);

/** A page of the company's notifications, newest first, with the user's read state (one join). */
export function listNotifications(
  exec: Executor,
  companyId: number,
  userId: number,
  q: ListQuery,
): Promise<ListResponse<NotificationRow>> {
  return notificationsList(
    exec,
    { companyId, userId },
    {
      page: q.page,
      items: q.items,
      map: ({ read_by, ...r }) => ({ ...r, created_at: Number(r.created_at), read: read_by !== null }),
    },
  );
}

/** A notification the user has no read row for (neither read nor cleared). */
const unreadBy =
  (userId: number) =>
  ({ not, exists, selectFrom }: ExpressionBuilder<Database, 'notifications'>) =>
    not(
      exists(
        selectFrom('notification_reads')
          .select('notification_id')
          .whereRef('notification_reads.notification_id', '=', 'notifications.id')
          .where('notification_reads.user_id', '=', userId),
      ),
    );

/** How many of the company's notifications the user has not read. */
export async function countUnread(exec: Executor, companyId: number, userId: number): Promise<number> {
  const row = await exec
    .selectFrom('notifications')
    .select(sql<number>`count(*)`.as('n'))
    .where('company_id', '=', companyId)
    .where(unreadBy(userId))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Marks every notification of the company read for the user (one INSERT ... SELECT of the unread ones). */
export async function markAllRead(exec: Executor, companyId: number, userId: number): Promise<void> {
  await exec
    .insertInto('notification_reads')
    .columns(['notification_id', 'user_id'])
    .expression((eb) =>
      eb
        .selectFrom('notifications')
        .select(['notifications.id', eb.val(userId).as('user_id')])
        .where('notifications.company_id', '=', companyId)
        .where(unreadBy(userId)),
    )
    // The bell opened in two tabs at once: both see the same unread rows; the second adds nothing.
    .onConflict((oc) => oc.columns(['notification_id', 'user_id']).doNothing())
    .execute();
}

/** Marks one notification of the company read for the user; false when the company has no such notification. */
export async function markOneRead(exec: Executor, companyId: number, userId: number, id: number): Promise<boolean> {
  const found = await exec
    .selectFrom('notifications')
    .select('id')
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  if (!found) return false;
  await exec
    .insertInto('notification_reads')
    .values({ notification_id: id, user_id: userId })
    // Already read (a second click, another tab): nothing to add.
    .onConflict((oc) => oc.columns(['notification_id', 'user_id']).doNothing())
    .execute();
  return true;
}

/**
 * Takes the company's notifications off the user's list: every one (`all`: read ones marked
 * cleared, the unread ones read and cleared) or the read ones. A read row with cleared_at set is
 * the user's "cleared"; the notification itself stays for the company's other members. Answers
 * how many were cleared.
 */
export async function clearNotifications(
  exec: Executor,
  companyId: number,
  userId: number,
  scope: 'all' | 'read',
  now: number,
): Promise<number> {
  const ofCompany = exec
    .selectFrom('notifications')
    .select('notifications.id')
    .where('notifications.company_id', '=', companyId);
  const read = await exec
    .updateTable('notification_reads')
    .set({ cleared_at: now })
    .where('user_id', '=', userId)
    .where('cleared_at', 'is', null)
    .where('notification_id', 'in', ofCompany)
    .executeTakeFirst();
  let cleared = Number(read.numUpdatedRows);
  if (scope === 'all') {
    const unread = await exec
      .insertInto('notification_reads')
      .columns(['notification_id', 'user_id', 'cleared_at'])
      .expression((eb) =>
        eb
          .selectFrom('notifications')
          .select(['notifications.id', eb.val(userId).as('user_id'), eb.val(now).as('cleared_at')])
          .where('notifications.company_id', '=', companyId)
          .where(unreadBy(userId)),
      )
      .onConflict((oc) => oc.columns(['notification_id', 'user_id']).doNothing())
      .executeTakeFirst();
    cleared += Number(unread.numInsertedOrUpdatedRows ?? 0);
  }
  return cleared;
}

/**
 * A system notification for the whole company, stored as its message key and params (each reader
 * sees it in their language). Runs on the caller's executor: inside the transaction of the change
 * it reports, it exists only if that change does.
 */
export async function insertSystemNotification(
  exec: Executor,
  n: {
    companyId: number;
    kind: NotificationKind;
    params: Record<string, string | number>;
    type: 'notice' | 'success' | 'warning' | 'error';
    now: number;
  },
): Promise<void> {
  await exec
    .insertInto('notifications')
    .values({ company_id: n.companyId, ...notificationColumns(n.kind, n.params), type: n.type, created_at: n.now })
    .execute();
}
