// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import type { Product } from '../../core/api/products';
import { session } from '../lib/session';
import { prepareDom } from '../test/dom';
import { common } from './i18n';
import { ProductSelect, type ProductSelectProps } from './ProductSelect';
import { productOptions, type ProductOption } from './useProductOptions';

const product = (id: number, name: string, sku: string, variations: Product[] = []): Product => ({
  id,
  company_id: 5,
  parent_id: null,
  name,
  description: null,
  sku,
  sale_type: 'Bucata',
  stock: variations.length ? null : 3,
  selling_price: variations.length ? null : 10,
  buying_price: 5,
  currency: 'RON',
  vat_rate: null,
  image: null,
  variations,
  created_at: 0,
  updated_at: 0,
});
const tee = product(1, 'Tricou', 'TR', [
  { ...product(2, 'Tricou M', 'TR-M'), parent_id: 1 },
  { ...product(3, 'Roșu', 'TR-R'), parent_id: 1 },
]);
const mug = product(4, 'Cană', 'CN');

const calls: URL[] = [];
let answer: () => Response;

function Harness(props: Partial<ProductSelectProps> & { onPick?: (o: ProductOption | null) => void }) {
  const [value, setValue] = useState<string | null>(props.value ?? null);
  const { onPick, ...rest } = props;
  return (
    <ProductSelect
      label="Product"
      {...rest}
      value={value}
      onChange={(v, o) => {
        setValue(v);
        onPick?.(o);
      }}
    />
  );
}

function renderSelect(props: Partial<ProductSelectProps> & { onPick?: (o: ProductOption | null) => void } = {}) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={qc}>
        <Harness {...props} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

const input = () => screen.getByRole('combobox', { name: 'Product' });
const optionTexts = () => screen.queryAllByRole('option').map((o) => o.textContent);

