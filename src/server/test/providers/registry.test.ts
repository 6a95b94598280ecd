import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../lib/clock.js';
import { loadProvidersConfig } from '../../providers/config.js';
import { createProviderRegistry } from '../../providers/registry.js';
import { PROVIDER_NAMES } from '../../providers/http.js';
import { startTestApp, type TestApp } from '../harness.js';

/**
 * The app in emulated mode (the default): every emulator mounted under /emulators/<provider>, and
 * app.services.providers building clients that reach them in process. Proves the emulators' mount paths
 * and the clients' base URLs agree, for every provider.
 */
describe('providers inside the app (emulated mode)', () => {
  const clock = manualClock();
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ clock });
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

  it('emulator routes need no console sign-in; console routes still do', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/emulators/dpd/v1/client/contract',
      payload: { userName: 'demo', password: 'demo' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().clients).toHaveLength(2);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/company' })).statusCode).toBe(401);
  });

  it('the control routes switch a fault on for the demo (here: the next SmartBill call answers 500)', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/emulators/smartbill/__emulator/faults',
      payload: { fault: 'server_error', times: 1 },
    });
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
