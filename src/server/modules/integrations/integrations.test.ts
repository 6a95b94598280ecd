import crypto from 'node:crypto';
import { Writable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { WizardKey } from '../../../core/api/integrations.js';
import { createCargusEmulator } from '../../emulators/cargus.js';
import { createDpdEmulator } from '../../emulators/dpd.js';
import { createFanEmulator, FAN_DEMO_LOGIN } from '../../emulators/fan.js';
import type { Emulator } from '../../emulators/kit.js';
import { createSamedayEmulator } from '../../emulators/sameday.js';
import { createSmartBillEmulator } from '../../emulators/smartbill.js';
import { manualClock } from '../../lib/clock.js';
import { CargusClient } from '../../providers/couriers/cargus.js';
import { DpdClient } from '../../providers/couriers/dpd.js';
import { FanClient } from '../../providers/couriers/fan.js';
import { SamedayClient } from '../../providers/couriers/sameday.js';
import { memoryTokenStore, type ProviderName } from '../../providers/http.js';
import { SmartBillClient } from '../../providers/invoicing/smartbill.js';
import { TelegramClient } from '../../providers/messaging/telegram.js';
import type { TelegramCredentials, VonageCredentials } from '../../providers/messaging/types.js';
import { VonageClient } from '../../providers/messaging/vonage.js';
import { createTelegramEmulator } from '../../emulators/telegram.js';
import { createVonageEmulator } from '../../emulators/vonage.js';
import type { ProviderRegistry } from '../../providers/registry.js';
import type { ClientDeps } from '../../providers/shared.js';
import { GEO, localitiesOf } from '../../emulators/geo.js';
import { startTestApp, type TestApp, type TestUser } from '../../test/harness.js';
import { serviceContext } from '../../context.js';
import { secretBox } from '../../lib/secrets.js';
import { courierFor, invoicingFor, messagingFor } from './index.js';
import { sealContext } from './providerAccess.js';

// The provider side: the real clients of all six providers against their emulators (one local server, real HTTP).
const clock = manualClock();
const emulators: Emulator[] = [
  createCargusEmulator({ clock, hangMs: 2000 }),
  createSamedayEmulator({ clock, hangMs: 2000 }),
  createDpdEmulator({ clock, hangMs: 2000 }),
  createFanEmulator({ clock, hangMs: 2000 }),
  createSmartBillEmulator({ clock, hangMs: 2000, rateLimitPerSecond: 1000 }),
  createVonageEmulator({ clock, hangMs: 2000 }),
  createTelegramEmulator({ clock, hangMs: 2000 }),
];
const BASE_PATHS: Record<string, string> = {
  cargus: '/api',
  sameday: '',
  dpd: '/v1',
  fan: '',
  smartbill: '/SBORO/api',
  vonage: '',
  telegram: '',
};
let emulatorHost: FastifyInstance;
let origin = '';
const emulatorOf = (name: string) => emulators.find((e) => e.name === name)!;

const tokens = memoryTokenStore();
const deps = (name: string): ClientDeps => ({
  baseUrl: `${origin}/emulators/${name}${BASE_PATHS[name]}`,
  clock,
  tokens,
  http: { timeoutMs: 500, readRetries: 0, retryDelayMs: 5 },
});
const registry: ProviderRegistry = {
  mode: 'emulated',
  isEmulated: () => true,
  demoCredentials: (p: ProviderName) => emulatorOf(p).demoCredentials,
  demoAccountFor: async (p: ProviderName, holder) =>
    (await emulatorOf(p).openAccount?.(holder)) ?? emulatorOf(p).demoCredentials,
  courier: (p, c) =>
    p === 'cargus'
      ? new CargusClient(c, deps(p))
      : p === 'sameday'
        ? new SamedayClient(c, deps(p))
        : p === 'fan'
          ? new FanClient(c, deps(p))
          : new DpdClient(c, deps(p)),
  invoicing: (c) => new SmartBillClient(c, deps('smartbill'), { perSecond: 1000 }),
  messaging: ((p: 'vonage' | 'telegram', c: object) =>
    p === 'vonage'
      ? new VonageClient(c as VonageCredentials, deps(p))
      : new TelegramClient(c as TelegramCredentials, deps(p))) as ProviderRegistry['messaging'],
  exchangeRates: () => {
    throw new Error('not used here');
  },
};

const DEMO: Record<WizardKey, Record<string, string>> = {
  cargus: { username: 'demo', password: 'demo', api_key: 'demo' },
  sameday: { username: 'demo', password: 'demo' },
  dpd: { username: 'demo', password: 'demo' },
  fan: { ...FAN_DEMO_LOGIN },
  smartbill: { username: 'demo', token: 'demo' },
  vonage: { api_key: 'demo', api_secret: 'demo', phone_number: 'DemoShop' },
  telegram: { bot_token: '123456:demo', chat_id: '100200300' },
};

let logs = '';
const logStream = new Writable({
  write(chunk, _enc, done) {
    logs += String(chunk);
    done();
  },
});

let t: TestApp;
beforeAll(async () => {
  emulatorHost = Fastify({ logger: false, forceCloseConnections: true });
  for (const e of emulators) await emulatorHost.register(e.plugin, { prefix: `/emulators/${e.name}` });
  await emulatorHost.listen({ host: '127.0.0.1', port: 0 });
  origin = `http://127.0.0.1:${(emulatorHost.server.address() as { port: number }).port}`;
  // The couriers' emulators index the country's localities on first use (about half a second): done
  // here, so a wizard call's short client timeout below times the emulator's answer, not that index.
  for (const county of GEO) localitiesOf(county);
  t = await startTestApp({ deps: { providerRegistry: registry, logger: { stream: logStream } } });
});
afterAll(async () => {
  await t.close();
  await emulatorHost.close();
});
beforeEach(() => {
  for (const e of emulators) e.faults.clear();
});

const SECRET = 'Secret-Parola-9x7';
const wizard = (u: TestUser, key: string, step: string, company = u.companyId) =>
  `/api/v1/${key}/company/${company}/${step}`;

describe('integrations catalogue', () => {
  it('lists the eight integrations with key, name, type, and the emulator demo account', async () => {
    const u = await t.signUp();
    const res = await u.call('GET', '/api/v1/integrations');
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.map((i: { key: string }) => i.key)).toEqual([
      'cargus',
      'sameday',
      'dpd',
      'fan',
      'smartbill',
      'sms',
      'telegram',
      'vonage',
    ]);
    expect(data.map((i: { type: string }) => i.type)).toEqual([
      'courier',
      'courier',
      'courier',
      'courier',
      'invoice',
      'messaging',
      'messaging',
      'messaging',
    ]);
    expect(data[0]).toMatchObject({
      id: expect.any(Number),
      name: 'Cargus',
      description: expect.any(String),
      emulated: true,
      setup_available: true,
      demo_credentials: DEMO.cargus,
    });
    expect(data[5]).toMatchObject({ key: 'sms', setup_available: false, emulated: false, demo_credentials: null });
  });

  it('shows a company its own Sameday and DPD account (held by the company), the shared ones without a company', async () => {
    const u = await t.signUp();
    await t.db.kysely
      .updateTable('companies')
      .set({ name: 'Olărit Ștefan SRL', address: 'Bd. Ștefan cel Mare nr. 12', city: 'Iași', county: 'Iași' })
      .where('id', '=', u.companyId)
      .execute();
    const demoOf = async (o: { company?: number | null } = {}) => {
      const res = await u.call('GET', '/api/v1/integrations', o);
      expect(res.statusCode, res.body).toBe(200);
      return Object.fromEntries(
        (res.json().data as { key: string; demo_credentials: unknown }[]).map((i) => [i.key, i.demo_credentials]),
      ) as Record<string, Record<string, string> | null>;
    };
    const own = await demoOf();
    for (const key of ['sameday', 'dpd'] as const) {
      expect(own[key]!.username).toBe(`demo-company-${u.companyId}`);
      expect(own[key]!.password).not.toBe('demo');
      // The login opens the account, and its one pickup point is the company's seat.
      const login = await u.call('POST', wizard(u, key, 'login'), { body: own[key] });
      expect(login.statusCode, login.body).toBe(200);
      const points = (await u.call('GET', wizard(u, key, 'pickup-points'))).json().data as { address: string }[];
      expect(points).toHaveLength(1);
      expect(points[0].address.toLowerCase()).toContain('bd. ștefan cel mare nr. 12, iași');
    }
    // The emulators that take a sender name (or have no label) keep their shared demo account.
    for (const key of ['cargus', 'smartbill', 'vonage', 'telegram'] as const) expect(own[key]).toEqual(DEMO[key]);
    // Without a company the catalogue is the shared one; a company of someone else is refused.
    const shared = await demoOf({ company: null });
    expect(shared.sameday).toEqual(DEMO.sameday);
    expect(shared.dpd).toEqual(DEMO.dpd);
    const other = await t.signUp();
    expect((await u.call('GET', '/api/v1/integrations', { company: other.companyId })).statusCode).toBe(403);
  });

  it('keeps the account holder current: a renamed company is named on its next label', async () => {
    const u = await t.signUp();
    const before = (
      (await u.call('GET', '/api/v1/integrations')).json().data as {
        key: string;
        demo_credentials: Record<string, string>;
      }[]
    ).find((i) => i.key === 'sameday')!.demo_credentials;
    await t.db.kysely.updateTable('companies').set({ name: 'Nume Nou SRL' }).where('id', '=', u.companyId).execute();
    const after = (
      (await u.call('GET', '/api/v1/integrations')).json().data as {
        key: string;
        demo_credentials: Record<string, string>;
      }[]
    ).find((i) => i.key === 'sameday')!.demo_credentials;
    expect(after).toEqual(before);
    const account = await emulatorOf('sameday').store.get<{ clientName: string }>('accounts', before.username);
    expect(account!.clientName).toBe('Nume Nou SRL');
  });

  it('answers 401 to a stranger on every integration call', async () => {
    const urls: [string, string][] = [
      ['GET', '/api/v1/integrations'],
      ['GET', '/api/v1/company-integration'],
      ['POST', '/api/v1/cargus/company/1/login'],
      ['GET', '/api/v1/sameday/company/1/pickup-points'],
      ['POST', '/api/v1/smartbill/company/1/series'],
      ['POST', '/api/v1/company-integration/1/toggle-status'],
      ['POST', '/api/v1/company-integration/1/test'],
      ['DELETE', '/api/v1/company-integration/1'],
    ];
    for (const [method, url] of urls) {
      const res = await t.app.inject({ method: method as 'GET', url, headers: { 'x-company-id': '1' } });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});

describe('wizard: login', () => {
  it('verifies the login with the provider, stores it sealed and answers only which parts are set', async () => {
    const u = await t.signUp();
    const res = await u.call('POST', wizard(u, 'cargus', 'login'), { body: DEMO.cargus });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      key: 'cargus',
      type: 'courier',
      emulated: true,
      has_credentials: true,
      has_configuration: false,
      configured: false,
      is_active: true,
    });
    expect(res.body).not.toContain('"demo"');
    const row = await t.db.kysely
      .selectFrom('company_integrations')
      .selectAll()
      .where('company_id', '=', u.companyId)
      .executeTakeFirstOrThrow();
    expect(row.credentials).toMatch(/^v1\./);
    expect(row.credentials).not.toContain('demo');
    const list = await u.call('GET', '/api/v1/company-integration');
    expect(list.json().data).toEqual([
      expect.objectContaining({
        id: row.id,
        integrations_id: 1,
        key: 'cargus',
        has_credentials: true,
        has_configuration: false,
      }),
    ]);
  });

  it('refuses a missing field with "fill all fields" and a message per field (in Romanian too)', async () => {
    const u = await t.signUp();
    const res = await u.call('POST', wizard(u, 'vonage', 'login'), { body: { api_key: 'demo', api_secret: '  ' } });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'Please fill all fields',
      errors: { api_secret: ['This field is required.'], phone_number: ['This field is required.'] },
    });
    const ro = await u.call('POST', wizard(u, 'sameday', 'login'), { body: {}, headers: { 'accept-language': 'ro' } });
    expect(ro.json()).toEqual({
      message: 'Vă rugăm să completați toate câmpurile',
      errors: { username: ['Câmpul este obligatoriu.'], password: ['Câmpul este obligatoriu.'] },
    });
    expect(
      await t.db.kysely.selectFrom('company_integrations').select('id').where('company_id', '=', u.companyId).execute(),
    ).toEqual([]);
  });

  it('refuses credentials the provider refuses with its reason (422) and stores nothing', async () => {
    const u = await t.signUp();
    const res = await u.call('POST', wizard(u, 'smartbill', 'login'), {
      body: { username: 'ana@firma.ro', token: SECRET },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toMatch(/^SmartBill did not accept these credentials: \S/);
    expect(res.body).not.toContain(SECRET);
    expect(
      await t.db.kysely.selectFrom('company_integrations').select('id').where('company_id', '=', u.companyId).execute(),
    ).toEqual([]);
  });

  it('answers 502 naming the provider when it cannot be reached, without the token in the reason', async () => {
    const u = await t.signUp();
    emulatorOf('telegram').faults.set('server_error');
    const res = await u.call('POST', wizard(u, 'telegram', 'login'), {
      body: DEMO.telegram,
      headers: { 'accept-language': 'ro' },
    });
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toMatch(/^Telegram nu este disponibil acum: .*Încercați din nou în câteva momente\.$/);
    expect(res.body).not.toContain('123456:demo');
    // A courier that fails (HTTP 500 from the emulator) is named the same way, and nothing is stored.
    emulatorOf('cargus').faults.set('server_error');
    const down = await u.call('POST', wizard(u, 'cargus', 'login'), { body: DEMO.cargus });
    expect(down.statusCode).toBe(502);
    expect(down.json().message).toMatch(/^Cargus is not available right now: /);
    expect(
      await t.db.kysely.selectFrom('company_integrations').select('id').where('company_id', '=', u.companyId).execute(),
    ).toEqual([]);
  });

  it("answers 403 when the path names another company than X-Company-ID, even one of the user's", async () => {
    const a = await t.createCompany();
    const b = await t.createCompany();
    const u = await t.signUp({ companies: [a, b] });
    const res = await u.call('POST', `/api/v1/cargus/company/${b}/login`, { body: DEMO.cargus });
    expect(res.statusCode).toBe(403);
    expect((await u.call('GET', `/api/v1/cargus/company/abc/pickup-points`)).statusCode).toBe(403);
    const stranger = await t.signUp();
    expect(
      (
        await u.call('POST', `/api/v1/cargus/company/${stranger.companyId}/login`, {
          body: DEMO.cargus,
          company: stranger.companyId,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      await t.db.kysely.selectFrom('company_integrations').select('id').where('company_id', 'in', [a, b]).execute(),
    ).toEqual([]);
  });
});

describe('wizard: couriers', () => {
  it('Cargus: login, list of pickup points, a choice of the list → configured', async () => {
    const u = await t.signUp();
    expect((await u.call('GET', wizard(u, 'cargus', 'pickup-points'))).statusCode).toBe(409);
    await u.call('POST', wizard(u, 'cargus', 'login'), { body: DEMO.cargus });
    const list = await u.call('GET', wizard(u, 'cargus', 'pickup-points'));
    expect(list.statusCode).toBe(200);
    const points: { id: string; name: string; address: string }[] = list.json().data;
    expect(points.length).toBeGreaterThan(0);
    for (const p of points)
      expect(p).toMatchObject({ id: expect.any(String), name: expect.any(String), address: expect.any(String) });
    const chosen = points[points.length - 1];
    const missing = await u.call('POST', wizard(u, 'cargus', 'pickup-points'), { body: {} });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ pickup_point_id: ['Please select a pickup point'] });
    const wrong = await u.call('POST', wizard(u, 'cargus', 'pickup-points'), { body: { pickup_point_id: 999 } });
    expect(wrong.json().errors).toEqual({ pickup_point_id: ['Please select a valid pickup point'] });
    const ok = await u.call('POST', wizard(u, 'cargus', 'pickup-points'), {
      body: { pickup_point_id: Number(chosen.id) },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({
      has_credentials: true,
      has_configuration: true,
      configured: true,
      configuration: { pickup_point_id: chosen.id, pickup_point_name: chosen.name },
    });
    expect((await u.call('GET', wizard(u, 'cargus', 'pickup-points'))).json().selected).toEqual({
      pickup_point_id: chosen.id,
    });
  });

  it('Sameday: the contact person is required and must belong to the chosen point', async () => {
    const u = await t.signUp();
    await u.call('POST', wizard(u, 'sameday', 'login'), { body: DEMO.sameday });
    const points: { id: string; contact_persons: { id: string; name: string }[] }[] = (
      await u.call('GET', wizard(u, 'sameday', 'pickup-points'))
    ).json().data;
    expect(points.length).toBeGreaterThan(1);
    const [a, b] = points;
    expect(a.contact_persons.length).toBeGreaterThan(0);
    const noPerson = await u.call('POST', wizard(u, 'sameday', 'pickup-points'), { body: { pickup_point_id: a.id } });
    expect(noPerson.json().errors).toEqual({ contact_person_id: ['Please select a contact person'] });
    const otherPoints = await u.call('POST', wizard(u, 'sameday', 'pickup-points'), {
      body: { pickup_point_id: a.id, contact_person_id: b.contact_persons[0].id },
    });
    expect(otherPoints.json().errors).toEqual({ contact_person_id: ['Please select a valid contact person'] });
    const person = a.contact_persons[0];
    const ok = await u.call('POST', wizard(u, 'sameday', 'pickup-points'), {
      body: { pickup_point_id: a.id, contact_person_id: Number(person.id) },
    });
    expect(ok.json().data).toMatchObject({
      configured: true,
      configuration: { pickup_point_id: a.id, contact_person_id: person.id, contact_person_name: person.name },
    });
  });

  it('two first logins at the same moment make one set-up, not an error', async () => {
    const u = await t.signUp();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => u.call('POST', wizard(u, 'cargus', 'login'), { body: DEMO.cargus })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(200));
    expect(
      await t.db.kysely.selectFrom('company_integrations').select('id').where('company_id', '=', u.companyId).execute(),
    ).toHaveLength(1);
  });

  it('a login for another account clears the pickup point; the same login again keeps it', async () => {
    const u = await t.signUp();
    await u.call('POST', wizard(u, 'dpd', 'login'), { body: DEMO.dpd });
    const first = (await u.call('GET', wizard(u, 'dpd', 'pickup-points'))).json().data[0];
    expect(
      (await u.call('POST', wizard(u, 'dpd', 'pickup-points'), { body: { pickup_point_id: first.id } })).statusCode,
    ).toBe(200);
    const again = await u.call('POST', wizard(u, 'dpd', 'login'), { body: DEMO.dpd });
    expect(again.json().data).toMatchObject({ configured: true });
    // A refused login leaves the stored one and the configuration alone.
    expect(
      (await u.call('POST', wizard(u, 'dpd', 'login'), { body: { username: 'x', password: 'y' } })).statusCode,
    ).toBe(422);
    const list = await u.call('GET', '/api/v1/company-integration');
    expect(list.json().data[0]).toMatchObject({ configured: true });
  });
});

describe('wizard: SmartBill and messaging', () => {
  it('SmartBill: login, a series of the list, the VAT step (a rate or none) → configured', async () => {
    const u = await t.signUp();
    // SmartBill names the company by its VAT code: the emulator's demo account holds RO12345678.
    await t.db.kysely
      .updateTable('companies')
      .set({ vat_number: 'RO12345678' })
      .where('id', '=', u.companyId)
      .execute();
    await u.call('POST', wizard(u, 'smartbill', 'login'), { body: DEMO.smartbill });
    expect((await u.call('GET', wizard(u, 'smartbill', 'series'))).json()).toEqual({
      data: [
        { id: 1, name: 'FCT' },
        { id: 2, name: 'DEMO' },
      ],
      selected: null,
    });
    const bad = await u.call('POST', wizard(u, 'smartbill', 'series'), { body: { series_name: 'XYZ' } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ series_name: ['Please select a valid series'] });
    const ro = await u.call('POST', wizard(u, 'smartbill', 'series'), {
      body: { series_name: 'XYZ' },
      headers: { 'accept-language': 'ro' },
    });
    expect(ro.json().errors).toEqual({ series_name: ['Vă rugăm să selectați o serie validă'] });
    const series = await u.call('POST', wizard(u, 'smartbill', 'series'), { body: { series_name: 'DEMO' } });
    expect(series.json().data).toMatchObject({ has_configuration: false, configuration: { series_name: 'DEMO' } });
    expect((await u.call('GET', wizard(u, 'smartbill', 'vat-amount'))).json().data).toContainEqual({
      name: 'Normala',
      percentage: 21,
    });
    expect(
      (await u.call('POST', wizard(u, 'smartbill', 'vat-amount'), { body: { vat_amount: '19' } })).json().errors,
    ).toEqual({ vat_amount: ['Please select a valid VAT rate'] });
    const vat = await u.call('POST', wizard(u, 'smartbill', 'vat-amount'), { body: { vat_amount: '21' } });
    expect(vat.json().data).toMatchObject({
      configured: true,
      configuration: { series_name: 'DEMO', vat_amount: '21', vat_name: 'Normala' },
    });
    const none = await u.call('POST', wizard(u, 'smartbill', 'vat-amount'), { body: { vat_amount: null } });
    expect(none.json().data).toMatchObject({ configured: true, configuration: { vat_amount: null, vat_name: null } });
  });

  it('Vonage and Telegram are configured with credentials alone', async () => {
    const u = await t.signUp();
    const v = await u.call('POST', wizard(u, 'vonage', 'login'), {
      body: { ...DEMO.vonage, phone_number: '+40722123456' },
    });
    expect(v.statusCode).toBe(200);
    expect(v.json().data).toMatchObject({
      key: 'vonage',
      type: 'messaging',
      has_credentials: true,
      has_configuration: true,
      configured: true,
    });
    const tg = await u.call('POST', wizard(u, 'telegram', 'login'), { body: DEMO.telegram });
    expect(tg.json().data).toMatchObject({ key: 'telegram', configured: true });
  });
});

describe('configured integrations', () => {
  it('toggles the status, tests the saved login, deletes with the secrets; another company gets 404', async () => {
    const owner = await t.signUp();
    const other = await t.signUp();
    const id = (await owner.call('POST', wizard(owner, 'cargus', 'login'), { body: DEMO.cargus })).json().data.id;

    for (const [method, url] of [
      ['POST', `/api/v1/company-integration/${id}/toggle-status`],
      ['POST', `/api/v1/company-integration/${id}/test`],
      ['DELETE', `/api/v1/company-integration/${id}`],
    ] as const) {
      expect((await other.call(method, url)).statusCode, url).toBe(404);
    }
    expect((await owner.call('POST', '/api/v1/company-integration/abc/toggle-status')).statusCode).toBe(422);

    const off = await owner.call('POST', `/api/v1/company-integration/${id}/toggle-status`);
    expect(off.json().data).toMatchObject({ id, is_active: false });
    expect((await owner.call('POST', `/api/v1/company-integration/${id}/toggle-status`)).json().data.is_active).toBe(
      true,
    );

    expect((await owner.call('POST', `/api/v1/company-integration/${id}/test`)).json().data).toEqual({
      ok: true,
      message: 'Cargus accepted the saved credentials.',
    });
    emulatorOf('cargus').faults.set('server_error');
    const down = (await owner.call('POST', `/api/v1/company-integration/${id}/test`)).json().data;
    expect(down.ok).toBe(false);
    expect(down.message).toMatch(/^Cargus is not available right now: /);
    emulatorOf('cargus').faults.clear();
    // The provider now refuses the saved login (e.g. a changed password): the test says so.
    emulatorOf('cargus').faults.set('refused_login');
    const refused = (await owner.call('POST', `/api/v1/company-integration/${id}/test`)).json().data;
    emulatorOf('cargus').faults.clear();
    expect(refused.ok).toBe(false);
    expect(refused.message).toMatch(/^Cargus did not accept these credentials: /);

    expect((await owner.call('DELETE', `/api/v1/company-integration/${id}`)).statusCode).toBe(200);
    expect(await t.db.kysely.selectFrom('company_integrations').select('id').where('id', '=', id).execute()).toEqual(
      [],
    );
    expect((await owner.call('DELETE', `/api/v1/company-integration/${id}`)).statusCode).toBe(404);
  });

  it('never shows a stored secret in any answer or log line', async () => {
    const u = await t.signUp();
    logs = '';
    const bodies: string[] = [];
    bodies.push((await u.call('POST', wizard(u, 'telegram', 'login'), { body: DEMO.telegram })).body);
    bodies.push(
      (await u.call('POST', wizard(u, 'smartbill', 'login'), { body: { username: 'ana@firma.ro', token: SECRET } }))
        .body,
    );
    bodies.push((await u.call('GET', '/api/v1/company-integration')).body);
    // (GET /integrations shows the emulators' public demo accounts on purpose: it is not checked here.)
    await u.call('GET', '/api/v1/integrations');
    const id = JSON.parse(bodies[2]).data.find((r: { key: string }) => r.key === 'telegram').id;
    bodies.push((await u.call('POST', `/api/v1/company-integration/${id}/test`)).body);
    bodies.push((await u.call('POST', `/api/v1/company-integration/${id}/toggle-status`)).body);
    emulatorOf('telegram').faults.set('server_error');
    bodies.push((await u.call('POST', `/api/v1/company-integration/${id}/test`)).body);
    expect(logs.length).toBeGreaterThan(0);
    for (const text of [...bodies, logs]) {
      expect(text).not.toContain(SECRET);
      expect(text).not.toContain('123456:demo');
    }
  });
});

describe('stored credentials that no longer open', () => {
  /** Replaces the company's sealed login of a provider with `sealed`, as a changed APP_KEY or a copied row leaves it. */
  const spoil = (companyId: number, key: string, sealed: string) =>
    t.db.kysely
      .updateTable('company_integrations')
      .set({ credentials: sealed })
      .where('company_id', '=', companyId)
      .where('integration_id', '=', (eb) => eb.selectFrom('integrations').select('id').where('key', '=', key))
      .execute();
  const sealedOf = async (companyId: number, key: string) =>
    (
      await t.db.kysely
        .selectFrom('company_integrations as ci')
        .innerJoin('integrations as i', 'i.id', 'ci.integration_id')
        .select('ci.credentials')
        .where('ci.company_id', '=', companyId)
        .where('i.key', '=', key)
        .executeTakeFirstOrThrow()
    ).credentials!;

  /** A Cargus set-up with its pickup point chosen: configured. */
  async function configuredCargus(u: TestUser): Promise<number> {
    const id = (await u.call('POST', wizard(u, 'cargus', 'login'), { body: DEMO.cargus })).json().data.id;
    const [point] = (await u.call('GET', wizard(u, 'cargus', 'pickup-points'))).json().data;
    const done = await u.call('POST', wizard(u, 'cargus', 'pickup-points'), { body: { pickup_point_id: point.id } });
    expect(done.json().data.configured).toBe(true);
    return id;
  }

  const otherKey = secretBox(crypto.randomBytes(32).toString('base64'));
  const plainCargus = JSON.stringify(DEMO.cargus);

  it('answer 409 naming the provider in both languages, and the set-up shows them as unreadable, never a 500', async () => {
    const donor = await t.signUp();
    await donor.call('POST', wizard(donor, 'cargus', 'login'), { body: DEMO.cargus });
    const copied = await sealedOf(donor.companyId, 'cargus');
    // The ways a sealed value stops opening.
    const spoilt: [string, (companyId: number) => string][] = [
      ['sealed with another app key', (companyId) => otherKey.seal(plainCargus, sealContext(companyId, 'cargus'))],
      ["copied from another company's row (bound to that company)", () => copied],
      ['changed in the database', () => `v1.${Buffer.alloc(40).toString('base64url')}`],
      ['not sealed at all', () => 'username=demo'],
    ];
    for (const [how, sealed] of spoilt) {
      const u = await t.signUp();
      const id = await configuredCargus(u);
      await spoil(u.companyId, 'cargus', sealed(u.companyId));

      const list = await u.call('GET', '/api/v1/company-integration');
      expect(list.statusCode, how).toBe(200);
      expect(list.json().data, how).toEqual([
        expect.objectContaining({
          id,
          key: 'cargus',
          has_credentials: false,
          credentials_unreadable: true,
          // The pickup point stays stored until a new login replaces the account.
          has_configuration: true,
          configured: false,
        }),
      ]);

      for (const [method, url] of [
        ['GET', wizard(u, 'cargus', 'pickup-points')],
        ['POST', wizard(u, 'cargus', 'pickup-points')],
        ['POST', `/api/v1/company-integration/${id}/test`],
      ] as const) {
        const en = await u.call(method, url, { body: method === 'POST' ? { pickup_point_id: 1 } : undefined });
        expect(en.statusCode, `${how}: ${method} ${url}`).toBe(409);
        expect(en.json().message).toBe(
          'The saved Cargus credentials can no longer be read (the app key changed or the saved value is damaged). Set up Cargus again and enter them once more.',
        );
      }
      const ro = await u.call('GET', wizard(u, 'cargus', 'pickup-points'), { headers: { 'accept-language': 'ro' } });
      expect(ro.json().message).toBe(
        'Datele de autentificare salvate pentru Cargus nu mai pot fi citite (cheia aplicației s-a schimbat sau valoarea salvată este deteriorată). Configurați din nou Cargus și introduceți-le încă o dată.',
      );
      // The one way to a provider's client, as AWBs and tracking reach it.
      const ctx = serviceContext(t.services, { companyId: u.companyId });
      await expect(courierFor(ctx, 'cargus')).rejects.toMatchObject({
        status: 409,
        key: 'integration_credentials_unreadable',
        params: { provider: 'Cargus' },
      });
    }
  });

  it('SmartBill, Sameday locations and messaging too', async () => {
    const u = await t.signUp();
    for (const key of ['smartbill', 'sameday', 'telegram'] as const) {
      expect((await u.call('POST', wizard(u, key, 'login'), { body: DEMO[key] })).statusCode, key).toBe(200);
      await spoil(u.companyId, key, otherKey.seal(JSON.stringify(DEMO[key]), sealContext(u.companyId, key)));
    }
    const list = (await u.call('GET', '/api/v1/company-integration')).json().data;
    for (const row of list)
      expect(row, row.key).toMatchObject({ has_credentials: false, credentials_unreadable: true, configured: false });
    const series = await u.call('GET', wizard(u, 'smartbill', 'series'));
    expect(series.statusCode).toBe(409);
    expect(series.json().message).toMatch(/^The saved SmartBill credentials can no longer be read/);
    const places = await u.call('GET', '/api/v1/sameday/locations');
    expect(places.statusCode).toBe(409);
    expect(places.json().message).toMatch(/^The saved Sameday credentials can no longer be read/);
    const ctx = serviceContext(t.services, { companyId: u.companyId });
    await expect(invoicingFor(ctx)).rejects.toMatchObject({ status: 409, params: { provider: 'SmartBill' } });
    await expect(messagingFor(ctx, 'telegram')).rejects.toMatchObject({
      status: 409,
      params: { provider: 'Telegram' },
    });
  });

  it('a new login replaces them: readable again, the choices of the old account cleared', async () => {
    const u = await t.signUp();
    const id = await configuredCargus(u);
    await spoil(u.companyId, 'cargus', otherKey.seal(plainCargus, sealContext(u.companyId, 'cargus')));
    const again = await u.call('POST', wizard(u, 'cargus', 'login'), { body: DEMO.cargus });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data).toMatchObject({
      id,
      has_credentials: true,
      credentials_unreadable: false,
      has_configuration: false,
      configured: false,
      configuration: {},
    });
    expect((await u.call('GET', wizard(u, 'cargus', 'pickup-points'))).statusCode).toBe(200);
    expect(t.services.secrets.open(await sealedOf(u.companyId, 'cargus'), sealContext(u.companyId, 'cargus'))).toBe(
      plainCargus,
    );
  });
});
