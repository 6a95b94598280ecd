// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import i18n from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DashboardStats } from '../../../core/api/dashboard';
import { common } from '../../components/i18n';
import { session } from '../../lib/session';
import { prepareDom } from '../../test/dom';
import { renderRoutes } from '../../test/render';
import { DashboardCharts } from './DashboardCharts';
import dashboard from './i18n';

beforeAll(async () => {
  await prepareDom(
    { en: { common: common.en, dashboard: dashboard.en }, ro: { common: common.ro, dashboard: dashboard.ro } },
    'common',
  );
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

const STATS: DashboardStats = {
  from: '2026-11-02',
  to: '2026-12-01',
  currency: 'RON',
  total: { orders: 1234, revenue: 56789.5 },
  days: [],
  sources: [],
  statuses: [],
  top_products: [],
  couriers: [],
  cod_owed: { total: 0, couriers: [] },
  attention: 0,
} as DashboardStats;

/** The statistics answer held until `answer()`: what the screen shows while they are on their way. */
function slowStats() {
  let answer: () => void = () => {};
  vi.stubGlobal(
    'fetch',
    vi.fn(
      () =>
        new Promise<Response>((resolve) => {
          answer = () => resolve(new Response(JSON.stringify({ data: STATS })));
        }),
    ),
  );
  session.signIn('tok', { id: 1, first_name: 'Ana', last_name: 'Pop', email: 'ana@example.ro' });
  return { answer: () => answer() };
}

describe('the dashboard figures while they load', () => {
  it('hold their places with a skeleton (no "–" title, no empty date fields), then show as soon as they come', async () => {
    const stats = slowStats();
    renderRoutes([{ path: '*', element: <DashboardCharts companyId={3} /> }], '/');
    expect(await screen.findByTestId('figures-skeleton')).toBeTruthy();
    expect(screen.getByTestId('charts-title-skeleton')).toBeTruthy();
    // Each total's label is in its place already; no "–" anywhere.
    for (const label of ['Orders', 'Revenue', 'Cash on delivery still owed'])
      expect(screen.getByText(label)).toBeTruthy();
    expect(document.body.textContent).not.toContain('–');
    expect(screen.getByRole('status').textContent).toBe('Loading the figures…');
    stats.answer();
    expect(await screen.findByTestId('stat-orders')).toBeTruthy();
    expect(screen.getByTestId('stat-orders').textContent).toContain('1,234');
    expect(screen.queryByTestId('figures-skeleton')).toBeNull();
    expect(screen.getByRole('heading', { level: 2 }).textContent).toMatch(/^Orders and revenue, .+2026 – .+2026$/);
  });

  it('says so in Romanian too', async () => {
    await i18n.changeLanguage('ro');
    const stats = slowStats();
    renderRoutes([{ path: '*', element: <DashboardCharts companyId={3} /> }], '/');
    expect((await screen.findByRole('status')).textContent).toBe('Se încarcă cifrele…');
    expect(screen.getByText('Venituri')).toBeTruthy();
    // The period's days, once come, are written day first (not the browser's 11/02/2026).
    stats.answer();
    const day = (name: string) => screen.findByRole('textbox', { name }).then((box) => (box as HTMLInputElement).value);
    await waitFor(async () => expect(await day('De la')).toBe('02.11.2026'));
    expect(await day('Până la')).toBe('01.12.2026');
  });
});
