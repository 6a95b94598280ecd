import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CourierKey, Credentials, PickupPoint, WizardKey } from '../../../core/api/integrations.js';
import { startTestApp, type TestApp, type TestUser } from '../../test/harness.js';
import { ProviderRefused, ProviderUnavailable, type IntegrationGateway } from './gateway.js';

// Interim provider side: accepts the demo logins, refuses others with a provider-like reason.
// Replaced by the real clients against the emulators once they land.
const DEMO: Record<WizardKey, Record<string, string>> = {
  cargus: { username: 'demo', password: 'demo', api_key: 'demo' },
  sameday: { username: 'demo', password: 'demo' },
  dpd: { username: 'demo', password: 'demo' },
  smartbill: { username: 'demo', token: 'demo' },
  vonage: { api_key: 'demo', api_secret: 'demo' },
  telegram: { bot_token: '123456:demo' },
};
let outage = false;
const POINTS: Record<CourierKey, PickupPoint[]> = {
  cargus: [{ id: '201', name: 'Depozit Cluj', address: 'Str. Fabricii 12, Cluj-Napoca' }, { id: '202', name: 'Magazin Iași', address: 'Bd. Independenței 5, Iași' }],
  dpd: [{ id: '9001', name: 'Sediu', address: 'Str. Lungă 1, Brașov' }],
  sameday: [
    { id: '11', name: 'Depozit', address: 'Str. Avram Iancu 3, Cluj-Napoca', contact_persons: [{ id: '7', name: 'Ana Pop', position: 'Manager', phoneNumber: '0722000111', defaultContactPerson: true }] },
    { id: '12', name: 'Birou', address: 'Str. Mică 4, Cluj-Napoca', contact_persons: [{ id: '8', name: 'Ion Rus', position: null, phoneNumber: null, defaultContactPerson: true }] },
  ],
};
const accepted = (key: WizardKey, c: Record<string, string>) => Object.entries(DEMO[key]).every(([f, v]) => c[f] === v);
const gateway: IntegrationGateway = {
  isEmulated: () => true,
  demoCredentials: (key) => DEMO[key],
  async verify(key, c) {
    if (outage) throw new ProviderUnavailable(key, `timeout calling https://api.telegram.org/bot${(c as Record<string, string>).bot_token ?? ''}/getMe`);
    if (!accepted(key, c as Record<string, string>)) throw new ProviderRefused(key, `Failed to authenticate user ${(c as Record<string, string>).username ?? ''}!`);
  },
  async pickupPoints(key: CourierKey, c: Credentials) {
    if (!accepted(key, c as Record<string, string>)) throw new ProviderRefused(key, 'Failed to authenticate!');
    return POINTS[key];
  },
  async invoiceSeries() {
    return ['FCT', 'FACT-CJ'];
  },
  async vatRates() {
    return [{ name: 'Normala', percentage: 21 }, { name: 'Redusa', percentage: 11 }, { name: 'SDD', percentage: 0 }];
  },
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
  t = await startTestApp({ deps: { integrationGateway: gateway, logger: { stream: logStream } } });
});
afterAll(() => t.close());

const SECRET = 'Secret-Parola-9x7';
const wizard = (u: TestUser, key: string, step: string, company = u.companyId) => `/api/v1/${key}/company/${company}/${step}`;

