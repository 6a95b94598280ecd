import type { CompanyIntegration, WizardKey } from '../../../../core/api/integrations';

export type StepKind = 'login' | 'pickup' | 'series' | 'vat';

/** The wizard of each provider (spec part 2 section 4; DPD as Cargus, Telegram as Vonage). */
export const WIZARD_STEPS: Record<WizardKey, StepKind[]> = {
  cargus: ['login', 'pickup'],
  sameday: ['login', 'pickup'],
  dpd: ['login', 'pickup'],
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
