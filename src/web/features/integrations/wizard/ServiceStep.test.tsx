// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ServiceStep } from './ServiceStep';
import { answer, renderStep as show, setUpWizardTests } from './testkit';

const saved = { id: 1, key: 'fan', configured: true };

function server(list: unknown[]) {
  const fetch = vi.fn((_url: string, init?: RequestInit) =>
    Promise.resolve(init?.method === 'POST' ? answer(200, { data: saved }) : answer(200, { data: list })),
  );
  vi.stubGlobal('fetch', fetch);
  const sent = () =>
    fetch.mock.calls
      .filter(([, init]) => init?.method === 'POST')
      .map(([url, init]) => [url, JSON.parse(String(init?.body))]);
  return { sent };
}

const props = (onDone = vi.fn()) => ({
  courier: 'fan' as const,
  providerName: 'FAN Courier',
  companyId: 5,
  setup: undefined,
  onDone,
  onBack: () => {},
  onCancel: () => {},
});

const select = () => screen.getAllByLabelText(/^Service/).find((el) => el.tagName === 'INPUT') as HTMLInputElement;

setUpWizardTests();

describe("FAN Courier's service step", () => {
  it('lists the services, marks those that collect cash on delivery, and saves the choice', async () => {
    const onDone = vi.fn();
    const { sent } = server([
      { id: 'Standard', name: 'Standard', description: null, cash_on_delivery: false },
      { id: 'Cont Colector', name: 'Cont Colector', description: null, cash_on_delivery: true },
    ]);
    show(<ServiceStep {...props(onDone)} />);
    await waitFor(() => expect(select()).toBeTruthy());
    fireEvent.click(select());
    expect(
      await screen.findByRole('option', { name: 'Cont Colector — cash on delivery to the collector account' }),
    ).toBeTruthy();
    fireEvent.click(await screen.findByRole('option', { name: 'Standard' }));
    const button = (await screen.findByRole('button', { name: 'Save' })) as HTMLButtonElement;
    fireEvent.click(button);
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(saved));
    expect(sent()).toEqual([['/api/v1/fan/company/5/services', { service: 'Standard' }]]);
    expect(screen.queryByTestId('fan-no-collector')).toBeNull();
  });

  it('asks for a service before sending, and warns when the contract has no collector service', async () => {
    const { sent } = server([{ id: 'Standard', name: 'Standard', description: null, cash_on_delivery: false }]);
    show(<ServiceStep {...props()} />);
    expect((await screen.findByTestId('fan-no-collector')).textContent).toContain('"Cont Colector"');
    const button = (await screen.findByRole('button', { name: 'Save' })) as HTMLButtonElement;
    await waitFor(() => expect(button.disabled).toBe(false));
    fireEvent.click(button);
    expect(await screen.findByText('Please select a service')).toBeTruthy();
    expect(sent()).toEqual([]);
  });
});