describe('integrations catalogue', () => {
  it('lists the seven integrations with key, name, type, and the emulator demo account', async () => {
    const u = await t.signUp();
    const res = await u.call('GET', '/api/v1/integrations');
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.map((i: { key: string }) => i.key)).toEqual(['cargus', 'sameday', 'dpd', 'smartbill', 'sms', 'telegram', 'vonage']);
    expect(data.map((i: { type: string }) => i.type)).toEqual(['courier', 'courier', 'courier', 'invoice', 'messaging', 'messaging', 'messaging']);
    expect(data[0]).toMatchObject({ id: expect.any(Number), name: 'Cargus', description: expect.any(String), emulated: true, setup_available: true, demo_credentials: DEMO.cargus });
    expect(data[4]).toMatchObject({ key: 'sms', setup_available: false, emulated: false, demo_credentials: null });
  });

  it('answers 401 to a stranger on every integration call', async () => {
    const urls: [string, string][] = [['GET', '/api/v1/integrations'], ['GET', '/api/v1/company-integration'], ['POST', '/api/v1/cargus/company/1/login'], ['GET', '/api/v1/sameday/company/1/pickup-points'], ['POST', '/api/v1/smartbill/company/1/series'], ['POST', '/api/v1/company-integration/1/toggle-status'], ['POST', '/api/v1/company-integration/1/test'], ['DELETE', '/api/v1/company-integration/1']];
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
    expect(res.json().data).toMatchObject({ key: 'cargus', type: 'courier', emulated: true, has_credentials: true, has_configuration: false, configured: false, is_active: true });
    expect(res.body).not.toContain('"demo"');
    const row = await t.db.kysely.selectFrom('company_integrations').selectAll().where('company_id', '=', u.companyId).executeTakeFirstOrThrow();
    expect(row.credentials).toMatch(/^v1\./);
    expect(row.credentials).not.toContain('demo');
    const list = await u.call('GET', '/api/v1/company-integration');
    expect(list.json().data).toEqual([expect.objectContaining({ id: row.id, integrations_id: 1, key: 'cargus', has_credentials: true, has_configuration: false })]);
  });

  it('refuses a missing field with "fill all fields" and a message per field (in Romanian too)', async () => {
    const u = await t.signUp();
    const res = await u.call('POST', wizard(u, 'vonage', 'login'), { body: { api_key: 'demo', api_secret: '  ' } });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: 'Please fill all fields', errors: { api_secret: ['This field is required.'], phone_number: ['This field is required.'] } });
    const ro = await u.call('POST', wizard(u, 'sameday', 'login'), { body: {}, headers: { 'accept-language': 'ro' } });
    expect(ro.json()).toEqual({ message: 'Vă rugăm să completați toate câmpurile', errors: { username: ['Câmpul este obligatoriu.'], password: ['Câmpul este obligatoriu.'] } });
    expect(await t.db.kysely.selectFrom('company_integrations').select('id').where('company_id', '=', u.companyId).execute()).toEqual([]);
  });

  it('refuses credentials the provider refuses with its reason (422) and stores nothing', async () => {
    const u = await t.signUp();
    const res = await u.call('POST', wizard(u, 'smartbill', 'login'), { body: { username: 'ana@firma.ro', token: SECRET } });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('SmartBill did not accept these credentials: Failed to authenticate user ana@firma.ro!');
    expect(await t.db.kysely.selectFrom('company_integrations').select('id').where('company_id', '=', u.companyId).execute()).toEqual([]);
  });

  it('answers 502 naming the provider when it cannot be reached, without the token in the reason', async () => {
    const u = await t.signUp();
    outage = true;
    try {
      const res = await u.call('POST', wizard(u, 'telegram', 'login'), { body: { bot_token: '123456:demo', chat_id: '-100200300' }, headers: { 'accept-language': 'ro' } });
      expect(res.statusCode).toBe(502);
      expect(res.json().message).toBe('Telegram nu este disponibil acum: timeout calling https://api.telegram.org/bot***/getMe. Încercați din nou în câteva momente.');
    } finally {
      outage = false;
    }
  });

  it('answers 403 when the path names another company than X-Company-ID, even one of the user\'s', async () => {
    const a = await t.createCompany();
    const b = await t.createCompany();
    const u = await t.signUp({ companies: [a, b] });
    const res = await u.call('POST', `/api/v1/cargus/company/${b}/login`, { body: DEMO.cargus });
    expect(res.statusCode).toBe(403);
    expect((await u.call('GET', `/api/v1/cargus/company/abc/pickup-points`)).statusCode).toBe(403);
    const stranger = await t.signUp();
    expect((await u.call('POST', `/api/v1/cargus/company/${stranger.companyId}/login`, { body: DEMO.cargus, company: stranger.companyId })).statusCode).toBe(403);
    expect(await t.db.kysely.selectFrom('company_integrations').select('id').where('company_id', 'in', [a, b]).execute()).toEqual([]);
  });
});

