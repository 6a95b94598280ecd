import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { VatOption } from '../../../../core/api/integrations';
import { ChoiceStep, type StepProps } from './ChoiceStep';

/** The option "no default rate" (each product's own rate): sent as null. */
const NONE = '__none__';

/**
 * SmartBill's step 3: the default VAT rate, one of the account's rates (sent by name: two rates can
 * share a percentage, e.g. SDD and reverse charge at 0 %), or none; saving closes the wizard.
 */
export function VatStep({ setup, ...step }: StepProps) {
  const { t } = useTranslation('integrations');
  return (
    <ChoiceStep<VatOption, 'vat_amount'>
      {...step}
      wizardKey="smartbill"
      step="vat-amount"
      initial={{
        vat_amount: setup?.configuration.vat_amount === null ? NONE : (setup?.configuration.vat_name ?? null),
      }}
      check={({ vat_amount }) => (vat_amount ? {} : { vat_amount: t('field.vatPlaceholder') })}
      body={({ vat_amount }) => ({ vat_amount: vat_amount === NONE ? null : vat_amount })}
      loadErrorFallback={t('errors.fetchVatAmountsError')}
      saveErrorFallback={t('errors.vatAmountError')}
      submitLabel={t('wizard.save')}
    >
      {({ list, field }) => (
        <Select
          label={t('field.vat')}
          placeholder={t('field.vatPlaceholder')}
          description={t('wizard.vatHint')}
          data={[
            { value: NONE, label: t('wizard.noVat') },
            ...list.map((r) => ({ value: r.name, label: `${r.name} (${r.percentage}%)` })),
          ]}
          {...field('vat_amount')}
        />
      )}
    </ChoiceStep>
  );
}
