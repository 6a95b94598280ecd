// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18n from 'i18next';
import type { Connector } from '../../../core/api/connectors';
import type { Source } from '../../../core/api/sources';
import { serverMessages } from '../../../core/messages';
import { common } from '../../components/i18n';
import { session } from '../../lib/session';
import { prepareDom } from '../../test/dom';
import connectors from './connector/i18n';
import sources from './i18n';
import { IntakeKeyModal } from './IntakeKeyModal';

const SOURCE: Source = {
  id: 7,
  company_id: 5,
  source: 'Magazin online',
  active: true,
  company: { id: 5, name: 'Firma' },
  created_at: 1_800_000_000,
  updated_at: 1_800_000_000,
};
const CONNECTED: Connector = {
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
  webhook_url: 'https://console.ro/api/v1/hooks/woocommerce/7',
  demo: null,
  created_at: 1_800_000_000,
};
/** The source's shop: connected or none (the API's 404); the source has no intake key. */
let connector: Connector | null = null;

const json = (status: number, body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
function fakeFetch(input: string): Promise<Response> {
  const url = String(input);
  if (url.endsWith('/connector/form')) return json(200, { data: { emulated: true, demo: null, webhook_urls: {} } });
  if (url.endsWith('/connector'))
    return connector ? json(200, { data: connector }) : json(404, { message: 'This source has no shop connected.' });
  return json(200, { data: { ...SOURCE, intake: null } });
}

function renderModal() {
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <IntakeKeyModal source={SOURCE} onClose={() => {}} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

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
  connector = null;
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
    optional: 'Intake key (optional)',
    heading: 'Intake key',
    forOthers: /Create one only for another program/,
    missing: /This source has no intake key yet/,
    create: 'Create key',
    sync: 'Sync now',
  },
  {
    lng: 'ro',
    optional: 'Cheie de preluare (opțională)',
    heading: 'Cheie de preluare',
    forOthers: /Creați una doar pentru un alt program/,
    missing: /Această sursă nu are încă o cheie de preluare/,
    create: 'Creează cheie',
    sync: 'Sincronizează acum',
  },
])(
  'the intake key beside the shop connector ($lng)',
  ({ lng, optional, heading, forOthers, missing, create, sync }) => {
    beforeEach(async () => {
      await i18n.changeLanguage(lng);
    });

    it('with a shop connected is an optional extra for other programs, offered as a secondary action', async () => {
      connector = CONNECTED;
      renderModal();
      expect(await screen.findByRole('button', { name: sync })).toBeTruthy();
      expect(await screen.findByRole('heading', { name: optional })).toBeTruthy();
      expect(screen.getByText(forOthers)).toBeTruthy();
      // Nothing is said to be missing.
      expect(screen.queryByText(missing)).toBeNull();
      expect(screen.getByRole('button', { name: create }).getAttribute('data-variant')).toBe('default');
    });

    it('without a shop is how a shop sends its orders: said missing, its creation the primary action', async () => {
      renderModal();
      expect(await screen.findByText(missing)).toBeTruthy();
      expect(screen.getByRole('heading', { name: heading })).toBeTruthy();
      expect(screen.queryByText(forOthers)).toBeNull();
      expect(screen.getByRole('button', { name: create }).getAttribute('data-variant')).toBe('filled');
    });
  },
);
