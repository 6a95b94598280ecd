import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/queryKeys';
import { useCompanyId } from '../../lib/session';
import type { NotificationsAnswer } from './types';

/**
 * What the bell and the notifications page do with the user's notifications: read one as it is
 * opened (nothing is read by opening the bell or the page), read all ("Mark all read"), and clear
 * them off the user's list (all, or the read ones: `POST /notifications/clear`). Every cached list
 * of notifications (bell and page) shows the change at once, then is fetched again.
 */
export function useNotificationActions() {
  const qc = useQueryClient();
  const companyId = useCompanyId();
  const lists = queryKeys.all('notifications');
  const patch = (fn: (old: NotificationsAnswer) => NotificationsAnswer) =>
    qc.setQueriesData<NotificationsAnswer>({ queryKey: lists }, (old) =>
      old && Array.isArray(old.data) ? fn(old) : old,
    );
  const refresh = () => qc.invalidateQueries({ queryKey: lists });

  const readOne = useMutation({
    mutationFn: (id: number) => api.post<{ data: { unread: number } }>(`/api/v1/notifications/${id}/read`),
    onMutate: (id) =>
      patch((old) => {
        const wasUnread = old.data.some((n) => n.id === id && !n.read);
        return {
          ...old,
          data: old.data.map((n) => (n.id === id ? { ...n, read: true } : n)),
          meta: { ...old.meta, unread: Math.max(0, (old.meta.unread ?? 0) - (wasUnread ? 1 : 0)) },
        };
      }),
    onSuccess: (answer) => patch((old) => ({ ...old, meta: { ...old.meta, unread: answer.data.unread } })),
    onSettled: refresh,
  });
  const readAll = useMutation({
    mutationFn: () => api.post('/api/v1/notifications/read'),
    onSuccess: () =>
      patch((old) => ({ ...old, data: old.data.map((n) => ({ ...n, read: true })), meta: { ...old.meta, unread: 0 } })),
    onSettled: refresh,
  });
  const clear = useMutation({
    mutationFn: (scope: 'all' | 'read') =>
      api.post<{ data: { cleared: number; unread: number } }>('/api/v1/notifications/clear', { scope }),
    onSettled: refresh,
  });

  return {
    enabled: companyId !== null,
    /** Marks one read (already read: nothing sent). */
    open: (n: { id: number; read: boolean }) => {
      if (!n.read && companyId !== null) readOne.mutate(n.id);
    },
    readAll,
    clear,
  };
}
