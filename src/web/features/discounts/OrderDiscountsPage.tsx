import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { OrderDiscount } from '../../../core/api/discounts';
import { ListPage } from '../../components/ListPage';
import { useEntityModal } from '../../components/useModalForm';
import { formatAmount } from '../../lib/format';
import { useOrderDiscountCrud, useOrderDiscountList } from './api';
import { DiscountTypeBadge } from './DiscountFields';
import { formatDiscountValue } from './format';
import { OrderDiscountModal } from './OrderDiscountModal';

/** /discounts: discounts granted from an order value, per source, for the selected company. */
export function OrderDiscountsPage() {
  const { t, i18n } = useTranslation('discounts');
  const lang = i18n.language;
  const list = useOrderDiscountList();
  const crud = useOrderDiscountCrud(list);
  const modal = useEntityModal<OrderDiscount>();
  const describe = (d: OrderDiscount) =>
    `${formatDiscountValue(d.type, d.value, t, lang)}, ${t('orderFrom', { amount: formatAmount(d.order_value, 'RON', lang) })}`;

  return (
    <>
      <ListPage<OrderDiscount>
        texts="discounts:order"
        list={list}
        onAdd={modal.add}
        columns={[
          { key: 'type', header: t('order.col.type'), render: (d) => <DiscountTypeBadge type={d.type} /> },
          {
            key: 'order_value',
            header: t('order.col.order_value'),
            render: (d) => t('orderFrom', { amount: formatAmount(d.order_value, 'RON', lang) }),
          },
          {
            key: 'value',
            header: t('order.col.value'),
            render: (d) => (
              <Text size="sm" fw={500}>
                {formatDiscountValue(d.type, d.value, t, lang)}
              </Text>
            ),
          },
          { key: 'source', header: t('order.col.source'), render: (d) => d.source?.source ?? t('unknownSource') },
        ]}
        onEdit={modal.edit}
        onDelete={(d) => crud.remove.mutateAsync(d.id)}
        deleteMessage={(d) => t('order.deleteMessage', { what: describe(d) })}
      />
      <OrderDiscountModal {...modal.props} save={crud.save} saving={crud.isSaving} />
    </>
  );
}
