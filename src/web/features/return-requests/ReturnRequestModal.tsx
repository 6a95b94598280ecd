import { Alert, Select, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatIban, normalizeIban } from '../../../core/iban';
import { returnRequestCreateBody, returnRequestUpdateBody, type ReturnRequest } from '../../../core/api/returnRequests';
import { FormModal } from '../../components/FormModal';
import { errorMessage } from '../../lib/api';
import { applyServerErrors, useForm } from '../../lib/form';
import { useReturnSources, type ReturnFormValues } from './api';

export const emptyReturn = (): ReturnFormValues => ({
  full_name: '',
  phone_number: '',
  email: '',
  bill_number: '',
  iban: '',
  reason: '',
  details: '',
  source: null,
});

export const toFormValues = (r: ReturnRequest): ReturnFormValues => ({
  full_name: r.full_name,
  phone_number: r.phone_number,
  email: r.email ?? '',
  bill_number: r.bill_number ?? '',
  iban: formatIban(r.iban),
  reason: r.reason ?? '',
  details: r.details ?? '',
  source: r.source?.source ?? null,
});

/**
 * Add (request null) or edit a return request. On edit the source is shown read-only. `initial`
 * and `initialError` bring back the input and the error of a save that failed (the modal closes
 * after every save, as the spec says, but what the user typed is not lost).
 */
export function ReturnRequestModal({
  opened,
  request,
  initial,
  initialError,
  onClose,
  onSubmit,
  saving,
}: {
  opened: boolean;
  request: ReturnRequest | null;
  initial: ReturnFormValues;
  initialError: unknown;
  onClose: () => void;
  onSubmit: (values: ReturnFormValues) => void;
  saving: boolean;
}) {
  const { t } = useTranslation('returnRequests');
  const editing = request !== null;
  const form = useForm<ReturnFormValues>({
    initialValues: emptyReturn(),
    schema: editing ? returnRequestUpdateBody : returnRequestCreateBody,
  });
  const [error, setError] = useState<unknown>(null);
  const sources = useReturnSources(opened && !editing);

  const { reset, setErrors } = form;
  useEffect(() => {
    if (opened) {
      reset(initial);
      setError(initialError ?? null);
      if (initialError) applyServerErrors({ setErrors, values: initial }, initialError);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened, request]);

  const submit = form.onSubmit((values) => {
    setError(null);
    onSubmit(values);
  });

  const list = sources.data ?? [];
  const sourceOptions = [...list]
    .sort((a, b) => Number(b.active) - Number(a.active))
    .map((s) => ({ value: s.source, label: s.active ? s.source : t('field.inactive', { name: s.source }) }));
  // A draft may name a source that has since gone: keep it selectable so the server answers "Invalid source selected".
  if (form.values.source && !sourceOptions.some((o) => o.value === form.values.source))
    sourceOptions.push({ value: form.values.source, label: form.values.source });

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={editing ? t('editTitle') : t('addTitle')}
      onSubmit={submit}
      submitting={saving}
      error={error}
      size="lg"
    >
      {initialError ? (
        <Alert color="yellow" variant="light">
          {t('draftRestored')}
        </Alert>
      ) : null}
      {editing ? (
        <TextInput
          label={t('field.source')}
          value={request.source?.source ?? t('unknownSource')}
          readOnly
          variant="filled"
          description={t('field.sourceReadOnly')}
        />
      ) : (
        <Select
          label={t('field.source')}
          placeholder={t('field.sourcePlaceholder')}
          required
          searchable
          data={sourceOptions}
          value={form.values.source}
          onChange={(v) => form.setFieldValue('source', v)}
          error={form.errors.source}
          description={
            sources.error
              ? t('field.sourcesFailed', { reason: errorMessage(sources.error, t('errors.unknown')) })
              : sources.isSuccess && list.length === 0
                ? t('field.noSources')
                : undefined
          }
          nothingFoundMessage={t('field.noSources')}
          comboboxProps={{ withinPortal: true }}
        />
      )}
      <TextInput label={t('field.full_name')} required {...form.getInputProps('full_name')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label={t('field.phone_number')} required type="tel" {...form.getInputProps('phone_number')} />
        <TextInput label={t('field.email')} type="email" {...form.getInputProps('email')} />
      </SimpleGrid>
      <TextInput
        label={t('field.iban')}
        description={t('field.iban_hint')}
        required
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        {...form.getInputProps('iban')}
        onBlur={() => {
          const v = form.values.iban;
          const grouped = formatIban(normalizeIban(v));
          if (v.trim() && grouped !== v) form.setFieldValue('iban', grouped);
        }}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label={t('field.bill_number')} {...form.getInputProps('bill_number')} />
        <TextInput label={t('field.reason')} {...form.getInputProps('reason')} />
      </SimpleGrid>
      <Textarea label={t('field.details')} autosize minRows={2} maxRows={6} {...form.getInputProps('details')} />
    </FormModal>
  );
}
