// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { session } from '../lib/session';
import { common } from './i18n';
import { prepareDom } from '../test/dom';
import { ListPage } from './ListPage';
import { useCrud } from './useCrud';
import { useList } from './useList';

/** A fake /api/v1/thing endpoint over an in-memory table, answering like the real server. */
interface Thing {
  id: number;
  name: string;
}
let table: Thing[] = [];
const calls: URL[] = [];
/** When set, the fake server counts matches only up to this bound, as the real one does for searches. */
let countBound: number | null = null;

function fakeFetch(input: string, init?: RequestInit): Promise<Response> {
  const url = new URL(input, 'http://x');
  calls.push(url);
  const json = (status: number, body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { status }));
  if (init?.method === 'DELETE') {
    const id = Number(url.pathname.split('/').pop());
    table = table.filter((t) => t.id !== id);
    return json(200, { message: 'deleted' });
  }
  if (init?.method === 'POST') {
    const body = JSON.parse(String(init.body)) as { name: string };
    const match = /\/(\d+)$/.exec(url.pathname);
    if (match) table = table.map((t) => (t.id === Number(match[1]) ? { ...t, name: body.name } : t));
    else table = [{ id: Math.max(0, ...table.map((t) => t.id)) + 1, name: body.name }, ...table];
    return json(200, { data: {} });
  }
  const page = Number(url.searchParams.get('page') ?? 1);
  const items = Number(url.searchParams.get('items') ?? 10);
  const search = url.searchParams.get('search') ?? '';
  const rows = table.filter((t) => t.name.toLowerCase().includes(search.toLowerCase()));
  if (countBound !== null && rows.length > countBound) {
    const meta = {
      total: countBound,
      total_exact: false,
      last_page: Math.ceil(countBound / items) + 1,
      current_page: page,
      per_page: items,
    };
    return json(200, { data: rows.slice((page - 1) * items, page * items), meta });
  }
  const lastPage = Math.max(1, Math.ceil(rows.length / items));
  return json(200, {
    data: rows.slice((page - 1) * items, page * items),
    meta: { total: rows.length, last_page: lastPage, current_page: page, per_page: items },
  });
}

let crudRef: ReturnType<typeof useCrud<{ name: string }>> | null = null;

const bulkRan: string[][] = [];

function ThingsPage({
  companyScoped = true,
  texts,
  bulk = false,
}: {
  companyScoped?: boolean;
  texts?: string;
  bulk?: boolean;
}) {
  const list = useList<Thing>({ resource: 'thing', path: '/api/v1/thing', companyScoped });
  const crud = useCrud<{ name: string }>({ resource: 'thing', path: '/api/v1/thing', list });
  crudRef = crud;
  return (
    <ListPage<Thing>
      {...(texts ? { texts } : { title: 'Things' })}
      bulkActions={
        bulk
          ? (rows, clear) => (
              <button
                type="button"
                onClick={() => {
                  bulkRan.push(rows.map((r) => r.name));
                  clear();
                }}
              >
                Archive
              </button>
            )
          : undefined
      }
      selectLabel={(t) => `Select ${t.name}`}
      list={list}
      columns={[{ key: 'name', header: 'Name' }]}
      onEdit={() => {}}
      onDelete={(t) => crud.remove.mutateAsync(t.id)}
    />
  );
}

function renderAt(url: string, companyScoped = true, extra: { texts?: string; bulk?: boolean } = {}) {
  const router = createMemoryRouter(
    [{ path: '/things', element: <ThingsPage companyScoped={companyScoped} {...extra} /> }],
    { initialEntries: [url] },
  );
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider>
      <QueryClientProvider client={qc}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return router;
}

const showing = () => screen.findByText(/^Showing \d+ to \d+ of \d+ results$/);
const lastListCall = () =>
  [...calls].reverse().find((u) => u.pathname === '/api/v1/thing' && u.searchParams.has('items'))!;

