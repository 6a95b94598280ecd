// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { OrderInvoice } from '../../../../core/api/invoices';
import type { Order } from '../../../../core/api/orders';
import { serverMessages } from '../../../../core/messages';
import '../../../../core/api/shipping';
import '../../../../core/api/invoices';
import address from '../../../components/address/i18n';
import { common } from '../../../components/i18n';
import { session } from '../../../lib/session';
import { renderRoutes } from '../../../test/render';
import { prepareDom } from '../../../test/dom';
import orders from '../i18n';
import { OrderDetailPage } from '../OrderDetailPage';

const shown: { color?: string; message: unknown }[] = [];
vi.mock('@mantine/notifications', () => ({
  notifications: { show: (n: { color?: string; message: unknown }) => shown.push(n) },
}));

const NOW = Math.floor(Date.now() / 1000);
const DAY = 86_400;

let order: Order;
let requests: { method: string; path: string; body: unknown; query?: string }[] = [];
/** The next answer of a call, by "METHOD path" (else the fake's own). */
let answers: Record<string, { status: number; body: unknown; headers?: Record<string, string> }> = {};

function freshOrder(): Order {
  return {
    id: 42,
    company_id: 5,
    source_id: null,
    source: null,
    status: 'new',
    invoice_status: 'none',
    courier: null,
    courier_status: null,
    awb: null,
    bill_number: null,
    value: 101,
    discount: 0,
    client_shipping_cost: 15,
    total_value: 116,
    created_at: NOW - 3 * DAY,
    updated_at: NOW - 3 * DAY,
    observations: 'Sunați înainte',
    details: null,
    payment_method: 'cash_on_delivery',
    coupon_code: null,
    customer_detail: {
      customer_id: 7,
      name: 'Ana Pop',
      phone_number: '+40744123456',
      email: null,
      county: 'Cluj',
      county_id: 12,
      city: 'Cluj-Napoca',
      city_id: 54984,
      street: 'Strada Zorilor',
      street_id: 6493,
      street_number: '12',
      zip_code: '400335',
      address: 'Strada Zorilor 12',
      company_name: null,
      vat_number: null,
      company_address: null,
      company_city: null,
      company_county: null,
      flags: [],
    },
    order_products: [
      {
        id: 1,
        product_id: 4,
        quantity: 1,
        product: { name: 'Cană', sku: 'CN', selling_price: 10.1, currency: 'RON' },
        value: 10.1,
      },
      {
        id: 2,
        product_id: 7,
        quantity: 2,
        product: { name: 'Tricou M', sku: 'TR-M', selling_price: 45.45, currency: 'RON' },
        value: 90.9,
      },
      {
        id: 3,
        product_id: 8,
        quantity: 3,
        product: { name: 'Șosete', sku: 'SO', selling_price: 0, currency: 'RON' },
        value: 0,
      },
    ],
    applied_discounts: [],
    history: [],
    awb_state: null,
    awb_candidates: [],
    invoice_state: null,
    invoice: null,
    invoice_documents: [],
  };
}

const invoiceOf = (updatedAt: number, reversed: [number, number, number] = [0, 0, 0]): OrderInvoice => ({
  series: 'SB',
  number: '12',
  status: reversed.some(Boolean) ? 'partially_storno' : 'issued',
  issued_at: updatedAt,
  updated_at: updatedAt,
  total: 116,
  lines: [
    { order_product_id: 1, name: 'Cană', quantity: 1, reversed: reversed[0] },
    { order_product_id: 2, name: 'Tricou M', quantity: 2, reversed: reversed[1] },
    { order_product_id: 3, name: 'Șosete', quantity: 3, reversed: reversed[2] },
    { order_product_id: null, name: 'Transport', quantity: 1, reversed: 0 },
  ],
  stornos: reversed.some(Boolean) ? [{ series: 'SB', number: '13', issued_at: updatedAt, total: -10.1 }] : [],
});

