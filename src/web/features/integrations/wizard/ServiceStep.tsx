import { Alert, Select, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CourierServiceOption, ServiceCourierKey } from '../../../../core/api/integrations';
import { ChoiceStep, type StepProps } from './ChoiceStep';

/**
 * FAN Courier's step 2: one service of the contract. Which services collect cash on delivery
 * ("Cont Colector") is shown, and a contract without any is told that its AWBs cannot carry it.
 */
export function ServiceStep({ courier, setup, ...step }: StepProps & { courier: ServiceCourierKey }) {
  const { t } = useTranslation('integrations');
  return (
    <ChoiceStep<CourierServiceOption, 'service'>
      {...step}
      wizardKey={courier}
      step="services"
      initial={{ service: setup?.configuration.service ?? null }}
      check={({ service }, list) => {
        if (!service) return { service: t('errors.selectService') };
        return list.some((s) => s.id === service) ? {} : { service: t('errors.invalidService') };
      }}
      loadErrorFallback={t('errors.fetchServicesError')}
      saveErrorFallback={t('errors.serviceError')}
      submitLabel={t('wizard.save')}
    >
      {({ list, field }) => (
        <>
          {list.length === 0 ? <Text c="dimmed">{t('wizard.noServices', { name: step.providerName })}</Text> : null}
          <Select
            label={t('field.service')}
            placeholder={t('field.servicePlaceholder')}
            data={list.map((s) => ({
              value: s.id,
              label: s.cash_on_delivery ? `${s.name} — ${t('field.serviceCollectsCod')}` : s.name,
            }))}
            comboboxProps={{ withinPortal: true }}
            {...field('service')}
          />
          {list.length > 0 && !list.some((s) => s.cash_on_delivery) ? (
            <Alert color="yellow" data-testid="fan-no-collector">
              {t('wizard.noCollector', { name: step.providerName })}
            </Alert>
          ) : null}
        </>
      )}
    </ChoiceStep>
  );
}
