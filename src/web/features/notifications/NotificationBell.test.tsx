// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import i18n from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { common } from '../../components/i18n';
import { session } from '../../lib/session';
import { prepareDom } from '../../test/dom';
import { renderRoutes } from '../../test/render';
import notifications from './i18n';
import { NotificationBell } from './NotificationBell';
import { NotificationsPage } from './NotificationsPage';

beforeAll(async () => {
  await prepareDom(
    {
      en: { common: common.en, notifications: notifications.en },
      ro: { common: common.ro, notifications: notifications.ro },
    },
    'common',
  );
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

const ROWS = [
  {
    id: 7,
    title: 'AWB failed',
    description: 'd',
    type: 'error',
    created_at: 1_700_000_000,
    read: false,
    order_id: 12,
    link: '/orders/12',
  },
  {
    id: 6,
    title: 'Low stock',
    description: 'd',
    type: 'warning',
    created_at: 1_699_000_000,
    read: false,
    order_id: null,
    link: null,
  },
  {
    id: 5,
    title: 'Old one',
    description: 'd',
    type: 'notice',
    created_at: 1_698_000_000,
    read: true,
    order_id: null,
    link: null,
  },
];

/** A fake server: the three notifications (two unread); every call recorded as "METHOD path". */
function server() {
  const calls: string[] = [];
  const read = new Set<number>();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://x');
      const method = init?.method ?? 'GET';
      calls.push(`${method} ${url.pathname}${method === 'POST' && init?.body ? ` ${String(init.body)}` : ''}`);
      const one = /^\/api\/v1\/notifications\/(\d+)\/read$/.exec(url.pathname);
      if (one) read.add(Number(one[1]));
      if (url.pathname === '/api/v1/notifications/read') for (const r of ROWS) read.add(r.id);
      const rows = ROWS.map((r) => ({ ...r, read: r.read || read.has(r.id) }));
      const unread = rows.filter((r) => !r.read).length;
      if (method === 'GET')
        return new Response(JSON.stringify({ data: rows, meta: { total: 3, last_page: 1, current_page: 1, unread } }));
      if (url.pathname === '/api/v1/notifications/clear')
        return new Response(JSON.stringify({ data: { cleared: 3, unread: 0 } }));
      if (one) return new Response(JSON.stringify({ data: { unread } }));
      return new Response(JSON.stringify({ message: 'ok' }));
    }),
  );
  session.signIn('tok', { id: 1, first_name: 'Ana', last_name: 'Pop', email: 'ana@example.ro' });
  session.selectCompany({ id: 3, name: 'Firma' });
  return calls;
}
/** The POSTs sent, "POST path" (and the body when it has a scope). */
const posts = (calls: string[]) =>
  calls.filter((c) => c.startsWith('POST')).map((c) => (c.includes('scope') ? c : c.split(' ').slice(0, 2).join(' ')));

describe('the notifications bell', () => {
  it('reads nothing when opened; an opened notification is read, and "Mark all read" reads all', async () => {
    const calls = server();
    renderRoutes([{ path: '*', element: <NotificationBell /> }], '/');
    const bell = await screen.findByRole('button', { name: 'Open notifications (2 unread notifications)' });
    fireEvent.click(bell);
    await screen.findByText('AWB failed');
    expect(posts(calls)).toEqual([]);
    // The count stays, and "Mark all read" is there to press.
    expect(screen.getByText('2 unread notifications')).toBeTruthy();
    // A notification naming no page is read by clicking its title.
    fireEvent.click(screen.getByRole('button', { name: 'Low stock' }));
    await waitFor(() => expect(posts(calls)).toEqual(['POST /api/v1/notifications/6/read']));
    expect(await screen.findByText('1 unread notification')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(posts(calls)).toContain('POST /api/v1/notifications/read'));
  });

  it('in Romanian too', async () => {
    await i18n.changeLanguage('ro');
    server();
    renderRoutes([{ path: '*', element: <NotificationBell /> }], '/');
    fireEvent.click(await screen.findByRole('button', { name: 'Deschide notificările (2 notificări necitite)' }));
    expect(await screen.findByRole('button', { name: 'Marchează toate ca citite' })).toBeTruthy();
  });
});

describe('the notifications page', () => {
  it('reads nothing on opening; "Mark all read" is enabled while some are unread; clears read ones and, after asking, all', async () => {
    const calls = server();
    renderRoutes([{ path: '*', element: <NotificationsPage /> }], '/notifications');
    await screen.findByText('Old one');
    expect(posts(calls)).toEqual([]);
    const markAll = screen.getByRole('button', { name: 'Mark all read' }) as HTMLButtonElement;
    expect(markAll.disabled).toBe(false);
    fireEvent.click(screen.getByRole('link', { name: 'AWB failed' }));
    await waitFor(() => expect(posts(calls)).toEqual(['POST /api/v1/notifications/7/read']));

    fireEvent.click(screen.getByRole('button', { name: 'Delete read' }));
    await waitFor(() => expect(posts(calls)).toContain('POST /api/v1/notifications/clear {"scope":"read"}'));

    fireEvent.click(screen.getByRole('button', { name: 'Clear all' }));
    await screen.findByRole('dialog', { name: 'Clear all notifications?' });
    expect(posts(calls).filter((c) => c.includes('"all"'))).toEqual([]);
    fireEvent.click(screen.getAllByRole('button', { name: 'Clear all' }).at(-1)!);
    await waitFor(() => expect(posts(calls)).toContain('POST /api/v1/notifications/clear {"scope":"all"}'));
  });
});