const setups = [
  {
    id: 1,
    integrations_id: 1,
    key: 'cargus',
    type: 'courier',
    emulated: true,
    has_credentials: true,
    has_configuration: true,
    configured: true,
    is_active: true,
    configuration: {},
    created_at: 1,
    updated_at: 1,
  },
  {
    id: 2,
    integrations_id: 2,
    key: 'sameday',
    type: 'courier',
    emulated: true,
    has_credentials: true,
    has_configuration: true,
    configured: true,
    is_active: false,
    configuration: {},
    created_at: 1,
    updated_at: 1,
  },
  {
    id: 3,
    integrations_id: 3,
    key: 'dpd',
    type: 'courier',
    emulated: false,
    has_credentials: true,
    has_configuration: false,
    configured: false,
    is_active: true,
    configuration: {},
    created_at: 1,
    updated_at: 1,
  },
  {
    id: 4,
    integrations_id: 4,
    key: 'smartbill',
    type: 'invoice',
    emulated: true,
    has_credentials: true,
    has_configuration: true,
    configured: true,
    is_active: true,
    configuration: {},
    created_at: 1,
    updated_at: 1,
  },
];
const packages = [
  {
    id: 9,
    company_id: 5,
    name: 'Cutie vin',
    description: null,
    length: 12.5,
    width: 12.5,
    height: 35,
    weight: 1.75,
    is_active: true,
    created_at: 1,
    updated_at: 1,
  },
];
// Cargus's nomenclature for Cluj-Napoca (a city coded by street: postal code "0").
const cargusGeo = (q: URLSearchParams) => ({
  counties: [{ id: 12, name: 'Cluj', code: 'CJ' }],
  cities: q.get('county_id') === '12' ? [{ id: 54984, name: 'Cluj-Napoca', county_id: 12, postal_code: '0' }] : [],
  streets: q.get('city_id') === '54984' ? [{ id: 6493, name: 'Strada Zorilor', city_id: 54984 }] : [],
  zipCodes:
    q.get('street_id') === '6493'
      ? [
          { from: 1, to: 27, parity: 'odd', zip_code: '400335' },
          { from: 2, to: 44, parity: 'even', zip_code: '400335' },
          { from: 29, to: null, parity: 'odd', zip_code: '400351' },
        ]
      : [],
});

function fakeFetch(input: string, init?: RequestInit): Promise<Response> {
  const url = new URL(input, 'http://x');
  const method = init?.method ?? 'GET';
  const body = init?.body ? JSON.parse(String(init.body)) : undefined;
  const p = url.pathname;
  requests.push({ method, path: p, body, query: url.search });
  const json = (status: number, b: unknown, headers: Record<string, string> = {}) =>
    Promise.resolve(new Response(JSON.stringify(b), { status, headers }));
  const answer = answers[`${method} ${p}`];
  if (answer) {
    delete answers[`${method} ${p}`];
    if (answer.status < 300 && method !== 'GET')
      order = { ...order, ...(answer.body as { data?: Partial<Order> }).data };
    if (answer.headers?.['content-type'] === 'application/pdf')
      return Promise.resolve(new Response(String(answer.body), { status: answer.status, headers: answer.headers }));
    return json(answer.status, answer.body, answer.headers);
  }
  if (method === 'GET' && p === '/api/v1/order/42') return json(200, order);
  if (p === '/api/v1/company-integration') return json(200, { data: setups });
  if (p === '/api/v1/package') return json(200, { data: packages, meta: { total: 1, last_page: 1, current_page: 1 } });
  if (p === '/api/v1/cargus/geo-data') return json(200, cargusGeo(url.searchParams));
  if (p === '/api/v1/geo/streets') return json(200, { data: [] });
  if (method === 'POST' && p === '/api/v1/order/42/awb') {
    order = { ...order, awb: '1000123', courier: body.courier, courier_status: 'created', status: 'processing' };
    return json(201, { data: order });
  }
  if (method === 'DELETE' && p === '/api/v1/order/42/awb') {
    order = { ...order, awb: null, courier: null, courier_status: null, status: 'new' };
    return json(200, { data: order });
  }
  if (p === '/api/v1/order/42/create-invoice') {
    order = { ...order, bill_number: 'SB 12', invoice: invoiceOf(NOW) };
    return json(200, { data: order });
  }
  if (p === '/api/v1/order/42/storno-invoice') {
    const inv = order.invoice!;
    const lines = inv.lines.map((l) => ({
      ...l,
      reversed:
        l.reversed +
        ((body.order_products as { id: number; quantity: number }[]).find((x) => x.id === l.order_product_id)
          ?.quantity ?? 0),
    }));
    order = { ...order, status: 'partially_storno', invoice: { ...inv, status: 'partially_storno', lines } };
    return json(200, { data: order });
  }
  return json(404, { message: `No route ${method} ${p}` });
}