describe('wizard: couriers', () => {
  it('Cargus: login, list of pickup points, a choice of the list → configured', async () => {
    const u = await t.signUp();
    expect((await u.call('GET', wizard(u, 'cargus', 'pickup-points'))).statusCode).toBe(409);
    await u.call('POST', wizard(u, 'cargus', 'login'), { body: DEMO.cargus });
    const list = await u.call('GET', wizard(u, 'cargus', 'pickup-points'));
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toEqual(POINTS.cargus);
    const missing = await u.call('POST', wizard(u, 'cargus', 'pickup-points'), { body: {} });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ pickup_point_id: ['Please select a pickup point'] });
    const wrong = await u.call('POST', wizard(u, 'cargus', 'pickup-points'), { body: { pickup_point_id: 999 } });
    expect(wrong.json().errors).toEqual({ pickup_point_id: ['Please select a valid pickup point'] });
    const ok = await u.call('POST', wizard(u, 'cargus', 'pickup-points'), { body: { pickup_point_id: 202 } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ has_credentials: true, has_configuration: true, configured: true, configuration: { pickup_point_id: '202', pickup_point_name: 'Magazin Iași' } });
    expect((await u.call('GET', wizard(u, 'cargus', 'pickup-points'))).json().selected).toEqual({ pickup_point_id: '202' });
  });

  it('Sameday: the contact person is required and must belong to the chosen point', async () => {
    const u = await t.signUp();
    await u.call('POST', wizard(u, 'sameday', 'login'), { body: DEMO.sameday });
    const noPerson = await u.call('POST', wizard(u, 'sameday', 'pickup-points'), { body: { pickup_point_id: '11' } });
    expect(noPerson.json().errors).toEqual({ contact_person_id: ['Please select a contact person'] });
    const otherPoints = await u.call('POST', wizard(u, 'sameday', 'pickup-points'), { body: { pickup_point_id: '11', contact_person_id: '8' } });
    expect(otherPoints.json().errors).toEqual({ contact_person_id: ['Please select a valid contact person'] });
    const ok = await u.call('POST', wizard(u, 'sameday', 'pickup-points'), { body: { pickup_point_id: '11', contact_person_id: 7 } });
    expect(ok.json().data).toMatchObject({ configured: true, configuration: { pickup_point_id: '11', contact_person_id: '7', contact_person_name: 'Ana Pop' } });
  });

  it('two first logins at the same moment make one set-up, not an error', async () => {
    const u = await t.signUp();
    const answers = await Promise.all(Array.from({ length: 8 }, () => u.call('POST', wizard(u, 'cargus', 'login'), { body: DEMO.cargus })));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(200));
    expect(await t.db.kysely.selectFrom('company_integrations').select('id').where('company_id', '=', u.companyId).execute()).toHaveLength(1);
  });

  it('a login for another account clears the pickup point; the same login again keeps it', async () => {
    const u = await t.signUp();
    await u.call('POST', wizard(u, 'dpd', 'login'), { body: DEMO.dpd });
    await u.call('POST', wizard(u, 'dpd', 'pickup-points'), { body: { pickup_point_id: '9001' } });
    const again = await u.call('POST', wizard(u, 'dpd', 'login'), { body: DEMO.dpd });
    expect(again.json().data).toMatchObject({ configured: true });
    // A refused login leaves the stored one and the configuration alone.
    expect((await u.call('POST', wizard(u, 'dpd', 'login'), { body: { username: 'x', password: 'y' } })).statusCode).toBe(422);
    const list = await u.call('GET', '/api/v1/company-integration');
    expect(list.json().data[0]).toMatchObject({ configured: true });
  });
});

describe('wizard: SmartBill and messaging', () => {
  it('SmartBill: login, a series of the list, the VAT step (a rate or none) → configured', async () => {
    const u = await t.signUp();
    await u.call('POST', wizard(u, 'smartbill', 'login'), { body: DEMO.smartbill });
    expect((await u.call('GET', wizard(u, 'smartbill', 'series'))).json()).toEqual({ data: [{ id: 1, name: 'FCT' }, { id: 2, name: 'FACT-CJ' }], selected: null });
    const bad = await u.call('POST', wizard(u, 'smartbill', 'series'), { body: { series_name: 'XYZ' } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ series_name: ['Please select a valid series'] });
    const ro = await u.call('POST', wizard(u, 'smartbill', 'series'), { body: { series_name: 'XYZ' }, headers: { 'accept-language': 'ro' } });
    expect(ro.json().errors).toEqual({ series_name: ['Vă rugăm să selectați o serie validă'] });
    const series = await u.call('POST', wizard(u, 'smartbill', 'series'), { body: { series_name: 'FACT-CJ' } });
    expect(series.json().data).toMatchObject({ has_configuration: false, configuration: { series_name: 'FACT-CJ' } });
    expect((await u.call('GET', wizard(u, 'smartbill', 'vat-amount'))).json().data).toContainEqual({ name: 'Normala', percentage: 21 });
    expect((await u.call('POST', wizard(u, 'smartbill', 'vat-amount'), { body: { vat_amount: '19' } })).json().errors).toEqual({ vat_amount: ['Please select a valid VAT rate'] });
    const vat = await u.call('POST', wizard(u, 'smartbill', 'vat-amount'), { body: { vat_amount: '21' } });
    expect(vat.json().data).toMatchObject({ configured: true, configuration: { series_name: 'FACT-CJ', vat_amount: '21', vat_name: 'Normala' } });
    const none = await u.call('POST', wizard(u, 'smartbill', 'vat-amount'), { body: { vat_amount: null } });
    expect(none.json().data).toMatchObject({ configured: true, configuration: { vat_amount: null, vat_name: null } });
  });

  it('Vonage and Telegram are configured with credentials alone', async () => {
    const u = await t.signUp();
    const v = await u.call('POST', wizard(u, 'vonage', 'login'), { body: { ...DEMO.vonage, phone_number: '+40722123456' } });
    expect(v.json().data).toMatchObject({ key: 'vonage', type: 'messaging', has_credentials: true, has_configuration: true, configured: true });
    const tg = await u.call('POST', wizard(u, 'telegram', 'login'), { body: { ...DEMO.telegram, chat_id: '-1001234' } });
    expect(tg.json().data).toMatchObject({ key: 'telegram', configured: true });
  });
});

