// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { session } from '../lib/session';
import { prepareDom } from '../test/dom';
import { common } from './i18n';
import { ListPage } from './ListPage';
import { StatusToggle } from './StatusToggle';
import { useCrud } from './useCrud';
import { useList } from './useList';

interface Box {
  id: number;
  name: string;
  is_active: boolean;
}
let table: Box[] = [];
const posts: { path: string; body: unknown }[] = [];
let failPost = false;

function fakeFetch(input: string, init?: RequestInit): Promise<Response> {
  const url = new URL(input, 'http://x');
  const json = (status: number, body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { status }));
  if (init?.method === 'POST') {
    const body = JSON.parse(String(init.body)) as { is_active: boolean };
    posts.push({ path: url.pathname, body });
    if (failPost) return json(422, { message: 'Not allowed', errors: {} });
    const id = Number(url.pathname.split('/').pop());
    table = table.map((b) => (b.id === id ? { ...b, ...body } : b));
    return json(200, { data: table.find((b) => b.id === id) });
  }
  const page = Number(url.searchParams.get('page') ?? 1);
  return json(200, {
    data: table.slice((page - 1) * 10, page * 10),
    meta: { total: table.length, last_page: Math.ceil(table.length / 10), current_page: page, per_page: 10 },
  });
}

function BoxesPage() {
  const list = useList<Box>({ resource: 'box', path: '/api/v1/box' });
  const crud = useCrud({ resource: 'box', path: '/api/v1/box', list });
  return (
    <ListPage<Box>
      list={list}
      columns={[
        { key: 'name', header: 'Name' },
        {
          key: 'is_active',
          header: 'Status',
          render: (b) => (
            <StatusToggle
              id={b.id}
              active={b.is_active}
              crud={crud}
              ariaLabel={`Active: ${b.name}`}
              labels={['On', 'Off']}
              doneMessage={(on) => (on ? `${b.name} on` : `${b.name} off`)}
              failedMessage={() => `Could not change ${b.name}`}
            />
          ),
        },
      ]}
    />
  );
}

beforeAll(async () => {
  await prepareDom({ en: { common: common.en } }, 'common');
});
beforeEach(() => {
  table = Array.from({ length: 12 }, (_, i) => ({ id: i + 1, name: `Box ${i + 1}`, is_active: true }));
  posts.length = 0;
  failPost = false;
  vi.stubGlobal('fetch', vi.fn(fakeFetch));
  session.signIn('tok', { id: 1, first_name: 'A', last_name: 'B', email: 'a@b.ro' });
  session.selectCompany({ id: 5, name: 'Firma' });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderAt(url: string) {
  const router = createMemoryRouter([{ path: '/boxes', element: <BoxesPage /> }], { initialEntries: [url] });
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return router;
}

describe('StatusToggle + useCrud.setStatus', () => {
  it('sends only is_active, stays on the page, refreshes the row and says so', async () => {
    const toast = vi.spyOn(notifications, 'show').mockImplementation(() => '');
    const router = renderAt('/boxes?page=2');
    const sw = (await screen.findByRole('switch', { name: 'Active: Box 11' })) as HTMLInputElement;
    expect(sw.checked).toBe(true);
    fireEvent.click(sw);
    await waitFor(() => expect(posts).toEqual([{ path: '/api/v1/box/11', body: { is_active: false } }]));
    await waitFor(() =>
      expect((screen.getByRole('switch', { name: 'Active: Box 11' }) as HTMLInputElement).checked).toBe(false),
    );
    expect(screen.getByText('Off')).toBeTruthy();
    expect(router.state.location.search).toBe('?page=2');
    expect(toast).toHaveBeenCalledWith({ color: 'green', message: 'Box 11 off' });
  });

  it('a refused toggle keeps the row as it was and shows the red notice', async () => {
    failPost = true;
    const toast = vi.spyOn(notifications, 'show').mockImplementation(() => '');
    renderAt('/boxes');
    fireEvent.click(await screen.findByRole('switch', { name: 'Active: Box 3' }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith({ color: 'red', message: 'Could not change Box 3' }));
    expect((screen.getByRole('switch', { name: 'Active: Box 3' }) as HTMLInputElement).checked).toBe(true);
  });
});
