// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import i18n from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Message } from '../../../core/api/messages';
import { common } from '../../components/i18n';
import { session } from '../../lib/session';
import { prepareDom } from '../../test/dom';
import { renderRoutes } from '../../test/render';
import messages from './i18n';
import { MessagesPage } from './MessagesPage';

// A whole screen in jsdom on a shared 2-core machine: seconds per test under load.
vi.setConfig({ testTimeout: 30_000 });

const row = (id: number, text: string, unknown: string[]): Message => ({
  id,
  company_id: 5,
  source_id: 3,
  from: `Shop${id}`,
  text,
  is_active: true,
  event: 'awb_created',
  created_at: 1_763_000_000,
  updated_at: 1_763_000_000,
  company: { id: 5, name: 'Firma' },
  source: { id: 3, source: 'Site' },
  unknown_placeholders: unknown,
});

const rows = [row(2, 'Voucher {cod} pana la {data}', ['{cod}', '{data}']), row(1, 'Comanda {comanda} a plecat', [])];

function fakeFetch(input: string): Promise<Response> {
  const url = new URL(input, 'http://x');
  const page = (data: unknown[]) => ({ data, meta: { total: data.length, last_page: 1, current_page: 1 } });
  const body = url.pathname === '/api/v1/message' ? { ...page(rows), links: {} } : page([]);
  return Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));
}

beforeAll(async () => {
  await prepareDom(
    { en: { common: common.en, messages: messages.en }, ro: { common: common.ro, messages: messages.ro } },
    'common',
  );
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

function show() {
  vi.stubGlobal('fetch', vi.fn(fakeFetch));
  session.signIn('tok', { id: 1, first_name: 'A', last_name: 'B', email: 'a@b.ro' });
  session.selectCompany({ id: 5, name: 'Firma' });
  renderRoutes([{ path: '/messages', element: <MessagesPage /> }], '/messages');
}

describe('MessagesPage', () => {
  it('warns on a template saved with unknown placeholders, naming them; none on a correct one', async () => {
    show();
    const badge = await screen.findByTestId('message-unknown-placeholders');
    expect(badge.textContent).toBe('Unknown placeholders: {cod}, {data}');
    expect(screen.getAllByTestId('message-unknown-placeholders')).toHaveLength(1);
    const legacyRow = badge.closest('tr')!;
    expect(within(legacyRow).getByText('Shop2')).toBeTruthy();
  });

  it('in Romanian too', async () => {
    await i18n.changeLanguage('ro');
    show();
    expect((await screen.findByTestId('message-unknown-placeholders')).textContent).toBe(
      'Variabile necunoscute: {cod}, {data}',
    );
  });
});
