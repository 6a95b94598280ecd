import { sql } from 'kysely';
import type { ListQuery, ListResponse } from '../../../core/api/list.js';
import { notificationColumns, type NotificationKind } from '../../../core/notifications.js';
import type { Executor } from '../../db/connection.js';
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
      .where('notifications.company_id', '=', v.companyId),
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

/** How many of the company's notifications the user has not read. */
export async function countUnread(exec: Executor, companyId: number, userId: number): Promise<number> {
  const row = await exec
    .selectFrom('notifications')
    .select(sql<number>`count(*)`.as('n'))
    .where('company_id', '=', companyId)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('notification_reads')
            .select('notification_id')
            .whereRef('notification_reads.notification_id', '=', 'notifications.id')
            .where('notification_reads.user_id', '=', userId),
        ),
      ),
    )
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
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('notification_reads')
                .select('notification_id')
                .whereRef('notification_reads.notification_id', '=', 'notifications.id')
                .where('notification_reads.user_id', '=', userId),
            ),
          ),
        ),
    )
    // The bell opened in two tabs at once: both see the same unread rows; the second adds nothing.
    .onConflict((oc) => oc.columns(['notification_id', 'user_id']).doNothing())
    .execute();
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
