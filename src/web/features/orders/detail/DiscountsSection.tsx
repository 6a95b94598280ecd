import { ActionIcon, Button, Stack, Table, Text, Tooltip } from '@mantine/core';
import { NumberField } from '../../../components/NumberField';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { EditableField } from '../../../components/EditableField';
import type { useOrderActions } from '../api';
import { Section } from '../../../components/Section';
import type { AppliedDiscount, Order } from '../../../../core/api/orders';
import { CouponField } from './CouponField';
import { notifyDone, notifyFailed, orFallback } from '../shared/feedback';
import { discountValueText } from './historyText';
import { discountGroups } from '../shared/orderView';

type Actions = ReturnType<typeof useOrderActions>;

/**
 * Applied discounts in three groups (product lines, whole order, coupons); each value edits in place.
 * `locked` (the reason, shown) disables every change: an invoice or an AWB was made from the order.
 */
export function DiscountsSection({
  order,
  actions,
  onAdd,
  locked,
}: {
  order: Order;
  actions: Actions;
  onAdd: () => void;
  locked: string | null;
}) {
  const { t, i18n } = useTranslation('orders');
  const groups = discountGroups(order.applied_discounts);
  const [toDelete, setToDelete] = useState<AppliedDiscount | null>(null);
  const lineName = (id: number | null) =>
    order.order_products?.find((l) => l.id === id)?.product.name ?? t('discounts.removedLine');
  const typeText = (d: AppliedDiscount) => t(`discounts.${d.type}`, { defaultValue: String(d.type) });

  const value = (d: AppliedDiscount) =>
    d.type === 'shipping' ? (
      <Text size="sm">{t('discounts.shipping')}</Text>
    ) : (
      <EditableField
        label={t('discounts.valueOf')}
        value={d.value === null || d.value === undefined ? null : Number(d.value)}
        display={(v) => discountValueText(d.type, v, i18n.language)}
        field="value"
        disabled={locked !== null}
        validate={(draft) =>
          draft.trim() !== '' && Number.isFinite(Number(draft)) && Number(draft) >= 0 ? null : t('errors.invalidInputs')
        }
        renderInput={({ inputProps, onChange }) => (
          <NumberField
            {...inputProps}
            scale={2}
            max={d.type === 'percentage' ? 100 : undefined}
            onChange={(v) => onChange(String(v))}
            w={140}
          />
        )}
        onSave={async (draft) => {
          await orFallback(
            actions.updateDiscount.mutateAsync({ id: d.id, value: Number(draft) }),
            t('errors.discountUpdate'),
          );
          notifyDone(t('discounts.updated'));
        }}
      />
    );
  const remove = (d: AppliedDiscount) => (
    <Tooltip label={t('discounts.deleteOne')}>
      <ActionIcon
        variant="subtle"
        color="red"
        aria-label={t('discounts.deleteOne')}
        disabled={locked !== null}
        onClick={() => setToDelete(d)}
      >
        <IconTrash size={16} />
      </ActionIcon>
    </Tooltip>
  );
  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await actions.deleteDiscount.mutateAsync(toDelete.id);
      notifyDone(t('discounts.deleted'));
      setToDelete(null);
    } catch (e) {
      notifyFailed(e, t('errors.discountDelete'));
    }
  };

  return (
    <Section
      title={t('discounts.title')}
      testId="discounts-section"
      actions={
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPlus size={14} />}
          onClick={onAdd}
          disabled={locked !== null}
        >
          {t('discounts.add')}
        </Button>
      }
    >
      <Stack gap="md">
        {locked ? (
          <Text size="sm" c="dimmed" data-testid="discounts-locked">
            {locked}
          </Text>
        ) : null}
        <Group
          title={t('discounts.productGroup')}
          headers={[t('discounts.product'), t('discounts.type'), t('discounts.atQuantity'), t('discounts.value')]}
          rows={groups.product.map((d) => ({
            d,
            cells: [lineName(d.order_product_id), typeText(d), d.quantity ?? '—', value(d)],
          }))}
          remove={remove}
          empty={t('discounts.none')}
        />
        <Group
          title={t('discounts.orderGroup')}
          headers={[t('discounts.type'), t('discounts.value')]}
          rows={groups.order.map((d) => ({ d, cells: [typeText(d), value(d)] }))}
          remove={remove}
          empty={t('discounts.none')}
        />
        {groups.product.length + groups.order.length > 0 ? (
          <Text size="xs" c="dimmed" data-testid="discounts-best-rule">
            {t('discounts.bestRule')}
          </Text>
        ) : null}
        <Group
          title={t('discounts.couponGroup')}
          headers={[t('discounts.code'), t('discounts.type'), t('discounts.quantity'), t('discounts.value')]}
          rows={groups.coupon.map((d) => ({
            d,
            cells: [d.coupon ?? order.coupon_code ?? '—', typeText(d), d.quantity ?? '—', value(d)],
          }))}
          remove={remove}
          empty={t('discounts.none')}
        />
        <CouponField
          applied={order.coupon_code ?? groups.coupon[0]?.coupon ?? null}
          actions={actions}
          locked={locked}
        />
      </Stack>
      <ConfirmDialog
        opened={toDelete !== null}
        onCancel={() => setToDelete(null)}
        onConfirm={() => void confirmDelete()}
        loading={actions.deleteDiscount.isPending}
        title={t('discounts.deleteTitle')}
        message={t('discounts.deleteMessage')}
        confirmLabel={t('common:actions.delete')}
      />
    </Section>
  );
}

function Group({
  title,
  headers,
  rows,
  remove,
  empty,
}: {
  title: string;
  headers: string[];
  rows: { d: AppliedDiscount; cells: ReactNode[] }[];
  remove: (d: AppliedDiscount) => ReactNode;
  empty: string;
}) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {title}
      </Text>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={420}>
          <Table verticalSpacing={4} aria-label={title}>
            <Table.Thead>
              <Table.Tr>
                {headers.map((h) => (
                  <Table.Th key={h}>{h}</Table.Th>
                ))}
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map(({ d, cells }) => (
                <Table.Tr key={d.id}>
                  {cells.map((c, i) => (
                    <Table.Td key={i}>{c}</Table.Td>
                  ))}
                  <Table.Td ta="right">{remove(d)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
