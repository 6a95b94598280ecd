import type { CompanyIntegration, WizardKey } from '../../../../core/api/integrations';

export type StepKind = 'login' | 'pickup' | 'service' | 'series' | 'vat';

/**
 * The steps of each provider's wizard: a courier logs in then chooses a pickup point (FAN Courier: a
 * service of its contract, its sender being the client number of the login), SmartBill logs
 * in then chooses a series and a VAT rate, a messaging provider only logs in (DPD as Cargus,
 * Telegram as Vonage).
 */
export const WIZARD_STEPS: Record<WizardKey, StepKind[]> = {
  cargus: ['login', 'pickup'],
  sameday: ['login', 'pickup'],
  dpd: ['login', 'pickup'],
  fan: ['login', 'service'],
  smartbill: ['login', 'series', 'vat'],
  vonage: ['login'],
  telegram: ['login'],
};

/** Where the wizard opens: the first step not done yet ("Complete configuration"), else the start. */
export function firstOpenStep(key: WizardKey, setup: CompanyIntegration | undefined): number {
  if (!setup?.has_credentials || setup.configured) return 0;
  const steps = WIZARD_STEPS[key];
  if (key === 'smartbill' && setup.configuration.series_name) return steps.indexOf('vat');
  return Math.min(1, steps.length - 1);
}
