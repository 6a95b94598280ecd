import { Checkbox, Select, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SOURCE_MAX_LENGTH, sourceBody, sourceUpdateBody, type Source } from '../../../core/api/sources';
import { FormModal } from '../../components/FormModal';
import { applyServerErrors, useForm } from '../../lib/form';
import { useCompanyOptions, type SourceBody } from './api';

export interface SourceFormValues {
  company_id: string | null;
  source: string;
  active: boolean;
}

/**
 * Add (source null) or edit a source: company, source text, active. The company starts as the one
 * selected in the sidebar; on edit it is shown read-only (a source stays in its company). Save is
 * disabled until the company and the text are given (spec 5).
 */
export function SourceModal({
  opened,
  source,
  selectedCompanyId,
  onClose,
  create,
  update,
  saving,
}: {
  opened: boolean;
  source: Source | null;
  selectedCompanyId: number | null;
  onClose: () => void;
  create: (body: SourceBody) => Promise<unknown>;
  update: (id: number, body: SourceBody) => Promise<unknown>;
  saving: boolean;
}) {
  const { t } = useTranslation('sources');
  const editing = source !== null;
  const blank = (): SourceFormValues => ({ company_id: selectedCompanyId ? String(selectedCompanyId) : null, source: '', active: true });
  const form = useForm<SourceFormValues>({ initialValues: blank(), schema: editing ? sourceUpdateBody : sourceBody });
  const [error, setError] = useState<unknown>(null);
  const companies = useCompanyOptions(opened && !editing);

  const { reset } = form;
  useEffect(() => {
    if (opened) {
      reset(source ? { company_id: String(source.company_id), source: source.source, active: source.active } : blank());
      setError(null);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened, source]);

  const { values } = form;
  const missing = !values.company_id || !values.source.trim();

  const submit = form.onSubmit(async (v) => {
    setError(null);
    // company_id travels as an integer (spec 5).
    const body: SourceBody = { company_id: Number(v.company_id), source: v.source.trim(), active: v.active };
    try {
      if (source) await update(source.id, body);
      else await create(body);
      const elsewhere = !source && body.company_id !== selectedCompanyId;
      const companyName = companies.data?.data.find((c) => c.id === body.company_id)?.name ?? '';
      notifications.show({ color: 'green', message: source ? t('updated') : elsewhere ? t('createdElsewhere', { company: companyName }) : t('created') });
      onClose();
    } catch (e) {
      setError(applyServerErrors(form, e));
    }
  });

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={editing ? t('editTitle') : t('addTitle')}
      onSubmit={submit}
      submitting={saving}
      submitDisabled={saving || missing}
      error={error}
      errorFallback={editing ? t('errors.update') : t('errors.create')}
      size="md"
    >
      {editing ? (
        <TextInput label={t('field.company')} value={source.company?.name ?? t('unknownCompany')} readOnly variant="filled" description={t('field.companyFixed')} />
      ) : (
        <Select
          label={t('field.company')}
          placeholder={t('field.companyPlaceholder')}
          required
          searchable
          openOnFocus={false}
          data={(companies.data?.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
          value={values.company_id}
          onChange={(v) => form.setFieldValue('company_id', v)}
          error={form.errors.company_id ?? (companies.isError ? t('errors.companies') : undefined)}
          comboboxProps={{ withinPortal: true }}
        />
      )}
      <TextInput label={t('field.source')} placeholder={t('field.sourcePlaceholder')} required maxLength={SOURCE_MAX_LENGTH} {...form.getInputProps('source')} />
      <Checkbox label={t('field.active')} {...form.getInputProps('active', { type: 'checkbox' })} />
    </FormModal>
  );
}
