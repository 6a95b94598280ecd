import { Checkbox, Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import { NumberField } from '../../components/NumberField';
import { useTranslation } from 'react-i18next';
import { COUPON_TYPES, couponBody, type Coupon, type CouponType } from '../../../core/api/coupons';
import { FormModal } from '../../components/FormModal';
import { useModalForm, type EntityModalProps } from '../../components/useModalForm';
import type { CouponBody } from './api';

interface CouponFormValues {
  code: string;
  type: string | null;
  value: string | number;
  uses_allowed: string | number;
  active: boolean;
}

/** Add (entity null) or edit a coupon: code, type, value, uses allowed (empty: no limit), active. */
export function CouponModal({ opened, entity: coupon, onClose, save, saving }: EntityModalProps<Coupon, CouponBody>) {
  const { t } = useTranslation('coupons');
  const { form, editing, modal } = useModalForm({
    opened,
    entity: coupon,
    onClose,
    saving,
    blank: { code: '', type: null, value: '', uses_allowed: '', active: true } as CouponFormValues,
    toValues: (c): CouponFormValues => ({
      code: c.code,
      type: c.type,
      value: c.value,
      uses_allowed: c.uses_allowed ?? '',
      active: c.active,
    }),
    schema: couponBody,
    save: (v) =>
      save(coupon?.id ?? null, {
        code: v.code.trim(),
        type: v.type as CouponType,
        value: v.value,
        uses_allowed: v.uses_allowed === '' ? null : v.uses_allowed,
        active: v.active,
      }),
    savedMessage: () => (coupon ? t('updated') : t('created')),
  });
  const { values } = form;
  const valueLabel =
    values.type === 'percentage'
      ? t('field.valuePercent')
      : values.type === 'amount'
        ? t('field.valueAmount')
        : t('field.value');

  return (
    <FormModal
      {...modal}
      title={editing ? t('editTitle') : t('addTitle')}
      errorFallback={editing ? t('errors.update') : t('errors.create')}
    >
      <TextInput
        label={t('field.code')}
        description={t('field.codeHint')}
        required
        data-autofocus
        maxLength={64}
        {...form.getInputProps('code')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label={t('field.type')}
          placeholder={t('field.typePlaceholder')}
          required
          data={COUPON_TYPES.map((type) => ({ value: type, label: t(`type.${type}`) }))}
          value={values.type}
          onChange={(v) => form.setFieldValue('type', v)}
          error={form.errors.type}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        <NumberField
          label={valueLabel}
          required
          scale={2}
          rightSection={
            values.type === 'percentage' ? (
              <Text size="xs" c="dimmed">
                %
              </Text>
            ) : undefined
          }
          {...form.getInputProps('value')}
        />
      </SimpleGrid>
      <NumberField
        label={t('field.usesAllowed')}
        description={t('field.usesAllowedHint')}
        scale={0}
        {...form.getInputProps('uses_allowed')}
      />
      {coupon ? <TextInput label={t('field.uses')} value={String(coupon.uses)} readOnly variant="filled" /> : null}
      <Checkbox label={t('field.active')} {...form.getInputProps('active', { type: 'checkbox' })} />
    </FormModal>
  );
}
