// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { Product } from '../../../core/api/products';
import { common } from '../../components/i18n';
import { session } from '../../lib/session';
import { prepareDom } from '../../test/dom';
import { renderRoutes } from '../../test/render';
import orders from './i18n';
import { NewOrderPage } from './NewOrderPage';

/**
 * The shared AddressPicker has its own tests against the address API; here it is a plain stand-in
 * with its value shape, so these tests are about the order form.
 */
vi.mock('../../components/address', async (original) => {
  const real = await original<typeof import('../../components/address')>();
  type Value = import('../../components/address').AddressValue;
  const part = (
    name: keyof Value,
    label: string,
    p: { value: Value; onChange: (v: Value) => void; errors?: Record<string, unknown> },
  ) => (
    <label key={name}>
      {label}
      <input
        value={String(p.value[name] ?? '')}
        onChange={(e) => p.onChange({ ...p.value, [name]: e.currentTarget.value })}
      />
      {p.errors?.[name] ? <span>{String(p.errors[name])}</span> : null}
    </label>
  );
  return {
    ...real,
    AddressPicker: (p: { value: Value; onChange: (v: Value) => void; errors?: Record<string, unknown> }) => (
      <div>
        {[
          part('county', 'County', p),
          part('city', 'Locality', p),
          part('street', 'Street', p),
          part('street_number', 'Number', p),
        ]}
      </div>
    ),
  };
});

const product = (id: number, name: string, sku: string, price: number): Product => ({
  id,
  company_id: 5,
  parent_id: null,
  name,
  description: null,
  sku,
  sale_type: 'Bucata',
  stock: 4,
  selling_price: price,
  buying_price: 1,
  currency: 'RON',
  vat_rate: null,
  image: null,
  variations: [],
  created_at: 0,
  updated_at: 0,
});
const mug = product(4, 'Cană', 'CN', 10.1);
const tee = product(7, 'Tricou', 'TR', 45.5);

const posts: unknown[] = [];
/** The Idempotency-Key of each order POST, in order. */
const postKeys: (string | undefined)[] = [];
let orderAnswer: () => { status: number; body: unknown } = () => ({ status: 201, body: { id: 321 } });
let releaseOrder: (() => void) | null = null;
let holdOrder = false;

function fakeFetch(input: string, init?: RequestInit): Promise<Response> {
  const url = new URL(input, 'http://x');
  const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });
  if (url.pathname === '/api/v1/product')
    return Promise.resolve(
      json(200, { data: [mug, tee], meta: { total: 2, last_page: 1, current_page: 1, per_page: 100 } }),
    );
  if (url.pathname === '/api/v1/source')
    return Promise.resolve(
      json(200, {
        data: [
          { id: 3, source: 'eMAG', active: true },
          { id: 9, source: 'Old shop', active: false },
        ],
        meta: { total: 2, last_page: 1, current_page: 1, per_page: 100 },
      }),
    );
  if (url.pathname === '/api/v1/order' && init?.method === 'POST') {
    posts.push(JSON.parse(String(init.body)));
    postKeys.push((init.headers as Record<string, string>)['Idempotency-Key']);
    const { status, body } = orderAnswer();
    if (!holdOrder) return Promise.resolve(json(status, body));
    return new Promise((resolve) => (releaseOrder = () => resolve(json(status, body))));
  }
  return Promise.resolve(json(404, { message: 'Not found' }));
}

const renderForm = () =>
  renderRoutes(
    [
      { path: '/orders/new', element: <NewOrderPage /> },
      { path: '/orders/:id', element: <p>order detail</p> },
      { path: '/orders', element: <p>orders list</p> },
    ],
    '/orders/new',
  );

const productBox = () => screen.getByRole('combobox', { name: 'Product' }) as HTMLInputElement;
const addButton = () => screen.getByRole('button', { name: 'Add product' }) as HTMLButtonElement;
const createButton = () => screen.getByRole('button', { name: /Create order|Creating/ }) as HTMLButtonElement;
const total = () => screen.getByTestId('running-total').textContent;

