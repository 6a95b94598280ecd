// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { PickupPointStep } from './PickupPointStep';
import { SeriesStep } from './SeriesStep';
import { answer, renderStep as show, setUpWizardTests } from './testkit';
import { VatStep } from './VatStep';

const saved = { id: 1, key: 'smartbill', configured: true };

/** A fake server: GET answers the list, POST the queued answers (then the saved set-up). */
function server(list: unknown[], posts: Response[] = []) {
  const fetch = vi.fn((_url: string, init?: RequestInit) =>
    Promise.resolve(
      init?.method === 'POST' ? (posts.shift() ?? answer(200, { data: saved })) : answer(200, { data: list }),
    ),
  );
  vi.stubGlobal('fetch', fetch);
  const sent = () =>
    fetch.mock.calls
      .filter(([, init]) => init?.method === 'POST')
      .map(([url, init]) => [url, JSON.parse(String(init?.body))]);
  return { fetch, sent };
}

const stepProps = (onDone = vi.fn()) => ({
  providerName: 'SmartBill',
  companyId: 5,
  setup: undefined,
  onDone,
  onBack: () => {},
  onCancel: () => {},
});

/** The select's input (the listbox carries the same label). */
const select = (name: string) =>
  screen.getAllByLabelText(new RegExp(`^${name}`)).find((el) => el.tagName === 'INPUT') as HTMLInputElement;

/** The submit button once the list is loaded (it is disabled while loading). */
async function submitButton(name: string) {
  const button = (await screen.findByRole('button', { name })) as HTMLButtonElement;
  await waitFor(() => expect(button.disabled).toBe(false));
  return button;
}

async function choose(name: string, option: string | RegExp) {
  await waitFor(() => expect(select(name)).toBeTruthy());
  fireEvent.click(select(name));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

setUpWizardTests();

describe('wizard choice steps (load a list, choose one, save)', () => {
  it("series: asks for a choice before sending, shows the server's 422 under the field, then saves", async () => {
    const { sent } = server(
      [
        { id: 1, name: 'FCT' },
        { id: 2, name: 'FEX' },
      ],
      [
        answer(422, {
          message: 'Please select a valid series',
          errors: { series_name: ['Please select a valid series'] },
        }),
      ],
    );
    const onDone = vi.fn();
    show(<SeriesStep {...stepProps(onDone)} />);
    fireEvent.click(await submitButton('Next'));
    expect(await screen.findByText('Please select a series')).toBeTruthy();
    expect(sent()).toEqual([]);

    await choose('Invoice series', 'FEX');
    expect(screen.queryByText('Please select a series')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    // Under the field (and in the alert above the buttons).
    await waitFor(() => expect(select('Invoice series').getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(select('Invoice series').getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Please select a valid series',
    );
    expect(sent()).toEqual([['/api/v1/smartbill/company/5/series', { series_name: 'FEX' }]]);

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(saved));
  });

  it('VAT: "none" is sent as null', async () => {
    const { sent } = server([{ name: 'Normala', percentage: 21 }]);
    const onDone = vi.fn();
    show(<VatStep {...stepProps(onDone)} />);
    await choose('VAT rate', /^No default VAT/);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(sent()).toEqual([['/api/v1/smartbill/company/5/vat-amount', { vat_amount: null }]]);
  });

  it('Sameday: both messages, a point proposes its default contact person, both are sent', async () => {
    const persons = [
      { id: '71', name: 'Ana Pop', position: null, phoneNumber: '0722000111', defaultContactPerson: false },
      { id: '72', name: 'Radu Ene', position: null, phoneNumber: '0722000222', defaultContactPerson: true },
    ];
    const { sent } = server([{ id: '31', name: 'Depozit', address: 'Calea Victoriei 120', contact_persons: persons }]);
    const onDone = vi.fn();
    show(<PickupPointStep courier="sameday" {...stepProps(onDone)} />);
    fireEvent.click(await submitButton('Save'));
    expect(await screen.findByText('Please select a pickup point')).toBeTruthy();
    expect(screen.getByText('Please select a contact person')).toBeTruthy();

    await choose('Pickup point', /^Depozit/);
    await waitFor(() => expect(select('Contact person').value).toBe('Radu Ene · 0722000222'));
    expect(screen.queryByText('Please select a contact person')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(sent()).toEqual([
      ['/api/v1/sameday/company/5/pickup-points', { pickup_point_id: '31', contact_person_id: '72' }],
    ]);
  });

  it('Cargus sends the point alone; a list that cannot be read offers Retry', async () => {
    const fetch = vi.fn().mockResolvedValueOnce(answer(502, { message: 'Cargus could not be reached' }));
    vi.stubGlobal('fetch', fetch);
    show(<PickupPointStep courier="cargus" {...stepProps()} />);
    expect(await screen.findByText('Cargus could not be reached')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);

    fetch.mockResolvedValueOnce(answer(200, { data: [{ id: '9', name: 'Sediu', address: '' }] }));
    fetch.mockResolvedValueOnce(answer(200, { data: saved }));
    fireEvent.click(screen.getByRole('button', { name: /Retry|Try again/ }));
    await choose('Pickup point', 'Sediu');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true));
    const [url, init] = fetch.mock.calls.find(([, i]) => i?.method === 'POST')!;
    expect(url).toBe('/api/v1/cargus/company/5/pickup-points');
    expect(JSON.parse(String(init.body))).toEqual({ pickup_point_id: '9' });
  });
});
