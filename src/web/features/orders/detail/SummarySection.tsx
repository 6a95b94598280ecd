import { Badge, Divider, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '../../../lib/format';
import { Section } from '../../../components/Section';
import type { Order } from '../../../../core/api/orders';
import { invoiceAmounts, summaryCurrency } from '../shared/orderView';

/**
 * Subtotal (value), discount, client shipping cost and the order's total, in the first line's
 * currency; once the invoice was reversed, what was invoiced, reversed (storno) and the net.
 */
export function SummarySection({ order }: { order: Order }) {
  const { t, i18n } = useTranslation('orders');
  const currency = summaryCurrency(order);
  const money = (v: number | string | null | undefined) => formatAmount(v, currency, i18n.language);
  const reversal = invoiceAmounts(order);
  const invoiceMoney = (v: number) => formatAmount(v, reversal?.currency ?? 'RON', i18n.language);
  const freeShipping = (order.applied_discounts ?? []).some((d) => d.type === 'shipping');
  const row = (label: string, value: string, testId: string, strong = false) => (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="sm" c={strong ? undefined : 'dimmed'} fw={strong ? 700 : undefined}>
        {label}
      </Text>
      <Text size={strong ? 'lg' : 'sm'} fw={strong ? 700 : 500} data-testid={testId} style={{ whiteSpace: 'nowrap' }}>
        {value}
      </Text>
    </Group>
  );
  return (
    <Section title={t('summary.title')} testId="summary-section">
      <Stack gap={6}>
        {row(t('summary.value'), money(order.value), 'summary-value')}
        {row(
          t('summary.discount'),
          Number(order.discount) ? `− ${money(order.discount)}` : money(0),
          'summary-discount',
        )}
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Group gap={6}>
            <Text size="sm" c="dimmed">
              {t('summary.shipping')}
            </Text>
            {freeShipping ? (
              <Badge size="xs" color="green" variant="light">
                {t('summary.freeShipping')}
              </Badge>
            ) : null}
          </Group>
          <Text size="sm" fw={500} data-testid="summary-shipping" style={{ whiteSpace: 'nowrap' }}>
            {money(order.client_shipping_cost)}
          </Text>
        </Group>
        <Divider />
        {row(t('summary.total'), money(order.total_value), 'summary-total', true)}
        {reversal ? (
          <>
            <Divider />
            {row(t('summary.invoiced'), invoiceMoney(reversal.invoiced), 'summary-invoiced')}
            {row(t('summary.reversed'), invoiceMoney(reversal.reversed), 'summary-reversed')}
            {row(t('summary.net'), invoiceMoney(reversal.net), 'summary-net', true)}
          </>
        ) : null}
      </Stack>
    </Section>
  );
}
