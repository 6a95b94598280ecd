import { Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProductDiscount } from '../../../core/api/discounts';
import { ListPage } from '../../components/ListPage';
import { EmptyState } from '../../components/states';
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
  const [editing, setEditing] = useState<ProductDiscount | null | undefined>(undefined);

  return (
    <>
      <ListPage<ProductDiscount>
        title={t('product.title')}
        list={list}
        onAdd={() => setEditing(null)}
        addLabel={t('product.add')}
        searchPlaceholder={t('product.searchPlaceholder')}
        errorFallback={t('product.errors.fetch')}
        empty={<EmptyState title={t('product.empty')} />}
        columns={[
          {
            key: 'product',
            header: t('product.col.product'),
            render: (d) => (
              <Stack gap={0}>
                <Text size="sm" fw={500}>{d.product?.name ?? t('unknownProduct')}</Text>
                {d.product?.sku ? (
                  <Text size="xs" c="dimmed">
                    {d.product.sku}
                  </Text>
                ) : null}
              </Stack>
            ),
          },
          { key: 'type', header: t('product.col.type'), render: (d) => <DiscountTypeBadge type={d.type} /> },
          { key: 'quantity', header: t('product.col.quantity'), align: 'right', render: (d) => d.quantity.toLocaleString(lang.startsWith('ro') ? 'ro-RO' : 'en-US') },
          { key: 'value', header: t('product.col.value'), align: 'right', render: (d) => <Text size="sm" fw={500}>{formatDiscountValue(d.type, d.value, t, lang)}</Text> },
        ]}
        onEdit={(d) => setEditing(d)}
        onDelete={async (d) => {
          await crud.remove.mutateAsync(d.id);
          notifications.show({ color: 'green', message: t('product.deleted') });
        }}
        deleteMessage={(d) => t('product.deleteMessage', { name: d.product?.name ?? t('unknownProduct') })}
        deleteErrorFallback={t('product.errors.delete')}
      />
      <ProductDiscountModal opened={editing !== undefined} discount={editing ?? null} onClose={() => setEditing(undefined)} save={crud.save} saving={crud.isSaving} />
    </>
  );
}