beforeAll(async () => {
  await prepareDom({ en: { common: common.en } }, 'common');
});
beforeEach(() => {
  calls.length = 0;
  answer = () =>
    new Response(
      JSON.stringify({ data: [tee, mug], meta: { total: 2, last_page: 1, current_page: 1, per_page: 100 } }),
      { status: 200 },
    );
  vi.stubGlobal(
    'fetch',
    vi.fn((u: string) => {
      calls.push(new URL(u, 'http://x'));
      return Promise.resolve(answer());
    }),
  );
  session.signIn('tok', { id: 1, first_name: 'A', last_name: 'B', email: 'a@b.ro' });
  session.selectCompany({ id: 5, name: 'Firma' });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('productOptions', () => {
  it('top-level keeps the rows; sellable offers the variations named after their parent', () => {
    expect(productOptions([tee, mug], 'top-level').map((o) => o.label)).toEqual(['Tricou', 'Cană']);
    const sellable = productOptions([tee, mug], 'sellable');
    expect(sellable.map((o) => [o.id, o.label])).toEqual([
      [2, 'Tricou M'],
      [3, 'Tricou / Roșu'],
      [4, 'Cană'],
    ]);
    expect(sellable[1].parent?.id).toBe(1);
    expect(sellable[2].parent).toBeNull();
  });
});

describe('ProductSelect', () => {
  it('loads page 1 with 100 products of the company, shows "Name (SKU)" and does not open on focus', async () => {
    renderSelect();
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0].pathname).toBe('/api/v1/product');
    expect(calls[0].search).toBe('?page=1&items=100&company_id=5');
    await waitFor(() => expect((input() as HTMLInputElement).disabled).toBe(false));
    fireEvent.focus(input());
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    fireEvent.click(input());
    await waitFor(() => expect(optionTexts()).toEqual(['Tricou (TR)', 'Cană (CN)']));
  });

  it('sellable mode, excluded ids left out, the chosen option handed back with its product', async () => {
    const onPick = vi.fn();
    renderSelect({ mode: 'sellable', exclude: [4], onPick });
    await waitFor(() => expect((input() as HTMLInputElement).disabled).toBe(false));
    fireEvent.click(input());
    await waitFor(() => expect(optionTexts()).toEqual(['Tricou M (TR-M)', 'Tricou / Roșu (TR-R)']));
    fireEvent.click(screen.getByRole('option', { name: 'Tricou / Roșu (TR-R)' }));
    expect(onPick).toHaveBeenLastCalledWith(
      expect.objectContaining({ id: 3, sku: 'TR-R', parent: expect.objectContaining({ id: 1 }) }),
    );
  });

  it('keeps a known value beyond the first 100 choosable (editing)', async () => {
    renderSelect({ value: '99', known: { id: 99, name: 'Vechi', sku: 'OLD' } });
    await waitFor(() => expect((input() as HTMLInputElement).value).toBe('Vechi (OLD)'));
  });

  it('server search: typing asks the server after the debounce', async () => {
    renderSelect({ serverSearch: true });
    await waitFor(() => expect((input() as HTMLInputElement).disabled).toBe(false));
    input().focus(); // Mantine treats a change without the focus as autofill
    fireEvent.change(input(), { target: { value: 'can' } });
    await waitFor(() => expect(calls.at(-1)?.searchParams.get('search')).toBe('can'), { timeout: 1500 });
  });

  it('server search: the chosen product stays shown although its label matches no search', async () => {
    const onPick = vi.fn();
    renderSelect({ serverSearch: true, onPick });
    await waitFor(() => expect((input() as HTMLInputElement).disabled).toBe(false));
    input().focus();
    fireEvent.change(input(), { target: { value: 'Can' } });
    await waitFor(() => expect(calls.at(-1)?.searchParams.get('search')).toBe('Can'), { timeout: 1500 });
    fireEvent.click(await screen.findByRole('option', { name: 'Cană (CN)' }));
    expect(onPick).toHaveBeenLastCalledWith(expect.objectContaining({ id: 4 }));
    await waitFor(() => expect((input() as HTMLInputElement).value).toBe('Cană (CN)'));
    // The label in the box is not sent as a search: the next call (if any) is the plain first page.
    await new Promise((r) => setTimeout(r, 500));
    expect(calls.map((u) => u.searchParams.get('search')).filter((s) => s !== null && s !== 'Can')).toEqual([]);
    expect((input() as HTMLInputElement).value).toBe('Cană (CN)');
  });

  it('a failed load says so under the select', async () => {
    answer = () => new Response(JSON.stringify({ message: 'Boom' }), { status: 500 });
    renderSelect({ failedText: (reason) => `Failed to fetch products: ${reason}` });
    await screen.findByText('Failed to fetch products: Boom');
  });

  it('says when the company has no product', async () => {
    answer = () =>
      new Response(JSON.stringify({ data: [], meta: { total: 0, last_page: 1, current_page: 1, per_page: 100 } }), {
        status: 200,
      });
    renderSelect({ noneText: 'No products yet' });
    await screen.findByText('No products yet');
  });

  it('a search that matches none says so, not that the company has no products (server and browser search)', async () => {
    for (const serverSearch of [true, false]) {
      answer = () =>
        new Response(
          JSON.stringify(
            calls.at(-1)?.searchParams.get('search')
              ? { data: [], meta: { total: 0, last_page: 1, current_page: 1, per_page: 100 } }
              : { data: [tee, mug], meta: { total: 2, last_page: 1, current_page: 1, per_page: 100 } },
          ),
          { status: 200 },
        );
      renderSelect({ serverSearch, noneText: 'No products yet', noMatchText: (s) => `No product matches “${s}”` });
      await waitFor(() => expect((input() as HTMLInputElement).disabled).toBe(false));
      input().focus();
      fireEvent.click(input());
      fireEvent.change(input(), { target: { value: 'zzz' } });
      await screen.findByText('No product matches “zzz”', {}, { timeout: 2000 });
      expect(screen.queryByText('No products yet')).toBeNull();
      cleanup();
    }
  });
});
