import { Alert, Button, Group, Radio, Stack, Text } from '@mantine/core';
import { WhyDisabled } from '../../../components/FormModal';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AwbCandidate } from '../../../../core/api/orders';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { formatAmount, formatDateTime } from '../../../lib/format';
import { localeOf } from '../../../lib/i18n';
import { courierName, documentFailure } from '../shared/documents';
import { notifyDone } from '../shared/feedback';

/**
 * The AWBs a courier holds that could be the order's, when its create's answer was lost and the
 * courier's answers cannot tell which it made. The seller looks them up at the courier (each shows
 * its recipient there), picks one (radio buttons: Tab reaches the group, the arrow keys move) and
 * uses it, or says none is. "None" is confirmed first (focus on Cancel): a new AWB may follow, and
 * if one of these was the order's after all, the parcel would have two.
 */
export function AwbCandidates({
  candidates,
  choose,
  saving,
}: {
  candidates: AwbCandidate[];
  choose: (awb: string | null) => Promise<unknown>;
  saving: boolean;
}) {
  const { t, i18n } = useTranslation('orders');
  const [picked, setPicked] = useState<string | null>(null);
  const [confirmNone, setConfirmNone] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const chosen = candidates.some((c) => c.awb === picked) ? picked : null;
  const courier = courierName(candidates[0]?.courier, t);
  const lang = i18n.language;

  const details = (c: AwbCandidate) =>
    [
      c.created_at ? t('detail.awbCandidates.made', { date: formatDateTime(c.created_at, lang) }) : null,
      c.cod !== null ? t('detail.awbCandidates.cod', { amount: formatAmount(c.cod, 'RON', lang) }) : null,
      c.weight !== null ? t('detail.awbCandidates.weight', { weight: c.weight.toLocaleString(localeOf(lang)) }) : null,
    ]
      .filter(Boolean)
      .join(' · ');

  const send = async (awb: string | null) => {
    setError(null);
    try {
      await choose(awb);
      notifyDone(awb ? t('docs.awbChosen', { awb }) : t('docs.awbNoneChosen'));
      setConfirmNone(false);
    } catch (e) {
      setError(documentFailure(e, t('errors.awbResolve')));
    }
  };

  return (
    <Stack gap={6} data-testid="awb-candidates">
      <Text size="sm" fw={600}>
        {t('detail.awbCandidates.title')}
      </Text>
      <Text size="xs" c="dimmed">
        {t('detail.awbCandidates.intro', { courier })}
      </Text>
      <Radio.Group
        value={chosen}
        onChange={setPicked}
        name="awb-candidate"
        label={t('detail.awbCandidates.legend', { courier })}
        readOnly={saving}
      >
        <Stack gap={6} mt={4}>
          {candidates.map((c) => (
            <Radio
              key={c.awb}
              value={c.awb}
              label={t('detail.awbCandidates.label', { awb: c.awb })}
              description={details(c)}
            />
          ))}
        </Stack>
      </Radio.Group>
      {error && !confirmNone ? (
        <Alert color="red" role="alert" p="xs">
          <Text size="sm">{error}</Text>
        </Alert>
      ) : null}
      <Group gap="xs">
        <Button
          size="xs"
          disabled={!chosen}
          loading={saving && !confirmNone}
          onClick={() => chosen && void send(chosen)}
        >
          {t('detail.awbCandidates.use')}
        </Button>
        <WhyDisabled
          reason={chosen ? null : t('common:form.choose', { fields: t('detail.awbCandidates.legend', { courier }) })}
        />
        <Button
          size="xs"
          variant="default"
          disabled={saving}
          onClick={() => {
            setError(null);
            setConfirmNone(true);
          }}
        >
          {t('detail.awbCandidates.none')}
        </Button>
      </Group>
      <ConfirmDialog
        opened={confirmNone}
        onCancel={() => setConfirmNone(false)}
        onConfirm={() => void send(null)}
        loading={saving}
        error={confirmNone ? error : null}
        title={t('detail.awbCandidates.noneTitle')}
        message={t('detail.awbCandidates.noneMessage', { courier })}
        confirmLabel={t('detail.awbCandidates.noneConfirm')}
      />
    </Stack>
  );
}
