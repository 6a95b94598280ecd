// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { createMemoryRouter, Link, Outlet, RouterProvider, type RouteObject } from 'react-router';
import { prepareDom } from '../test/dom';
import { common } from '../components/i18n';
import { RouteError } from './RouteError';
import { RELOADED_AT_KEY } from './screenLoad';

const chunkFailure = () => new TypeError('Failed to fetch dynamically imported module: http://x/assets/XPage-abc.js');
let health: () => Promise<Response>;
const reload = vi.fn();

function Frame() {
  return (
    <div>
      <nav>
        <Link to="/x">Screen X</Link>
        <Link to="/boom">Broken</Link>
      </nav>
      <Outlet />
    </div>
  );
}
function Boom(): never {
  throw new Error('render failed');
}

function renderApp() {
  const router = createMemoryRouter(
    [
      // As routes.tsx: the boundary is a route without a path around the screens (a lazy route whose
      // load failed is shown as still loading, so it cannot be its own boundary).
      {
        path: '/',
        element: <Frame />,
        errorElement: <RouteError standalone />,
        children: [
          {
            errorElement: <RouteError />,
            children: [
              { index: true, element: <p>Home</p> },
              { path: 'x', lazy: () => Promise.reject(chunkFailure()) },
              { path: 'boom', element: <Boom /> },
            ],
          },
        ],
      },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <MantineProvider env="test">
      <RouterProvider router={router} />
    </MantineProvider>,
  );
  return router;
}

beforeAll(async () => {
  await prepareDom({ en: { common: common.en } }, 'common');
});
beforeEach(() => {
  sessionStorage.clear();
  reload.mockReset();
  vi.stubGlobal(
    'fetch',
    vi.fn(() => health()),
  );
  Object.defineProperty(window, 'location', { configurable: true, value: { ...window.location, reload } });
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('RouteError', () => {
  it('a screen that cannot load with the server out of reach: the network panel inside the frame; Try again reloads once it answers', async () => {
    health = () => Promise.reject(new TypeError('Failed to fetch'));
    renderApp();
    fireEvent.click(screen.getByRole('link', { name: 'Screen X' }));
    await screen.findByText(common.en.errors.network);
    expect(screen.getByRole('link', { name: 'Broken' })).toBeTruthy();
    expect(reload).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: common.en.actions.retry }));
    await waitFor(() => expect(vi.mocked(fetch).mock.calls.length).toBeGreaterThanOrEqual(2));
    expect(reload).not.toHaveBeenCalled();
    health = () => Promise.resolve(new Response('{}', { status: 200 }));
    await act(async () => {
      fireEvent.click(await screen.findByRole('button', { name: common.en.actions.retry }));
    });
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
  });

  it('a screen whose file is gone while the server answers (a deploy): reloads once by itself, then says so', async () => {
    health = () => Promise.resolve(new Response('{}', { status: 200 }));
    renderApp();
    fireEvent.click(screen.getByRole('link', { name: 'Screen X' }));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(sessionStorage.getItem(RELOADED_AT_KEY)).not.toBeNull();
    cleanup();
    // The page loaded again and the file is still missing: no second reload.
    renderApp();
    fireEvent.click(screen.getByRole('link', { name: 'Screen X' }));
    await screen.findByText(common.en.errors.screen);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('a screen that fails to render: the unexpected-error panel, not the developer page', async () => {
    health = () => Promise.resolve(new Response('{}', { status: 200 }));
    renderApp();
    fireEvent.click(screen.getByRole('link', { name: 'Broken' }));
    await screen.findByText(common.en.errors.unexpected);
    expect(screen.queryByText(/Unexpected Application Error|Hey developer/)).toBeNull();
    expect(reload).not.toHaveBeenCalled();
  });

  it('the route table: every screen is under a boundary that is not lazy, and no lazy route is one', async () => {
    const { routes } = await import('./routes');
    const lazyBoundaries: string[] = [];
    const unguarded: string[] = [];
    const walk = (list: RouteObject[], guarded: boolean, where: string) => {
      for (const r of list) {
        const name = `${where}/${r.path ?? (r.index ? '(index)' : '(layout)')}`;
        if (r.lazy && r.errorElement) lazyBoundaries.push(name);
        const boundary = guarded || (Boolean(r.errorElement) && !r.lazy);
        if (r.lazy && !guarded) unguarded.push(name);
        if (r.children) walk(r.children, boundary, name);
      }
    };
    walk(routes, false, '');
    expect(lazyBoundaries).toEqual([]);
    expect(unguarded).toEqual([]);
  });
});