beforeAll(async () => {
  await prepareDom(
    {
      en: {
        common: common.en,
        things: {
          title: 'My things',
          add: 'Add thing',
          searchPlaceholder: 'Search things...',
          empty: 'No things yet.',
          deleted: 'The thing was deleted.',
          errors: { fetch: 'Failed to fetch things', delete: 'Failed to delete the thing: {{reason}}' },
        },
        shop: { archive: { title: 'Archived things' } },
      },
    },
    'common',
  );
});

beforeEach(() => {
  table = Array.from({ length: 11 }, (_, i) => ({ id: i + 1, name: `Thing ${String(i + 1).padStart(2, '0')}` }));
  calls.length = 0;
  bulkRan.length = 0;
  countBound = null;
  vi.stubGlobal('fetch', vi.fn(fakeFetch));
  session.signIn('tok', { id: 1, first_name: 'A', last_name: 'B', email: 'a@b.ro' });
  session.selectCompany({ id: 5, name: 'Firma' });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ListPage + useList', () => {
  it('a total counted only up to a bound reads "of more than N results" and offers the next page', async () => {
    countBound = 5;
    renderAt('/things');
    expect((await screen.findByText(/of more than/)).textContent).toBe('Showing 1 to 10 of more than 5 results');
    expect(screen.getByRole('navigation', { name: 'Pages' })).toBeTruthy();
  });

  it('fetches page 1 of 10 with the company filter and shows the footer and pagination', async () => {
    renderAt('/things');
    expect((await showing()).textContent).toBe('Showing 1 to 10 of 11 results');
    expect(lastListCall().search).toBe('?page=1&items=10&company_id=5');
    expect(screen.getByRole('navigation', { name: 'Pages' })).toBeTruthy();
  });

  it('keeps the page in the URL and deleting the last row of page 2 steps back to page 1', async () => {
    const router = renderAt('/things?page=2');
    expect((await showing()).textContent).toBe('Showing 11 to 11 of 11 results');
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(screen.getByText('Showing 1 to 10 of 10 results')).toBeTruthy());
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
  });

  it('a page past the end goes to the last page', async () => {
    const router = renderAt('/things?page=7');
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    await waitFor(() => expect(screen.getByText('Showing 11 to 11 of 11 results')).toBeTruthy());
  });

  it('search waits 500 ms, then goes to page 1; "No results found" when nothing matches', async () => {
    const router = renderAt('/things?page=2');
    await showing();
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'zzz' } });
    await new Promise((r) => setTimeout(r, 250));
    expect(router.state.location.search).toBe('?page=2');
    await waitFor(() => expect(router.state.location.search).toBe('?search=zzz'), { timeout: 1500 });
    await screen.findByText('No results found');
  });

  it('after a create: page 1; after an update: same page', async () => {
    const router = renderAt('/things?page=2');
    await showing();
    await act(() => crudRef!.save(3, { name: 'Renamed' }).then(() => undefined));
    expect(router.state.location.search).toBe('?page=2');
    await act(() => crudRef!.save(null, { name: 'New thing' }).then(() => undefined));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(screen.getByText('Showing 1 to 10 of 12 results')).toBeTruthy());
  });

  it('changing the company goes back to page 1', async () => {
    const router = renderAt('/things?page=2');
    await showing();
    calls.length = 0;
    act(() => session.selectCompany({ id: 6, name: 'Alta' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(lastListCall().searchParams.get('company_id')).toBe('6'));
    // Page 1 of the new company straight away: no request for its page 2 (the old URL) first.
    expect(calls.filter((u) => u.pathname === '/api/v1/thing').map((u) => u.search)).toEqual([
      '?page=1&items=10&company_id=6',
    ]);
  });

  it('without a selected company: "Company ID not found" and no call', async () => {
    session.selectCompany(null);
    renderAt('/things');
    await screen.findByText('Company ID not found');
    expect(calls).toHaveLength(0);
  });

  it('an error answer replaces the table with the server message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response(JSON.stringify({ message: 'Boom from server' }), { status: 500 }))),
    );
    renderAt('/things');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Boom from server');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('counts with plurals and shows no "Showing 0 to 0 of 0" under "No results found"', async () => {
    table = table.slice(0, 1);
    renderAt('/things');
    expect((await screen.findByText(/^Showing/)).textContent).toBe('Showing 1 to 1 of 1 result');
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'zzz' } });
    await screen.findByText('No results found', {}, { timeout: 1500 });
    expect(screen.queryByText(/^Showing/)).toBeNull();
  });
});

