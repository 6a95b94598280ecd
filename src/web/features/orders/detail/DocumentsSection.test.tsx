// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Order } from '../../../../core/api/orders';
import {
  documentsKit,
  freshOrder,
  DAY,
  NOW,
  invoiceOf,
  setups,
  type Answers,
  type Requests,
} from './test/documentsKit';
import { recordToasts } from '../../../test/toasts';

/** The documents section of the order page: when each action is possible, and the AWB's. */
const shown = recordToasts();

let order: Order;
let requests: Requests = [];
let answers: Answers = {};
const { renderAt, header, block, button, lastShown, posted } = documentsKit({
  state: () => ({ order, requests, answers }),
  setOrder: (next) => (order = next),
  reset: () => {
    order = freshOrder();
    requests = [];
    answers = {};
  },
  shown,
});

describe('the order documents: conditions', () => {
  it('without invoice and AWB only the creates are possible; each disabled one says why', async () => {
    renderAt('/orders/42');
    await header();
    expect(block('createInvoice')).toBe('none');
    expect(block('createAwb')).toBe('none');
    for (const a of ['downloadInvoice', 'printInvoice', 'cancelInvoice', 'deleteInvoice', 'storno'])
      expect(block(a)).toBe('needsInvoice');
    for (const a of ['downloadAwb', 'printAwb', 'deleteAwb']) expect(block(a)).toBe('needsAwb');
    expect(screen.getByTestId('doc-storno').getAttribute('aria-label')).toBe('Storno: Needs an invoice first');
  });

  it('with an invoice and an AWB: no second create; storno waits a day after the invoice’s last change', async () => {
    order = {
      ...order,
      awb: '1000123',
      courier: 'cargus',
      courier_status: 'inDelivery',
      bill_number: 'SB 12',
      invoice: invoiceOf(NOW - DAY + 60),
    };
    renderAt('/orders/42');
    await header();
    expect(block('createInvoice')).toBe('hasInvoice');
    expect(block('createAwb')).toBe('hasAwb');
    for (const a of [
      'downloadInvoice',
      'printInvoice',
      'cancelInvoice',
      'deleteInvoice',
      'downloadAwb',
      'printAwb',
      'deleteAwb',
    ])
      expect(block(a)).toBe('none');
    expect(block('storno')).toBe('stornoTooSoon');
    const awb = screen.getByTestId('awb-block');
    expect(within(awb).getByText('AWB 1000123')).toBeTruthy();
    expect(within(awb).getByText('In delivery')).toBeTruthy();
    // Both providers of this company are emulated: the documents say so.
    await waitFor(() =>
      expect(within(awb).getByTestId('awb-courier').textContent).toBe(
        'Courier: Cargus · emulated: a demo AWB, no parcel is sent',
      ),
    );
    expect(within(screen.getByTestId('invoice-block')).getByText('Issued')).toBeTruthy();
    expect(screen.getByTestId('invoice-emulated').textContent).toMatch(/SmartBill runs on the built-in emulator/);

    cleanup();
    order = { ...order, invoice: invoiceOf(NOW - DAY - 60) };
    renderAt('/orders/42');
    await header();
    expect(block('storno')).toBe('none');
  });

  it('a create in flight or being checked with the provider is shown and blocks another create', async () => {
    order = { ...order, awb_state: 'unknown', invoice_state: 'pending' };
    renderAt('/orders/42');
    await header();
    expect(block('createAwb')).toBe('awbUnknown');
    expect(block('createInvoice')).toBe('invoicePending');
    expect(
      within(screen.getByTestId('awb-waiting')).getByText(/the AWB is being checked with the courier/),
    ).toBeTruthy();
    expect(within(screen.getByTestId('invoice-waiting')).getByText('The invoice is being issued…')).toBeTruthy();
  });
});

