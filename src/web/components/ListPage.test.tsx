// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
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
  const lastPage = Math.max(1, Math.ceil(rows.length / items));
  return json(200, { data: rows.slice((page - 1) * items, page * items), meta: { total: rows.length, last_page: lastPage, current_page: page, per_page: items } });
}

let crudRef: ReturnType<typeof useCrud<{ name: string }>> | null = null;

function ThingsPage({ companyScoped = true }: { companyScoped?: boolean }) {
  const list = useList<Thing>({ resource: 'thing', path: '/api/v1/thing', companyScoped });
  const crud = useCrud<{ name: string }>({ resource: 'thing', path: '/api/v1/thing', list });
  crudRef = crud;
  return (
    <ListPage<Thing>
      title="Things"
      list={list}
      columns={[{ key: 'name', header: 'Name' }]}
      onEdit={() => {}}
      onDelete={(t) => crud.remove.mutateAsync(t.id)}
    />
  );
}

function renderAt(url: string, companyScoped = true) {
  const router = createMemoryRouter([{ path: '/things', element: <ThingsPage companyScoped={companyScoped} /> }], { initialEntries: [url] });
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
const lastListCall = () => [...calls].reverse().find((u) => u.pathname === '/api/v1/thing' && u.searchParams.has('items'))!;

beforeAll(async () => {
  await prepareDom({ en: { common: common.en } }, 'common');
});

beforeEach(() => {
  table = Array.from({ length: 11 }, (_, i) => ({ id: i + 1, name: `Thing ${String(i + 1).padStart(2, '0')}` }));
  calls.length = 0;
  vi.stubGlobal('fetch', vi.fn(fakeFetch));
  session.signIn('tok', { id: 1, first_name: 'A', last_name: 'B', email: 'a@b.ro' });
  session.selectCompany({ id: 5, name: 'Firma' });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ListPage + useList', () => {
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
    act(() => session.selectCompany({ id: 6, name: 'Alta' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(lastListCall().searchParams.get('company_id')).toBe('6'));
  });

  it('without a selected company: "Company ID not found" and no call', async () => {
    session.selectCompany(null);
    renderAt('/things');
    await screen.findByText('Company ID not found');
    expect(calls).toHaveLength(0);
  });

  it('an error answer replaces the table with the server message', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response(JSON.stringify({ message: 'Boom from server' }), { status: 500 }))));
    renderAt('/things');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Boom from server');
    expect(screen.queryByRole('table')).toBeNull();
  });
});