describe('ListPage standard texts from the feature namespace', () => {
  it('reads title, add, search placeholder, empty and deleted from texts="things"', async () => {
    table = [{ id: 1, name: 'Only' }];
    const toast = vi.spyOn(notifications, 'show').mockImplementation(() => '');
    renderAt('/things', true, { texts: 'things' });
    expect(await screen.findByRole('heading', { name: 'My things' })).toBeTruthy();
    expect(screen.getByPlaceholderText('Search things...')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await screen.findByText('No things yet.');
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ message: 'The thing was deleted.' }));
    toast.mockRestore();
  });

  it('takes a key prefix after the namespace and falls back to the common texts for missing keys', async () => {
    renderAt('/things', true, { texts: 'shop:archive' });
    expect(await screen.findByRole('heading', { name: 'Archived things' })).toBeTruthy();
    expect(screen.getByPlaceholderText('Search...')).toBeTruthy();
  });

  it('the fetch error of the namespace replaces the table when the server says nothing', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response('{}', { status: 500 }))),
    );
    renderAt('/things', true, { texts: 'things' });
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to fetch things');
  });
});

describe('ListPage row selection', () => {
  const checkbox = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement;

  it('selected rows get a bar with the actions; the action receives the rows and can clear them', async () => {
    renderAt('/things', true, { bulk: true });
    await showing();
    expect(screen.queryByRole('toolbar')).toBeNull();
    fireEvent.click(checkbox('Select Thing 02'));
    fireEvent.click(checkbox('Select Thing 05'));
    const bar = screen.getByRole('toolbar', { name: 'Actions on the selected rows' });
    expect(within(bar).getByText('2 selected')).toBeTruthy();
    expect(checkbox('Select all rows on this page').indeterminate).toBe(true);
    fireEvent.click(within(bar).getByRole('button', { name: 'Archive' }));
    expect(bulkRan).toEqual([['Thing 02', 'Thing 05']]);
    expect(screen.queryByRole('toolbar')).toBeNull();
    expect(checkbox('Select Thing 02').checked).toBe(false);
  });

  it('select all takes the rows of the page; Clear selection empties it', async () => {
    renderAt('/things', true, { bulk: true });
    await showing();
    fireEvent.click(checkbox('Select all rows on this page'));
    expect(within(screen.getByRole('toolbar')).getByText('10 selected')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear selection' }));
    expect(screen.queryByRole('toolbar')).toBeNull();
  });

  it('is emptied when the page, the search or the company changes', async () => {
    const router = renderAt('/things', true, { bulk: true });
    await showing();
    fireEvent.click(checkbox('Select Thing 01'));
    expect(screen.getByRole('toolbar')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    await screen.findByText('Showing 11 to 11 of 11 results');
    expect(screen.queryByRole('toolbar')).toBeNull();

    fireEvent.click(checkbox('Select Thing 11'));
    expect(screen.getByRole('toolbar')).toBeTruthy();
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'Thing 1' } });
    await waitFor(() => expect(router.state.location.search).toBe('?search=Thing+1'), { timeout: 1500 });
    // The selection is cleared by the render that follows the URL change.
    await waitFor(() => expect(screen.queryByRole('toolbar')).toBeNull());

    await screen.findByText('Showing 1 to 2 of 2 results');
    fireEvent.click(checkbox('Select Thing 10'));
    expect(screen.getByRole('toolbar')).toBeTruthy();
    act(() => session.selectCompany({ id: 6, name: 'Alta' }));
    await waitFor(() => expect(screen.queryByRole('toolbar')).toBeNull());
  });
});
