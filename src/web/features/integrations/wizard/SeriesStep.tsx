import { Select, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { InvoiceSeries } from '../../../../core/api/integrations';
import { ChoiceStep, type StepProps } from './ChoiceStep';

/** SmartBill's step 2: one of the account's invoice series ("Please select a valid series"). */
export function SeriesStep({ setup, ...step }: StepProps) {
  const { t } = useTranslation('integrations');
  return (
    <ChoiceStep<InvoiceSeries, 'series_name'>
      {...step}
      wizardKey="smartbill"
      step="series"
      initial={{ series_name: setup?.configuration.series_name ?? null }}
      check={({ series_name }, list) => {
        if (!series_name) return { series_name: t('errors.selectSeries') };
        return list.some((s) => s.name === series_name) ? {} : { series_name: t('errors.invalidSeries') };
      }}
      loadErrorFallback={t('errors.fetchSeriesError')}
      saveErrorFallback={t('errors.seriesError')}
      submitLabel={t('wizard.next')}
    >
      {({ list, field }) => (
        <>
          {list.length === 0 ? <Text c="dimmed">{t('wizard.noSeries')}</Text> : null}
          <Select
            label={t('field.series')}
            placeholder={t('field.seriesPlaceholder')}
            data={list.map((s) => s.name)}
            {...field('series_name')}
          />
        </>
      )}
    </ChoiceStep>
  );
}
