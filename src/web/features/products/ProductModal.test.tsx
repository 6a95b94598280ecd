// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import i18n from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { serverMessages } from '../../../core/messages';
import { common } from '../../components/i18n';
import { session } from '../../lib/session';
import { prepareDom } from '../../test/dom';
import { renderRoutes } from '../../test/render';
import type { useProductCrud } from './api';
import products from './i18n';
import { ProductModal } from './ProductModal';

function fakeFetch(input: string): Promise<Response> {
  const url = new URL(input, 'http://x');
  const page = (data: unknown[]) => ({ data, meta: { total: data.length, last_page: 1, current_page: 1 } });
  if (url.pathname === '/api/v1/company')
    return Promise.resolve(new Response(JSON.stringify(page([{ id: 5, name: 'Firma' }])), { status: 200 }));
  return Promise.resolve(new Response(JSON.stringify(page([])), { status: 200 }));
}

beforeAll(async () => {
  await prepareDom(
    {
      en: { common: common.en, products: products.en, server: serverMessages.en },
      ro: { common: common.ro, products: products.ro, server: serverMessages.ro },
    },
    'common',
  );
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => {}, removeEventListener: () => {} },
  });
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

async function open(lang: 'en' | 'ro' = 'en') {
  await i18n.changeLanguage(lang);
  vi.stubGlobal('fetch', vi.fn(fakeFetch));
  session.signIn('tok', { id: 1, first_name: 'A', last_name: 'B', email: 'a@b.ro' });
  session.selectCompany({ id: 5, name: 'Firma' });
  const save = vi.fn(async (_id: number | null, body: FormData) => ({ data: { company_id: 5, body } }));
  const crud = { save, isSaving: false } as unknown as ReturnType<typeof useProductCrud>;
  renderRoutes(
    [{ path: '*', element: <ProductModal target={{ mode: 'create', parent: null }} onClose={() => {}} crud={crud} /> }],
    '/products',
  );
  await screen.findByRole('dialog');
  return save;
}

const field = (name: RegExp) => screen.getByRole('textbox', { name });
const type = (name: RegExp, value: string) => fireEvent.change(field(name), { target: { value } });
function paste(name: RegExp, value: string) {
  const input = field(name);
  fireEvent.paste(input, { clipboardData: { getData: () => value } });
  fireEvent.change(input, { target: { value } });
}

async function fillRequired(lang: 'en' | 'ro') {
  const names =
    lang === 'ro' ? { sku: /SKU/, name: /^Nume/, stock: /^Stoc/ } : { sku: /SKU/, name: /^Name/, stock: /^Stock/ };
  type(names.sku, 'A-1');
  type(names.name, 'Apă plată');
  type(names.stock, '5');
}

describe('ProductModal numbers', () => {
  it('saves a selling price typed with a decimal comma as twelve and a half, and shows it back as 12,50', async () => {
    const save = await open('ro');
    await fillRequired('ro');
    type(/Preț de vânzare/, '12,50');
    type(/Preț de achiziție/, '1.234,56');
    fireEvent.blur(field(/Preț de vânzare/));
    expect(field(/Preț de vânzare/)).toHaveProperty('value', '12,50');
    fireEvent.click(screen.getByRole('button', { name: 'Salvează' }));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    const body = save.mock.calls[0][1];
    expect(body.get('selling_price')).toBe('12.5');
    expect(body.get('buying_price')).toBe('1234.56');
  });

  it('reads a pasted price with a comma the same as a typed one', async () => {
    const save = await open('en');
    await fillRequired('en');
    paste(/Selling price/, '25,50');
    paste(/Buying price/, '1.5');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(save.mock.calls[0][1].get('selling_price')).toBe('25.5');
    expect(save.mock.calls[0][1].get('buying_price')).toBe('1.5');
  });

  it('refuses 12,5x and -3 with a message in the field and keeps what was typed', async () => {
    const save = await open('en');
    await fillRequired('en');
    paste(/Selling price/, '12,5x');
    expect(await screen.findByText('Enter a number, e.g. 12.50 or 1,234.50')).toBeTruthy();
    expect(field(/Selling price/)).toHaveProperty('value', '12,5x');
    type(/Buying price/, '-3');
    fireEvent.blur(field(/Buying price/));
    expect(await screen.findByText('Cannot be negative')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(field(/Selling price/).getAttribute('aria-invalid')).toBe('true'));
    expect(save).not.toHaveBeenCalled();
    expect(field(/Buying price/)).toHaveProperty('value', '-3');
  });

  it('refuses an ambiguous 1.234 in Romanian, naming both readings', async () => {
    const save = await open('ro');
    await fillRequired('ro');
    type(/Preț de vânzare/, '9');
    type(/Preț de achiziție/, '1.234');
    fireEvent.blur(field(/Preț de achiziție/));
    expect(await screen.findByText('„1.234” se poate citi în două feluri: scrieți 1234 sau 1,234')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Salvează' }));
    await screen.findAllByText(/se poate citi/);
    expect(save).not.toHaveBeenCalled();
  });
});

describe('ProductModal says why it does not save', () => {
  it('shows the VAT rate error as soon as the field is left (both languages)', async () => {
    await open('en');
    type(/VAT rate/, '150');
    fireEvent.blur(field(/VAT rate/));
    expect(field(/VAT rate/).getAttribute('aria-invalid')).toBe('true');
    expect(await screen.findByText('The value must be at most 100.')).toBeTruthy();
    cleanup();
    await open('ro');
    type(/Cotă TVA/, '150');
    fireEvent.blur(field(/Cotă TVA/));
    expect(await screen.findByText('Valoarea trebuie să fie cel mult 100.')).toBeTruthy();
  });

  it('a Save disabled by an empty stock says why beside it, and the field once left (both languages)', async () => {
    await open('en');
    const button = () => screen.getByRole('button', { name: 'Save' });
    expect(screen.getByTestId('disabled-reason').textContent).toBe('Fill in first: Name, SKU, Stock.');
    type(/SKU/, 'A-1');
    type(/^Name/, 'Apă');
    expect(button()).toHaveProperty('disabled', true);
    expect(screen.getByTestId('disabled-reason').textContent).toBe('Fill in first: Stock.');
    expect(button().getAttribute('aria-describedby')).toBe(screen.getByTestId('disabled-reason').id);
    fireEvent.blur(field(/^Stock/));
    expect(await screen.findByText('This field is required.')).toBeTruthy();
    type(/^Stock/, '4');
    expect(button()).toHaveProperty('disabled', false);
    expect(screen.queryByTestId('disabled-reason')).toBeNull();
    cleanup();
    await open('ro');
    type(/SKU/, 'A-1');
    type(/^Nume/, 'Apă');
    expect(screen.getByTestId('disabled-reason').textContent).toBe('Completați întâi: Stoc.');
  });
});
