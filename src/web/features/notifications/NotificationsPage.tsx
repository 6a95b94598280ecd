import { Badge, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Notification } from '../../../core/api/companies';
import { ListPage } from '../../components/ListPage';
import { useList } from '../../components/useList';
import { formatDateTime } from '../../lib/format';
import { typeColor } from './types';

/** /notifications: every notification of the selected company (the bell's "view all"). */
export function NotificationsPage() {
  const { t, i18n } = useTranslation('notifications');
  const list = useList<Notification>({ resource: 'notifications', path: '/api/v1/notifications' });
  return (
    <ListPage<Notification>
      title={t('title')}
      list={list}
      searchable={false}
      errorFallback={t('fetchFailed')}
      columns={[
        { key: 'title', header: t('col.title'), render: (n) => <Text fw={n.read ? 400 : 700}>{n.title}</Text> },
        { key: 'description', header: t('col.message') },
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
