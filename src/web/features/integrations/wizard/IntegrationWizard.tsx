import { Group, Modal, Stepper, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CompanyIntegration, Integration, WizardKey } from '../../../../core/api/integrations';
import { EmulatedBadge } from '../EmulatedBadge';
import { LoginStep } from './LoginStep';
import { PickupPointStep } from './PickupPointStep';
import { SeriesStep } from './SeriesStep';
import { ServiceStep } from './ServiceStep';
import { firstOpenStep, WIZARD_STEPS, type StepKind } from './steps';
import { VatStep } from './VatStep';

interface Props {
  integration: Integration & { key: WizardKey };
  setup: CompanyIntegration | undefined;
  companyId: number;
  onClose: () => void;
}

/**
 * The set-up dialog of one provider: Cargus / DPD login then pickup point, FAN Courier login (with
 * its client number) then service,
 * Sameday login then pickup point and contact person, SmartBill login, series, VAT rate, Vonage /
 * Telegram one step. Each answer of the server moves to the next step; the last one closes it.
 */
export function IntegrationWizard({ integration, setup: initialSetup, companyId, onClose }: Props) {
  const { t } = useTranslation('integrations');
  const steps = WIZARD_STEPS[integration.key];
  const [active, setActive] = useState(() => firstOpenStep(integration.key, initialSetup));
  const [setup, setSetup] = useState(initialSetup);
  const name = integration.name;

  const finish = (saved: CompanyIntegration) => {
    notifications.show({
      color: 'green',
      message: saved.configured ? t('wizard.saved', { name }) : t('wizard.savedPartial', { name }),
    });
    onClose();
  };
  const advance = (saved: CompanyIntegration) => {
    setSetup(saved);
    if (active + 1 >= steps.length) finish(saved);
    else setActive(active + 1);
  };
  const back = () => setActive((a) => Math.max(0, a - 1));

  const stepLabel = (kind: StepKind) => {
    if (kind === 'login') return t('wizard.login');
    if (kind === 'pickup') return integration.key === 'sameday' ? t('wizard.samedayPickup') : t('wizard.pickupPoint');
    if (kind === 'service') return t('wizard.service');
    if (kind === 'series') return t('wizard.series');
    return t('wizard.vat');
  };

  const renderStep = (kind: StepKind) => {
    const common = { providerName: name, companyId, setup, onDone: advance, onBack: back, onCancel: onClose };
    switch (kind) {
      case 'login':
        return (
          <LoginStep
            integration={integration}
            setup={setup}
            companyId={companyId}
            onDone={advance}
            onSkip={steps.length > 1 ? () => setActive(1) : undefined}
            onCancel={onClose}
            last={steps.length === 1}
          />
        );
      case 'pickup':
        return <PickupPointStep courier={integration.key as 'cargus' | 'sameday' | 'dpd'} {...common} />;
      case 'service':
        return <ServiceStep courier="fan" {...common} />;
      case 'series':
        return <SeriesStep {...common} />;
      case 'vat':
        return <VatStep {...common} />;
    }
  };

  return (
    <Modal
      opened
      onClose={onClose}
      size="lg"
      centered
      title={
        <Group gap="xs">
          <Text fw={600}>{t('wizard.title', { name })}</Text>
          {integration.emulated ? <EmulatedBadge name={name} /> : null}
        </Group>
      }
    >
      {steps.length > 1 ? (
        <Stepper active={active} size="sm" mb="md" allowNextStepsSelect={false}>
          {steps.map((kind, i) => (
            <Stepper.Step
              key={kind}
              label={stepLabel(kind)}
              description={t('wizard.stepOf', { step: i + 1, total: steps.length })}
            />
          ))}
        </Stepper>
      ) : null}
      {renderStep(steps[active])}
    </Modal>
  );
}
