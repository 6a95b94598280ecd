import { NumberInput, Select, SimpleGrid } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_DISCOUNT_QUANTITY, productDiscountBody, type DiscountType, type ProductDiscount } from '../../../core/api/discounts';
import { FormModal } from '../../components/FormModal';
import { applyServerErrors, useForm } from '../../lib/form';
import { useProductOptions, type ProductDiscountBody } from './api';
import { DiscountTypeSelect, DiscountValueInput } from './DiscountFields';

export interface ProductDiscountFormValues {
  product_id: string | null;
  type: string | null;
  quantity: string | number;
  value: string | number;
}

const blank = (): ProductDiscountFormValues => ({ product_id: null, type: null, quantity: '', value: '' });

/** Add (discount null) or edit a product discount: product, type, quantity, value (0 allowed). */
export function ProductDiscountModal({
  opened,
  discount,
  onClose,
  save,
  saving,
}: {
  opened: boolean;
  discount: ProductDiscount | null;
  onClose: () => void;
  save: (id: number | null, body: ProductDiscountBody) => Promise<unknown>;
  saving: boolean;
}) {
  const { t } = useTranslation('discounts');
  const editing = discount !== null;
  const form = useForm<ProductDiscountFormValues>({ initialValues: blank(), schema: productDiscountBody });
  const [error, setError] = useState<unknown>(null);
  const products = useProductOptions(opened);

  const { reset } = form;
  useEffect(() => {
    if (opened) {
      reset(discount ? { product_id: String(discount.product_id), type: discount.type, quantity: discount.quantity, value: discount.value ?? '' } : blank());
      setError(null);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened, discount]);

  const options = (products.data?.data ?? []).map((p) => ({ value: String(p.id), label: p.sku ? `${p.name} (${p.sku})` : p.name }));
  // The product of an edited discount may be beyond the first 100: keep it choosable.
  if (discount && !options.some((o) => o.value === String(discount.product_id))) {
    options.unshift({ value: String(discount.product_id), label: discount.product ? `${discount.product.name} (${discount.product.sku})` : t('unknownProduct') });
  }
  let productHint: string | undefined;
  if (products.isError) productHint = t('field.productsFailed');
  else if (products.isSuccess && options.length === 0) productHint = t('field.noProducts');

  const { values } = form;
  const submit = form.onSubmit(async (v) => {
    setError(null);
    const type = v.type as DiscountType;
    const body: ProductDiscountBody = { product_id: Number(v.product_id), type, quantity: v.quantity, ...(type === 'shipping' ? {} : { value: v.value }) };
    try {
      await save(discount?.id ?? null, body);
      notifications.show({ color: 'green', message: discount ? t('product.updated') : t('product.created') });
      onClose();
    } catch (e) {
      setError(applyServerErrors(form, e));
    }
  });

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={editing ? t('product.editTitle') : t('product.addTitle')}
      onSubmit={submit}
      submitting={saving}
      error={error}
      errorFallback={editing ? t('product.errors.update') : t('product.errors.create')}
      size="lg"
    >
      <Select
        label={t('field.product')}
        placeholder={t('field.productPlaceholder')}
        required
        searchable
        openOnFocus={false}
        data={options}
        value={values.product_id}
        onChange={(v) => form.setFieldValue('product_id', v)}
        error={form.errors.product_id}
        description={productHint}
        disabled={products.isLoading}
        comboboxProps={{ withinPortal: true }}
      />
      <DiscountTypeSelect value={values.type} onChange={(v) => form.setFieldValue('type', v)} error={form.errors.type} />
      <SimpleGrid cols={{ base: 1, sm: values.type === 'shipping' ? 1 : 2 }}>
        <NumberInput
          label={t('field.quantity')}
          description={t('field.quantityHint')}
          required
          min={0}
          max={MAX_DISCOUNT_QUANTITY}
          step={1}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="none"
          {...form.getInputProps('quantity')}
        />
        <DiscountValueInput type={values.type} inputProps={form.getInputProps('value')} />
      </SimpleGrid>
    </FormModal>
  );
}
