import { Anchor, Badge, Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconChecks, IconTrash, IconTrashX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Notification } from '../../../core/api/companies';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ListPage } from '../../components/ListPage';
import { useList } from '../../components/useList';
import { errorMessage } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { notificationPath, typeColor } from './types';
import { useNotificationActions } from './useNotificationActions';

/**
 * /notifications: every notification of the selected company, newest first (the bell's "view
 * all"). Opening the page reads nothing: a notification is read when it is opened (its link, or
 * its title when it names no page), every one with "Mark all read". "Delete read" and "Clear all"
 * take them off this user's list (a colleague keeps theirs); clearing all asks first.
 */
export function NotificationsPage() {
  const { t, i18n } = useTranslation('notifications');
  const list = useList<Notification>({ resource: 'notifications', path: '/api/v1/notifications' });
  const unread = (list.meta as { unread?: number } | undefined)?.unread ?? 0;
  const total = list.meta?.total ?? 0;
  const actions = useNotificationActions();
  const [confirmClear, setConfirmClear] = useState(false);

  const anyUnread = unread > 0 || list.rows.some((n) => !n.read);
  // Read ones exist when some notification is not unread: beyond this page too (total > unread).
  const anyRead = total > unread || list.rows.some((n) => n.read);
  const clear = (scope: 'all' | 'read') =>
    actions.clear.mutate(scope, {
      onSuccess: (answer) => {
        setConfirmClear(false);
        notifications.show({ color: 'green', message: t('cleared', { count: answer.data.cleared }) });
      },
    });

  return (
    <>
      <ListPage<Notification>
        title={t('title')}
        list={list}
        searchable={false}
        errorFallback={t('fetchFailed')}
        toolbar={
          <Group gap="xs" wrap="wrap">
            <Button
              variant="light"
              size="sm"
              leftSection={<IconChecks size={16} />}
              onClick={() => actions.readAll.mutate()}
              disabled={!anyUnread}
              loading={actions.readAll.isPending}
            >
              {t('markAllRead')}
            </Button>
            <Button
              variant="default"
              size="sm"
              leftSection={<IconTrash size={16} />}
              onClick={() => clear('read')}
              disabled={!anyRead}
              loading={actions.clear.isPending && actions.clear.variables === 'read'}
            >
              {t('deleteRead')}
            </Button>
            <Button
              variant="default"
              color="red"
              size="sm"
              leftSection={<IconTrashX size={16} />}
              onClick={() => setConfirmClear(true)}
              disabled={total === 0 && list.rows.length === 0}
            >
              {t('clearAll')}
            </Button>
          </Group>
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
                  onClick={() => actions.open(n)}
                >
                  {n.title}
                </Anchor>
              ) : n.read ? (
                <Text fw={400}>{n.title}</Text>
              ) : (
                // Names no page: clicking its title is how it is seen (read).
                <Anchor component="button" type="button" fw={700} c="inherit" ta="left" onClick={() => actions.open(n)}>
                  {n.title}
                </Anchor>
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
      <ConfirmDialog
        opened={confirmClear}
        onCancel={() => setConfirmClear(false)}
        onConfirm={() => clear('all')}
        title={t('clearAllTitle')}
        message={t('clearAllMessage')}
        confirmLabel={t('clearAll')}
        loading={actions.clear.isPending}
        error={actions.clear.isError ? errorMessage(actions.clear.error, t('clearFailed')) : null}
      />
    </>
  );
}
