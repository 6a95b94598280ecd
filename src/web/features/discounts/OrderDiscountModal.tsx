import { NumberInput, Select, SimpleGrid, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { orderDiscountBody, orderDiscountUpdateBody, type DiscountType, type OrderDiscount } from '../../../core/api/discounts';
import { FormModal } from '../../components/FormModal';
import { applyServerErrors, useForm } from '../../lib/form';
import { useCompanyOptions, useCompanySources, type OrderDiscountCreateBody, type OrderDiscountUpdateBody } from './api';
import { DiscountTypeSelect, DiscountValueInput } from './DiscountFields';

export interface OrderDiscountFormValues {
  type: string | null;
  order_value: string | number;
  value: string | number;
  company_id: string | null;
  source_id: string | null;
}

/**
 * Add (discount null) or edit an order discount: type, order value, value (not for shipping), and on
 * create the company (the sidebar's to start with) and one of its sources. On edit the source and
 * company are shown read-only: the update sends type, order_value and value only (spec 7).
 */
export function OrderDiscountModal({
  opened,
  discount,
  selectedCompanyId,
  onClose,
  create,
  update,
  saving,
}: {
  opened: boolean;
  discount: OrderDiscount | null;
  selectedCompanyId: number | null;
  onClose: () => void;
  create: (body: OrderDiscountCreateBody) => Promise<unknown>;
  update: (id: number, body: OrderDiscountUpdateBody) => Promise<unknown>;
  saving: boolean;
}) {
  const { t } = useTranslation('discounts');
  const editing = discount !== null;
  const blank = (): OrderDiscountFormValues => ({ type: null, order_value: '', value: '', company_id: selectedCompanyId ? String(selectedCompanyId) : null, source_id: null });
  const form = useForm<OrderDiscountFormValues>({ initialValues: blank(), schema: editing ? orderDiscountUpdateBody : orderDiscountBody });
  const [error, setError] = useState<unknown>(null);

  const { reset } = form;
  useEffect(() => {
    if (opened) {
      reset(
        discount
          ? { type: discount.type, order_value: discount.order_value, value: discount.value ?? '', company_id: String(discount.company_id), source_id: String(discount.source_id) }
          : blank(),
      );
      setError(null);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened, discount]);

  const { values } = form;
  const companyId = values.company_id ? Number(values.company_id) : null;
  const companies = useCompanyOptions(opened && !editing);
  const sources = useCompanySources(opened && !editing ? companyId : null);
  const sourceOptions = (sources.data?.data ?? []).filter((s) => s.active).map((s) => ({ value: String(s.id), label: s.source }));
  let sourceHint: string | undefined;
  if (!editing) {
    if (!companyId) sourceHint = t('field.sourceNeedsCompany');
    else if (sources.isError) sourceHint = t('field.sourcesFailed');
    else if (sources.isSuccess && sourceOptions.length === 0) sourceHint = t('field.noSources');
  }

  const submit = form.onSubmit(async (v) => {
    setError(null);
    const type = v.type as DiscountType;
    // No value is sent for shipping (spec 7).
    const fields: OrderDiscountUpdateBody = { type, order_value: v.order_value, ...(type === 'shipping' ? {} : { value: v.value }) };
    try {
      if (discount) await update(discount.id, fields);
      else await create({ ...fields, company_id: Number(v.company_id), source_id: Number(v.source_id) });
      const elsewhere = !discount && Number(v.company_id) !== selectedCompanyId;
      const companyName = companies.data?.data.find((c) => c.id === Number(v.company_id))?.name ?? '';
      notifications.show({ color: 'green', message: discount ? t('order.updated') : elsewhere ? t('order.createdElsewhere', { company: companyName }) : t('order.created') });
      onClose();
    } catch (e) {
      setError(applyServerErrors(form, e));
    }
  });

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={editing ? t('order.editTitle') : t('order.addTitle')}
      onSubmit={submit}
      submitting={saving}
      error={error}
      errorFallback={editing ? t('order.errors.update') : t('order.errors.create')}
      size="lg"
    >
      <DiscountTypeSelect value={values.type} onChange={(v) => form.setFieldValue('type', v)} error={form.errors.type} />
      <SimpleGrid cols={{ base: 1, sm: values.type === 'shipping' ? 1 : 2 }}>
        <NumberInput
          label={t('field.order_value')}
          description={t('field.order_valueHint')}
          required
          min={0}
          step={0.01}
          decimalScale={2}
          clampBehavior="none"
          allowNegative={false}
          {...form.getInputProps('order_value')}
        />
        <DiscountValueInput type={values.type} inputProps={form.getInputProps('value')} />
      </SimpleGrid>
      {editing ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t('field.source')} value={discount.source?.source ?? t('unknownSource')} readOnly variant="filled" description={t('field.fixedHint')} />
        </SimpleGrid>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label={t('field.company')}
            placeholder={t('field.companyPlaceholder')}
            required
            searchable
            openOnFocus={false}
            data={(companies.data?.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
            value={values.company_id}
            onChange={(v) => {
              form.setFieldValue('company_id', v);
              form.setFieldValue('source_id', null);
            }}
            error={form.errors.company_id}
            comboboxProps={{ withinPortal: true }}
          />
          <Select
            label={t('field.source')}
            placeholder={t('field.sourcePlaceholder')}
            required
            searchable
            openOnFocus={false}
            disabled={!companyId || sources.isLoading}
            data={sourceOptions}
            value={values.source_id}
            onChange={(v) => form.setFieldValue('source_id', v)}
            error={form.errors.source_id}
            description={sourceHint}
            comboboxProps={{ withinPortal: true }}
          />
        </SimpleGrid>
      )}
    </FormModal>
  );
}
