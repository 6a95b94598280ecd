import { Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderDiscount } from '../../../core/api/discounts';
import { ListPage } from '../../components/ListPage';
import { EmptyState } from '../../components/states';
import { formatAmount } from '../../lib/format';
import { useCompanyId } from '../../lib/session';
import { useOrderDiscountCrud, useOrderDiscountList } from './api';
import { DiscountTypeBadge } from './DiscountFields';
import { formatDiscountValue } from './format';
import { OrderDiscountModal } from './OrderDiscountModal';

/** /discounts: discounts granted from an order value, per source, for the selected company. */
export function OrderDiscountsPage() {
  const { t, i18n } = useTranslation('discounts');
  const lang = i18n.language;
  const companyId = useCompanyId();
  const list = useOrderDiscountList();
  const crud = useOrderDiscountCrud(list);
  const [editing, setEditing] = useState<OrderDiscount | null | undefined>(undefined);
  const describe = (d: OrderDiscount) => `${formatDiscountValue(d.type, d.value, t, lang)}, ${t('orderFrom', { amount: formatAmount(d.order_value, 'RON', lang) })}`;

  return (
    <>
      <ListPage<OrderDiscount>
        title={t('order.title')}
        list={list}
        onAdd={() => setEditing(null)}
        addLabel={t('order.add')}
        searchPlaceholder={t('order.searchPlaceholder')}
        errorFallback={t('order.errors.fetch')}
        empty={<EmptyState title={t('order.empty')} />}
        columns={[
          { key: 'type', header: t('order.col.type'), render: (d) => <DiscountTypeBadge type={d.type} /> },
          { key: 'order_value', header: t('order.col.order_value'), render: (d) => t('orderFrom', { amount: formatAmount(d.order_value, 'RON', lang) }) },
          { key: 'value', header: t('order.col.value'), render: (d) => <Text size="sm" fw={500}>{formatDiscountValue(d.type, d.value, t, lang)}</Text> },
          { key: 'source', header: t('order.col.source'), render: (d) => d.source?.source ?? t('unknownSource') },
        ]}
        onEdit={(d) => setEditing(d)}
        onDelete={async (d) => {
          await crud.remove.mutateAsync(d.id);
          notifications.show({ color: 'green', message: t('order.deleted') });
        }}
        deleteMessage={(d) => t('order.deleteMessage', { what: describe(d) })}
        deleteErrorFallback={t('order.errors.delete')}
      />
      <OrderDiscountModal
        opened={editing !== undefined}
        discount={editing ?? null}
        selectedCompanyId={companyId}
        onClose={() => setEditing(undefined)}
        create={(body) => crud.create.mutateAsync(body)}
        update={(id, body) => crud.update.mutateAsync({ id, body })}
        saving={crud.isSaving}
      />
    </>
  );
}
