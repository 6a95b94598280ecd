// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import i18n from 'i18next';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Connector, ConnectorForm } from '../../../../core/api/connectors';
import { serverMessages } from '../../../../core/messages';
import { common } from '../../../components/i18n';
import { session } from '../../../lib/session';
import { prepareDom } from '../../../test/dom';
import { ConnectorPanel } from './ConnectorPanel';
import connectors from './i18n';
import { PANEL_REFRESH_MS, refreshEvery, SYNC_FOLLOW_EVERY_MS, syncMark } from './api';
import { connectBody, demoKeysText, shopTitle } from './shopForms';

const FORM: ConnectorForm = {
  emulated: true,
  demo: {
    woocommerce: { consumer_key: 'ck_demo', consumer_secret: 'cs_demo' },
    shopify: { access_token: 'shpat_demo', api_secret: 'shpss_demo' },
    emag: { username: 'demo', password: 'demo' },
  },
  webhook_urls: {
    woocommerce: 'https://console.ro/api/v1/hooks/woocommerce/7',
    shopify: 'https://console.ro/api/v1/hooks/shopify/7',
  },
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
let posted: Record<string, unknown>[] = [];
let refuse: Record<string, string[]> | null = null;
/** What the server answers: the form's facts, and the source's connector (none: 404). */
let form: ConnectorForm = FORM;
let connector: Connector | null = null;
/** After a sync is asked for: how many reads of the connector still see it before the pull, and what it is after. */
let pullAfterReads = 0;
let afterPull: Connector | null = null;
let reads = 0;

const CONNECTED: Connector = {
  type: 'woocommerce',
  store_url: 'https://magazin.ro',
  emulated: true,
  state: 'ok',
  last_sync_at: null,
  last_error: null,
  orders_in: 4,
  updates_waiting: 0,
  updates_failed: [],
  cancel_in_shop: true,
  webhook_url: 'https://console.ro/api/v1/hooks/woocommerce/7',
  demo: null,
  created_at: 1_800_000_000,
};

async function fakeFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = String(input);
  if (url.endsWith('/connector/form')) return json(200, { data: form });
  if (url.endsWith('/connector/sync')) return json(202, { data: connector });
  if (connector && init?.method !== 'POST' && init?.method !== 'DELETE') {
    reads += 1;
    if (afterPull && pullAfterReads-- <= 0) connector = afterPull;
  }
  if (connector && init?.method !== 'POST') return json(200, { data: connector });
  if (init?.method === 'POST') {
    posted.push(JSON.parse(String(init.body)) as Record<string, unknown>);
    if (refuse) return json(422, { message: 'The given data was invalid.', errors: refuse });
    return json(201, { data: {} });
  }
  return json(404, { message: 'This source has no shop connected.' });
}

