// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import type { CompanyIntegration, Integration } from '../../../core/api/integrations';
import { AvailableCard } from './AvailableCard';
import { firstOpenStep } from './wizard/steps';
import { renderStep, setUpWizardTests } from './wizard/testkit';

const cargus: Integration = {
  id: 1,
  key: 'cargus',
  name: 'Cargus',
  description: '',
  type: 'courier',
  emulated: false,
  setup_available: true,
  demo_credentials: null,
};

/** A Cargus set-up whose saved login no longer opens (the server's answer after an app key change). */
const unreadable: CompanyIntegration = {
  id: 3,
  integrations_id: 1,
  key: 'cargus',
  type: 'courier',
  emulated: false,
  has_credentials: false,
  credentials_unreadable: true,
  has_configuration: true,
  configured: false,
  is_active: true,
  configuration: { pickup_point_id: '1', pickup_point_name: 'Depozit' },
  created_at: 1,
  updated_at: 1,
};

setUpWizardTests();

describe('an integration whose saved credentials can no longer be read', () => {
  it('says so and offers "Set up again", which opens the wizard at the login', () => {
    const onSetup = vi.fn();
    renderStep(<AvailableCard integration={cargus} setup={unreadable} onSetup={onSetup} />);
    expect(screen.getByText('Credentials unreadable')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toMatch(/^The saved credentials can no longer be read/);
    expect(screen.queryByText('Partially configured')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Set up again' }));
    expect(onSetup).toHaveBeenCalledOnce();
    expect(firstOpenStep('cargus', unreadable)).toBe(0);
  });

  it('a set-up that opens shows none of it', () => {
    renderStep(
      <AvailableCard
        integration={cargus}
        setup={{ ...unreadable, has_credentials: true, credentials_unreadable: false, has_configuration: false }}
        onSetup={() => {}}
      />,
    );
    expect(screen.queryByText('Credentials unreadable')).toBeNull();
    expect(screen.getByText('Partially configured')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Complete configuration' })).toBeTruthy();
  });
});
