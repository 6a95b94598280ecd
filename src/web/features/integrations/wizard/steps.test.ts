import { describe, expect, it } from 'vitest';
import type { CompanyIntegration } from '../../../../core/api/integrations';
import { firstOpenStep, WIZARD_STEPS } from './steps';

const setup = (over: Partial<CompanyIntegration>): CompanyIntegration => ({
  id: 1,
  integrations_id: 1,
  key: 'cargus',
  type: 'courier',
  emulated: true,
  has_credentials: false,
  credentials_unreadable: false,
  has_configuration: false,
  configured: false,
  is_active: true,
  configuration: {},
  created_at: 0,
  updated_at: 0,
  ...over,
});

describe('wizard steps', () => {
  it("has the spec's steps: couriers 2, SmartBill 3, messaging 1", () => {
    expect(WIZARD_STEPS.cargus).toEqual(['login', 'pickup']);
    expect(WIZARD_STEPS.sameday).toEqual(['login', 'pickup']);
    expect(WIZARD_STEPS.smartbill).toEqual(['login', 'series', 'vat']);
    expect(WIZARD_STEPS.vonage).toEqual(['login']);
  });

  it('opens at the first step not done', () => {
    expect(firstOpenStep('cargus', undefined)).toBe(0);
    expect(firstOpenStep('cargus', setup({ has_credentials: true }))).toBe(1);
    expect(firstOpenStep('smartbill', setup({ key: 'smartbill', has_credentials: true }))).toBe(1);
    expect(
      firstOpenStep(
        'smartbill',
        setup({ key: 'smartbill', has_credentials: true, configuration: { series_name: 'FCT' } }),
      ),
    ).toBe(2);
    // A configured one is opened to change its settings from the start.
    expect(firstOpenStep('cargus', setup({ has_credentials: true, has_configuration: true, configured: true }))).toBe(
      0,
    );
  });
});
