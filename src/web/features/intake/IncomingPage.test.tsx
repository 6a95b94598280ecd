// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { IntakeItem } from '../../../core/api/intake';
import { common } from '../../components/i18n';
import { session } from '../../lib/session';
import { prepareDom } from '../../test/dom';
import { renderRoutes } from '../../test/render';
import intake from './i18n';
import { IncomingPage } from './IncomingPage';

const item = (over: Partial<IntakeItem>): IntakeItem => ({
  id: 1,
  source_id: 3,
  source: 'Magazin online',
  external_id: 'WEB-1',
  via: 'push',
  status: 'held',
  problems: [],
  order_id: null,
  summary: { customer_name: 'Ana Pop', city: 'Cluj-Napoca', lines: [{ sku: 'A', quantity: 1 }] },
  received_at: 1_763_900_000,
  updated_at: 1_763_900_000,
  ...over,
});

let rows: IntakeItem[] = [];
const calls: { url: URL; method: string }[] = [];

function fakeFetch(input: string, init?: RequestInit): Promise<Response> {
  const url = new URL(input, 'http://x');
  const method = init?.method ?? 'GET';
  calls.push({ url, method });
  const json = (status: number, body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { status }));
  if (url.pathname === '/api/v1/source')
    return json(200, { data: [{ id: 3, source: 'Magazin online', active: true }] });
  const retry = url.pathname.match(/^\/api\/v1\/intake\/(\d+)\/retry$/);
  if (retry && method === 'POST') {
    const id = Number(retry[1]);
    rows = rows.map((r) => (r.id === id ? { ...r, status: 'created', problems: [], order_id: 77 } : r));
    return json(200, { data: rows.find((r) => r.id === id) });
  }
  const status = url.searchParams.get('status');
  const shown = status ? rows.filter((r) => r.status === status) : rows;
  return json(200, { data: shown, meta: { total: shown.length, last_page: 1, current_page: 1, per_page: 10 } });
}

vi.setConfig({ testTimeout: 30_000 });

beforeAll(async () => {
  await prepareDom({ en: { common: common.en, intake: intake.en } }, 'common');
});

beforeEach(() => {
  rows = [
    item({
      id: 1,
      external_id: 'WEB-1',
      problems: [{ code: 'unknown_sku', field: 'lines.0.sku', message: 'There is no product with SKU X-1.' }],
    }),
    item({ id: 2, external_id: 'WEB-2', status: 'created', order_id: 55 }),
  ];
  calls.length = 0;
  vi.stubGlobal('fetch', vi.fn(fakeFetch));
  session.signIn('tok', { id: 1, first_name: 'A', last_name: 'B', email: 'a@b.ro' });
  session.selectCompany({ id: 5, name: 'Firma' });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr')!;

describe('IncomingPage', () => {
  it('shows each item with its problems and its order; only a waiting one offers Retry and Dismiss', async () => {
    renderRoutes([{ path: '/incoming', element: <IncomingPage /> }], '/incoming');
    const held = await rowOf('WEB-1');
    expect(within(held).getByText('There is no product with SKU X-1.')).toBeTruthy();
    expect(within(held).getByText('Held')).toBeTruthy();
    expect(within(held).getByRole('button', { name: 'Retry #WEB-1' })).toBeTruthy();
    expect(within(held).getByRole('button', { name: 'Dismiss #WEB-1' })).toBeTruthy();
    const created = await rowOf('WEB-2');
    expect(within(created).getByRole('link', { name: 'Order #55' }).getAttribute('href')).toBe('/orders/55');
    expect(within(created).queryByRole('button', { name: /Retry/ })).toBeNull();
  });

  it("the alerts' link (?status=held) asks only the held items", async () => {
    renderRoutes([{ path: '/incoming', element: <IncomingPage /> }], '/incoming?status=held');
    await rowOf('WEB-1');
    const asked = calls.filter((c) => c.url.pathname === '/api/v1/intake');
    expect(asked.at(-1)!.url.searchParams.get('status')).toBe('held');
    expect(screen.queryByText('WEB-2')).toBeNull();
  });

  it('Retry posts the retry and the list shows the order it made', async () => {
    renderRoutes([{ path: '/incoming', element: <IncomingPage /> }], '/incoming');
    fireEvent.click(within(await rowOf('WEB-1')).getByRole('button', { name: 'Retry #WEB-1' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.url.pathname === '/api/v1/intake/1/retry')).toBe(true),
    );
    await waitFor(async () =>
      expect(within(await rowOf('WEB-1')).getByRole('link', { name: 'Order #77' })).toBeTruthy(),
    );
  });
});
