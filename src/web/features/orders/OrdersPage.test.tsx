// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { common } from '../../components/i18n';
import { session } from '../../lib/session';
import { renderRoutes } from '../../test/render';
import { prepareDom } from '../../test/dom';
import orders from './i18n';
import { OrdersPage } from './OrdersPage';
import type { Flag, OrderListItem } from '../../../core/api/orders';

const flags = (n: number, ownIndex = -1): Flag[] =>
  Array.from({ length: n }, (_, i) => ({
    reason: `Refused parcel ${i + 1}`,
    created_at: 1_763_000_000 + i * 86_400,
    flagged_by_company_id: i === ownIndex ? 5 : null,
    by_this_company: i === ownIndex,
  }));

let rows: OrderListItem[] = [];
let failWith: { status: number; body: unknown } | null = null;
const calls: { url: URL; method: string }[] = [];

function fakeFetch(input: string, init?: RequestInit): Promise<Response> {
  const url = new URL(input, 'http://x');
  const method = init?.method ?? 'GET';
  calls.push({ url, method });
  const json = (status: number, body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { status }));
  if (failWith) return json(failWith.status, failWith.body);
  if (method === 'DELETE') {
    const id = Number(url.pathname.split('/').pop());
    rows = rows.filter((r) => r.id !== id);
    return json(200, { message: 'deleted' });
  }
  const filter = url.searchParams.get('invoice_status');
  const shown = filter ? rows.filter((r) => r.invoice_status === filter) : rows;
  const page = Number(url.searchParams.get('page') ?? 1);
  const items = Number(url.searchParams.get('items') ?? 10);
  const lastPage = Math.max(1, Math.ceil(shown.length / items));
  return json(200, {
    data: shown.slice((page - 1) * items, page * items),
    meta: { total: shown.length, last_page: lastPage, current_page: page, per_page: items },
  });
}

const renderAt = (url: string) =>
  renderRoutes(
    [
      { path: '/orders', element: <OrdersPage /> },
      { path: '/orders/new', element: <p>new order form</p> },
      { path: '/orders/:id', element: <p>order detail</p> },
    ],
    url,
  );

// Whole screens in jsdom on a shared 2-core machine: seconds per test under load.
vi.setConfig({ testTimeout: 30_000 });

beforeAll(async () => {
  await prepareDom({ en: { common: common.en, orders: orders.en } }, 'common');
});

