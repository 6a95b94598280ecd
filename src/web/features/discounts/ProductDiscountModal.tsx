import { SimpleGrid } from '@mantine/core';
import { NumberField } from '../../components/NumberField';
import { useTranslation } from 'react-i18next';
import {
  MAX_DISCOUNT_QUANTITY,
  productDiscountBody,
  type DiscountType,
  type ProductDiscount,
} from '../../../core/api/discounts';
import { FormModal } from '../../components/FormModal';
import { ProductSelect } from '../../components/ProductSelect';
import { useModalForm, type EntityModalProps } from '../../components/useModalForm';
import type { ProductDiscountBody } from './api';
import { DiscountTypeSelect, DiscountValueInput } from './DiscountFields';

export interface ProductDiscountFormValues {
  product_id: string | null;
  type: string | null;
  quantity: string | number;
  value: string | number;
}

const empty: ProductDiscountFormValues = { product_id: null, type: null, quantity: '', value: '' };

/** Add (entity null) or edit a product discount: product, type, quantity, value (0 allowed). */
export function ProductDiscountModal({
  opened,
  entity: discount,
  onClose,
  save,
  saving,
}: EntityModalProps<ProductDiscount, ProductDiscountBody>) {
  const { t } = useTranslation('discounts');
  const { form, editing, modal } = useModalForm({
    opened,
    entity: discount,
    onClose,
    saving,
    blank: empty,
    toValues: (d) => ({ product_id: String(d.product_id), type: d.type, quantity: d.quantity, value: d.value ?? '' }),
    schema: productDiscountBody,
    save: (v) => {
      const type = v.type as DiscountType;
      return save(discount?.id ?? null, {
        product_id: Number(v.product_id),
        type,
        quantity: v.quantity,
        ...(type === 'shipping' ? {} : { value: v.value }),
      });
    },
    savedMessage: () => (discount ? t('product.updated') : t('product.created')),
  });
  // The product of an edited discount may be beyond the first 100: kept choosable.
  const known = discount
    ? { id: discount.product_id, name: discount.product?.name ?? t('unknownProduct'), sku: discount.product?.sku ?? '' }
    : null;

  const { values } = form;

  return (
    <FormModal
      {...modal}
      title={editing ? t('product.editTitle') : t('product.addTitle')}
      errorFallback={editing ? t('product.errors.update') : t('product.errors.create')}
      size="lg"
    >
      <ProductSelect
        enabled={opened}
        known={known}
        label={t('field.product')}
        placeholder={t('field.productPlaceholder')}
        required
        value={values.product_id}
        onChange={(v) => form.setFieldValue('product_id', v)}
        error={form.errors.product_id}
        failedText={t('field.productsFailed')}
        noneText={t('field.noProducts')}
      />
      <DiscountTypeSelect
        value={values.type}
        onChange={(v) => form.setFieldValue('type', v)}
        error={form.errors.type}
      />
      <SimpleGrid cols={{ base: 1, sm: values.type === 'shipping' ? 1 : 2 }}>
        <NumberField
          label={t('field.quantity')}
          description={t('field.quantityHint')}
          required
          max={MAX_DISCOUNT_QUANTITY}
          scale={0}
          {...form.getInputProps('quantity')}
        />
        <DiscountValueInput type={values.type} inputProps={form.getInputProps('value')} />
      </SimpleGrid>
    </FormModal>
  );
}
