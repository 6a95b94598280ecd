// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import i18n from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { common } from '../../components/i18n';
import { session } from '../../lib/session';
import { prepareDom } from '../../test/dom';
import { renderRoutes } from '../../test/render';
import { AccountPage } from './AccountPage';
import account from './i18n';
import { recordToasts } from '../../test/toasts';

const shown = recordToasts();

beforeAll(async () => {
  await prepareDom(
    { en: { common: common.en, account: account.en }, ro: { common: common.ro, account: account.ro } },
    'common',
  );
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

let sent: unknown[];
function open(status = 200, body: unknown = { message: 'ok' }) {
  sent = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      if (new URL(input, 'http://x').pathname === '/api/v1/me/password' && init.method === 'POST') {
        sent.push(JSON.parse(String(init.body)));
        return new Response(JSON.stringify(body), { status });
      }
      return new Response('{}', { status: 404 });
    }),
  );
  session.signIn('tok', { id: 1, first_name: 'Ana', last_name: 'Pop', email: 'ana@example.ro' });
  renderRoutes([{ path: '*', element: <AccountPage /> }], '/account');
}

/** The field of a label (Mantine adds " *" to a required one's). */
const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}\\s*\\*?$`));
const fill = (
  current: string,
  next: string,
  repeat = next,
  labels = ['Current password', 'New password', 'New password again'],
) => {
  fireEvent.change(field(labels[0]), { target: { value: current } });
  fireEvent.change(field(labels[1]), { target: { value: next } });
  fireEvent.change(field(labels[2]), { target: { value: repeat } });
};

describe('/account: changing one’s password', () => {
  it('shows the user and sends the current and the new password; the form empties after it', async () => {
    open();
    expect(await screen.findByText('ana@example.ro')).toBeTruthy();
    expect(screen.getByText('Ana Pop')).toBeTruthy();
    fill('parola-veche', 'parola-noua-1');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(sent).toEqual([{ current_password: 'parola-veche', new_password: 'parola-noua-1' }]));
    await waitFor(() =>
      expect(shown).toEqual([
        { color: 'green', message: 'Your password was changed. Your other sessions were signed out.' },
      ]),
    );
    expect((field('Current password') as HTMLInputElement).value).toBe('');
  });

  it('checks before sending: both required, 8 characters, the new one typed the same twice', async () => {
    open();
    await screen.findByText('ana@example.ro');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findAllByText('This field is required.')).toHaveLength(2);
    fill('x', 'scurta', 'scurta');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    // The hint under the field says it too: the error is the second.
    expect(await screen.findAllByText('At least 8 characters.')).toHaveLength(2);
    fill('x', 'parola-lunga', 'parola-lungă');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('The two new passwords differ.')).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('puts a wrong current password on its field, in Romanian too', async () => {
    await i18n.changeLanguage('ro');
    open(422, {
      message: 'Unele câmpuri nu sunt valide.',
      errors: { current_password: ['Parola actuală nu este corectă.'] },
    });
    await screen.findByText('ana@example.ro');
    fill('gresita', 'parola-noua-1', 'parola-noua-1', ['Parola actuală', 'Parola nouă', 'Parola nouă încă o dată']);
    fireEvent.click(screen.getByRole('button', { name: 'Schimbă parola' }));
    expect(await screen.findByText('Parola actuală nu este corectă.')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
