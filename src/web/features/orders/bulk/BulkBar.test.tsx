// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import i18n from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { common } from '../../../components/i18n';
import { session } from '../../../lib/session';
import { prepareDom } from '../../../test/dom';
import { renderRoutes } from '../../../test/render';
import { BulkBar } from './BulkBar';
import orderBulk from './i18n';
import { recordToasts } from '../../../test/toasts';

recordToasts();

const setUp = (key: string, emulated = true) => ({
  id: key.length,
  integrations_id: key.length,
  key,
  type: 'courier',
  emulated,
  has_credentials: true,
  credentials_unreadable: false,
  has_configuration: true,
  configured: true,
  is_active: true,
  configuration: {},
  created_at: 0,
  updated_at: 0,
});
const PACKAGE = { id: 9, name: 'Cutie FAN', length: 20, width: 15, height: 10, weight: 1.5, is_active: true };

let settings: Record<string, unknown>;
let started: Record<string, unknown>[];
beforeAll(async () => {
  await prepareDom(
    { en: { common: common.en, orderBulk: orderBulk.en }, ro: { common: common.ro, orderBulk: orderBulk.ro } },
    'orderBulk',
  );
});
beforeEach(() => {
  started = [];
  settings = { label_format: 'A6', default_courier: 'fan', default_package_id: 9 };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (u: string, init?: RequestInit) => {
      const path = new URL(u, 'http://x').pathname;
      const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
      if (path === '/api/v1/company/5/shipping') return json({ data: settings });
      // Cargus listed first by the server: the default courier must still come first.
      if (path === '/api/v1/company-integration') return json({ data: [setUp('cargus'), setUp('fan')] });
      if (path === '/api/v1/package') return json({ data: [PACKAGE] });
      if (path === '/api/v1/order-bulk' && init?.method === 'POST') {
        started.push(JSON.parse(String(init.body)));
        return json(
          { data: { id: 3, action: 'awb', status: 'queued', total: 2, done: 0, skipped: 0, failed: 0 } },
          202,
        );
      }
      return json({ data: [] });
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

function openAwbForm() {
  renderRoutes(
    [
      {
        path: '/orders',
        element: (
          <BulkBar
            selectedIds={[4, 2]}
            pageRows={2}
            matching={2}
            filter={{}}
            clear={() => undefined}
            onStarted={() => undefined}
          />
        ),
      },
    ],
    '/orders',
  );
  fireEvent.click(screen.getByRole('button', { name: 'Actions' }));
  fireEvent.click(screen.getByRole('menuitem', { name: 'Create AWBs' }));
}

const field = (name: RegExp) => screen.getByRole<HTMLInputElement>('textbox', { name });
const courierBox = () => screen.getByRole<HTMLInputElement>('combobox', { name: /^Courier/ });
const sizeBox = () => screen.getByRole<HTMLInputElement>('combobox', { name: /^Package$/ });

describe("a bulk AWB job starts with the company's shipping defaults", () => {
  it('its default courier chosen and listed first, its default package with its sizes, sent as such', async () => {
    openAwbForm();
    await waitFor(() => expect(courierBox().value).toBe('FAN Courier (emulated)'));
    await waitFor(() => expect(sizeBox().value).toBe('Cutie FAN'));
    expect(field(/^Length/).value).toBe('20');
    expect(field(/^Weight/).value).toMatch(/^1[.,]5/);
    // jsdom has no scrolling: Mantine scrolls the list to the chosen option.
    Element.prototype.scrollIntoView ??= () => {};
    fireEvent.click(courierBox());
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['FAN Courier (emulated)', 'Cargus (emulated)']);

    fireEvent.click(screen.getByRole('button', { name: 'Start' }));
    await waitFor(() => expect(started).toHaveLength(1));
    expect(started[0]).toMatchObject({
      action: 'awb',
      selection: { ids: [4, 2] },
      params: { courier: 'fan', package_length: 20, package_width: 15, package_height: 10, package_weight: 1.5 },
    });
  });

  it('a preset as the default package gives its sizes; a default courier not set up is not chosen', async () => {
    settings = { label_format: 'A4', default_courier: 'dpd', default_package_id: 'large' };
    openAwbForm();
    await waitFor(() => expect(sizeBox().value).toBe('Large'));
    // The spec's large preset: 60 × 40 × 70 cm (width, height, length), 5 kg.
    expect(field(/^Length/).value).toBe('70');
    expect(field(/^Width/).value).toBe('60');
    expect(field(/^Weight/).value).toBe('5');
    // DPD is not set up: with two couriers and no usable default, the seller chooses.
    expect(courierBox().value).toBe('');
  });
});
