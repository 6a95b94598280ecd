import { Box, Select, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageCreateBody, messageUpdateBody, type Message } from '../../../core/api/messages';
import { FormModal } from '../../components/FormModal';
import { applyServerErrors, useForm } from '../../lib/form';
import { SmsCounter } from './SmsCounter';
import { useCompanyOptions, useCompanySources, type MessageCreateBody, type MessageUpdateBody } from './api';

export interface MessageFormValues {
  company_id: string | null;
  source_id: string | null;
  from: string;
  text: string;
}

// The company starts empty: the source select stays disabled until one is chosen (spec 5).
const blank = (): MessageFormValues => ({ company_id: null, source_id: null, from: '', text: '' });

/**
 * Add (message null) or edit a template. On create: company, then source (disabled until a company
 * is chosen, then that company's sources), From and Text. On edit only From and Text change; the
 * company and source are shown read-only.
 */
export function MessageModal({
  opened,
  message,
  selectedCompanyId,
  onClose,
  create,
  update,
  saving,
}: {
  opened: boolean;
  message: Message | null;
  /** The sidebar's company: a template made for another company gets a notice that it is listed there. */
  selectedCompanyId: number | null;
  onClose: () => void;
  create: (body: MessageCreateBody) => Promise<unknown>;
  update: (id: number, body: MessageUpdateBody) => Promise<unknown>;
  saving: boolean;
}) {
  const { t } = useTranslation('messages');
  const editing = message !== null;
  const form = useForm<MessageFormValues>({ initialValues: blank(), schema: editing ? messageUpdateBody : messageCreateBody });
  const [error, setError] = useState<unknown>(null);

  const { reset } = form;
  useEffect(() => {
    if (opened) {
      reset(
        message
          ? { company_id: String(message.company_id), source_id: String(message.source_id), from: message.from, text: message.text }
          : blank(),
      );
      setError(null);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened, message]);

  const companyId = form.values.company_id ? Number(form.values.company_id) : null;
  const companies = useCompanyOptions(opened && !editing);
  const sources = useCompanySources(opened && !editing ? companyId : null);

  const { values } = form;
  const missing = !values.from.trim() || !values.text.trim() || (!editing && (!values.company_id || !values.source_id));

  const submit = form.onSubmit(async (v) => {
    setError(null);
    try {
      if (message) await update(message.id, { from: v.from.trim(), text: v.text });
      else await create({ company_id: Number(v.company_id), source_id: Number(v.source_id), from: v.from.trim(), text: v.text });
      const elsewhere = !message && Number(v.company_id) !== selectedCompanyId;
      const companyName = companies.data?.data.find((c) => c.id === Number(v.company_id))?.name ?? '';
      notifications.show({ color: 'green', message: message ? t('updated') : elsewhere ? t('createdElsewhere', { company: companyName }) : t('created') });
      onClose();
    } catch (e) {
      setError(applyServerErrors(form, e));
    }
  });

  // Only active sources: an inactive channel sends no orders, so no SMS either.
  const sourceOptions = (sources.data?.data ?? []).filter((s) => s.active !== false).map((s) => ({ value: String(s.id), label: s.source }));
  let sourceHint: string | undefined;
  if (!editing) {
    if (!companyId) sourceHint = t('field.sourceNeedsCompany');
    else if (sources.isError) sourceHint = t('field.sourcesFailed');
    else if (sources.isSuccess && sourceOptions.length === 0) sourceHint = t('field.noSources');
  }

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
    >
      {editing ? (
        <>
          <TextInput label={t('field.company')} value={message.company?.name ?? t('unknownCompany')} readOnly variant="filled" />
          <TextInput label={t('field.source')} value={message.source?.source ?? t('unknownSource')} readOnly variant="filled" description={t('field.readOnlyHint')} />
        </>
      ) : (
        <>
          <Select
            label={t('field.company')}
            placeholder={t('field.companyPlaceholder')}
            required
            searchable
            data={(companies.data?.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
            value={values.company_id}
            onChange={(v) => {
              form.setFieldValue('company_id', v);
              form.setFieldValue('source_id', null);
            }}
            error={form.errors.company_id}
            comboboxProps={{ withinPortal: true }}
            nothingFoundMessage={t('field.companyPlaceholder')}
          />
          <Select
            label={t('field.source')}
            placeholder={t('field.sourcePlaceholder')}
            required
            searchable
            disabled={!companyId || sources.isLoading}
            data={sourceOptions}
            value={values.source_id}
            onChange={(v) => form.setFieldValue('source_id', v)}
            error={form.errors.source_id}
            description={sourceHint}
            comboboxProps={{ withinPortal: true }}
          />
        </>
      )}
      <TextInput label={t('field.from')} description={t('field.fromHint')} required maxLength={20} {...form.getInputProps('from')} />
      <div>
        <Textarea label={t('field.text')} placeholder={t('field.textPlaceholder')} required autosize minRows={4} maxRows={10} {...form.getInputProps('text')} />
        <Box mt={6}>
          <SmsCounter text={values.text} onReplace={(next) => form.setFieldValue('text', next)} />
        </Box>
      </div>
    </FormModal>
  );
}
