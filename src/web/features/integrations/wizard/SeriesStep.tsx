import { Select, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CompanyIntegration } from '../../../../core/api/integrations';
import { ApiError } from '../../../lib/api';
import { useSeries, useWizardChoice } from '../api';
import { ChoiceStep } from './ChoiceStep';

interface StepProps {
  providerName: string;
  companyId: number;
  setup: CompanyIntegration | undefined;
  onDone: (setup: CompanyIntegration) => void;
  onBack: () => void;
  onCancel: () => void;
}

/** SmartBill's step 2: one of the account's invoice series ("Please select a valid series"). */
export function SeriesStep({ providerName, companyId, setup, onDone, onBack, onCancel }: StepProps) {
  const { t } = useTranslation('integrations');
  const series = useSeries(companyId, true);
  const save = useWizardChoice('smartbill', companyId, 'series');
  const [name, setName] = useState<string | null>(setup?.configuration.series_name ?? null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const list = series.data?.data ?? [];

  const submit = () => {
    if (!name) return setFieldError(t('errors.selectSeries'));
    if (!list.some((s) => s.name === name)) return setFieldError(t('errors.invalidSeries'));
    setFieldError(null);
    setError(null);
    save.mutate(
      { series_name: name },
      {
        onSuccess: onDone,
        onError: (err) => {
          setError(err);
          if (err instanceof ApiError && err.errors.series_name) setFieldError(err.errors.series_name[0]);
        },
      },
    );
  };

  return (
    <ChoiceStep
      providerName={providerName}
      loading={series.isLoading}
      loadError={series.error}
      loadErrorFallback={t('errors.fetchSeriesError')}
      onRetry={() => void series.refetch()}
      onSubmit={submit}
      saving={save.isPending}
      saveError={error}
      saveErrorFallback={t('errors.seriesError')}
      onBack={onBack}
      onCancel={onCancel}
      submitLabel={t('wizard.next')}
    >
      {list.length === 0 ? <Text c="dimmed">{t('wizard.noSeries')}</Text> : null}
      <Select
        label={t('field.series')}
        placeholder={t('field.seriesPlaceholder')}
        required
        allowDeselect={false}
        data={list.map((s) => s.name)}
        value={name}
        onChange={(v) => {
          setName(v);
          setFieldError(null);
        }}
        error={fieldError}
      />
    </ChoiceStep>
  );
}
