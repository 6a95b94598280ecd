import { Badge, Button, Group, Paper, Select, Stack, Text, Textarea, Tooltip } from '@mantine/core';
import { IconMessage } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Order } from '../../../../core/api/orders';
import type { SmsSend, SmsStatus } from '../../../../core/api/sms';
import { replaceDiacritics } from '../../../../core/sms';
import { placeholderValues, renderSmsText } from '../../../../core/smsTemplates';
import { fillInReason, FormModal } from '../../../components/FormModal';
import { SmsCounter } from '../../../components/SmsCounter';
import { usableIntegrations, useCompanyIntegrations } from '../../../components/useCompanyIntegrations';
import { useCompanies } from '../../../components/useCompanies';
import { useUrlDialog } from '../../../components/useUrlDialog';
import { errorMessage } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { useOrderSms, useSendSms, useSmsTemplates } from '../api';
import { Section } from '../../../components/Section';
import { notifyDone } from '../shared/feedback';

const STATUS_COLOR: Record<SmsStatus, string> = {
  queued: 'gray',
  sent: 'blue',
  delivered: 'green',
  failed: 'red',
  unknown: 'orange',
};

/** The order's SMS with their delivery status (newest first) and "Send SMS". */
export function SmsSection({ order }: { order: Order }) {
  const { t, i18n } = useTranslation('orders');
  const sms = useOrderSms(order.id);
  const dialog = useUrlDialog('sms');
  const sends = sms.data?.data ?? [];
  return (
    <Section
      title={t('sms.title')}
      testId="sms-section"
      actions={
        <Button
          size="xs"
          variant="light"
          leftSection={<IconMessage size={14} />}
          onClick={() => dialog.open()}
          disabled={order.status === 'cancelled'}
        >
          {t('sms.send')}
        </Button>
      }
    >
      {sms.error ? (
        <Text size="sm" c="red">
          {errorMessage(sms.error, t('sms.fetchFailed'))}
        </Text>
      ) : sends.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('sms.empty')}
        </Text>
      ) : (
        <Stack gap="xs">
          {sends.map((s) => (
            <SmsItem key={s.id} sms={s} lang={i18n.language} />
          ))}
        </Stack>
      )}
      <SendSmsDialog {...dialog.modalProps} order={order} />
    </Section>
  );
}

function SmsItem({ sms, lang }: { sms: SmsSend; lang: string }) {
  const { t } = useTranslation('orders');
  const badge = (
    <Badge color={STATUS_COLOR[sms.status]} variant="light" data-testid="sms-status" style={{ flexShrink: 0 }}>
      {t(`sms.status.${sms.status}`)}
    </Badge>
  );
  return (
    <Paper withBorder p="xs" radius="sm" data-testid="sms-item" data-status={sms.status}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="xs" c="dimmed">
          {t(`sms.event.${sms.event}`, { defaultValue: sms.event })} · {sms.to} · {t('sms.parts', { count: sms.parts })}
          {sms.price ? ` · ${t('sms.price', { price: sms.price })}` : ''}
        </Text>
        {sms.status === 'unknown' ? <Tooltip label={t('sms.unknownHint')}>{badge}</Tooltip> : badge}
      </Group>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
        {sms.text}
      </Text>
      {sms.error && sms.status !== 'delivered' ? (
        <Text size="xs" c="red">
          {sms.error}
        </Text>
      ) : null}
      <Text size="xs" c="dimmed">
        {formatDateTime(sms.created_at, lang)}
      </Text>
    </Paper>
  );
}

/**
 * Send SMS: a template of the company (its text filled in for this order) or a text typed here,
 * with the order's placeholders; the counter counts the text as the customer gets it.
 */
function SendSmsDialog({ opened, onClose, order }: { opened: boolean; onClose: () => void; order: Order }) {
  const { t } = useTranslation('orders');
  const templates = useSmsTemplates(opened);
  const send = useSendSms(order.id);
  const { companies } = useCompanies();
  // The UI says when the provider is emulated: the message then reaches no phone.
  const integrations = useCompanyIntegrations(opened);
  const emulated = usableIntegrations(integrations.data, 'messaging').some((i) => i.emulated);
  const [templateId, setTemplateId] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    if (opened) {
      setTemplateId(null);
      setText('');
      setError(null);
    }
  }, [opened]);

  const rendered = renderSmsText(
    text,
    placeholderValues({
      orderId: order.id,
      customerName: order.customer_detail?.name ?? '',
      awb: order.awb,
      courier: order.courier,
      totalBani: Math.round(Number(order.total_value) * 100),
      company: companies?.find((c) => c.id === order.company_id)?.name ?? '',
    }),
  );
  const chosen = templates.data?.find((m) => String(m.id) === templateId);

  const submit = async () => {
    setError(null);
    try {
      // The template as it is goes by its id (the history names it); an edited text goes as text.
      await send.mutateAsync(chosen && chosen.text === text ? { message_id: chosen.id } : { text });
      notifyDone(t('sms.sent'));
      onClose();
    } catch (e) {
      setError(e);
    }
  };

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={t('sms.dialogTitle')}
      onSubmit={() => void submit()}
      submitting={send.isPending}
      submitLabel={t('sms.submit')}
      disabledReason={rendered.trim() ? undefined : fillInReason([t('sms.text')])}
      error={error}
      errorFallback={t('sms.failed')}
      size="lg"
    >
      <Text size="sm" c="dimmed">
        {t('sms.to', { phone: order.customer_detail?.phone_number ?? '' })}
      </Text>
      {emulated ? (
        <Text size="xs" c="dimmed" data-testid="sms-emulated">
          {t('sms.emulated')}
        </Text>
      ) : null}
      <Select
        label={t('sms.template')}
        placeholder={t('sms.templatePlaceholder')}
        data={(templates.data ?? []).map((m) => ({ value: String(m.id), label: `${m.from}: ${m.text.slice(0, 60)}` }))}
        nothingFoundMessage={t('sms.noTemplates')}
        value={templateId}
        onChange={(v) => {
          setTemplateId(v);
          const m = templates.data?.find((x) => String(x.id) === v);
          if (m) setText(m.text);
        }}
        clearable
        searchable
        data-testid="sms-template"
      />
      <div>
        <Textarea
          label={t('sms.text')}
          autosize
          minRows={3}
          maxRows={8}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          data-autofocus
        />
        {rendered.trim() && rendered !== text ? (
          <Paper withBorder p="xs" mt={6} data-testid="sms-rendered">
            <Text size="xs" c="dimmed">
              {t('sms.preview')}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {rendered}
            </Text>
          </Paper>
        ) : null}
        <Stack mt={6}>
          <SmsCounter text={rendered} onReplace={() => setText(replaceDiacritics(text))} />
        </Stack>
      </div>
    </FormModal>
  );
}
