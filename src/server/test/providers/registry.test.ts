import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../lib/clock.js';
import { loadProvidersConfig } from '../../providers/config.js';
import { createProviderRegistry } from '../../providers/registry.js';
import { PROVIDER_NAMES } from '../../providers/http.js';
import { parseDeliveryReceipt } from '../../providers/messaging/vonage.js';
import { startTestApp, type TestApp } from '../harness.js';

/**
 * The app in emulated mode (the default): every emulator under /emulators/<provider> of the
 * emulators' host, and app.services.providers building clients that reach it in process. Proves the
 * emulators' paths and the clients' base URLs agree, for every provider.
 */
describe('providers inside the app (emulated mode)', () => {
  const clock = manualClock();
  let t: TestApp;
  /** What reached the app at the Vonage callback's path. */
  const receipts: { query: unknown; body: Record<string, unknown> }[] = [];
  beforeAll(async () => {
    t = await startTestApp({ clock });
    // The console's own receipt webhook comes with the feature that records SMS sends; this one
    // stands in for it (a public route of the app, added before the app starts answering).
    t.app.post('/hooks/vonage-receipts', { config: { public: true } }, async (req) => {
      receipts.push({ query: { ...(req.query as object) }, body: req.body as Record<string, unknown> });
      return { ok: true };
    });
  });
  afterAll(() => t.close());

  it('says every provider is emulated and names its demo account', () => {
    for (const p of PROVIDER_NAMES) expect(t.app.services.providers.isEmulated(p)).toBe(true);
    expect(t.app.services.providers.demoCredentials('cargus')).toEqual({
      username: 'demo',
      password: 'demo',
      api_key: 'demo',
    });
    expect(t.app.services.providers.demoCredentials('smartbill')).toEqual({ username: 'demo', token: 'demo' });
    expect(t.app.services.providers.demoCredentials('telegram')).toEqual({
      bot_token: '123456:demo',
      chat_id: '100200300',
    });
  });

  it('each client verifies the demo account and reads through the mounted emulator', async () => {
    const p = t.app.services.providers;
    await p.courier('cargus', { username: 'demo', password: 'demo', api_key: 'demo' }).verifyCredentials();
    expect(
      await p.courier('cargus', { username: 'demo', password: 'demo', api_key: 'demo' }).pickupPoints(),
    ).toHaveLength(2);
    const sameday = await p.courier('sameday', { username: 'demo', password: 'demo' }).pickupPoints();
    expect(sameday[0].contact_persons).toHaveLength(2);
    expect(await p.courier('dpd', { username: 'demo', password: 'demo' }).pickupPoints()).toHaveLength(2);
    const smartbill = p.invoicing({ username: 'demo', token: 'demo', vat_code: 'RO12345678' });
    expect((await smartbill.series()).map((s) => s.name)).toEqual(['FCT', 'DEMO']);
    await p.messaging('vonage', { api_key: 'demo', api_secret: 'demo', phone_number: 'DemoShop' }).verifyCredentials();
    await p.messaging('telegram', { bot_token: '123456:demo', chat_id: '100200300' }).verifyCredentials();
  });

  it('refuses other credentials the way the provider does', async () => {
    const err = await t.app.services.providers
      .courier('sameday', { username: 'demo', password: 'wrong' })
      .verifyCredentials()
      .catch((e) => e);
    expect(err).toMatchObject({ provider: 'sameday', kind: 'refused_credentials' });
  });

  it('an AWB made through the app advances with the app clock, and its PDF comes back', async () => {
    const cargus = t.app.services.providers.courier('cargus', { username: 'demo', password: 'demo', api_key: 'demo' });
    const awb = await cargus.createAwb({
      pickupPointId: '201001',
      recipient: {
        name: 'Ion Pop',
        phone: '0722123456',
        countyName: 'Cluj',
        localityName: 'Turda',
        address: 'Str. Mare 1',
      },
      parcels: [{ weightKg: 1, lengthCm: 10, widthCm: 10, heightCm: 10 }],
      codBani: 0,
      declaredValueBani: 0,
      content: 'Carte',
      reference: 'ORD-1',
    });
    expect((await cargus.awbPdf(awb)).subarray(0, 4).toString()).toBe('%PDF');
    clock.advance(30 * 3600);
    expect((await cargus.track([awb.awbNumber]))[0].status).toBe('delivered');
  });

  it("answers the server's own transport only: the app's router has no emulator route", async () => {
    const contract = { method: 'POST' as const, url: '/emulators/dpd/v1/client/contract' };
    const payload = { userName: 'demo', password: 'demo' };
    const inProcess = await t.app.emulatorHost!.inject({ ...contract, payload });
    expect(inProcess.statusCode).toBe(200);
    expect(inProcess.json().clients).toHaveLength(2);
    // The same request through the app (as a client's would come) finds nothing there.
    const viaApp = await t.app.inject({ ...contract, payload });
    expect(viaApp.statusCode).toBe(404);
    expect(viaApp.body).not.toContain('clients');
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/company' })).statusCode).toBe(401);
  });

  it('has no fault switch or reset route unless a test asks for them', async () => {
    expect(t.app.emulatorHost!.routes.filter((r) => r.url.includes('__emulator'))).toEqual([]);
    const reset = await t.app.emulatorHost!.inject({ method: 'POST', url: '/emulators/smartbill/__emulator/reset' });
    expect(reset.statusCode).toBe(404);
  });

  it("hands Vonage's delivery receipts to the app itself, at the callback URL's path", async () => {
    const vonage = t.app.services.providers.messaging('vonage', {
      api_key: 'demo',
      api_secret: 'demo',
      phone_number: 'DemoShop',
    });
    const sent = await vonage.send({
      to: '0722123456',
      text: 'Comanda a plecat.',
      reference: 'ORD-7',
      callbackUrl: 'http://localhost:3000/hooks/vonage-receipts?shop=7',
    });
    // The emulator's handset answers after a short delay (RECEIPT_DELAY_MS), as a phone does.
    expect(receipts).toHaveLength(0);
    await expect.poll(() => receipts.length, { timeout: 6000 }).toBe(1);
    expect(receipts[0].query).toEqual({ shop: '7' });
    expect(parseDeliveryReceipt(receipts[0].body)).toMatchObject({
      messageId: sent.messageIds[0],
      reference: 'ORD-7',
      state: 'delivered',
    });
  });
});