const renderAt = (url: string) =>
  renderRoutes(
    [
      { path: '/orders/:id', element: <OrderDetailPage /> },
      { path: '/integrations', element: <p>integrations</p> },
    ],
    url,
  );

const section = () => screen.getByTestId('documents-section');
const header = () => screen.findByRole('heading', { name: 'Order #42' });
const block = (action: string) => screen.getByTestId(`doc-${action}`).getAttribute('data-block');
const button = (name: string) => within(section()).getByRole('button', { name }) as HTMLButtonElement;
const lastShown = () => shown.at(-1)?.message;
const posted = (path: string) => requests.filter((r) => r.method === 'POST' && r.path === path);

vi.setConfig({ testTimeout: 30_000 });

beforeAll(async () => {
  await prepareDom(
    { en: { common: common.en, orders: orders.en, address: address.en, server: serverMessages.en } },
    'common',
  );
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => {}, removeEventListener: () => {} },
  });
  // jsdom has no scrolling; Mantine's option lists scroll the selected one into view.
  Element.prototype.scrollIntoView ??= () => {};
});
beforeEach(() => {
  order = freshOrder();
  requests = [];
  answers = {};
  shown.length = 0;
  vi.stubGlobal('fetch', vi.fn(fakeFetch));
  session.signIn('tok', { id: 1, first_name: 'A', last_name: 'B', email: 'a@b.ro' });
  session.selectCompany({ id: 5, name: 'Firma' });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
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

describe('invoice', () => {
  it('create: the notice names the invoice; cancel and delete ask for confirmation first', async () => {
    renderAt('/orders/42');
    await header();
    fireEvent.click(button('Create invoice'));
    await waitFor(() => expect(lastShown()).toBe('Invoice SB 12 issued'));
    expect(posted('/api/v1/order/42/create-invoice')).toHaveLength(1);
    await waitFor(() => expect(block('createInvoice')).toBe('hasInvoice'));
    answers['POST /api/v1/order/42/cancel-invoice'] = {
      status: 409,
      body: { message: 'SmartBill refused: the invoice is paid.' },
    };
    fireEvent.click(button('Cancel invoice'));
    const d = await screen.findByRole('dialog');
    expect(within(d).getByText('Cancel invoice SB 12?')).toBeTruthy();
    expect(posted('/api/v1/order/42/cancel-invoice')).toHaveLength(0);
    fireEvent.click(within(d).getByRole('button', { name: 'Cancel invoice' }));
    expect(await within(d).findByText('SmartBill refused: the invoice is paid.')).toBeTruthy();
    // Dismissed with Back: "Cancel" beside "Cancel invoice" would read as the same choice.
    expect(within(d).queryByRole('button', { name: 'Cancel' })).toBeNull();
    fireEvent.click(within(d).getByRole('button', { name: 'Back' }));
    fireEvent.click(button('Delete invoice'));
    expect(await screen.findByText('Delete invoice SB 12?')).toBeTruthy();
    expect(posted('/api/v1/order/42/delete-invoice')).toHaveLength(0);
  });

  it('a refused create shows the server’s message', async () => {
    answers['POST /api/v1/order/42/create-invoice'] = {
      status: 422,
      body: { message: 'SmartBill is not set up and active for this company.' },
    };
    renderAt('/orders/42');
    await header();
    fireEvent.click(button('Create invoice'));
    await waitFor(() => expect(lastShown()).toBe('SmartBill is not set up and active for this company.'));
    expect(shown.at(-1)?.color).toBe('red');
  });

  it('storno: No products selected; sends only the chosen lines; shows what was reversed before', async () => {
    order = {
      ...order,
      bill_number: 'SB 12',
      invoice: invoiceOf(NOW - 2 * DAY, [1, 0, 0]),
      status: 'partially_storno',
    };
    renderAt('/orders/42');
    await header();
    fireEvent.click(button('Storno'));
    const d = await screen.findByRole('dialog');
    // Cană was reversed already: shown, not offered.
    expect(within(d).getByTestId('storno-reversed-1').textContent).toBe('1');
    expect((within(d).getByRole('checkbox', { name: 'Reverse Cană' }) as HTMLInputElement).disabled).toBe(true);
    expect(within(d).getByText('Fully reversed')).toBeTruthy();
    expect(within(d).getByText(/SB 13/)).toBeTruthy();
    fireEvent.click(within(d).getByRole('button', { name: 'Issue storno invoice' }));
    expect(await within(d).findByText('No products selected')).toBeTruthy();
    expect(posted('/api/v1/order/42/storno-invoice')).toHaveLength(0);
    fireEvent.click(within(d).getByRole('checkbox', { name: 'Reverse Tricou M' }));
    fireEvent.click(within(d).getByRole('checkbox', { name: 'Reverse Șosete' }));
    fireEvent.change(within(d).getByRole('textbox', { name: 'Quantity of Șosete to reverse' }), {
      target: { value: '2' },
    });
    fireEvent.click(within(d).getByRole('button', { name: 'Issue storno invoice' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posted('/api/v1/order/42/storno-invoice')[0].body).toEqual({
      order_products: [
        { id: 2, quantity: 2 },
        { id: 3, quantity: 2 },
      ],
    });
    expect(lastShown()).toBe('Storno invoice issued');
  });

  it('a storno is visible: every invoice document with its signed amount, each downloaded on its own; the lines and the summary say what was reversed', async () => {
    order = {
      ...order,
      bill_number: 'SB 12',
      status: 'processing',
      invoice_status: 'partially_storno',
      invoice: invoiceOf(NOW - 2 * DAY, [1, 0, 0]),
      invoice_documents: [
        {
          id: 31,
          kind: 'invoice',
          series: 'SB',
          number: '12',
          status: 'partially_storno',
          reverses: null,
          full_reversal: false,
          issued_at: NOW - 2 * DAY,
          total: 116,
          currency: 'RON',
        },
        {
          id: 32,
          kind: 'storno',
          series: 'SB',
          number: '13',
          status: 'issued',
          reverses: 'SB 12',
          full_reversal: false,
          issued_at: NOW - DAY,
          total: -10.1,
          currency: 'RON',
        },
      ],
    };
    URL.createObjectURL = vi.fn(() => 'blob:invoice');
    URL.revokeObjectURL = vi.fn();
    const saved: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    try {
      renderAt('/orders/42');
      await header();
      // The status the order reached stays, the invoice's state beside it.
      expect(screen.getByText('Processing')).toBeTruthy();
      expect(screen.getByTestId('invoice-status-badge').textContent).toBe('Partially reversed');
      const docs = screen.getByTestId('invoice-documents');
      const storno = within(docs).getByTestId('invoice-document-SB-13');
      expect(storno.textContent).toContain('Partial storno invoice');
      expect(storno.textContent).toContain('reverses SB 12');
      expect(within(storno).getByTestId('invoice-document-total').textContent).toBe('-10.10 RON');
      expect(
        within(within(docs).getByTestId('invoice-document-SB-12')).getByTestId('invoice-document-total').textContent,
      ).toBe('116.00 RON');
      // The lines: one Cană taken back; the summary: invoiced, reversed, net.
      expect(screen.getByTestId('reversed-1').textContent).toBe('1 reversed');
      expect(screen.queryByTestId('reversed-2')).toBeNull();
      expect(screen.getByTestId('summary-invoiced').textContent).toBe('116.00 RON');
      expect(screen.getByTestId('summary-reversed').textContent).toBe('-10.10 RON');
      expect(screen.getByTestId('summary-net').textContent).toBe('105.90 RON');

      answers['GET /api/v1/order/42/download-invoice'] = {
        status: 200,
        body: '%PDF-1.4',
        headers: {
          'content-type': 'application/pdf',
          'content-disposition': 'attachment; filename="Storno-SB-13.pdf"',
        },
      };
      fireEvent.click(within(storno).getByRole('button', { name: 'Download SB 13' }));
      await waitFor(() => expect(saved).toEqual(['Storno-SB-13.pdf']));
      const asked = requests.filter((r) => r.path === '/api/v1/order/42/download-invoice');
      expect(asked.map((r) => r.query)).toEqual(['?document=32']);
    } finally {
      click.mockRestore();
    }
  });
});
