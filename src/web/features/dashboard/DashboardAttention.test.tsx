// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
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

const STATS = {
  from: '2026-11-02',
  to: '2026-12-01',
  currency: 'RON',
  total: { orders: 12, revenue: 567.5 },
  days: [],
  sources: [],
  statuses: [],
  top_products: [],
  couriers: [],
  cod_owed: { total: 0, couriers: [] },
  attention: 4,
} as DashboardStats;

describe('the parcels needing attention on the dashboard', () => {
  it('show their count (all time) with a link to the orders list tab, in both languages', async () => {
    for (const [lang, label, link] of [
      ['en', 'Parcels needing attention', 'See them'],
      ['ro', 'Colete care necesită atenție', 'Vedeți-le'],
    ] as const) {
      await i18n.changeLanguage(lang);
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => new Response(JSON.stringify({ data: STATS }))),
      );
      session.signIn('tok', { id: 1, first_name: 'Ana', last_name: 'Pop', email: 'ana@example.ro' });
      renderRoutes([{ path: '*', element: <DashboardCharts companyId={3} /> }], '/');
      const stat = await screen.findByTestId('stat-attention');
      expect(stat.textContent).toContain(label);
      expect(stat.textContent).toContain('4');
      expect(screen.getByRole('link', { name: link }).getAttribute('href')).toBe('/orders?attention=1');
      cleanup();
    }
  });
});
