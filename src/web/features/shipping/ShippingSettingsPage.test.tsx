// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import i18n from 'i18next';
import { common } from '../../components/i18n';
import { session } from '../../lib/session';
import { prepareDom } from '../../test/dom';
import { renderRoutes } from '../../test/render';
import shipping from './i18n';
import { ShippingSettingsPage } from './ShippingSettingsPage';

/** The answers the screen reads; `failing` lists the paths that answer 500 for now. */
const failing = new Set<string>();
const asked: string[] = [];
const ANSWERS: Record<string, unknown> = {
  '/api/v1/company/5/shipping': { data: { label_format: 'A6', default_courier: null, default_package_id: 'medium' } },
  '/api/v1/company-integration': { data: [] },
  '/api/v1/package': { data: [] },
};

beforeAll(async () => {
  await prepareDom(
    { en: { common: common.en, shipping: shipping.en }, ro: { common: common.ro, shipping: shipping.ro } },
    'shipping',
  );
});
beforeEach(() => {
  failing.clear();
  asked.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn((u: string) => {
      const path = new URL(u, 'http://x').pathname;
      asked.push(path);
      if (failing.has(path)) return Promise.resolve(new Response(JSON.stringify({}), { status: 500 }));
      return Promise.resolve(new Response(JSON.stringify(ANSWERS[path] ?? { data: [] }), { status: 200 }));
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

const open = () =>
  renderRoutes([{ path: '/shipping-settings', element: <ShippingSettingsPage /> }], '/shipping-settings');
const times = (path: string) => asked.filter((p) => p === path).length;

describe('/shipping-settings when a load fails', () => {
  for (const [lang, T] of [
    ['en', { failed: 'The shipping settings could not be loaded.', retry: 'Try again', format: 'Label format' }],
    [
      'ro',
      {
        failed: 'Setările de livrare nu au putut fi încărcate.',
        retry: 'Încearcă din nou',
        format: 'Formatul etichetei',
      },
    ],
  ] as const)
    it(`${lang}: the settings failing show the error with Try again, which loads the form`, async () => {
      await i18n.changeLanguage(lang);
      failing.add('/api/v1/company/5/shipping');
      open();
      await screen.findByText(T.failed);
      expect(screen.queryByRole('combobox', { name: new RegExp(`^${T.format}`) })).toBeNull();
      const before = times('/api/v1/company/5/shipping');
      failing.clear();
      fireEvent.click(screen.getByRole('button', { name: T.retry }));
      await waitFor(() => expect(screen.getByRole('combobox', { name: new RegExp(`^${T.format}`) })).toBeTruthy());
      expect(times('/api/v1/company/5/shipping')).toBe(before + 1);
      expect(screen.queryByText(T.failed)).toBeNull();
    });

  it('the couriers failing keep the form, say so above it, and Try again asks only them again', async () => {
    failing.add('/api/v1/company-integration');
    open();
    await screen.findByText('The shipping settings could not be loaded.');
    expect(screen.getByRole('combobox', { name: /^Label format/ })).toBeTruthy();
    const settingsAsked = times('/api/v1/company/5/shipping');
    const couriersAsked = times('/api/v1/company-integration');
    failing.clear();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.queryByText('The shipping settings could not be loaded.')).toBeNull());
    expect(times('/api/v1/company-integration')).toBe(couriersAsked + 1);
    expect(times('/api/v1/company/5/shipping')).toBe(settingsAsked);
    // Loaded: no courier is set up yet, as the screen says.
    await screen.findByText('No courier is set up yet: set one up under Integrations.');
  });
});
