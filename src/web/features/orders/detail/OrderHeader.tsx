import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowBackUp, IconArrowLeft, IconBan } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StatusBadge } from '../../../components/StatusBadge';
import { formatDateTime } from '../../../lib/format';
import { InvoiceStatusBadge } from '../badges/InvoiceStatusBadge';
import type { Order } from '../../../../core/api/orders';
import { canCancel, canRestore } from '../../../../core/orders/eligibility';

/** Order id, status, invoice-status and courier-status badges, creation date, source, the shop's order number, Back to the saved list page, Cancel / Restore. */
export function OrderHeader({
  order,
  backTo,
  onCancel,
  onRestore,
}: {
  order: Order;
  backTo: string;
  onCancel: () => void;
  onRestore: () => void;
}) {
  const { t, i18n } = useTranslation('orders');
  return (
    <Group justify="space-between" align="flex-start" gap="sm" mb="md" wrap="wrap">
      <Stack gap={4}>
        <Group gap="sm" wrap="wrap">
          <Title order={2}>{t('detail.title', { id: order.id })}</Title>
          <StatusBadge status={order.status} />
          <InvoiceStatusBadge status={order.invoice_status} />
          {order.courier_status ? <StatusBadge status={order.courier_status} /> : null}
        </Group>
        <Text size="sm" c="dimmed">
          {t('detail.createdAt', { date: formatDateTime(order.created_at, i18n.language) })}
        </Text>
        <Text size="sm" c="dimmed" data-testid="order-source">
          {t('detail.source', { source: order.source?.trim() || '—' })}
        </Text>
        {/* An order a shop pushed or a file imported carries the shop's own number: the seller finds it by that. */}
        {order.external_id ? (
          <Text size="sm" c="dimmed" data-testid="order-external-id">
            {t('detail.externalId', { number: order.external_id })}
          </Text>
        ) : null}
      </Stack>
      <Group gap="xs" wrap="wrap">
        <Button component={Link} to={backTo} variant="default" leftSection={<IconArrowLeft size={16} />}>
          {t('detail.back')}
        </Button>
        {canCancel(order) ? (
          <Button color="red" variant="light" leftSection={<IconBan size={16} />} onClick={onCancel}>
            {t('detail.cancel')}
          </Button>
        ) : null}
        {canRestore(order) ? (
          <Button variant="light" leftSection={<IconArrowBackUp size={16} />} onClick={onRestore}>
            {t('detail.restore')}
          </Button>
        ) : null}
      </Group>
    </Group>
  );
}
