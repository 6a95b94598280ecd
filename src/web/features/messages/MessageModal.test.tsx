// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18n from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Message } from '../../../core/api/messages';
import { common } from '../../components/i18n';
import { session } from '../../lib/session';
import { prepareDom } from '../../test/dom';
import { renderRoutes } from '../../test/render';
import messages from './i18n';
import { MessageModal } from './MessageModal';

const asked: string[] = [];
function fakeFetch(input: string): Promise<Response> {
  asked.push(input);
  const url = new URL(input, 'http://x');
  const page = (data: unknown[]) => ({ data, meta: { total: data.length, last_page: 1, current_page: 1 } });
  if (url.pathname === '/api/v1/company')
    return Promise.resolve(new Response(JSON.stringify(page([{ id: 5, name: 'Firma' }])), { status: 200 }));
  return Promise.resolve(new Response(JSON.stringify(page([])), { status: 200 }));
}

beforeAll(async () => {
  await prepareDom(
    { en: { common: common.en, messages: messages.en }, ro: { common: common.ro, messages: messages.ro } },
    'common',
  );
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => {}, removeEventListener: () => {} },
  });
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

const template = (text: string): Message => ({
  id: 9,
  company_id: 5,
  source_id: 3,
  from: 'CasaVerde',
  text,
  is_active: true,
  event: 'awb_created',
  created_at: 1_763_000_000,
  updated_at: 1_763_000_000,
  company: { id: 5, name: 'Firma' },
  source: { id: 3, source: 'Site' },
  unknown_placeholders: [],
});

function openWith(entity: Message | null) {
  vi.stubGlobal('fetch', vi.fn(fakeFetch));
  session.signIn('tok', { id: 1, first_name: 'A', last_name: 'B', email: 'a@b.ro' });
  session.selectCompany({ id: 5, name: 'Firma' });
  renderRoutes(
    [
      {
        path: '*',
        element: <MessageModal opened entity={entity} onClose={() => {}} save={async () => ({})} saving={false} />,
      },
    ],
    '/messages',
  );
}

describe('MessageModal', () => {
  it("asks for the company's sources 100 at a time, as the spec's by-company fetch does", async () => {
    vi.stubGlobal('fetch', vi.fn(fakeFetch));
    session.signIn('tok', { id: 1, first_name: 'A', last_name: 'B', email: 'a@b.ro' });
    session.selectCompany({ id: 5, name: 'Firma' });
    renderRoutes(
      [
        {
          path: '*',
          element: <MessageModal opened entity={null} onClose={() => {}} save={async () => ({})} saving={false} />,
        },
      ],
      '/messages',
    );
    await screen.findByRole('dialog');
    await waitFor(() => expect(asked.some((u) => new URL(u, 'http://x').pathname === '/api/v1/source')).toBe(true));
    const sources = asked.map((u) => new URL(u, 'http://x')).filter((u) => u.pathname === '/api/v1/source');
    expect(sources.map((u) => u.searchParams.get('items'))).toEqual(sources.map(() => '100'));
  });

  it('the preview fills known placeholders and aliases and marks each unknown one, with a warning naming them', async () => {
    openWith(template('Salut {nume}, comanda {order_id}: voucher {cod}! {Nume}'));
    const preview = await screen.findByTestId('sms-preview');
    expect(preview.textContent).toContain('Salut Ioana Popescu, comanda 10234: voucher {cod}! {Nume}');
    const marked = within(preview).getAllByTestId('sms-unknown-placeholder');
    expect(marked.map((m) => m.tagName)).toEqual(['MARK', 'MARK']);
    expect(marked.map((m) => m.textContent)).toEqual(['{cod}', '{Nume}']);
    expect(marked[0].getAttribute('title')).toBe('Unknown placeholder: sent as typed');
    expect(within(preview).getByTestId('sms-unknown-warning').textContent).toMatch(
      /^Unknown placeholders \{cod\}, \{Nume\}: the customer would get them as typed/,
    );
  });

  it('marks what is typed as it is typed, and nothing once the text holds only known placeholders', async () => {
    openWith(null);
    const text = await screen.findByLabelText(/Message text/);
    fireEvent.change(text, { target: { value: 'AWB {awb}, data {data}' } });
    expect((await screen.findByTestId('sms-unknown-placeholder')).textContent).toBe('{data}');
    expect(screen.getByTestId('sms-unknown-warning').textContent).toMatch(/^Unknown placeholder \{data\}:/);
    fireEvent.change(text, { target: { value: 'AWB {awb}, comanda {comanda}' } });
    await waitFor(() => expect(screen.queryByTestId('sms-unknown-placeholder')).toBeNull());
    expect(screen.queryByTestId('sms-unknown-warning')).toBeNull();
    expect(screen.getByTestId('sms-preview').textContent).toContain('AWB 1151234567, comanda 10234');
  });

  it('a Save disabled by empty fields names them beside it, and the list shrinks as they are filled', async () => {
    openWith(template('Salut'));
    const reason = () => screen.queryByTestId('disabled-reason')?.textContent ?? null;
    const save = screen.getByRole('button', { name: 'Save' });
    expect(reason()).toBeNull();
    fireEvent.change(await screen.findByLabelText(/Message text/), { target: { value: ' ' } });
    expect(reason()).toBe('Fill in first: Message text.');
    expect(save).toHaveProperty('disabled', true);
    expect(save.getAttribute('aria-describedby')).toBe(screen.getByTestId('disabled-reason').id);
    fireEvent.change(screen.getByLabelText(/Message text/), { target: { value: 'Salut' } });
    expect(reason()).toBeNull();
    expect(save).toHaveProperty('disabled', false);
  });

  it('in Romanian too', async () => {
    await i18n.changeLanguage('ro');
    openWith(template('Cod {cod}'));
    const preview = await screen.findByTestId('sms-preview');
    const [mark] = within(preview).getAllByTestId('sms-unknown-placeholder');
    expect(mark.getAttribute('title')).toBe('Variabilă necunoscută: se trimite așa cum este scrisă');
    expect(within(preview).getByTestId('sms-unknown-warning').textContent).toMatch(
      /^Variabilă necunoscută \{cod\}: clientul ar primi-o așa cum este scrisă/,
    );
  });
});
