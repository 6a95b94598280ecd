import { Alert, Badge, Button, Group, Tabs, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Order } from '../../../../core/api/orders';
import { api, errorMessage } from '../../../lib/api';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { ORDERS_PATH } from '../api';

/** The orders list's tab of the orders whose parcel needs attention (`attention=1`). */
export const ATTENTION_TAB = 'attention';

/** The "Needs attention" tab with its count (`GET /order/counts` meta.attention). */
export function AttentionTab({ count }: { count: number | undefined }) {
  const { t, i18n } = useTranslation('orders');
  return (
    <Tabs.Tab
      value={ATTENTION_TAB}
      rightSection={
        <Badge size="sm" variant="light" color={count ? 'red' : 'gray'} data-testid="count-attention">
          {typeof count === 'number' ? formatNumber(count, i18n.language) : '…'}
        </Badge>
      }
    >
      {t('attention.tab')}
    </Tabs.Tab>
  );
}

/**
 * On the order's page: why its parcel needs attention (the courier's tracking said so) and the
 * seller's "Mark as handled", which takes it off the list (the history says who).
 */
export function AttentionPanel({ order }: { order: Order }) {
  const { t, i18n } = useTranslation('orders');
  const queryClient = useQueryClient();
  const handle = useMutation({
    mutationFn: () => api.post<{ message: string }>(`${ORDERS_PATH}/${order.id}/attention/handled`, {}),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['order'] });
      notifications.show({ color: 'green', message: t('attention.handledDone') });
    },
    onError: (e) => notifications.show({ color: 'red', message: errorMessage(e, t('common:errors.unexpected')) }),
  });
  if (!order.attention) return null;
  return (
    <Alert color="red" title={t('attention.title')} data-testid="attention-panel">
      <Text size="sm">{t(`attention.reason.${order.attention.reason}`)}</Text>
      {order.attention.since ? (
        <Text size="xs" c="dimmed">
          {t('attention.since', { when: formatDateTime(order.attention.since, i18n.language) })}
        </Text>
      ) : null}
      <Group mt="xs">
        <Button size="xs" variant="light" color="red" loading={handle.isPending} onClick={() => handle.mutate()}>
          {t('attention.handle')}
        </Button>
      </Group>
    </Alert>
  );
}
