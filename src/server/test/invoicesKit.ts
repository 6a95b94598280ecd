import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { createSmartBillEmulator, type EmulatedInvoice } from '../emulators/smartbill.js';
import { startEmulator } from '../emulators/kit.js';
import { manualClock } from '../lib/clock.js';
import { memoryTokenStore } from '../providers/http.js';
import type { ProviderFetch } from '../providers/transport.js';
import { SmartBillClient } from '../providers/invoicing/smartbill.js';
import type { ProviderRegistry } from '../providers/registry.js';
import { startTestApp, type TestApp, type TestUser } from './harness.js';

/**
 * What the invoice tests of the invoices module share (src/server/modules/invoices/invoice*.test.ts):
 * a seller with SmartBill set up, its orders, the invoice calls, and `invoicesKit()`, which each test
 * file calls once to start its own app and SmartBill emulator. The kit lives here, not in the
 * invoices module, because it starts the app: the module importing the test harness would close an
 * import cycle (invoices → test → app → invoices).
 */

export const DAY = 86_400;
export const totalOf = (inv: EmulatedInvoice) => inv.lines.reduce((s, l) => s + l.totalBani, 0);

export async function source(u: TestUser, name = 'Shop'): Promise<number> {
  const res = await u.call('POST', '/api/v1/source', { body: { company_id: u.companyId, source: name } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id;
}

export async function product(u: TestUser, sku: string, price: number, vatRate?: number | null): Promise<number> {
  const res = await u.call('POST', '/api/v1/product', {
    body: {
      ...(vatRate !== undefined ? { vat_rate: vatRate } : {}),
      company_id: u.companyId,
      sku,
      name: `Produs ${sku}`,
      sale_type: 'Bucata',
      stock: 100,
      selling_price: price,
      buying_price: 1,
      currency: 'RON',
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id;
}

export async function order(u: TestUser, src: number, products: Record<string, number>) {
  const res = await u.call('POST', '/api/v1/order', {
    body: {
      name: 'Ion Popescu',
      phone_number: '0744 123 456',
      county: 'Cluj',
      city: 'Cluj-Napoca',
      street: 'Strada Memorandumului',
      number: '28',
      source: src,
      products,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

/** SmartBill's wizard: login, series, VAT rate (21 %, "Normala"). */
export async function setUpSmartBill(u: TestUser, opts: { series?: string; vat?: string | null } = {}) {
  const step = (s: string, body: unknown) => u.call('POST', `/api/v1/smartbill/company/${u.companyId}/${s}`, { body });
  expect((await step('login', { username: 'demo', token: 'demo' })).statusCode).toBe(200);
  expect((await step('series', { series_name: opts.series ?? 'FCT' })).statusCode).toBe(200);
  const vat = await step('vat-amount', { vat_amount: opts.vat === undefined ? '21' : opts.vat });
  expect(vat.statusCode, vat.body).toBe(200);
}

export const create = (u: TestUser, id: number, lang = 'en') =>
  u.call('POST', `/api/v1/order/${id}/create-invoice`, { headers: { 'accept-language': lang } });
export const storno = (u: TestUser, id: number, products: { id: number; quantity: number }[], lang = 'en') =>
  u.call('POST', `/api/v1/order/${id}/storno-invoice`, {
    body: { order_products: products },
    headers: { 'accept-language': lang },
  });
export const getOrder = async (u: TestUser, id: number) => (await u.call('GET', `/api/v1/order/${id}`)).json().data;
export const events = (o: { history: { type: string; data: Record<string, unknown> }[] }, type: string) =>
  o.history.filter((e) => e.type === type).map((e) => e.data);

/** What a test file watches on the way to SmartBill: each call, and whether to lose a write. */
export interface SmartBillWire {
  /** Told every call that reached for SmartBill, as "<method> <path after /api/>". */
  record?: (call: string) => void;
  /** Asked on each write: true loses it on the way (held until the client gives up), so SmartBill never sees it. */
  dropWrite?: () => boolean;
}

/**
 * The app of one test file: the real SmartBill client against its emulator on a local port, with a
 * short time limit so that an injected timeout is over in two seconds (shorter, the first PDF's
 * rendering on a loaded machine outlasted it); the app and the emulator share a manual clock. Call it
 * once at the top of a test file: it registers the file's hooks, and each call has its own clock,
 * emulator and app (test files run one after another in a worker share its modules).
 */
export function invoicesKit(wire: SmartBillWire = {}) {
  const clock = manualClock();
  const smartbill = createSmartBillEmulator({ clock, hangMs: 3000, rateLimitPerSecond: 1000 });
  let origin = '';
  let closeEmulator: () => Promise<void>;
  const unused = () => {
    throw new Error('not used by the invoices tests');
  };
  const transport: ProviderFetch = (url, init) => {
    wire.record?.(`${init.method} ${new URL(url).pathname.replace(/^.*\/SBORO\/api\//, '')}`);
    if (init.method === 'POST' && wire.dropWrite?.()) {
      return new Promise((_, reject) => init.signal.addEventListener('abort', () => reject(new Error('aborted'))));
    }
    return fetch(url, init);
  };
  const registry: ProviderRegistry = {
    mode: 'emulated',
    isEmulated: () => true,
    demoCredentials: () => smartbill.demoCredentials,
    demoAccountFor: async () => smartbill.demoCredentials,
    courier: unused,
    messaging: unused as ProviderRegistry['messaging'],
    exchangeRates: unused,
    invoicing: (c) =>
      new SmartBillClient(
        c,
        {
          baseUrl: `${origin}/emulators/smartbill/SBORO/api`,
          clock,
          tokens: memoryTokenStore(),
          http: { fetch: transport, timeoutMs: 2000, readRetries: 0, retryDelayMs: 5 },
        },
        { perSecond: 1000 },
      ),
  };

  let t: TestApp;
  beforeAll(async () => {
    const started = await startEmulator(smartbill);
    origin = started.origin;
    closeEmulator = started.close;
    t = await startTestApp({ clock, deps: { providerRegistry: registry } });
  });
  afterAll(async () => {
    await t.close();
    await closeEmulator();
  });
  beforeEach(async () => {
    await smartbill.reset();
  });

  const emulated = () => smartbill.store.list<EmulatedInvoice>('invoices');

  /** A company with SmartBill set up, a source and three products (A-1 19.99, B-2 10.01, C-3 7.33). */
  async function seller(opts: { smartBill?: boolean } = {}) {
    const u = await t.signUp();
    const src = await source(u);
    await product(u, 'A-1', 19.99);
    await product(u, 'B-2', 10.01);
    await product(u, 'C-3', 7.33);
    if (opts.smartBill !== false) await setUpSmartBill(u);
    return { u, src };
  }

  /** The file's app and the emulator's address, once beforeAll has started them. */
  const started = () => ({ t, origin });
  return { clock, smartbill, registry, started, emulated, seller };
}
