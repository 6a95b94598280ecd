import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { serviceContext } from '../../context.js';
import { FAN_DEMO_LOGIN, FAN_NO_COLLECTOR_LOGIN, type FanShipment } from '../../emulators/fan.js';
import { manualClock } from '../../lib/clock.js';
import { product } from '../../test/bulk.js';
import { engineUnderTest, startTestApp, type TestApp, type TestUser } from '../../test/harness.js';
import { trackOpenAwbs } from '../tracking/index.js';

const clock = manualClock(1_800_000_000);
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ clock });
});
afterAll(() => t.close());
beforeEach(() => t.app.emulators!.fan.faults.clear());

const fan = () => t.app.emulators!.fan;
const wizard = (u: TestUser, step: string, companyId = u.companyId) => `/api/v1/fan/company/${companyId}/${step}`;

async function loggedIn(u: TestUser, login: Record<string, string> = FAN_DEMO_LOGIN): Promise<void> {
  const res = await u.call('POST', wizard(u, 'login'), { body: login });
  expect(res.statusCode, res.body).toBe(200);
}

async function setUpFan(u: TestUser, login: Record<string, string> = FAN_DEMO_LOGIN, service = 'Standard') {
  await loggedIn(u, login);
  const res = await u.call('POST', wizard(u, 'services'), { body: { service } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

/** A seller with FAN set up, a product and an order to Sibiu; the AWB form's body for it. */
async function orderForFan(u: TestUser): Promise<{ orderId: number; body: Record<string, unknown> }> {
  const source = await u.call('POST', '/api/v1/source', {
    body: { company_id: u.companyId, source: `Shop ${Math.random().toString(36).slice(2, 8)}` },
  });
  expect(source.statusCode, source.body).toBe(201);
  const sku = `FAN-${u.companyId}-${Math.random().toString(36).slice(2, 8)}`;
  await product(u, sku, 'Cană de lut');
  const order = await u.call('POST', '/api/v1/order', {
    body: {
      name: 'Ion Popescu',
      phone_number: '0744 123 456',
      county: 'Sibiu',
      city: 'Sibiu',
      street: 'Strada Fabricii',
      number: '7',
      source: source.json().data.id,
      products: { [sku]: 2 },
    },
  });
  expect(order.statusCode, order.body).toBe(201);
  return {
    orderId: order.json().data.id,
    body: {
      courier: 'fan',
      name: 'Ion Popescu',
      phone_number: '0744 123 456',
      county: 'Sibiu',
      city: 'Sibiu',
      address: 'Strada Fabricii 7',
      package_length: 25,
      package_width: 25,
      package_height: 10,
      package_weight: 1,
      package_content: 'Cană',
    },
  };
}

const shipmentsOf = async (orderId: number) =>
  (await fan().store.list<FanShipment>('shipments')).filter((s) => s.content.startsWith(`${orderId}-`));

describe(`FAN Courier's set-up wizard (${engineUnderTest})`, () => {
  it('is in the catalogue as a courier, with its demo login (the client number included)', async () => {
    const u = await t.signUp();
    const res = await u.call('GET', '/api/v1/integrations');
    expect(res.statusCode).toBe(200);
    const row = res.json().data.find((i: { key: string }) => i.key === 'fan');
    expect(row).toMatchObject({
      key: 'fan',
      name: 'FAN Courier',
      type: 'courier',
      emulated: true,
      setup_available: true,
    });
    expect(Object.keys(row.demo_credentials).sort()).toEqual(['client_id', 'password', 'username']);
    // The company's own account opens with its own client number, and the login works.
    const login = await u.call('POST', wizard(u, 'login'), { body: row.demo_credentials });
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json().data).toMatchObject({ key: 'fan', has_credentials: true, configured: false });
  });

  it('refuses a stranger (401), another company in the path (403) and an empty field (422 "fill all fields")', async () => {
    const u = await t.signUp();
    const other = await t.signUp();
    const stranger = await t.app.inject({ method: 'POST', url: wizard(u, 'login'), payload: FAN_DEMO_LOGIN });
    expect(stranger.statusCode).toBe(401);
    const services = await t.app.inject({ method: 'GET', url: wizard(u, 'services') });
    expect(services.statusCode).toBe(401);
    expect((await u.call('POST', wizard(u, 'login', other.companyId), { body: FAN_DEMO_LOGIN })).statusCode).toBe(403);
    expect((await u.call('GET', wizard(u, 'services', other.companyId))).statusCode).toBe(403);
    for (const lang of ['en', 'ro'] as const) {
      const res = await u.call('POST', wizard(u, 'login'), {
        body: { username: 'clienttest', password: '' },
        headers: { 'accept-language': lang },
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe(
        lang === 'en' ? 'Please fill all fields' : 'Vă rugăm să completați toate câmpurile',
      );
      expect(Object.keys(res.json().errors).sort()).toEqual(['client_id', 'password']);
    }
  });

  it("answers FAN's refusal of a login or of a client number as 422, storing nothing", async () => {
    const u = await t.signUp();
    const bad = await u.call('POST', wizard(u, 'login'), { body: { ...FAN_DEMO_LOGIN, password: 'wrong' } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().message).toBe(
      'FAN Courier did not accept these credentials: Datele de autentificare sunt incorecte.',
    );
    const client = await u.call('POST', wizard(u, 'login'), { body: { ...FAN_DEMO_LOGIN, client_id: '123' } });
    expect(client.statusCode).toBe(422);
    expect(client.json().message).toMatch(/clientul 123/);
    const setUps = await u.call('GET', '/api/v1/company-integration');
    expect(setUps.json().data.filter((s: { key: string }) => s.key === 'fan')).toEqual([]);
    // The services step needs the login first.
    const early = await u.call('GET', wizard(u, 'services'));
    expect(early.statusCode).toBe(409);
  });

  it("lists the contract's services; configured only with the login and a service of that list", async () => {
    const u = await t.signUp();
    await loggedIn(u);
    const list = await u.call('GET', wizard(u, 'services'));
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().selected).toBeNull();
    expect(list.json().data.map((s: { id: string; cash_on_delivery: boolean }) => [s.id, s.cash_on_delivery])).toEqual([
      ['Standard', false],
      ['Cont Colector', true],
      ['Red Code', false],
      ['FANbox', false],
      ['FANbox Cont Colector', true],
    ]);
    const missing = await u.call('POST', wizard(u, 'services'), { body: {}, headers: { 'accept-language': 'ro' } });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.service).toEqual(['Vă rugăm să selectați un serviciu']);
    const unknown = await u.call('POST', wizard(u, 'services'), { body: { service: 'Express Loco' } });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.service).toEqual(['Please select a valid service']);
    const chosen = await u.call('POST', wizard(u, 'services'), { body: { service: 'Standard' } });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json().data).toMatchObject({
      configured: true,
      configuration: { service: 'Standard', cod_service: 'Cont Colector' },
    });
    expect((await u.call('GET', wizard(u, 'services'))).json().selected).toBe('Standard');
  });
});

describe(`AWBs at FAN Courier (${engineUnderTest})`, () => {
  it('makes an AWB with cash on delivery (the collector service) and one without, prints, tracks and deletes them', async () => {
    const u = await t.signUp();
    await setUpFan(u);
    const withCod = await orderForFan(u);
    const created = await u.call('POST', `/api/v1/order/${withCod.orderId}/awb`, {
      body: { ...withCod.body, cash_on_delivery: true },
    });
    expect(created.statusCode, created.body).toBe(201);
    const awb = created.json().data.awb as string;
    expect(created.json().data).toMatchObject({ courier: 'fan', courier_status: 'created', status: 'processing' });
    const [atFan] = await shipmentsOf(withCod.orderId);
    expect(atFan).toMatchObject({ number: awb, service: 'Cont Colector', epod: true });
    expect(atFan.codBani).toBeGreaterThan(0);

    const prepaid = await orderForFan(u);
    const second = await u.call('POST', `/api/v1/order/${prepaid.orderId}/awb`, {
      body: { ...prepaid.body, cash_on_delivery: false },
    });
    expect(second.statusCode, second.body).toBe(201);
    const [prepaidAtFan] = await shipmentsOf(prepaid.orderId);
    expect(prepaidAtFan).toMatchObject({ service: 'Standard', codBani: 0 });

    const label = await u.call('GET', `/api/v1/order/${withCod.orderId}/awb`);
    expect(label.statusCode).toBe(200);
    expect(label.headers['content-type']).toBe('application/pdf');
    expect(label.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
    expect((await PDFDocument.load(label.rawPayload)).getPageCount()).toBe(1);

    // Deleted before pickup: the order loses it.
    const deleted = await u.call('DELETE', `/api/v1/order/${prepaid.orderId}/awb`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json().data.awb).toBeNull();
    expect((await fan().store.get<FanShipment>('shipments', prepaidAtFan.number))?.deleted).toBe(true);

    // The tracking pass reads FAN's events: delivered an hour later.
    clock.advance(61 * 60);
    await trackOpenAwbs(serviceContext(t.services));
    const after = await u.call('GET', `/api/v1/order/${withCod.orderId}`);
    expect(after.json().data.courier_status).toBe('delivered');
    // Picked up: FAN no longer deletes it, and the order keeps it.
    const late = await u.call('DELETE', `/api/v1/order/${withCod.orderId}/awb`);
    expect(late.statusCode).toBe(422);
    expect(late.json().message).toMatch(/preluată de curier/);
  });

  it('reads the cash on delivery FAN transferred (its bank-transfers report) into the COD reconciliation', async () => {
    const u = await t.signUp();
    await setUpFan(u);
    const { orderId, body } = await orderForFan(u);
    const created = await u.call('POST', `/api/v1/order/${orderId}/awb`, {
      body: { ...body, name: 'Livrat Ion', cash_on_delivery: true },
    });
    expect(created.statusCode, created.body).toBe(201);
    const awb = created.json().data.awb as string;
    // Paid 3 days after delivery (a late share 15 days after): 20 days on, it is paid.
    clock.advance(20 * 86400);
    const sync = await u.call('POST', '/api/v1/cod/sync');
    expect(sync.statusCode, sync.body).toBe(200);
    const fanResult = sync.json().data.couriers.find((c: { courier: string }) => c.courier === 'fan');
    expect(fanResult, sync.body).toMatchObject({ error: null });
    expect(fanResult.saved, sync.body).toBeGreaterThanOrEqual(1);
    expect(sync.json().data.file_only).not.toContain('fan');
    const payment = await t.db.kysely
      .selectFrom('cod_settlements')
      .selectAll()
      .where('awb', '=', awb)
      .executeTakeFirst();
    expect(payment).toMatchObject({ courier: 'fan', order_id: orderId, origin: 'api' });
  });

  it("FAN's tracking feeds the parcels needing attention: a failed attempt enters, the next day's delivery leaves", async () => {
    const u = await t.signUp();
    await setUpFan(u);
    const { orderId, body } = await orderForFan(u);
    const created = await u.call('POST', `/api/v1/order/${orderId}/awb`, {
      body: { ...body, name: 'Ion Absent', cash_on_delivery: true },
    });
    expect(created.statusCode, created.body).toBe(201);
    const attention = async () => (await u.call('GET', `/api/v1/order/${orderId}`)).json().data.attention;
    const listed = async () =>
      ((await u.call('GET', '/api/v1/order?attention=1')).json().data as { id: number }[]).map((o) => o.id);

    // At 61 min FAN's last event is S30 (the recipient does not answer): a failed attempt.
    clock.advance(61 * 60);
    await trackOpenAwbs(serviceContext(t.services));
    expect((await attention())?.reason).toBe('failed_attempt');
    expect(await listed()).toEqual([orderId]);
    expect((await u.call('GET', '/api/v1/order/counts')).json().meta.attention).toBe(1);
    // Delivered the next day: it leaves the list.
    clock.advance(86400);
    await trackOpenAwbs(serviceContext(t.services));
    expect(await attention()).toBeNull();
    expect(await listed()).toEqual([]);
    expect((await u.call('GET', `/api/v1/order/${orderId}`)).json().data.courier_status).toBe('delivered');
  });

  it("answers 401 to a stranger and 404 for another company's order", async () => {
    const u = await t.signUp();
    const other = await t.signUp();
    await setUpFan(u);
    const { orderId, body } = await orderForFan(u);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/v1/order/${orderId}/awb`, payload: body })).statusCode,
    ).toBe(401);
    await setUpFan(other);
    expect((await other.call('POST', `/api/v1/order/${orderId}/awb`, { body })).statusCode).toBe(404);
    expect((await other.call('GET', `/api/v1/order/${orderId}/awb`)).statusCode).toBe(404);
    expect((await other.call('DELETE', `/api/v1/order/${orderId}/awb`)).statusCode).toBe(404);
    expect(await shipmentsOf(orderId)).toEqual([]);
  });

  it('refuses cash on delivery on a contract without the collector service before FAN is asked, in both languages', async () => {
    const u = await t.signUp();
    const setUp = await setUpFan(u, FAN_NO_COLLECTOR_LOGIN, 'Standard');
    expect(setUp.configuration).toMatchObject({ service: 'Standard', cod_service: null });
    const { orderId, body } = await orderForFan(u);
    const messages = {
      en: 'Your FAN Courier contract has no service that collects cash on delivery ("Cont Colector")',
      ro: 'Contractul dumneavoastră FAN Courier nu are un serviciu care încasează ramburs („Cont Colector”)',
    };
    for (const lang of ['en', 'ro'] as const) {
      const res = await u.call('POST', `/api/v1/order/${orderId}/awb`, {
        body: { ...body, cash_on_delivery: true },
        headers: { 'accept-language': lang },
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.cash_on_delivery[0]).toContain(messages[lang]);
    }
    expect(await shipmentsOf(orderId)).toEqual([]);
    // Without cash on delivery the same order ships.
    const prepaid = await u.call('POST', `/api/v1/order/${orderId}/awb`, {
      body: { ...body, cash_on_delivery: false },
    });
    expect(prepaid.statusCode, prepaid.body).toBe(201);
    expect(await shipmentsOf(orderId)).toHaveLength(1);
  });
});