describe('AWB', () => {
  const dialog = () => screen.getByRole('dialog');
  const openModal = async () => {
    fireEvent.click(button('Create AWB'));
    const d = await screen.findByRole('dialog');
    // The courier is prefilled once the company's couriers arrive (Cargus: the only usable one).
    await waitFor(() =>
      expect((within(d).getByRole('combobox', { name: /^Courier/ }) as HTMLInputElement).value).toBe(
        'Cargus (emulated)',
      ),
    );
    return d;
  };
  const submit = () => fireEvent.click(within(dialog()).getByRole('button', { name: 'Create AWB' }));

  it('the modal: the company’s usable couriers (emulated said), Cargus locations, the order’s address, presets and packages', async () => {
    renderAt('/orders/42');
    await header();
    const d = await openModal();
    expect(
      within(d).getByText('Cargus runs on the built-in emulator: the AWB is a demo one and no parcel is sent.'),
    ).toBeTruthy();
    expect(within(d).getByTestId('awb-locations').textContent).toBe('Locations as Cargus knows them');
    // The address picker reads Cargus's own location call and starts from the order's address.
    await waitFor(() => expect(requests.some((r) => r.path === '/api/v1/cargus/geo-data')).toBe(true));
    expect((within(d).getByRole('combobox', { name: /^County/ }) as HTMLInputElement).value).toBe('Cluj');
    expect((within(d).getByRole('textbox', { name: 'Postal code' }) as HTMLInputElement).value).toBe('400335');
    expect((within(d).getByRole('textbox', { name: /^Address/ }) as HTMLInputElement).value).toBe('Strada Zorilor 12');
    expect((within(d).getByRole('textbox', { name: 'Package content' }) as HTMLInputElement).value).toBe(
      'Cană × 1, Tricou M × 2, Șosete × 3',
    );
    // Only active and configured couriers are offered.
    fireEvent.click(within(d).getByRole('combobox', { name: /^Courier/ }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Cargus (emulated)']);
    fireEvent.click(screen.getByRole('option', { name: 'Cargus (emulated)' }));
    fireEvent.click(within(d).getByRole('combobox', { name: 'Package' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Small · 25×10×25 cm, 1 kg',
      'Medium · 30×10×40 cm, 2 kg',
      'Large · 60×40×70 cm, 5 kg',
      'Cutie vin · 12.5×35×12.5 cm, 1.75 kg',
    ]);
    fireEvent.click(screen.getByRole('option', { name: 'Cutie vin · 12.5×35×12.5 cm, 1.75 kg' }));
    expect((within(d).getByRole('textbox', { name: /^Width/ }) as HTMLInputElement).value).toBe('12.5');
    expect((within(d).getByRole('textbox', { name: /^Weight/ }) as HTMLInputElement).value).toBe('1.75');
  });

  it('checks before sending (sizes required), then sends the spec payload; the order shows its AWB', async () => {
    renderAt('/orders/42');
    await header();
    const d = await openModal();
    submit();
    expect(await within(d).findAllByText('This field is required.')).toHaveLength(4);
    expect(posted('/api/v1/order/42/awb')).toHaveLength(0);
    fireEvent.click(within(d).getByRole('combobox', { name: 'Package' }));
    fireEvent.click(screen.getByRole('option', { name: 'Medium · 30×10×40 cm, 2 kg' }));
    submit();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posted('/api/v1/order/42/awb')[0].body).toMatchObject({
      courier: 'cargus',
      name: 'Ana Pop',
      phone_number: '+40744123456',
      county_id: 12,
      county: 'Cluj',
      city_id: 54984,
      city: 'Cluj-Napoca',
      street_id: 6493,
      street: 'Strada Zorilor',
      street_number: '12',
      postal_code: '400335',
      address: 'Strada Zorilor 12',
      order_id: 42,
      value: 116,
      package_width: 30,
      package_height: 10,
      package_length: 40,
      package_weight: 2,
      observations: 'Sunați înainte',
      package_content: 'Cană × 1, Tricou M × 2, Șosete × 3',
    });
    expect(lastShown()).toBe('AWB 1000123 created');
    await within(screen.getByTestId('awb-block')).findByText('AWB 1000123');
    expect(block('createAwb')).toBe('hasAwb');
  });

  it('a weight pasted as 1,5 is sent as one and a half kilograms, not 15', async () => {
    renderAt('/orders/42');
    await header();
    const d = await openModal();
    fireEvent.click(within(d).getByRole('combobox', { name: 'Package' }));
    fireEvent.click(screen.getByRole('option', { name: 'Medium · 30×10×40 cm, 2 kg' }));
    const weight = within(d).getByRole('textbox', { name: /^Weight \(kg\)/ }) as HTMLInputElement;
    fireEvent.paste(weight, { clipboardData: { getData: () => '1,5' } });
    fireEvent.change(weight, { target: { value: '1,5' } });
    expect(weight.value).toBe('1,5');
    submit();
    await waitFor(() => expect(posted('/api/v1/order/42/awb')).toHaveLength(1));
    expect(posted('/api/v1/order/42/awb')[0].body).toMatchObject({ package_length: 40, package_weight: 1.5 });
  });

  it('the spec order: without a street number on a street that needs one, the number is asked for first', async () => {
    order = { ...order, customer_detail: { ...order.customer_detail, street_number: null, zip_code: null } };
    renderAt('/orders/42');
    await header();
    const d = await openModal();
    fireEvent.click(within(d).getByRole('combobox', { name: 'Package' }));
    fireEvent.click(screen.getByRole('option', { name: 'Small · 25×10×25 cm, 1 kg' }));
    // The street's ranges (several codes) come from Cargus: the number then becomes required.
    await waitFor(() =>
      expect(requests.some((r) => r.path === '/api/v1/cargus/geo-data' && r.body === undefined)).toBe(true),
    );
    await waitFor(() =>
      expect(
        within(d)
          .getByRole('textbox', { name: /^Number/ })
          .closest('.mantine-InputWrapper-root')?.textContent,
      ).toContain('*'),
    );
    submit();
    expect(await within(d).findByText('Enter the street number: this street has several postal codes.')).toBeTruthy();
    expect(document.activeElement).toBe(within(d).getByRole('textbox', { name: /^Number/ }));
    expect(posted('/api/v1/order/42/awb')).toHaveLength(0);
    // Typing the number fills the postal code by the rule (12 is even: 400335).
    fireEvent.change(within(d).getByRole('textbox', { name: /^Number/ }), { target: { value: '12b' } });
    expect((within(d).getByRole('textbox', { name: /^Number/ }) as HTMLInputElement).value).toBe('12');
    expect((within(d).getByRole('textbox', { name: 'Postal code' }) as HTMLInputElement).value).toBe('400335');
  });

  it('the courier’s own refusal is shown in its words, a 422 lands on its field, and nothing typed is lost', async () => {
    renderAt('/orders/42');
    await header();
    const d = await openModal();
    fireEvent.click(within(d).getByRole('combobox', { name: 'Package' }));
    fireEvent.click(screen.getByRole('option', { name: 'Large · 60×40×70 cm, 5 kg' }));
    fireEvent.change(within(d).getByRole('textbox', { name: 'Observations' }), { target: { value: 'Etaj 3' } });
    // The server's words for a refusal: the courier's own reason in its message (provider_error names the kind).
    answers['POST /api/v1/order/42/awb'] = {
      status: 422,
      body: {
        message: 'Cargus refused the request: Greutatea depășește limita serviciului',
        provider: 'cargus',
        provider_error: 'refused',
      },
    };
    submit();
    const alert = await within(d).findByRole('alert');
    expect(alert.textContent).toBe('Cargus refused the request: Greutatea depășește limita serviciului');
    expect((within(d).getByRole('textbox', { name: 'Observations' }) as HTMLTextAreaElement).value).toBe('Etaj 3');
    expect((within(d).getByRole('textbox', { name: /^Length/ }) as HTMLInputElement).value).toBe('70');

    answers['POST /api/v1/order/42/awb'] = {
      status: 422,
      body: {
        message: 'Some fields are not valid.',
        errors: { package_weight: ['The value must be at most 1000.'], postal_code: ['The postal code has 6 digits.'] },
      },
    };
    submit();
    expect(await within(d).findAllByText('The value must be at most 1000.')).not.toHaveLength(0);
    expect(within(d).getAllByText('The postal code has 6 digits.').length).toBeGreaterThan(0);
    expect((within(d).getByRole('textbox', { name: 'Observations' }) as HTMLTextAreaElement).value).toBe('Etaj 3');
  });

  it('a courier that did not answer (504): the AWB is being checked and no other create is possible', async () => {
    renderAt('/orders/42');
    await header();
    const d = await openModal();
    fireEvent.click(within(d).getByRole('combobox', { name: 'Package' }));
    fireEvent.click(screen.getByRole('option', { name: 'Small · 25×10×25 cm, 1 kg' }));
    answers['POST /api/v1/order/42/awb'] = {
      status: 504,
      body: { message: 'Cargus did not answer in time: the AWB is being checked.' },
    };
    order = { ...order, awb_state: 'unknown' };
    submit();
    expect(await within(d).findByText('Cargus did not answer in time: the AWB is being checked.')).toBeTruthy();
    await waitFor(() =>
      expect((within(d).getByRole('button', { name: 'Create AWB' }) as HTMLButtonElement).disabled).toBe(true),
    );
    expect(within(d).getByRole('status').textContent).toMatch(/being checked with the courier/);
    expect(block('createAwb')).toBe('awbUnknown');
  });

  describe('a lost create the courier cannot tell apart', () => {
    const candidates: Order['awb_candidates'] = [
      { awb: '1ONB24000001', courier: 'sameday', created_at: NOW - 3600, cod: 116, weight: 1 },
      { awb: '1ONB24000002', courier: 'sameday', created_at: null, cod: null, weight: 1.5 },
    ];
    const settled = { awb_state: null, awb_candidates: [] };

    it('shows the candidates as radios; the chosen one is used and becomes the order’s AWB', async () => {
      order = { ...order, awb_state: 'unknown', awb_candidates: candidates };
      renderAt('/orders/42');
      await header();
      expect(block('createAwb')).toBe('awbUnknown');
      const box = screen.getByTestId('awb-candidates');
      expect(within(box).getByText('Which of these is the AWB of this order?')).toBeTruthy();
      expect(within(box).getByText(/^Sameday did not answer the AWB request/)).toBeTruthy();
      // One radio group (Tab reaches it, the arrow keys move within it), named by its legend.
      const group = within(box).getByRole('radiogroup', { name: 'AWBs at Sameday' });
      const radios = within(group).getAllByRole('radio') as HTMLInputElement[];
      expect(radios.map((r) => [r.value, r.name])).toEqual([
        ['1ONB24000001', 'awb-candidate'],
        ['1ONB24000002', 'awb-candidate'],
      ]);
      expect(within(box).getByText(/ · cash on delivery 116\.00 RON · 1 kg$/)).toBeTruthy();
      expect(within(box).getByText('1.5 kg')).toBeTruthy();
      const use = within(box).getByRole('button', { name: 'Use this AWB' }) as HTMLButtonElement;
      expect(use.disabled).toBe(true);

      answers['POST /api/v1/order/42/awb/resolve'] = {
        status: 200,
        body: {
          data: {
            ...settled,
            awb: '1ONB24000002',
            courier: 'sameday',
            courier_status: 'created',
            status: 'processing',
          },
        },
      };
      fireEvent.click(within(group).getByRole('radio', { name: 'AWB 1ONB24000002' }));
      expect(use.disabled).toBe(false);
      fireEvent.click(use);
      await waitFor(() => expect(lastShown()).toBe("AWB 1ONB24000002 is now the order's"));
      expect(posted('/api/v1/order/42/awb/resolve').map((r) => r.body)).toEqual([{ awb: '1ONB24000002' }]);
      await within(screen.getByTestId('awb-block')).findByText('AWB 1ONB24000002');
      expect(screen.queryByTestId('awb-candidates')).toBeNull();
    });

    it('"None of these" asks first; a refusal stays in the confirmation; then a new AWB can be created', async () => {
      order = { ...order, awb_state: 'unknown', awb_candidates: candidates };
      renderAt('/orders/42');
      await header();
      fireEvent.click(within(screen.getByTestId('awb-candidates')).getByRole('button', { name: 'None of these' }));
      const d = await screen.findByRole('dialog');
      expect(within(d).getByText("None of these AWBs is this order's?")).toBeTruthy();
      expect(within(d).getByText(/taken as never made at Sameday/)).toBeTruthy();
      expect(posted('/api/v1/order/42/awb/resolve')).toHaveLength(0);
      answers['POST /api/v1/order/42/awb/resolve'] = {
        status: 409,
        body: {
          message: 'There is no AWB to choose for this order: its AWB create is settled, or was never in doubt.',
        },
      };
      fireEvent.click(within(d).getByRole('button', { name: "None is this order's" }));
      expect(await within(d).findByText(/There is no AWB to choose for this order/)).toBeTruthy();
      answers['POST /api/v1/order/42/awb/resolve'] = { status: 200, body: { data: settled } };
      fireEvent.click(within(d).getByRole('button', { name: "None is this order's" }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(lastShown()).toBe('The AWB request was taken as not made: a new AWB can be created');
      expect(posted('/api/v1/order/42/awb/resolve').map((r) => r.body)).toEqual([{ awb: null }, { awb: null }]);
      await waitFor(() => expect(block('createAwb')).toBe('none'));
      expect(screen.queryByTestId('awb-candidates')).toBeNull();
    });
  });

  it('no usable courier: says so and links to Integrations', async () => {
    setups.forEach((s) => s.type === 'courier' && (s.is_active = false));
    try {
      renderAt('/orders/42');
      await header();
      fireEvent.click(button('Create AWB'));
      const d = await screen.findByRole('dialog');
      expect(await within(d).findByText('No courier is set up and active for this company.')).toBeTruthy();
      expect(within(d).getByRole('link', { name: 'Set one up under Integrations' }).getAttribute('href')).toBe(
        '/integrations',
      );
      fireEvent.click(within(d).getByRole('button', { name: 'Create AWB' }));
      expect(await within(d).findByText('Choose a courier.')).toBeTruthy();
    } finally {
      setups[0].is_active = true;
      setups[2].is_active = true;
    }
  });

  it('delete asks for confirmation; a 404 says No AWB found to delete', async () => {
    order = { ...order, awb: '1000123', courier: 'cargus', courier_status: 'created', status: 'processing' };
    renderAt('/orders/42');
    await header();
    answers['DELETE /api/v1/order/42/awb'] = { status: 404, body: { message: 'No AWB found to delete' } };
    fireEvent.click(button('Delete AWB'));
    const d = await screen.findByRole('dialog');
    expect(within(d).getByText('Delete AWB 1000123?')).toBeTruthy();
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);
    fireEvent.click(within(d).getByRole('button', { name: 'Delete AWB' }));
    expect(await within(d).findByText('No AWB found to delete')).toBeTruthy();
    fireEvent.click(within(d).getByRole('button', { name: 'Delete AWB' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(lastShown()).toBe('AWB deleted');
    expect(requests.filter((r) => r.method === 'DELETE' && r.path === '/api/v1/order/42/awb')).toHaveLength(2);
    await within(screen.getByTestId('awb-block')).findByText('No AWB yet');
  });

  it('download saves the label under the server’s name; a failed print says why and suggests downloading', async () => {
    order = { ...order, awb: '1000123', courier: 'cargus', courier_status: 'created' };
    URL.createObjectURL = vi.fn(() => 'blob:awb');
    URL.revokeObjectURL = vi.fn();
    const saved: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    try {
      renderAt('/orders/42');
      await header();
      answers['GET /api/v1/order/42/awb'] = {
        status: 200,
        body: '%PDF-1.4',
        headers: { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="AWB-1000123.pdf"' },
      };
      fireEvent.click(within(screen.getByTestId('awb-block')).getByRole('button', { name: 'Download' }));
      await waitFor(() => expect(saved).toEqual(['AWB-1000123.pdf']));
      answers['GET /api/v1/order/42/awb'] = { status: 404, body: { message: 'No AWB found.' } };
      fireEvent.click(within(screen.getByTestId('awb-block')).getByRole('button', { name: 'Print' }));
      await waitFor(() =>
        expect(lastShown()).toBe('Failed to fetch the AWB for printing: No AWB found. Please try downloading instead.'),
      );
      expect(document.querySelector('iframe')).toBeNull();
    } finally {
      click.mockRestore();
    }
  });
});
