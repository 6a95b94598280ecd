import { Badge, Box, Group, Mark, Paper, Select, Text, Textarea, TextInput } from '@mantine/core';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { messageCreateBody, messageUpdateBody, type Message } from '../../../core/api/messages';
import { CompanySelect } from '../../components/CompanySelect';
import { CompanySourceSelect } from '../../components/CompanySourceSelect';
import { fillInReason, FormModal } from '../../components/FormModal';
import { useCompanies } from '../../components/useCompanies';
import { useModalForm, type EntityModalProps } from '../../components/useModalForm';
import { useCompanyId } from '../../lib/session';
import { SmsCounter } from '../../components/SmsCounter';
import { replaceDiacritics } from '../../../core/sms';
import type { MessageBody } from './api';
import {
  placeholderValues,
  renderSmsSegments,
  SAMPLE_ORDER,
  SMS_EVENTS,
  SMS_PLACEHOLDER_ALIASES,
  SMS_PLACEHOLDERS,
  type SmsEvent,
} from '../../../core/smsTemplates';

const ALIASES = Object.keys(SMS_PLACEHOLDER_ALIASES)
  .map((a) => `{${a}}`)
  .join(', ');

export interface MessageFormValues {
  company_id: string | null;
  source_id: string | null;
  from: string;
  text: string;
  event: SmsEvent;
}

// Like every add dialog, a new template starts on the sidebar's company (its sources are offered at
// once); the source select stays disabled while no company is chosen, as a template's source is one of its company's.
const blankFor = (companyId: number | null): MessageFormValues => ({
  company_id: companyId ? String(companyId) : null,
  source_id: null,
  from: '',
  text: '',
  event: 'awb_created',
});

/**
 * Add (entity null) or edit a template. On create: company, then source (disabled until a company
 * is chosen, then that company's sources), From and Text. On edit only From and Text change; the
 * company and source are shown read-only.
 */
