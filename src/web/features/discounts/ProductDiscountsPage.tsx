import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ProductDiscount } from '../../../core/api/discounts';
import { ListPage } from '../../components/ListPage';
import { useEntityModal } from '../../components/useModalForm';
import { useProductDiscountCrud, useProductDiscountList } from './api';
import { DiscountTypeBadge } from './DiscountFields';
import { formatDiscountValue } from './format';
import { ProductDiscountModal } from './ProductDiscountModal';

/** /product-discounts: discounts granted from a quantity of a product, for the selected company. */
export function ProductDiscountsPage() {
  const { t, i18n } = useTranslation('discounts');
  const lang = i18n.language;
  const list = useProductDiscountList();
  const crud = useProductDiscountCrud(list);
  const modal = useEntityModal<ProductDiscount>();

  return (
    <>
      <ListPage<ProductDiscount>
        texts="discounts:product"
        list={list}
        onAdd={modal.add}
        columns={[
          {
            key: 'product',
            header: t('product.col.product'),
            render: (d) => (
              <Stack gap={0}>
                <Text size="sm" fw={500}>
                  {d.product?.name ?? t('unknownProduct')}
                </Text>
                {d.product?.sku ? (
                  <Text size="xs" c="dimmed">
                    {d.product.sku}
                  </Text>
                ) : null}
              </Stack>
            ),
          },
          { key: 'type', header: t('product.col.type'), render: (d) => <DiscountTypeBadge type={d.type} /> },
          {
            key: 'quantity',
            header: t('product.col.quantity'),
            align: 'right',
            render: (d) => d.quantity.toLocaleString(lang.startsWith('ro') ? 'ro-RO' : 'en-US'),
          },
          {
            key: 'value',
            header: t('product.col.value'),
            align: 'right',
            render: (d) => (
              <Text size="sm" fw={500}>
                {formatDiscountValue(d.type, d.value, t, lang)}
              </Text>
            ),
          },
        ]}
        onEdit={modal.edit}
        onDelete={(d) => crud.remove.mutateAsync(d.id)}
        deleteMessage={(d) => t('product.deleteMessage', { name: d.product?.name ?? t('unknownProduct') })}
      />
      <ProductDiscountModal {...modal.props} save={crud.save} saving={crud.isSaving} />
    </>
  );
}
