// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import i18n from 'i18next';
import type { Connector } from '../../../core/api/connectors';
import type { Source } from '../../../core/api/sources';
import { serverMessages } from '../../../core/messages';
import { common } from '../../components/i18n';
import { session } from '../../lib/session';
import { prepareDom } from '../../test/dom';
import { renderRoutes } from '../../test/render';
import connectors from './connector/i18n';
import sources from './i18n';
import { SourcesPage } from './SourcesPage';

const source = (id: number, name: string): Source => ({
  id,
  company_id: 5,
  source: name,
  active: true,
  company: { id: 5, name: 'Firma' },
  created_at: 1_800_000_000,
  updated_at: 1_800_000_000,
});
const SOURCES = [source(1, 'Magazin online'), source(2, 'Telefon'), source(3, 'eMAG')];

const connector = (over: Partial<Connector>): Connector => ({
  type: 'woocommerce',
  store_url: 'https://magazin.ro',
  emulated: true,
  state: 'ok',
  last_sync_at: 1_800_000_000,
  last_error: null,
  orders_in: 4,
  updates_waiting: 0,
  updates_failed: [],
  cancel_in_shop: true,
  webhook_url: 'https://console.ro/api/v1/hooks/woocommerce/1',
  demo: null,
  created_at: 1_800_000_000,
  ...over,
});
/** The sources' shops: a WooCommerce emulated, none, an eMAG live one. */
const CONNECTORS: Record<number, Connector> = {
  1: connector({}),
  3: connector({ type: 'emag', store_url: 'emag:vanzator', emulated: false, webhook_url: null }),
};

const json = (status: number, body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

function fakeFetch(input: string): Promise<Response> {
  const url = new URL(input, 'http://x');
  if (url.pathname === '/api/v1/connectors')
    return json(200, {
      data: Object.entries(CONNECTORS).map(([id, c]) => ({
        source_id: Number(id),
        type: c.type,
        emulated: c.emulated,
        state: c.state,
      })),
    });
  const connectorOf = /^\/api\/v1\/source\/(\d+)\/connector$/.exec(url.pathname);
  if (connectorOf) {
    const found = CONNECTORS[Number(connectorOf[1])];
    return found ? json(200, { data: found }) : json(404, { message: 'This source has no shop connected.' });
  }
  if (url.pathname.endsWith('/connector/form'))
    return json(200, { data: { emulated: true, demo: null, webhook_urls: {} } });
  const one = /^\/api\/v1\/source\/(\d+)$/.exec(url.pathname);
  if (one) return json(200, { data: { ...SOURCES.find((s) => s.id === Number(one[1])), intake: null } });
  return json(200, { data: SOURCES, meta: { total: 3, last_page: 1, current_page: 1, per_page: 10 } });
}

const renderPage = () => renderRoutes([{ path: '/sources', element: <SourcesPage /> }], '/sources');
const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr')!;

// Whole screens in jsdom on a shared machine: seconds per test under load.
vi.setConfig({ testTimeout: 30_000 });

beforeAll(async () => {
  await prepareDom(
    {
      en: { common: common.en, sources: sources.en, connectors: connectors.en, server: serverMessages.en },
      ro: { common: common.ro, sources: sources.ro, connectors: connectors.ro, server: serverMessages.ro },
    },
    'sources',
  );
});
beforeEach(() => {
  vi.stubGlobal('fetch', vi.fn(fakeFetch));
  session.signIn('tok', { id: 1, first_name: 'A', last_name: 'B', email: 'a@b.ro' });
  session.selectCompany({ id: 5, name: 'Firma' });
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe.each([
  {
    lng: 'en',
    woo: 'WooCommerce · emulated',
    wooLabel: 'Shop connected: WooCommerce, emulated',
    emagLabel: 'Shop connected: eMAG Marketplace',
    entry: 'Shop connector and intake key of Magazin online',
    title: 'Magazin online: shop connector and intake key',
  },
  {
    lng: 'ro',
    woo: 'WooCommerce · emulat',
    wooLabel: 'Magazin conectat: WooCommerce, emulat',
    emagLabel: 'Magazin conectat: eMAG Marketplace',
    entry: 'Conectorul de magazin și cheia de preluare ale sursei Magazin online',
    title: 'Magazin online: conector magazin și cheie de preluare',
  },
])('the sources list ($lng)', ({ lng, woo, wooLabel, emagLabel, entry, title }) => {
  beforeEach(async () => {
    await i18n.changeLanguage(lng);
  });

  it('marks each source with a shop connected by the shop’s name, "emulated" when it is, and no other', async () => {
    renderPage();
    const shop = await rowOf('Magazin online');
    expect(await within(shop).findByText(woo)).toBeTruthy();
    expect(within(shop).getByLabelText(wooLabel)).toBeTruthy();
    const emag = await rowOf('eMAG');
    expect(await within(emag).findByText('eMAG Marketplace')).toBeTruthy();
    expect(within(emag).getByLabelText(emagLabel)).toBeTruthy();
    expect(within(emag).queryByText(/emulat/)).toBeNull();
    // The source without a shop has no mark; the marks came from one request, none per row.
    expect(within(await rowOf('Telefon')).queryByTestId('shop-badge')).toBeNull();
    const asked = vi.mocked(fetch).mock.calls.map(([u]) => new URL(String(u), 'http://x').pathname);
    expect(asked.filter((p) => p === '/api/v1/connectors')).toHaveLength(1);
    expect(asked.some((p) => /\/source\/\d+\/connector$/.test(p))).toBe(false);
  });

  it('names the row’s entry and its dialog by what they hold: the shop connector and the intake key', async () => {
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: entry }));
    expect(await screen.findByRole('dialog', { name: title })).toBeTruthy();
  });
});