beforeEach(() => {
  rows = Array.from(
    { length: 23 },
    (_, i) =>
      ({
        id: 100 - i,
        status: ['new', 'processing', 'completed', 'cancelled', 'processing'][i % 5]!,
        invoice_status: (['none', 'issued', 'partially_storno', 'none', 'storno'] as const)[i % 5]!,
        courier: i % 2 ? 'cargus' : null,
        courier_status: i % 2 ? 'delivered' : null,
        awb: i % 2 ? `1000${i}` : null,
        bill_number: null,
        value: 1234.5 + i,
        discount: 0,
        client_shipping_cost: 0,
        total_value: 1234.5 + i,
        created_at: 1_763_900_000 - i * 86_400,
        updated_at: 1_763_900_000 - i * 86_400,
        customer_detail: {
          customer_id: i + 1,
          name: `Client ${i + 1}`,
          phone_number: `+4074400000${i % 10}`,
          telefon: `+4074400000${i % 10}`,
          email: null,
          flags: i === 0 ? flags(7, 2) : [],
        },
        // The list row also says whether an AWB create waits on its courier (the shipping module's field).
        awb_state: null,
      }) as OrderListItem,
  );
  failWith = null;
  calls.length = 0;
  vi.stubGlobal('fetch', vi.fn(fakeFetch));
  session.signIn('tok', { id: 1, first_name: 'A', last_name: 'B', email: 'a@b.ro' });
  session.selectCompany({ id: 5, name: 'Firma' });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const firstRow = async () => (await screen.findByText('#100')).closest('tr')!;

describe('OrdersList', () => {
  it('shows id, customer, phone, status badges, total in RON and the date; asks page 1 with the company filter', async () => {
    renderAt('/orders');
    const row = await firstRow();
    // The first cell is the row's selection check box (work on many orders at once).
    const cells = within(row)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells[0]).toBe('');
    expect(cells.slice(1, 9)).toEqual([
      '#100',
      'Client 1',
      '+40744000000',
      'New',
      'Not invoiced',
      '—',
      '1,234.50 RON',
      expect.stringMatching(/^\d{1,2} Nov 2025$/),
    ]);
    const row2 = screen.getByText('#99').closest('tr')!;
    expect(within(row2).getByText('Processing')).toBeTruthy();
    expect(within(row2).getByText('Delivered')).toBeTruthy();
    expect(within(row2).getByText('Invoiced')).toBeTruthy();
    // A reversed invoice beside the status the order reached, never instead of it.
    const row5 = screen.getByText('#96').closest('tr')!;
    expect(within(row5).getByText('Processing')).toBeTruthy();
    expect(within(row5).getByText('Reversed')).toBeTruthy();
    const list = calls.find((c) => c.url.pathname === '/api/v1/order')!;
    expect(list.url.search).toBe('?page=1&items=10&company_id=5');
  });

  it('the status badges take the spec colours (new blue, processing yellow, completed green, cancelled red, else grey)', async () => {
    renderAt('/orders');
    await firstRow();
    const colour = (label: string) =>
      // In the table: the status tabs above it carry the same words.
      within(screen.getByRole('table')).getAllByText(label)[0]!.closest('.mantine-Badge-root')!.getAttribute('style') ??
      '';
    expect(colour('New')).toContain('blue');
    expect(colour('Processing')).toContain('yellow');
    expect(colour('Completed')).toContain('green');
    expect(colour('Cancelled')).toContain('red');
  });

  it('filters by invoice status, from the URL and from the select, back to page 1', async () => {
    // Mantine's combobox scrolls its option into view; jsdom has no layout.
    Element.prototype.scrollIntoView ??= () => {};
    renderAt('/orders?invoice_status=storno');
    expect(await screen.findByText('#96')).toBeTruthy();
    expect(screen.queryByText('#100')).toBeNull();
    const asked = calls.filter((c) => c.url.pathname === '/api/v1/order').map((c) => c.url.searchParams);
    expect(asked.at(-1)!.get('invoice_status')).toBe('storno');
    fireEvent.click(screen.getByRole('combobox', { name: 'Invoice status' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Partially reversed' }));
    expect(await screen.findByText('#98')).toBeTruthy();
    const last = calls.filter((c) => c.url.pathname === '/api/v1/order').at(-1)!.url.searchParams;
    expect(last.get('invoice_status')).toBe('partially_storno');
    expect(last.get('page')).toBe('1');
    expect(screen.queryByText('#96')).toBeNull();
  });

  it('filters and tabs keep each other in the URL, even written before the screen caught up; Back returns to the list as it was', async () => {
    Element.prototype.scrollIntoView ??= () => {};
    const router = renderAt('/orders?page=2&search=Ion');
    await screen.findByText('#90');
    fireEvent.click(screen.getByRole('combobox', { name: 'Courier' }));
    fireEvent.click(await screen.findByRole('option', { name: 'DPD' }));
    // A filter resets the page to 1 (page 1 is left out of the URL) and keeps the search.
    await waitFor(() => expect(router.state.location.search).toBe('?search=Ion&courier=dpd'));
    await screen.findByText('#100');
    // A day, then a status tab before the screen has re-rendered: the tab's click is handled by a
    // render that has not seen the day yet (as when the router's update waits in a transition).
    act(() => {
      fireEvent.change(screen.getByLabelText('Created from'), { target: { value: '2026-11-20' } });
      fireEvent.click(screen.getByRole('tab', { name: /New/ }));
    });
    await waitFor(() =>
      expect(router.state.location.search).toBe('?search=Ion&courier=dpd&created_from=2026-11-20&status=new'),
    );
    await waitFor(() => {
      const asked = calls.filter((c) => c.url.pathname === '/api/v1/order').at(-1)!.url.searchParams;
      expect([asked.get('courier'), asked.get('created_from'), asked.get('status'), asked.get('search')]).toEqual([
        'dpd',
        '2026-11-20',
        'new',
        'Ion',
      ]);
    });
    const counted = calls.filter((c) => c.url.pathname === '/api/v1/order/counts').at(-1)!.url.searchParams;
    expect([counted.get('courier'), counted.get('created_from'), counted.get('status')]).toEqual([
      'dpd',
      '2026-11-20',
      null,
    ]);
    expect(screen.getByRole('tab', { name: /New/ }).getAttribute('aria-selected')).toBe('true');

    // Back: the tab "All" again with the courier and the day, then without the day, then page 2.
    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('?search=Ion&courier=dpd&created_from=2026-11-20');
    await waitFor(() => expect(screen.getByRole('tab', { name: /All/ }).getAttribute('aria-selected')).toBe('true'));
    expect((screen.getByLabelText('Created from') as HTMLInputElement).value).toBe('2026-11-20');
    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('?search=Ion&courier=dpd');
    await waitFor(() => expect((screen.getByLabelText('Created from') as HTMLInputElement).value).toBe(''));
    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('?page=2&search=Ion');
    expect(await screen.findByText('#90')).toBeTruthy();
  }, 90_000);

  it('a day typed key by key is one history entry: Back returns to the list before the day', async () => {
    const router = renderAt('/orders?courier=dpd');
    await screen.findByText('#100');
    const from = screen.getByLabelText('Created from');
    fireEvent.focus(from);
    // The text is read day first as it grows; only a real day reaches the URL (20.11.20 is 2020).
    const typed = '20.11.2026';
    for (let i = 1; i <= typed.length; i++) {
      fireEvent.change(from, { target: { value: typed.slice(0, i) } });
      if (i === 8)
        await waitFor(() => expect(router.state.location.search).toBe('?courier=dpd&created_from=2020-11-20'));
    }
    await waitFor(() => expect(router.state.location.search).toBe('?courier=dpd&created_from=2026-11-20'));
    fireEvent.blur(from);
    expect((from as HTMLInputElement).value).toBe('20 Nov 2026');
    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('?courier=dpd');
  }, 60_000);

  it('a flagged customer has a flag whose card pages the flags 5 at a time; others have none', async () => {
    renderAt('/orders');
    const row = await firstRow();
    expect(screen.getAllByTestId('customer-flags')).toHaveLength(1);
    const icon = within(row).getByRole('button', { name: 'Flagged customer: 7 flags' });
    fireEvent.mouseEnter(icon);
    const card = await screen.findByRole('list', { name: 'Flagged 7 times' });
    expect(
      within(card)
        .getAllByRole('listitem')
        .map((li) => li.firstChild?.textContent),
    ).toEqual(['Refused parcel 7', 'Refused parcel 6', 'Refused parcel 5', 'Refused parcel 4', 'Refused parcel 3']);
    expect(within(card).getByText('1 / 2')).toBeTruthy();
    expect(within(card).getAllByText('by your company')).toHaveLength(1);
    fireEvent.click(within(card).getByRole('button', { name: 'Next flags' }));
    expect(
      within(card)
        .getAllByRole('listitem')
        .map((li) => li.firstChild?.textContent),
    ).toEqual(['Refused parcel 2', 'Refused parcel 1']);
    expect((within(card).getByRole('button', { name: 'Next flags' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('reads the page from the URL and View opens the order with fromPage', async () => {
    const router = renderAt('/orders?page=2');
    await screen.findByText('#90');
    fireEvent.click(screen.getByRole('link', { name: 'View order #90' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders/90'));
    expect(router.state.location.search).toBe('?fromPage=2');
  });

  it('the page follows the pagination in the URL', async () => {
    const router = renderAt('/orders');
    await firstRow();
    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=3'));
    expect(await screen.findByText('#80')).toBeTruthy();
  });

  it('Add goes to /orders/new', async () => {
    const router = renderAt('/orders');
    await firstRow();
    fireEvent.click(screen.getByRole('button', { name: 'Add order' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders/new'));
  });

  it('delete asks for confirmation, then deletes and refetches', async () => {
    renderAt('/orders');
    const row = await firstRow();
    fireEvent.click(within(row).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/delete order #100\?/)).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('#100')).toBeNull());
    expect(calls.find((c) => c.method === 'DELETE')!.url.pathname).toBe('/api/v1/order/100');
  });

  it('without a company: Company ID not found, and nothing is fetched', async () => {
    session.selectCompany(null);
    renderAt('/orders');
    expect(await screen.findByText('Company ID not found')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('a failed fetch replaces the table with the error block: the server message, else Failed to fetch orders', async () => {
    failWith = { status: 500, body: {} };
    renderAt('/orders');
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to fetch orders');
    expect(screen.queryByRole('table')).toBeNull();
    cleanup();
    failWith = { status: 503, body: { message: 'Database is down' } };
    renderAt('/orders');
    expect((await screen.findByRole('alert')).textContent).toContain('Database is down');
  });
});
