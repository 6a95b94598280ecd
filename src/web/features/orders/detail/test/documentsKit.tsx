import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import type { OrderInvoice } from '../../../../../core/api/invoices';
import type { Order } from '../../../../../core/api/orders';
import { serverMessages } from '../../../../../core/messages';
import '../../../../../core/api/shipping';
import '../../../../../core/api/invoices';
import address from '../../../../components/address/i18n';
import { common } from '../../../../components/i18n';
import { PAGES } from '../../../../lib/paths';
import { session } from '../../../../lib/session';
import { renderRoutes } from '../../../../test/render';
import { prepareDom } from '../../../../test/dom';
import orders from '../../i18n';
import { OrderDetailPage } from '../../OrderDetailPage';

/*
 * The order page's documents as the tests of its AWB and invoice parts see them: one order (#42 of
 * company 5) served by a fake fetch, the couriers and packages of the company, and the helpers to
 * find the section's blocks and buttons. A test file keeps the order, the requests and the next
 * answers (it changes them) and hands them in; `documentsKit` registers the set-up around each test.
 */

export type Requests = { method: string; path: string; body: unknown; query?: string }[];
/** The next answer of a call, by "METHOD path" (else the fake's own). */
export type Answers = Record<string, { status: number; body: unknown; headers?: Record<string, string> }>;
export type Shown = { color?: string; message: unknown };

export const NOW = Math.floor(Date.now() / 1000);
export const DAY = 86_400;

export function freshOrder(): Order {
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

export const invoiceOf = (updatedAt: number, reversed: [number, number, number] = [0, 0, 0]): OrderInvoice => ({
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

export const setups = [
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
export const packages = [
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

export function documentsKit({
  state,
  setOrder,
  reset,
  shown,
}: {
  state: () => { order: Order; requests: Requests; answers: Answers };
  setOrder: (order: Order) => void;
  reset: () => void;
  shown: Shown[];
}) {
  function fakeFetch(input: string, init?: RequestInit): Promise<Response> {
    const { requests, answers } = state();
    const order = () => state().order;
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
        setOrder({ ...order(), ...(answer.body as { data?: Partial<Order> }).data });
      if (answer.headers?.['content-type'] === 'application/pdf')
        return Promise.resolve(new Response(String(answer.body), { status: answer.status, headers: answer.headers }));
      return json(answer.status, answer.body, answer.headers);
    }
    if (method === 'GET' && p === '/api/v1/order/42') return json(200, order());
    if (p === '/api/v1/company-integration') return json(200, { data: setups });
    if (p === '/api/v1/package')
      return json(200, { data: packages, meta: { total: 1, last_page: 1, current_page: 1 } });
    if (p === '/api/v1/cargus/geo-data') return json(200, cargusGeo(url.searchParams));
    if (p === '/api/v1/geo/streets') return json(200, { data: [] });
    if (method === 'POST' && p === '/api/v1/order/42/awb') {
      setOrder({ ...order(), awb: '1000123', courier: body.courier, courier_status: 'created', status: 'processing' });
      return json(201, { data: order() });
    }
    if (method === 'DELETE' && p === '/api/v1/order/42/awb') {
      setOrder({ ...order(), awb: null, courier: null, courier_status: null, status: 'new' });
      return json(200, { data: order() });
    }
    if (p === '/api/v1/order/42/create-invoice') {
      setOrder({ ...order(), bill_number: 'SB 12', invoice: invoiceOf(NOW) });
      return json(200, { data: order() });
    }
    if (p === '/api/v1/order/42/storno-invoice') {
      const inv = order().invoice!;
      const lines = inv.lines.map((l) => ({
        ...l,
        reversed:
          l.reversed +
          ((body.order_products as { id: number; quantity: number }[]).find((x) => x.id === l.order_product_id)
            ?.quantity ?? 0),
      }));
      setOrder({ ...order(), status: 'partially_storno', invoice: { ...inv, status: 'partially_storno', lines } });
      return json(200, { data: order() });
    }
    return json(404, { message: `No route ${method} ${p}` });
  }

  const renderAt = (url: string) =>
    renderRoutes(
      [
        { path: PAGES.order, element: <OrderDetailPage /> },
        { path: PAGES.integrations, element: <p>integrations</p> },
      ],
      url,
    );

  const section = () => screen.getByTestId('documents-section');
  const header = () => screen.findByRole('heading', { name: 'Order #42' });
  const block = (action: string) => screen.getByTestId(`doc-${action}`).getAttribute('data-block');
  const button = (name: string) => within(section()).getByRole('button', { name }) as HTMLButtonElement;
  const lastShown = () => shown.at(-1)?.message;
  const posted = (path: string) => state().requests.filter((r) => r.method === 'POST' && r.path === path);

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
    reset();
    shown.length = 0;
    vi.stubGlobal('fetch', vi.fn(fakeFetch));
    session.signIn('tok', { id: 1, first_name: 'A', last_name: 'B', email: 'a@b.ro' });
    session.selectCompany({ id: 5, name: 'Firma' });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  return { renderAt, section, header, block, button, lastShown, posted };
}
