import { Select } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CompanyIntegration } from '../../../../core/api/integrations';
import { ApiError } from '../../../lib/api';
import { useVatRates, useWizardChoice } from '../api';
import { ChoiceStep } from './ChoiceStep';

const NONE = '__none__';

interface StepProps {
  providerName: string;
  companyId: number;
  setup: CompanyIntegration | undefined;
  onDone: (setup: CompanyIntegration) => void;
  onBack: () => void;
  onCancel: () => void;
}

/**
 * SmartBill's step 3: the default VAT rate, one of the account's rates (sent by name: two rates can
 * share a percentage, e.g. SDD and reverse charge at 0 %), or none; saving closes the wizard.
 */
export function VatStep({ providerName, companyId, setup, onDone, onBack, onCancel }: StepProps) {
  const { t } = useTranslation('integrations');
  const rates = useVatRates(companyId, true);
  const save = useWizardChoice('smartbill', companyId, 'vat-amount');
  const initial = setup?.configuration.vat_amount === null ? NONE : (setup?.configuration.vat_name ?? null);
  const [value, setValue] = useState<string | null>(initial);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const list = rates.data?.data ?? [];

  const submit = () => {
    if (!value) return setFieldError(t('field.vatPlaceholder'));
    setFieldError(null);
    setError(null);
    save.mutate(
      { vat_amount: value === NONE ? null : value },
      {
        onSuccess: onDone,
        onError: (err) => {
          setError(err);
          if (err instanceof ApiError && err.errors.vat_amount) setFieldError(err.errors.vat_amount[0]);
        },
      },
    );
  };

  return (
    <ChoiceStep
      providerName={providerName}
      loading={rates.isLoading}
      loadError={rates.error}
      loadErrorFallback={t('errors.fetchVatAmountsError')}
      onRetry={() => void rates.refetch()}
      onSubmit={submit}
      saving={save.isPending}
      saveError={error}
      saveErrorFallback={t('errors.vatAmountError')}
      onBack={onBack}
      onCancel={onCancel}
      submitLabel={t('wizard.save')}
    >
      <Select
        label={t('field.vat')}
        placeholder={t('field.vatPlaceholder')}
        required
        allowDeselect={false}
        data={[{ value: NONE, label: t('wizard.noVat') }, ...list.map((r) => ({ value: r.name, label: `${r.name} (${r.percentage}%)` }))]}
        value={value}
        onChange={(v) => {
          setValue(v);
          setFieldError(null);
        }}
        error={fieldError}
      />
    </ChoiceStep>
  );
}