beforeAll(async () => {
  await prepareDom(
    {
      en: { common: common.en, connectors: connectors.en, server: serverMessages.en },
      ro: { common: common.ro, connectors: connectors.ro, server: serverMessages.ro },
    },
    'connectors',
  );
});
beforeEach(() => {
  posted = [];
  refuse = null;
  form = FORM;
  connector = null;
  afterPull = null;
  pullAfterReads = 0;
  reads = 0;
  vi.stubGlobal('fetch', vi.fn(fakeFetch));
  session.signIn('tok', { id: 1, first_name: 'A', last_name: 'B', email: 'a@b.ro' });
  session.selectCompany({ id: 5, name: 'Firma' });
});
afterEach(async () => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

function renderPanel() {
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ConnectorPanel sourceId={7} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('the connect form', () => {
  it('offers the three shops, each with its own fields, its demo keys and its webhook address', async () => {
    renderPanel();
    expect(await screen.findByLabelText(/Shop address/)).toBeTruthy();
    expect(await screen.findByText(/ck_demo \/ cs_demo/)).toBeTruthy();
    expect(await screen.findByText(FORM.webhook_urls.woocommerce!)).toBeTruthy();

    fireEvent.click(screen.getByLabelText('Shopify'));
    expect(screen.getByLabelText(/Shop domain/)).toBeTruthy();
    expect(screen.getByLabelText(/Admin API access token/)).toBeTruthy();
    expect(screen.getByLabelText(/API secret key/)).toBeTruthy();
    expect(screen.queryByLabelText(/Shop address/)).toBeNull();
    expect(screen.getByText(/shpat_demo \/ shpss_demo/)).toBeTruthy();
    expect(screen.getByText(FORM.webhook_urls.shopify!)).toBeTruthy();

    fireEvent.click(screen.getByLabelText('eMAG Marketplace'));
    expect(screen.getByLabelText(/eMAG API user/)).toBeTruthy();
    expect(screen.getByLabelText(/Password/)).toBeTruthy();
    // eMAG has no webhooks: no address to show.
    expect(screen.queryByText(/will deliver its orders/)).toBeNull();
  });

  it('sends the chosen shop’s fields only (the demo keys filled by one button), by the keyboard’s Enter too', async () => {
    renderPanel();
    fireEvent.click(await screen.findByLabelText('Shopify'));
    fireEvent.change(screen.getByLabelText(/Shop domain/), { target: { value: ' magazin.myshopify.com ' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Use the demo keys' }));
    fireEvent.submit(screen.getByLabelText(/Shop domain/).closest('form')!);
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({
      type: 'shopify',
      shop_domain: 'magazin.myshopify.com',
      access_token: 'shpat_demo',
      api_secret: 'shpss_demo',
      cancel_in_shop: true,
    });
  });

  it('shows the shop’s refusal on its field', async () => {
    refuse = { access_token: ['Shopify refused the keys: [API] Invalid API key or access token'] };
    renderPanel();
    fireEvent.click(await screen.findByLabelText('Shopify'));
    // (The browser asks for the required fields first; the test sends the form as it is.)
    fireEvent.submit(screen.getByRole('button', { name: 'Connect' }).closest('form')!);
    expect(await screen.findByText(/Shopify refused the keys/)).toBeTruthy();
  });
});

describe('the panel says when a shop is emulated', () => {
  it('the form of live shops offers no demo keys and says nothing of an emulator', async () => {
    form = { emulated: false, demo: null, webhook_urls: FORM.webhook_urls };
    renderPanel();
    expect(await screen.findByText(FORM.webhook_urls.woocommerce!)).toBeTruthy();
    expect(screen.queryByText('Emulated shop')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Use the demo keys' })).toBeNull();
  });

  it('the form of emulated shops says so', async () => {
    renderPanel();
    expect(await screen.findByText('Emulated shop')).toBeTruthy();
  });

  it('a connected shop is marked emulated beside its address, a live one is not', async () => {
    connector = CONNECTED;
    renderPanel();
    expect(await screen.findByText(/https:\/\/magazin\.ro/)).toBeTruthy();
    expect(screen.getByText('Emulated shop')).toBeTruthy();
    cleanup();
    connector = { ...CONNECTED, emulated: false };
    renderPanel();
    expect(await screen.findByText(/https:\/\/magazin\.ro/)).toBeTruthy();
    expect(screen.queryByText('Emulated shop')).toBeNull();
  });
});

describe('the updates that failed', () => {
  it('name each document sent back to the shop (invoice, storno) with the shop’s words', async () => {
    const failed = (id: number, kind: 'invoice' | 'storno', words: string) => ({
      id,
      kind,
      ref: '4001',
      order_id: 9,
      state: 'failed' as const,
      attempts: 1,
      last_error: words,
      created_at: 1_800_000_000,
    });
    connector = {
      ...CONNECTED,
      type: 'emag',
      store_url: 'emag:demo',
      webhook_url: null,
      updates_failed: [failed(1, 'invoice', 'Order 4001 not found'), failed(2, 'storno', 'url must be a .pdf')],
    };
    renderPanel();
    expect(await screen.findByText('Invoice of order 4001')).toBeTruthy();
    expect(screen.getByText('Order 4001 not found')).toBeTruthy();
    expect(screen.getByText('Storno of the invoice of order 4001')).toBeTruthy();
    expect(screen.getByText('url must be a .pdf')).toBeTruthy();
  });
});

describe('shop forms', () => {
  it('build each shop’s body and say its demo keys in its fields’ order', () => {
    expect(connectBody('emag', { username: 'u ', password: 'p', store_url: 'x' }, false)).toEqual({
      type: 'emag',
      username: 'u',
      password: 'p',
      cancel_in_shop: false,
    });
    expect(demoKeysText('woocommerce', { consumer_secret: 'cs', consumer_key: 'ck' })).toBe('ck / cs');
    expect(demoKeysText('emag', null)).toBeNull();
  });
});

/** The value beside a heading of the connected shop's table. */
const valueOf = (heading: string) =>
  [...document.querySelectorAll('th')]
    .find((th) => th.textContent === heading)!
    .closest('tr')!
    .querySelector('td')!;

describe.each([
  { lng: 'en', shop: 'Shop', title: 'eMAG Marketplace · user vanzator', disconnect: 'Disconnect' },
  { lng: 'ro', shop: 'Magazin', title: 'eMAG Marketplace · utilizator vanzator', disconnect: 'Deconectează' },
])('an eMAG shop ($lng)', ({ lng, shop, title, disconnect }) => {
  it('is named as the seller reads it (the account’s user), never by its internal "emag:" identifier', async () => {
    await i18n.changeLanguage(lng);
    connector = { ...CONNECTED, type: 'emag', store_url: 'emag:vanzator', emulated: false, webhook_url: null };
    renderPanel();
    expect(await screen.findByText(title)).toBeTruthy();
    expect(valueOf(shop).textContent).toBe(title);
    fireEvent.click(screen.getByRole('button', { name: disconnect }));
    const confirm = await screen.findByRole('dialog', { name: disconnect });
    expect(within(confirm).getByText(new RegExp(title))).toBeTruthy();
    expect(document.body.textContent).not.toContain('emag:');
  });
});

describe('shop titles', () => {
  it('keep a shop’s address as it is and name an eMAG account by its user', () => {
    const t = (_: 'emagUser', o: { user: string }) => `user ${o.user}`;
    expect(shopTitle({ type: 'woocommerce', store_url: 'https://magazin.ro' }, t)).toBe(
      'WooCommerce · https://magazin.ro',
    );
    expect(shopTitle({ type: 'shopify', store_url: 'magazin.myshopify.com' }, t)).toBe(
      'Shopify · magazin.myshopify.com',
    );
    expect(shopTitle({ type: 'emag', store_url: 'emag:demo' }, t)).toBe('eMAG Marketplace · user demo');
  });
});

describe('after "Sync now"', () => {
  it('the panel shows what the pull brought within seconds, then stops asking so often', async () => {
    connector = { ...CONNECTED, last_sync_at: null };
    // The pull ends after two more reads of the connector (the one right after the 202 and a second one).
    afterPull = { ...CONNECTED, orders_in: 9, last_sync_at: 1_800_000_100 };
    pullAfterReads = 2;
    // The panel's timers run on a clock the test moves (and that also moves by itself, for waitFor).
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderPanel();
    await screen.findByRole('button', { name: 'Sync now' });
    expect(valueOf('Orders in').textContent).toBe('4');
    expect(valueOf('Last sync').textContent).toBe('Never');
    fireEvent.click(screen.getByRole('button', { name: 'Sync now' }));
    // Long before the 15 s refresh.
    await waitFor(() => expect(valueOf('Orders in').textContent).toBe('9'), { timeout: 5_000 });
    expect(valueOf('Last sync').textContent).not.toBe('Never');
    // The pull's mark moved: back to the 15 s refresh, no read in the next seconds.
    const readsThen = reads;
    await vi.advanceTimersByTimeAsync(2.5 * SYNC_FOLLOW_EVERY_MS);
    expect(reads).toBe(readsThen);
  }, 15_000);

  it('reads every second until the pull’s mark moves, for at most the follow window, else every 15 s', () => {
    const before = { ...CONNECTED, last_sync_at: 100 };
    const follow = { mark: syncMark(before), until: 10_000 };
    expect(refreshEvery(null, before, 0)).toBe(PANEL_REFRESH_MS);
    expect(refreshEvery(follow, before, 1_000)).toBe(SYNC_FOLLOW_EVERY_MS);
    // The pull ended (a new last sync) or failed (an error): followed no more.
    expect(refreshEvery(follow, { ...before, last_sync_at: 200 }, 2_000)).toBe(PANEL_REFRESH_MS);
    expect(refreshEvery(follow, { ...before, state: 'error', last_error: 'down' }, 2_000)).toBe(PANEL_REFRESH_MS);
    // A pull that changes nothing is followed for the window only.
    expect(refreshEvery(follow, before, 10_000)).toBe(PANEL_REFRESH_MS);
  });
});