describe('configured integrations', () => {
  it('toggles the status, tests the saved login, deletes with the secrets; another company gets 404', async () => {
    const owner = await t.signUp();
    const other = await t.signUp();
    const id = (await owner.call('POST', wizard(owner, 'cargus', 'login'), { body: DEMO.cargus })).json().data.id;

    for (const [method, url] of [['POST', `/api/v1/company-integration/${id}/toggle-status`], ['POST', `/api/v1/company-integration/${id}/test`], ['DELETE', `/api/v1/company-integration/${id}`]] as const) {
      expect((await other.call(method, url)).statusCode, url).toBe(404);
    }
    expect((await owner.call('POST', '/api/v1/company-integration/abc/toggle-status')).statusCode).toBe(422);

    const off = await owner.call('POST', `/api/v1/company-integration/${id}/toggle-status`);
    expect(off.json().data).toMatchObject({ id, is_active: false });
    expect((await owner.call('POST', `/api/v1/company-integration/${id}/toggle-status`)).json().data.is_active).toBe(true);

    expect((await owner.call('POST', `/api/v1/company-integration/${id}/test`)).json().data).toEqual({ ok: true, message: 'Cargus accepted the saved credentials.' });
    outage = true;
    try {
      const down = (await owner.call('POST', `/api/v1/company-integration/${id}/test`)).json().data;
      expect(down.ok).toBe(false);
      expect(down.message).toMatch(/^Cargus is not available right now: /);
    } finally {
      outage = false;
    }

    expect((await owner.call('DELETE', `/api/v1/company-integration/${id}`)).statusCode).toBe(200);
    expect(await t.db.kysely.selectFrom('company_integrations').select('id').where('id', '=', id).execute()).toEqual([]);
    expect((await owner.call('DELETE', `/api/v1/company-integration/${id}`)).statusCode).toBe(404);
  });

  it('never shows a stored secret in any answer or log line', async () => {
    const u = await t.signUp();
    logs = '';
    const bodies: string[] = [];
    const secretDemo = { ...DEMO.telegram, chat_id: '-100777' };
    bodies.push((await u.call('POST', wizard(u, 'telegram', 'login'), { body: secretDemo })).body);
    bodies.push((await u.call('POST', wizard(u, 'smartbill', 'login'), { body: { username: 'ana@firma.ro', token: SECRET } })).body);
    bodies.push((await u.call('GET', '/api/v1/company-integration')).body);
    // (GET /integrations shows the emulators' public demo accounts on purpose: it is not checked here.)
    await u.call('GET', '/api/v1/integrations');
    const id = JSON.parse(bodies[2]).data.find((r: { key: string }) => r.key === 'telegram').id;
    bodies.push((await u.call('POST', `/api/v1/company-integration/${id}/test`)).body);
    bodies.push((await u.call('POST', `/api/v1/company-integration/${id}/toggle-status`)).body);
    outage = true;
    try {
      bodies.push((await u.call('POST', `/api/v1/company-integration/${id}/test`)).body);
    } finally {
      outage = false;
    }
    expect(logs.length).toBeGreaterThan(0);
    for (const text of [...bodies, logs]) {
      expect(text).not.toContain(SECRET);
      expect(text).not.toContain('123456:demo');
    }
  });
});
