import { ActionIcon, Badge, Button, Group, Paper, Stack, Table, Text, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconMinus, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { PHONE_QUERY } from '../../../components/ListPage';
import { formatAmount, formatDate } from '../../../lib/format';

/** A rate's day (YYYY-MM-DD) as the interface writes dates; noon UTC is that day in Romania. */
const formatDay = (day: string, lang: string) => formatDate(Date.parse(`${day}T12:00:00Z`) / 1000, lang);
import type { useOrderActions } from '../api';
import { Section } from '../../../components/Section';
import type { Order, OrderProduct } from '../../../../core/api/orders';
import { notifyDone, notifyFailed } from '../shared/feedback';
import { reversedByLine } from '../shared/orderView';

/**
 * The order's lines: name, SKU, selling price, quantity with − and +, remove. A quantity that would
 * reach 0 (minus at 1) asks to remove the line instead (a line never has 0 items); every change refetches the order.
 * `locked` (the reason, shown) disables every change: an invoice or an AWB was made from the lines.
 * A line some of which a storno took back says how many units.
 */
export function ProductsSection({
  order,
  actions,
  onAdd,
  locked,
}: {
  order: Order;
  actions: ReturnType<typeof useOrderActions>;
  onAdd: () => void;
  locked: string | null;
}) {
  const { t, i18n } = useTranslation('orders');
  const lines = order.order_products ?? [];
  const reversed = reversedByLine(order);
  const [toRemove, setToRemove] = useState<OrderProduct | null>(null);
  const phone = useMediaQuery(PHONE_QUERY, false) ?? false;
  const busy = actions.setLineQuantity.isPending || actions.removeLine.isPending || locked !== null;

  const setQuantity = (line: OrderProduct, quantity: number) => {
    if (busy) return;
    if (quantity <= 0) {
      setToRemove(line);
      return;
    }
    actions.setLineQuantity.mutate(
      { lineId: line.id, quantity },
      { onError: (e) => notifyFailed(e, t('errors.product')) },
    );
  };
  const quantityControls = (l: OrderProduct) => (
    <Group gap={6} wrap="nowrap" justify="center">
      <ActionIcon
        variant="default"
        size="sm"
        disabled={busy}
        aria-label={t('lines.decrease', { name: l.product.name })}
        onClick={() => setQuantity(l, l.quantity - 1)}
      >
        <IconMinus size={14} />
      </ActionIcon>
      <Text size="sm" fw={600} miw={24} ta="center" data-testid={`qty-${l.id}`}>
        {l.quantity}
      </Text>
      <ActionIcon
        variant="default"
        size="sm"
        disabled={busy}
        aria-label={t('lines.increase', { name: l.product.name })}
        onClick={() => setQuantity(l, l.quantity + 1)}
      >
        <IconPlus size={14} />
      </ActionIcon>
    </Group>
  );
  const removeButton = (l: OrderProduct) => (
    <Tooltip label={t('lines.remove', { name: l.product.name })}>
      <ActionIcon
        variant="subtle"
        color="red"
        disabled={busy}
        aria-label={t('lines.remove', { name: l.product.name })}
        onClick={() => setToRemove(l)}
      >
        <IconTrash size={16} />
      </ActionIcon>
    </Tooltip>
  );
  // The line's price in lei; a line converted from another currency also shows its own price, the rate and its day.
  // The amount stays on one line; the note wraps under it, so that it never widens the table past the
  // quantity buttons and the remove button (at 1366 px with the sidebar).
  const price = (l: OrderProduct) => (
    <>
      <span style={{ whiteSpace: 'nowrap' }}>
        {formatAmount(l.product.selling_price, l.product.currency || 'RON', i18n.language)}
      </span>
      {l.conversion ? (
        <Text size="xs" c="dimmed" maw={190} ml="auto" data-testid="line-conversion">
          {t('lines.conversion', {
            price: formatAmount(l.conversion.price, l.conversion.currency, i18n.language),
            rate: l.conversion.rate.toLocaleString(i18n.language.startsWith('ro') ? 'ro-RO' : 'en-US', {
              minimumFractionDigits: 4,
            }),
            source: t(`lines.rateSource.${l.conversion.source}`),
            date: formatDay(l.conversion.rate_date, i18n.language),
            interpolation: { escapeValue: false },
          })}
        </Text>
      ) : null}
    </>
  );

  const remove = async () => {
    if (!toRemove) return;
    try {
      await actions.removeLine.mutateAsync(toRemove.id);
      notifyDone(t('lines.removed'));
      setToRemove(null);
    } catch (e) {
      notifyFailed(e, t('errors.product'));
    }
  };

  return (
    <Section
      title={t('lines.title')}
      testId="products-section"
      actions={
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPlus size={14} />}
          onClick={onAdd}
          disabled={locked !== null}
        >
          {t('lines.add')}
        </Button>
      }
    >
      {locked ? (
        <Text size="sm" c="dimmed" mb="xs" data-testid="lines-locked">
          {locked}
        </Text>
      ) : null}
      {lines.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('lines.empty')}
        </Text>
      ) : phone ? (
        // A phone gets one card per line: price, quantity controls and remove stay on screen.
        <Stack gap="xs" role="list" aria-label={t('lines.title')}>
          {lines.map((l) => (
            <Paper key={l.id} withBorder p="xs" radius="sm" role="listitem" data-testid={`line-card-${l.id}`}>
              <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
                <div style={{ minWidth: 0 }}>
                  <Text size="sm" fw={500}>
                    {l.product.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {l.product.sku}
                  </Text>
                </div>
                <Text size="sm" ta="right">
                  {price(l)}
                </Text>
              </Group>
              <Group justify="space-between" mt={6} wrap="nowrap">
                {quantityControls(l)}
                {removeButton(l)}
              </Group>
            </Paper>
          ))}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={520}>
          <Table verticalSpacing="xs" aria-label={t('lines.title')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('lines.name')}</Table.Th>
                <Table.Th>{t('lines.sku')}</Table.Th>
                <Table.Th ta="right">{t('lines.price')}</Table.Th>
                <Table.Th ta="center">{t('lines.quantity')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {lines.map((l) => (
                <Table.Tr key={l.id}>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {l.product.name}
                    </Text>
                    {reversed.get(l.id) ? (
                      <Badge size="xs" color="orange" variant="light" data-testid={`reversed-${l.id}`}>
                        {t('lines.reversed', { count: reversed.get(l.id) })}
                      </Badge>
                    ) : null}
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{l.product.sku}</Table.Td>
                  <Table.Td ta="right" data-testid={`line-price-${l.id}`}>
                    {price(l)}
                  </Table.Td>
                  <Table.Td>{quantityControls(l)}</Table.Td>
                  <Table.Td ta="right">{removeButton(l)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <ConfirmDialog
        opened={toRemove !== null}
        onCancel={() => setToRemove(null)}
        onConfirm={() => void remove()}
        loading={actions.removeLine.isPending}
        title={t('lines.removeTitle')}
        message={toRemove ? t('lines.removeMessage', { name: toRemove.product.name }) : undefined}
        confirmLabel={t('common:actions.delete')}
      />
    </Section>
  );
}