describe("the emulators' fault switches over HTTP, when a test asks for them", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ deps: { emulatorControls: true } });
  });
  afterAll(() => t.close());

  it('switch a fault on (here: the next SmartBill call answers 500), in process only', async () => {
    const faults = { method: 'POST' as const, url: '/emulators/smartbill/__emulator/faults' };
    const payload = { fault: 'server_error', times: 1 };
    expect((await t.app.inject({ ...faults, payload })).statusCode).toBe(404);
    expect((await t.app.emulatorHost!.inject({ ...faults, payload })).statusCode).toBe(200);
    const smartbill = t.app.services.providers.invoicing({ username: 'demo', token: 'demo', vat_code: 'RO12345678' });
    const err = await smartbill
      .createInvoice({
        seriesName: 'FCT',
        issueDate: '2026-01-01',
        client: { name: 'x', isTaxPayer: false, address: '', city: '', county: '', country: 'Romania' },
        lines: [
          { name: 'a', quantity: 1, unitPriceBani: 100, taxIncluded: true, vatName: 'Normala', vatPercentage: 21 },
        ],
      })
      .catch((e) => e);
    expect(err).toMatchObject({ provider: 'smartbill', kind: 'unavailable', status: 500 });
    const reset = await t.app.emulatorHost!.inject({ method: 'POST', url: '/emulators/smartbill/__emulator/reset' });
    expect(reset.statusCode).toBe(200);
  });
});

describe('live mode', () => {
  it('mounts no emulator and sends each provider to its production host', async () => {
    const config = loadProvidersConfig({ PROVIDERS: 'live' });
    const calls: string[] = [];
    const registry = createProviderRegistry({
      config,
      clock: manualClock(),
      fetch: async (url) => (calls.push(url), new Response('"tok"', { status: 200 })),
    });
    expect(registry.isEmulated('cargus')).toBe(false);
    expect(registry.demoCredentials('cargus')).toBeNull();
    await registry.courier('cargus', { username: 'u', password: 'p', api_key: 'k' }).verifyCredentials();
    expect(calls).toEqual(['https://urgentcargus.azure-api.net/api/LoginUser']);
  });
});