export function MessageModal({
  opened,
  entity: message,
  onClose,
  save,
  saving,
}: EntityModalProps<Message, MessageBody>) {
  const { t } = useTranslation('messages');
  const { otherCompanyName } = useCompanies();
  const selectedCompanyId = useCompanyId();
  const { form, editing, modal } = useModalForm({
    opened,
    entity: message,
    onClose,
    saving,
    blank: blankFor(selectedCompanyId),
    toValues: (m) => ({
      company_id: String(m.company_id),
      source_id: String(m.source_id),
      from: m.from,
      text: m.text,
      event: m.event ?? 'awb_created',
    }),
    schema: message ? messageUpdateBody : messageCreateBody,
    save: (v) =>
      message
        ? save(message.id, { from: v.from.trim(), text: v.text, event: v.event })
        : save(null, {
            company_id: Number(v.company_id),
            source_id: Number(v.source_id),
            from: v.from.trim(),
            text: v.text,
            event: v.event,
          }),
    // A template made for another company than the sidebar's gets a notice that it is listed there.
    savedMessage: (v) => {
      if (message) return t('updated');
      const elsewhere = otherCompanyName(Number(v.company_id));
      return elsewhere === null ? t('created') : t('createdElsewhere', { company: elsewhere });
    },
  });

  const { values } = form;
  // The preview and the counter show the text as a sample order makes it (a placeholder can make it Unicode);
  // an unknown placeholder is marked in it, since the server refuses the template and no SMS would fill it.
  const segments = renderSmsSegments(values.text, placeholderValues(SAMPLE_ORDER));
  const preview = segments.map((s) => s.text).join('');
  const unknown = [...new Set(segments.filter((s) => s.unknown).map((s) => s.text))];
  // Save is disabled while a required field is empty (spec), naming them beside it.
  const missing = fillInReason([
    !editing && !values.company_id && t('field.company'),
    !editing && !values.source_id && t('field.source'),
    !values.from.trim() && t('field.from'),
    !values.text.trim() && t('field.text'),
  ]);

  return (
    <FormModal
      {...modal}
      title={editing ? t('editTitle') : t('addTitle')}
      submitDisabled={saving}
      disabledReason={missing}
      errorFallback={editing ? t('errors.update') : t('errors.create')}
    >
      <CompanySelect
        fixed={message ? (message.company?.name ?? t('unknownCompany')) : undefined}
        label={t('field.company')}
        placeholder={t('field.companyPlaceholder')}
        value={values.company_id}
        onChange={(v) => {
          form.setFieldValue('company_id', v);
          form.setFieldValue('source_id', null);
        }}
        error={form.errors.company_id}
        nothingFoundMessage={t('field.companyPlaceholder')}
      />
      {message ? (
        <TextInput
          label={t('field.source')}
          value={message.source?.source ?? t('unknownSource')}
          readOnly
          variant="filled"
          description={t('field.readOnlyHint')}
        />
      ) : (
        <CompanySourceSelect
          companyId={values.company_id ? Number(values.company_id) : null}
          query={{ items: 100 }}
          hints={{
            needsCompany: t('field.sourceNeedsCompany'),
            failed: t('field.sourcesFailed'),
            none: t('field.noSources'),
          }}
          label={t('field.source')}
          placeholder={t('field.sourcePlaceholder')}
          value={values.source_id}
          onChange={(v) => form.setFieldValue('source_id', v)}
          error={form.errors.source_id}
        />
      )}
      <Select
        label={t('field.event')}
        description={t('field.eventHint')}
        data={SMS_EVENTS.map((e) => ({ value: e, label: t(`event.${e}`) }))}
        value={values.event}
        onChange={(v) => v && form.setFieldValue('event', v as SmsEvent)}
        allowDeselect={false}
        error={form.errors.event}
      />
      <TextInput
        label={t('field.from')}
        description={t('field.fromHint')}
        required
        maxLength={20}
        {...form.getInputProps('from')}
      />
      <div>
        <Textarea
          label={t('field.text')}
          placeholder={t('field.textPlaceholder')}
          required
          autosize
          minRows={4}
          maxRows={10}
          {...form.getInputProps('text')}
        />
        <Group gap={4} mt={6} data-testid="sms-placeholders">
          <Text size="xs" c="dimmed">
            {t('field.placeholders')}
          </Text>
          {SMS_PLACEHOLDERS.map((p) => (
            <Badge
              key={p}
              size="sm"
              variant="light"
              tt="none"
              component="button"
              type="button"
              style={{ cursor: 'pointer' }}
              onClick={() => form.setFieldValue('text', `${values.text}{${p}}`)}
            >
              {`{${p}}`}
            </Badge>
          ))}
        </Group>
        <Text size="xs" c="dimmed" mt={2}>
          {t('field.aliases', { aliases: ALIASES })}
        </Text>
        {values.text.trim() ? (
          <Paper withBorder p="xs" mt={6} data-testid="sms-preview">
            <Text size="xs" c="dimmed">
              {t('field.preview')}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {segments.map((s, i) =>
                s.unknown ? (
                  <Mark
                    key={i}
                    color="red"
                    fw={700}
                    title={t('field.unknownMark')}
                    aria-label={`${s.text}: ${t('field.unknownMark')}`}
                    data-testid="sms-unknown-placeholder"
                  >
                    {s.text}
                  </Mark>
                ) : (
                  <Fragment key={i}>{s.text}</Fragment>
                ),
              )}
            </Text>
            {unknown.length ? (
              <Text size="xs" c="red" mt={4} data-testid="sms-unknown-warning">
                {t('field.unknown', { count: unknown.length, placeholders: unknown.join(', ') })}
              </Text>
            ) : null}
          </Paper>
        ) : null}
        <Box mt={6}>
          <SmsCounter text={preview} onReplace={() => form.setFieldValue('text', replaceDiacritics(values.text))} />
        </Box>
      </div>
    </FormModal>
  );
}
