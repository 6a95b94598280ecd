// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { Integration, WizardKey } from '../../../../core/api/integrations';
import { LoginStep } from './LoginStep';
import { answer, renderStep, setUpWizardTests } from './testkit';

const vonage: Integration & { key: WizardKey } = {
  id: 7,
  key: 'vonage',
  name: 'Vonage',
  description: '',
  type: 'messaging',
  emulated: true,
  setup_available: true,
  demo_credentials: { api_key: 'demo', api_secret: 'demo' },
};

function renderLogin(onDone = vi.fn()) {
  renderStep(
    <LoginStep integration={vonage} setup={undefined} companyId={5} onDone={onDone} onCancel={() => {}} last />,
  );
  return onDone;
}

setUpWizardTests();

describe('wizard login step', () => {
  it('asks to fill all fields before calling the server', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    renderLogin();
    fireEvent.change(screen.getByLabelText(/API key/), { target: { value: 'demo' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Please fill all fields');
    expect(screen.getAllByText('This field is required.')).toHaveLength(2);
    expect(fetch).not.toHaveBeenCalled();
  });

  it("fills the demo account and sends it to the company path; the provider's refusal is shown", async () => {
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(answer(422, { message: 'Vonage did not accept these credentials: Bad Credentials' }));
    vi.stubGlobal('fetch', fetch);
    const onDone = renderLogin();
    expect(screen.getByTestId('demo-account').textContent).toContain('demo');
    fireEvent.click(screen.getByRole('button', { name: 'Fill in the demo account' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Vonage did not accept these credentials: Bad Credentials',
    );
    const [url, init] = fetch.mock.calls[0];
    expect(url).toBe('/api/v1/vonage/company/5/login');
    expect(JSON.parse(init.body)).toEqual({ api_key: 'demo', api_secret: 'demo', phone_number: '+40722123456' });
    expect(onDone).not.toHaveBeenCalled();

    fetch.mockResolvedValueOnce(answer(200, { data: { id: 1, key: 'vonage', configured: true } }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(onDone.mock.calls[0][0]).toEqual({ id: 1, key: 'vonage', configured: true });
  });
});