async function pick(label: string) {
  await waitFor(() => expect(productBox().disabled).toBe(false));
  fireEvent.click(productBox());
  fireEvent.click(await screen.findByRole('option', { name: label }));
  fireEvent.click(addButton());
}

async function fillCustomer() {
  fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Ana Pop' } });
  fireEvent.change(screen.getByRole('textbox', { name: 'Phone' }), { target: { value: '0744 123 456' } });
  fireEvent.change(screen.getByRole('textbox', { name: 'County' }), { target: { value: 'Cluj' } });
  fireEvent.change(screen.getByRole('textbox', { name: 'Locality' }), { target: { value: 'Cluj-Napoca' } });
  fireEvent.change(screen.getByRole('textbox', { name: 'Street' }), { target: { value: 'Strada Zorilor' } });
  fireEvent.change(screen.getByRole('textbox', { name: 'Number' }), { target: { value: '12A' } });
  const source = screen.getByRole('combobox', { name: 'Source' }) as HTMLInputElement;
  await waitFor(() => expect(source.disabled).toBe(false));
  fireEvent.click(source);
  fireEvent.click(await screen.findByRole('option', { name: 'eMAG' }));
}

// Whole screens in jsdom on a shared 2-core machine: seconds per test under load.
vi.setConfig({ testTimeout: 30_000 });

