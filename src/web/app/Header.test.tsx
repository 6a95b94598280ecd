// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import i18n from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { common } from '../components/i18n';
import notifications from '../features/notifications/i18n';
import { session } from '../lib/session';
import { prepareDom } from '../test/dom';
import { renderRoutes } from '../test/render';
import { Header } from './Header';

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

function show() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ data: [], meta: { total: 0, last_page: 1, current_page: 1 } }))),
  );
  session.signIn('tok', { id: 1, first_name: 'Ana', last_name: 'Pop', email: 'ana@example.ro' });
  renderRoutes([{ path: '*', element: <Header menuOpened={false} onMenu={() => {}} /> }], '/');
}

describe('the header’s user menu', () => {
  it('opens on the user and leads to their account, where the password is changed', async () => {
    show();
    fireEvent.click(screen.getByRole('button', { name: 'Signed-in user' }));
    const link = await screen.findByRole('link', { name: 'Your account and password' });
    expect(link.getAttribute('href')).toBe('/account');
  });

  it('in Romanian too', async () => {
    await i18n.changeLanguage('ro');
    show();
    fireEvent.click(screen.getByRole('button', { name: 'Utilizator autentificat' }));
    expect(await screen.findByRole('link', { name: 'Contul și parola' })).toBeTruthy();
  });
});
