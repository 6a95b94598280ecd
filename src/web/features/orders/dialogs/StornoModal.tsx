import { Checkbox, List, Stack, Table, Text } from '@mantine/core';
import { NumberField } from '../../../components/NumberField';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderInvoice } from '../../../../core/api/invoices';
import type { Order } from '../../../../core/api/orders';
import { translate } from '../../../../core/messages';
import { FormModal } from '../../../components/FormModal';
import { ApiError } from '../../../lib/api';
import { formatAmount, formatDate } from '../../../lib/format';
import { withProviderReason } from '../shared/documents';
import { reversibleLines } from '../shared/orderView';
import { startChoices, stornoRequest, type StornoChoices } from './stornoSelection';

export interface StornoModalProps {
  opened: boolean;
  onClose: () => void;
  invoice: OrderInvoice | null;
  billNumber: string | null;
  send: (body: { order_products: { id: number; quantity: number }[] }) => Promise<{ data: Order }>;
  saving: boolean;
  onDone: (order: Order) => void;
}

/**
 * The storno product selection: the invoice's product lines with what was invoiced and
 * already reversed; a checkbox and a quantity (1 to what is left) per line; only the chosen lines are
 * sent. "No products selected" without any.
 */
export function StornoModal({ opened, onClose, invoice, billNumber, send, saving, onDone }: StornoModalProps) {
  const { t, i18n } = useTranslation('orders');
  const lang = i18n.language === 'ro' ? 'ro' : 'en';
  const lines = useMemo(() => reversibleLines(invoice), [invoice]);
  const [choices, setChoices] = useState<StornoChoices>({});
  const [wrong, setWrong] = useState<number[]>([]);
  const [error, setError] = useState<unknown>(null);

  useEffect(() => {
    if (!opened) return;
    setChoices(startChoices(lines));
    setWrong([]);
    setError(null);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only on opening
  }, [opened]);

  const open = lines.filter((l) => l.left > 0);
  const allChecked = open.length > 0 && open.every((l) => choices[l.order_product_id]?.checked);
  const someChecked = open.some((l) => choices[l.order_product_id]?.checked);
  const change = (id: number, patch: Partial<StornoChoices[number]>) => {
    setChoices((prev) => ({ ...prev, [id]: { ...prev[id], ...patch } }));
    setWrong((prev) => prev.filter((x) => x !== id));
    setError(null);
  };
  const checkAll = (checked: boolean) => {
    setChoices((prev) => Object.fromEntries(Object.entries(prev).map(([id, c]) => [id, { ...c, checked }])));
    setError(null);
  };

  const submit = async () => {
    const request = stornoRequest(lines, choices);
    if ('error' in request) {
      if (request.error === 'no_products_selected')
        setError(new ApiError(422, translate(lang, 'no_products_selected')));
      else setWrong(request.lines);
      return;
    }
    try {
      const answer = await send(request);
      onDone(answer.data);
    } catch (e) {
      setError(withProviderReason(e, t('errors.storno')));
    }
  };

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={t('stornoModal.title', { number: billNumber ?? '' })}
      onSubmit={() => void submit()}
      submitting={saving}
      error={error}
      errorFallback={t('errors.storno')}
      submitLabel={t('stornoModal.submit')}
      size="lg"
    >
      <Stack gap="sm" data-testid="storno-form">
        <Text size="sm">{t('stornoModal.intro')}</Text>
        {lines.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('stornoModal.noLines')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={480}>
            <Table verticalSpacing={6}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={36}>
                    <Checkbox
                      aria-label={t('stornoModal.selectAll')}
                      checked={allChecked}
                      indeterminate={someChecked && !allChecked}
                      disabled={!open.length}
                      onChange={(e) => checkAll(e.currentTarget.checked)}
                    />
                  </Table.Th>
                  <Table.Th>{t('stornoModal.product')}</Table.Th>
                  <Table.Th ta="right">{t('stornoModal.invoiced')}</Table.Th>
                  <Table.Th ta="right">{t('stornoModal.reversed')}</Table.Th>
                  <Table.Th w={150}>{t('stornoModal.quantity')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {lines.map((l) => {
                  const c = choices[l.order_product_id];
                  return (
                    <Table.Tr key={l.order_product_id} data-testid={`storno-line-${l.order_product_id}`}>
                      <Table.Td>
                        <Checkbox
                          aria-label={t('stornoModal.select', { name: l.name })}
                          checked={Boolean(c?.checked)}
                          disabled={l.left === 0}
                          onChange={(e) => change(l.order_product_id, { checked: e.currentTarget.checked })}
                        />
                      </Table.Td>
                      <Table.Td>{l.name}</Table.Td>
                      <Table.Td ta="right">{l.quantity}</Table.Td>
                      <Table.Td ta="right" data-testid={`storno-reversed-${l.order_product_id}`}>
                        {l.reversed}
                      </Table.Td>
                      <Table.Td>
                        {l.left === 0 ? (
                          <Text size="sm" c="dimmed">
                            {t('stornoModal.allReversed')}
                          </Text>
                        ) : (
                          <NumberField
                            aria-label={t('stornoModal.quantityOf', { name: l.name })}
                            size="xs"
                            min={1}
                            max={l.left}
                            scale={0}
                            disabled={!c?.checked}
                            value={c?.quantity ?? l.left}
                            onChange={(v) => change(l.order_product_id, { quantity: v })}
                            error={
                              wrong.includes(l.order_product_id) ? t('stornoModal.range', { max: l.left }) : undefined
                            }
                          />
                        )}
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {invoice?.stornos.length ? (
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              {t('stornoModal.earlier')}
            </Text>
            <List size="sm">
              {invoice.stornos.map((s) => (
                <List.Item key={`${s.series}${s.number}`}>
                  {t('stornoModal.earlierLine', {
                    number: `${s.series} ${s.number}`,
                    date: formatDate(s.issued_at, i18n.language),
                    total: formatAmount(s.total, 'RON', i18n.language),
                  })}
                </List.Item>
              ))}
            </List>
          </Stack>
        ) : null}
      </Stack>
    </FormModal>
  );
}
