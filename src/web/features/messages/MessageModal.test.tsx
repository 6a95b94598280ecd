// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
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
  await prepareDom({ en: { common: common.en, messages: messages.en } }, 'common');
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => {}, removeEventListener: () => {} },
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

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
});
