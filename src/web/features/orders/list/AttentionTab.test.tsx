// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import i18n from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '../../../../core/api/orders';
import { common } from '../../../components/i18n';
import { session } from '../../../lib/session';
import { prepareDom } from '../../../test/dom';
import { renderRoutes } from '../../../test/render';
import orders from '../i18n';
import { AttentionPanel } from './AttentionTab';
import { OrderFilters } from './OrderFilters';
import { recordToasts } from '../../../test/toasts';

const shown = recordToasts();

// Whole filters in jsdom on a shared 2-core machine: seconds per test under load.
vi.setConfig({ testTimeout: 30_000 });

const calls: { url: URL; method: string }[] = [];
let handled = 0;
const SMALL_COUNTS = {
  data: { all: 40, new: 10, processing: 20, completed: 5, cancelled: 5 },
  meta: { address_check: 1, attention: 3 },
};
let counts = SMALL_COUNTS;
beforeAll(async () => {
  await prepareDom(
    { en: { common: common.en, orders: orders.en }, ro: { common: common.ro, orders: orders.ro } },
    'common',
  );
});
beforeEach(() => {
  calls.length = 0;
  shown.length = 0;
  handled = 0;
  counts = SMALL_COUNTS;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://x');
      const method = init?.method ?? 'GET';
      calls.push({ url, method });
      const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
      if (url.pathname === '/api/v1/order/counts') return json(counts);
      if (url.pathname === '/api/v1/order/7/attention/handled' && method === 'POST') {
        handled++;
        return json({ message: 'handled' });
      }
      return json({ data: [] });
    }),
  );
  session.signIn('tok', { id: 1, first_name: 'A', last_name: 'B', email: 'a@b.ro' });
  session.selectCompany({ id: 5, name: 'Firma' });
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe('the "needs attention" tab of the orders list', () => {
  it('shows its count (counts meta.attention); chosen, it filters attention=1 without a status, on page 1', async () => {
    const router = renderRoutes([{ path: '/orders', element: <OrderFilters /> }], '/orders?status=new&page=2');
    await waitFor(() => expect(screen.getByTestId('count-attention').textContent).toBe('3'));
    // The tabs' counts are not narrowed by the tab itself.
    const counted = calls.find((c) => c.url.pathname === '/api/v1/order/counts')!.url.searchParams;
    expect(counted.get('attention')).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: /Needs attention/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?attention=1'));
    expect(screen.getByRole('tab', { name: /Needs attention/ }).getAttribute('aria-selected')).toBe('true');
  });

  it('in Romanian', async () => {
    await i18n.changeLanguage('ro');
    renderRoutes([{ path: '/orders', element: <OrderFilters /> }], '/orders?attention=1');
    const tab = await screen.findByRole('tab', { name: /Necesită atenție/ });
    expect(tab.getAttribute('aria-selected')).toBe('true');
  });

  // The tabs' counts read as every other number of the list: thousands grouped in the language.
  it.each([
    ['ro', '3.014', '1.002', '1.376'],
    ['en', '3,014', '1,002', '1,376'],
  ])('groups the thousands of every tab count in %s', async (lang, all, toCheck, attention) => {
    await i18n.changeLanguage(lang);
    counts = {
      data: { all: 3014, new: 113, processing: 384, completed: 2206, cancelled: 311 },
      meta: { address_check: 1002, attention: 1376 },
    };
    renderRoutes([{ path: '/orders', element: <OrderFilters /> }], '/orders');
    await waitFor(() => expect(screen.getByTestId('count-all').textContent).toBe(all));
    expect(screen.getByTestId('count-new').textContent).toBe('113');
    expect(screen.getByTestId('count-to-check').textContent).toBe(toCheck);
    expect(screen.getByTestId('count-attention').textContent).toBe(attention);
  });
});

const order = (attention: Order['attention']) => ({ id: 7, attention }) as Order;

describe("the order's attention panel", () => {
  it('says why and since when; "Mark as handled" tells the server, then says the order left the list', async () => {
    renderRoutes(
      [{ path: '*', element: <AttentionPanel order={order({ reason: 'failed_attempt', since: 1_800_000_000 })} /> }],
      '/',
    );
    const panel = await screen.findByTestId('attention-panel');
    expect(panel.textContent).toContain('The parcel needs attention');
    expect(panel.textContent).toContain('the address or the contact failed');
    expect(panel.textContent).toMatch(/Since .*2027/);
    fireEvent.click(screen.getByRole('button', { name: 'Mark as handled' }));
    await waitFor(() => expect(handled).toBe(1));
    await waitFor(() => expect(shown.map((n) => n.message)).toContain('Marked as handled: the order left the list.'));
  });

  it('each reason in Romanian; nothing shown when the parcel needs no attention', async () => {
    await i18n.changeLanguage('ro');
    const texts = {
      refused: 'Destinatarul a refuzat coletul.',
      returning: 'Coletul se întoarce la dumneavoastră.',
      stalled: 'Coletul nu s-a mișcat de 3 zile lucrătoare de la preluare. Întrebați curierul.',
    } as const;
    for (const [reason, text] of Object.entries(texts)) {
      renderRoutes(
        [{ path: '*', element: <AttentionPanel order={order({ reason: reason as 'refused', since: null })} /> }],
        '/',
      );
      expect((await screen.findByTestId('attention-panel')).textContent).toContain(text);
      expect(screen.getByRole('button', { name: 'Marchează ca rezolvat' })).toBeTruthy();
      cleanup();
    }
    renderRoutes([{ path: '*', element: <AttentionPanel order={order(null)} /> }], '/');
    expect(screen.queryByTestId('attention-panel')).toBeNull();
  });
});