beforeAll(async () => {
  await prepareDom({ en: { common: common.en, orders: orders.en } }, 'common');
  // jsdom has no FontFaceSet; Mantine's autosize textarea listens to it.
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => {}, removeEventListener: () => {} },
  });
});
beforeEach(() => {
  posts.length = 0;
  postKeys.length = 0;
  holdOrder = false;
  releaseOrder = null;
  orderAnswer = () => ({ status: 201, body: { id: 321 } });
  vi.stubGlobal('fetch', vi.fn(fakeFetch));
  session.signIn('tok', { id: 1, first_name: 'A', last_name: 'B', email: 'a@b.ro' });
  session.selectCompany({ id: 5, name: 'Firma' });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('NewOrderPage', () => {
  it('adds a line only with a selection; minus at 1 removes it; the total follows', async () => {
    renderForm();
    expect(addButton().disabled).toBe(true);
    await pick('Cană (CN)');
    expect(productBox().value).toBe('');
    expect(addButton().disabled).toBe(true);
    await pick('Tricou (TR)');
    expect(total()).toBe('55.60 RON');
    fireEvent.click(screen.getByRole('button', { name: 'Increase the quantity of Cană' }));
    fireEvent.click(screen.getByRole('button', { name: 'Increase the quantity of Cană' }));
    expect((screen.getByRole('textbox', { name: 'Quantity: Cană' }) as HTMLInputElement).value).toBe('3');
    expect(total()).toBe('75.80 RON');
    fireEvent.click(screen.getByRole('button', { name: 'Decrease the quantity of Tricou' }));
    expect(screen.queryByText('Tricou')).toBeNull();
    expect(total()).toBe('30.30 RON');
  });

  it('a typed quantity never falls below 1', async () => {
    renderForm();
    await pick('Cană (CN)');
    const qty = screen.getByRole('textbox', { name: 'Quantity: Cană' }) as HTMLInputElement;
    fireEvent.change(qty, { target: { value: '0' } });
    await waitFor(() => expect(total()).toBe('10.10 RON'));
    fireEvent.change(qty, { target: { value: '4' } });
    await waitFor(() => expect(total()).toBe('40.40 RON'));
  });

  it('checks the required fields and a product before sending anything', async () => {
    renderForm();
    fireEvent.click(createButton());
    expect(await screen.findAllByText('Required')).toHaveLength(7);
    expect(screen.getByText('Add at least one product')).toBeTruthy();
    expect(posts).toHaveLength(0);
    // The focus goes to the first field to correct, not left on Create.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Name' })));
  });

  it('sends the email and the block, staircase and apartment typed', async () => {
    renderForm();
    await fillCustomer();
    fireEvent.change(screen.getByRole('textbox', { name: 'Email' }), { target: { value: 'ana@pop.ro' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Block' }), { target: { value: 'A1' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Apartment' }), { target: { value: '14' } });
    await pick('Cană (CN)');
    fireEvent.click(createButton());
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toMatchObject({ email: 'ana@pop.ro', block: 'A1', apartment: '14' });
    expect(posts[0]).not.toHaveProperty('staircase');
  });

  it('sends the spec payload, Create is disabled while saving, then opens the new order', async () => {
    holdOrder = true;
    const router = renderForm();
    await fillCustomer();
    await pick('Cană (CN)');
    await pick('Tricou (TR)');
    fireEvent.click(screen.getByRole('button', { name: 'Increase the quantity of Tricou' }));
    fireEvent.click(createButton());
    await waitFor(() => expect(createButton().disabled).toBe(true));
    fireEvent.click(createButton());
    expect(posts).toHaveLength(1);
    expect(posts[0]).toEqual({
      name: 'Ana Pop',
      phone_number: '0744 123 456',
      county: 'Cluj',
      city: 'Cluj-Napoca',
      street: 'Strada Zorilor',
      number: '12A',
      source: 3,
      payment_method: 'cash_on_delivery',
      details: '',
      products: { CN: 1, TR: 2 },
    });
    releaseOrder!();
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders/321'));
  });

  it('on failure stays on the form with everything typed and the server errors beside the fields', async () => {
    orderAnswer = () => ({
      status: 422,
      body: {
        message: 'The given data was invalid.',
        errors: {
          phone_number: ['The phone number is not valid.'],
          'products.TR': ['This product has variations: choose one of them.'],
        },
      },
    });
    const router = renderForm();
    await fillCustomer();
    await pick('Tricou (TR)');
    fireEvent.click(createButton());
    expect(await screen.findByText('The phone number is not valid.')).toBeTruthy();
    expect(screen.getByText('This product has variations: choose one of them.')).toBeTruthy();
    expect(screen.getByText('The given data was invalid.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Phone' })));
    expect(router.state.location.pathname).toBe('/orders/new');
    expect((screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value).toBe('Ana Pop');
    expect((screen.getByRole('textbox', { name: 'Street' }) as HTMLInputElement).value).toBe('Strada Zorilor');
    expect(total()).toBe('45.50 RON');
    expect(createButton().disabled).toBe(false);
    // Correcting the phone clears its message.
    fireEvent.change(screen.getByRole('textbox', { name: 'Phone' }), { target: { value: '0744123456' } });
    expect(screen.queryByText('The phone number is not valid.')).toBeNull();
  });

  it('a submission carries an Idempotency-Key; a double submit and a retry of the same order send the same one', async () => {
    orderAnswer = () => ({ status: 503, body: { message: 'Try again.' } });
    const router = renderForm();
    await fillCustomer();
    await pick('Cană (CN)');
    const form = createButton().closest('form')!;
    // Two submits before React draws the disabled button: a double click both of whose clicks land.
    act(() => {
      form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
      form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    });
    await waitFor(() => expect(createButton().disabled).toBe(false));
    // Both reach the server, with one key: the server makes them one order.
    expect(posts).toHaveLength(2);
    const key = postKeys[0];
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(postKeys)).toEqual(new Set([key]));

    // The answer failed: sending the same order again is the same submission, with the same key.
    fireEvent.click(createButton());
    await waitFor(() => expect(postKeys.length).toBe(posts.length));
    await waitFor(() => expect(createButton().disabled).toBe(false));
    expect(postKeys.at(-1)).toBe(key);

    // Another order (one more mug) is another submission: a new key; it succeeds.
    orderAnswer = () => ({ status: 201, body: { id: 321 } });
    fireEvent.click(screen.getByRole('button', { name: 'Increase the quantity of Cană' }));
    const before = posts.length;
    fireEvent.click(createButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders/321'));
    expect(posts).toHaveLength(before + 1);
    expect(postKeys.at(-1)).toMatch(/^[0-9a-f-]{36}$/);
    expect(postKeys.at(-1)).not.toBe(key);
  });

  it('without a company: Company ID not found', async () => {
    session.selectCompany(null);
    renderForm();
    expect(await screen.findByText('Company ID not found')).toBeTruthy();
  });
});
