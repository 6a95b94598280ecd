import { SimpleGrid, TextInput } from '@mantine/core';
import { NumberField } from '../../components/NumberField';
import { useTranslation } from 'react-i18next';
import {
  orderDiscountBody,
  orderDiscountUpdateBody,
  type DiscountType,
  type OrderDiscount,
} from '../../../core/api/discounts';
import { CompanySelect } from '../../components/CompanySelect';
import { CompanySourceSelect } from '../../components/CompanySourceSelect';
import { FormModal } from '../../components/FormModal';
import { useCompanies } from '../../components/useCompanies';
import { useModalForm, type EntityModalProps } from '../../components/useModalForm';
import { useCompanyId } from '../../lib/session';
import type { OrderDiscountBody, OrderDiscountUpdateBody } from './api';
import { DiscountTypeSelect, DiscountValueInput } from './DiscountFields';

export interface OrderDiscountFormValues {
  type: string | null;
  order_value: string | number;
  value: string | number;
  company_id: string | null;
  source_id: string | null;
}

/**
 * Add (entity null) or edit an order discount: type, order value, value (not for shipping), and on
 * create the company (the sidebar's to start with) and one of its sources. On edit the source and
 * company are shown read-only: the update sends type, order_value and value only (a discount stays
 * in its company and source).
 */
export function OrderDiscountModal({
  opened,
  entity: discount,
  onClose,
  save,
  saving,
}: EntityModalProps<OrderDiscount, OrderDiscountBody>) {
  const { t } = useTranslation('discounts');
  const selectedCompanyId = useCompanyId();
  const { otherCompanyName } = useCompanies();
  const { form, editing, modal } = useModalForm({
    opened,
    entity: discount,
    onClose,
    saving,
    blank: {
      type: null,
      order_value: '',
      value: '',
      company_id: selectedCompanyId ? String(selectedCompanyId) : null,
      source_id: null,
    },
    toValues: (d): OrderDiscountFormValues => ({
      type: d.type,
      order_value: d.order_value,
      value: d.value ?? '',
      company_id: String(d.company_id),
      source_id: String(d.source_id),
    }),
    schema: discount ? orderDiscountUpdateBody : orderDiscountBody,
    save: (v) => {
      const type = v.type as DiscountType;
      // No value is sent for shipping: a shipping discount is free shipping, it has no value.
      const fields: OrderDiscountUpdateBody = {
        type,
        order_value: v.order_value,
        ...(type === 'shipping' ? {} : { value: v.value }),
      };
      return discount
        ? save(discount.id, fields)
        : save(null, { ...fields, company_id: Number(v.company_id), source_id: Number(v.source_id) });
    },
    savedMessage: (v) => {
      if (discount) return t('order.updated');
      const elsewhere = otherCompanyName(Number(v.company_id));
      return elsewhere === null ? t('order.created') : t('order.createdElsewhere', { company: elsewhere });
    },
  });

  const { values } = form;

  return (
    <FormModal
      {...modal}
      title={editing ? t('order.editTitle') : t('order.addTitle')}
      errorFallback={editing ? t('order.errors.update') : t('order.errors.create')}
      size="lg"
    >
      <DiscountTypeSelect
        value={values.type}
        onChange={(v) => form.setFieldValue('type', v)}
        error={form.errors.type}
      />
      <SimpleGrid cols={{ base: 1, sm: values.type === 'shipping' ? 1 : 2 }}>
        <NumberField
          label={t('field.order_value')}
          description={t('field.order_valueHint')}
          required
          scale={2}
          {...form.getInputProps('order_value')}
        />
        <DiscountValueInput type={values.type} inputProps={form.getInputProps('value')} />
      </SimpleGrid>
      {discount ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('field.source')}
            value={discount.source?.source ?? t('unknownSource')}
            readOnly
            variant="filled"
            description={t('field.fixedHint')}
          />
        </SimpleGrid>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <CompanySelect
            label={t('field.company')}
            placeholder={t('field.companyPlaceholder')}
            openOnFocus={false}
            value={values.company_id}
            onChange={(v) => {
              form.setFieldValue('company_id', v);
              form.setFieldValue('source_id', null);
            }}
            error={form.errors.company_id}
          />
          <CompanySourceSelect
            companyId={values.company_id ? Number(values.company_id) : null}
            query={{ page: 1, items: 100 }}
            hints={{
              needsCompany: t('field.sourceNeedsCompany'),
              failed: t('field.sourcesFailed'),
              none: t('field.noSources'),
            }}
            label={t('field.source')}
            placeholder={t('field.sourcePlaceholder')}
            openOnFocus={false}
            value={values.source_id}
            onChange={(v) => form.setFieldValue('source_id', v)}
            error={form.errors.source_id}
          />
        </SimpleGrid>
      )}
    </FormModal>
  );
}
