import { Anchor, Badge, Button, Text } from '@mantine/core';
import { IconChecks } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Notification } from '../../../core/api/companies';
import { ListPage } from '../../components/ListPage';
import { useList } from '../../components/useList';
import { api } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { queryKeys } from '../../lib/queryKeys';
import { useCompanyId } from '../../lib/session';
import { notificationPath, typeColor, type NotificationsAnswer } from './types';

/**
 * /notifications: every notification of the selected company, newest first (the bell's "view
 * all"). Opening the page reads them: the bell's count goes to 0 at once, while the rows keep
 * showing which were unread when the page opened (bold, "Unread") until "Mark all read" or the
 * next visit. Each notification links to what it names (notificationPath).
 */
export function NotificationsPage() {
  const { t, i18n } = useTranslation('notifications');
  const companyId = useCompanyId();
  const qc = useQueryClient();
  const list = useList<Notification>({ resource: 'notifications', path: '/api/v1/notifications' });
  const unread = (list.meta as { unread?: number } | undefined)?.unread ?? 0;
  const bellKey = queryKeys.list('notifications', companyId, { bell: true });

  const markRead = useMutation({
    mutationFn: () => api.post('/api/v1/notifications/read'),
    onSuccess: () =>
      qc.setQueryData<NotificationsAnswer>(bellKey, (old) =>
        old ? { ...old, meta: { ...old.meta, unread: 0 }, data: old.data.map((n) => ({ ...n, read: true })) } : old,
      ),
  });

  // Once per visit and company, after the first page arrived (so it still shows what was unread).
  const markedFor = useRef<number | null>(null);
  const loaded = !list.isLoading && !list.error && list.meta !== undefined;
  useEffect(() => {
    if (!loaded || companyId === null || markedFor.current === companyId) return;
    markedFor.current = companyId;
    markRead.mutate();
  }, [loaded, companyId, markRead]);

  const markAll = async () => {
    await markRead.mutateAsync();
    await qc.invalidateQueries({ queryKey: queryKeys.all('notifications') });
  };
  const anyUnread = unread > 0 || list.rows.some((n) => !n.read);

  return (
    <ListPage<Notification>
      title={t('title')}
      list={list}
      searchable={false}
      errorFallback={t('fetchFailed')}
      toolbar={
        <Button
          variant="light"
          size="sm"
          leftSection={<IconChecks size={16} />}
          onClick={() => void markAll()}
          disabled={!anyUnread}
          loading={markRead.isPending}
        >
          {t('markAllRead')}
        </Button>
      }
      columns={[
        {
          key: 'title',
          header: t('col.title'),
          render: (n) =>
            notificationPath(n) ? (
              <Anchor
                component={Link}
                to={notificationPath(n)!}
                fw={n.read ? 400 : 700}
                data-testid="notification-link"
              >
                {n.title}
              </Anchor>
            ) : (
              <Text fw={n.read ? 400 : 700}>{n.title}</Text>
            ),
        },
        { key: 'description', header: t('col.message') },
        {
          key: 'read',
          header: t('col.read'),
          render: (n) => (
            <Badge variant={n.read ? 'outline' : 'filled'} color={n.read ? 'gray' : 'blue'}>
              {n.read ? t('read') : t('unreadOne')}
            </Badge>
          ),
        },
        {
          key: 'type',
          header: t('col.type'),
          render: (n) => (
            <Badge variant="light" color={typeColor(n.type)}>
              {t(`type.${n.type}`, { defaultValue: n.type })}
            </Badge>
          ),
        },
        { key: 'created_at', header: t('col.date'), render: (n) => formatDateTime(n.created_at, i18n.language) },
      ]}
    />
  );
}
