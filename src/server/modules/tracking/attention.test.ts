import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceContext } from '../../context.js';
import { manualClock } from '../../lib/clock.js';
import { engineUnderTest, startTestApp, type TestApp, type TestUser } from '../../test/harness.js';
import { attentionOf, isRomanianHoliday, orthodoxEaster, workingDaysBetween } from './attention.js';
import { trackOpenAwbs } from './service.js';

const at = (iso: string) => Date.parse(iso) / 1000;

describe('attention rules', () => {
  it('counts whole working days between two Bucharest days, weekends and public holidays left out', () => {
    // Monday 7 December 2026, 09:20 Bucharest.
    const monday = at('2026-12-07T07:20:00Z');
    expect(workingDaysBetween(monday, at('2026-12-10T21:00:00Z'))).toBe(2); // Thursday 23:00: Tue, Wed
    expect(workingDaysBetween(monday, at('2026-12-10T22:30:00Z'))).toBe(3); // Friday 00:30 Bucharest
    // Friday 11th: Mon, Tue, Wed passed (the weekend between).
    expect(workingDaysBetween(at('2026-12-11T10:00:00Z'), at('2026-12-17T10:00:00Z'))).toBe(3);
    // 24 December 2026 (Thursday) to 30 December: 25 and 26 are holidays, 26-27 a weekend: 28, 29.
    expect(workingDaysBetween(at('2026-12-24T10:00:00Z'), at('2026-12-30T10:00:00Z'))).toBe(2);
    expect(orthodoxEaster(2026)).toBe('2026-04-12');
    expect(orthodoxEaster(2027)).toBe('2027-05-02');
    expect(isRomanianHoliday('2026-04-10')).toBe(true); // Good Friday
    expect(isRomanianHoliday('2026-04-13')).toBe(true); // Easter Monday
    expect(isRomanianHoliday('2026-06-01')).toBe(true);
    expect(isRomanianHoliday('2026-04-14')).toBe(false);
  });

  it('reads the reason from the latest event and the status; delivered never needs attention', () => {
    const now = at('2026-12-07T12:00:00Z');
    const ev = (status: string, attention: string | null = null, t = now - 60) =>
      ({ at: t, code: '1', description: '', location: null, status, attention }) as never;
    expect(attentionOf({ status: 'inDelivery', events: [ev('inDelivery', 'failed_attempt')] }, now)).toBe(
      'failed_attempt',
    );
    // A new attempt after the failed one: it moves on.
    expect(
      attentionOf({ status: 'inDelivery', events: [ev('inDelivery', 'failed_attempt'), ev('inDelivery')] }, now),
    ).toBeNull();
    expect(attentionOf({ status: 'refused', events: [ev('refused', 'refused')] }, now)).toBe('refused');
    expect(attentionOf({ status: 'returned', events: [ev('returned')] }, now)).toBe('returning');
    expect(attentionOf({ status: 'delivered', events: [ev('refused', 'refused')] }, now)).toBeNull();
    expect(attentionOf({ status: 'created', events: [] }, now + 30 * 86400)).toBeNull();
    const old = ev('in_transit', null, at('2026-12-01T08:00:00Z'));
    expect(attentionOf({ status: 'in_transit', events: [old] }, now)).toBe('stalled');
  });
});

// ---------------------------------------------------------------------------------------------

// Monday 7 December 2026, 09:00 Bucharest: the stalled parcel's last event is at 09:20.
const START = at('2026-12-07T07:00:00Z');
const clock = manualClock(START);
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ clock });
});
afterAll(() => t.close());

const DEMO: Record<'cargus' | 'sameday' | 'dpd', { username: string; password: string; api_key?: string }> = {
  cargus: { username: 'demo', password: 'demo', api_key: 'demo' },
  sameday: { username: 'demo', password: 'demo' },
  dpd: { username: 'demo', password: 'demo' },
};
const PICKUP: Record<'cargus' | 'sameday' | 'dpd', Record<string, string>> = {
  cargus: { pickup_point_id: '201001' },
  sameday: { pickup_point_id: '3101', contact_person_id: '7101' },
  dpd: { pickup_point_id: '80100100001' },
};

async function seller(): Promise<{ u: TestUser; source: number }> {
  const u = await t.signUp();
  for (const c of ['cargus', 'sameday', 'dpd'] as const) {
    const login = await u.call('POST', `/api/v1/${c}/company/${u.companyId}/login`, { body: DEMO[c] });
    expect(login.statusCode, login.body).toBe(200);
    const pick = await u.call('POST', `/api/v1/${c}/company/${u.companyId}/pickup-points`, { body: PICKUP[c] });
    expect(pick.statusCode, pick.body).toBe(200);
  }
  const src = await u.call('POST', '/api/v1/source', { body: { company_id: u.companyId, source: 'Shop' } });
  const product = await u.call('POST', '/api/v1/product', {
    body: {
      company_id: u.companyId,
      sku: 'T-1',
      name: 'Tricou',
      sale_type: 'Bucata',
      stock: 100,
      selling_price: 49.9,
      buying_price: 1,
      currency: 'RON',
    },
  });
  expect(product.statusCode, product.body).toBe(201);
  return { u, source: src.json().data.id };
}

/** An order to Sibiu and its AWB made through the console's AWB call (DPD knows the address data's Sibiu). */
async function shipped(
  s: { u: TestUser; source: number },
  courier: 'cargus' | 'sameday' | 'dpd',
  name: string,
): Promise<number> {
  const res = await s.u.call('POST', '/api/v1/order', {
    body: {
      name,
      phone_number: '0744 123 456',
      county: 'Sibiu',
      city: 'Sibiu',
      street: 'Strada Fabricii',
      number: '7',
      source: s.source,
      products: { 'T-1': 1 },
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const id: number = res.json().data.id;
  // The order's own address (Sibiu); a locker-free AWB at the courier, written on the order as the console does.
  const client = t.services.providers.courier(courier, DEMO[courier]);
  const [point] = await client.pickupPoints();
  const created = await client.createAwb({
    pickupPointId: point.id,
    contactPersonId: point.contact_persons?.[0]?.id,
    recipient: {
      name,
      phone: '0744123456',
      countyName: 'Sibiu',
      localityName: 'Sibiu',
      streetName: 'Strada Fabricii',
      streetNumber: '7',
      address: 'Strada Fabricii 7',
      postalCode: '550183',
    },
    parcels: [{ weightKg: 1, lengthCm: 20, widthCm: 20, heightCm: 10 }],
    codBani: 4990,
    declaredValueBani: 0,
    content: 'Tricou',
    reference: `${id}-1`,
  });
  const { attachAwb } = await import('../order-lifecycle/index.js');
  const ctx = { ...serviceContext(t.services), companyId: s.u.companyId, now: clock.now() };
  await t.db.transaction(async (trx) => {
    const { lockOrder } = await import('../order-lifecycle/index.js');
    await attachAwb(trx, ctx, await lockOrder(trx, ctx, id), { courier, awb: created.awbNumber });
  });
  return id;
}

const sys = () => serviceContext(t.services);
const attentionOfOrder = async (u: TestUser, id: number) =>
  (await u.call('GET', `/api/v1/order/${id}`)).json().data.attention;
const listed = async (u: TestUser) =>
  ((await u.call('GET', '/api/v1/order?attention=1')).json().data as { id: number }[]).map((o) => o.id).sort();
const counted = async (u: TestUser) => (await u.call('GET', '/api/v1/order/counts')).json().meta.attention;
/** The kept count agrees with the rows (counted on the partial index), and the dashboard shows it. */
async function expectCount(u: TestUser, n: number): Promise<void> {
  expect(await counted(u)).toBe(n);
  const { rows } = await sql<{
    n: number | string;
  }>`select count(*) as n from orders where company_id = ${u.companyId} and attention is not null`.execute(t.db.kysely);
  expect(Number(rows[0].n)).toBe(n);
  expect((await u.call('GET', '/api/v1/dashboard/stats')).json().data.attention).toBe(n);
}
const notifications = async (u: TestUser) =>
  (
    await t.db.kysely
      .selectFrom('notifications')
      .select('message_key')
      .where('company_id', '=', u.companyId)
      .where('message_key', 'in', ['awb_failed_attempt', 'awb_stalled', 'awb_refused', 'awb_returning'])
      .orderBy('id')
      .execute()
  ).map((n) => n.message_key);
const MIN = 60;
const DAY = 86400;

describe(`parcels needing attention (${engineUnderTest})`, () => {
  it('each reason enters and leaves with the tracking; the list, its count, the dashboard and the alerts follow', async () => {
    const s = await seller();
    const absent = await shipped(s, 'sameday', 'Ion Absent');
    const refused = await shipped(s, 'cargus', 'Ana Refuz');
    const unclaimed = await shipped(s, 'dpd', 'Dan Retur');
    const stalled = await shipped(s, 'cargus', 'Vlad Blocat');
    const failedDpd = await shipped(s, 'dpd', 'Maria Absent');
    const fine = await shipped(s, 'sameday', 'Rita Livrat');

    clock.set(START + 30 * MIN);
    await trackOpenAwbs(sys());
    expect(await listed(s.u)).toEqual([]);
    await expectCount(s.u, 0);

    // 61 min: failed attempts (Sameday, DPD) and a refusal.
    clock.set(START + 61 * MIN);
    let report = await trackOpenAwbs(sys());
    expect(report.attention).toBe(3);
    expect(await attentionOfOrder(s.u, absent)).toEqual({ reason: 'failed_attempt', since: clock.now() });
    expect((await attentionOfOrder(s.u, failedDpd)).reason).toBe('failed_attempt');
    expect((await attentionOfOrder(s.u, refused)).reason).toBe('refused');
    expect(await attentionOfOrder(s.u, fine)).toBeNull();
    expect(await listed(s.u)).toEqual([absent, refused, failedDpd].sort());
    await expectCount(s.u, 3);
    expect(await notifications(s.u)).toEqual(
      expect.arrayContaining(['awb_failed_attempt', 'awb_failed_attempt', 'awb_refused']),
    );

    // A second pass reading the same: nothing enters again, no second alert.
    report = await trackOpenAwbs(sys());
    expect(report.attention).toBe(0);
    expect((await notifications(s.u)).filter((k) => k === 'awb_failed_attempt')).toHaveLength(2);

    // 80 min: the refused parcel turns back (returning), the uncollected one too.
    clock.set(START + 80 * MIN);
    await trackOpenAwbs(sys());
    expect((await attentionOfOrder(s.u, refused)).reason).toBe('returning');
    expect((await attentionOfOrder(s.u, unclaimed)).reason).toBe('returning');
    await expectCount(s.u, 4);
    // Entering as returning tells the seller too: one alert per parcel turning back.
    expect((await notifications(s.u)).filter((k) => k === 'awb_returning')).toHaveLength(2);

    // Thursday 23:00: two working days without an event: not yet stalled.
    clock.set(at('2026-12-10T21:00:00Z'));
    await trackOpenAwbs(sys());
    expect(await attentionOfOrder(s.u, stalled)).toBeNull();
    // The failed attempts were delivered the next day: they left.
    expect(await attentionOfOrder(s.u, absent)).toBeNull();
    expect(await attentionOfOrder(s.u, failedDpd)).toBeNull();
    await expectCount(s.u, 2);
    const left = await t.db.kysely
      .selectFrom('order_events')
      .select(['type', 'data'])
      .where('order_id', '=', absent)
      .where('type', 'like', 'attention_%')
      .orderBy('id')
      .execute();
    expect(left.map((e) => [e.type, JSON.parse(e.data).reason])).toEqual([
      ['attention_entered', 'failed_attempt'],
      ['attention_left', 'failed_attempt'],
    ]);

    // Friday 00:30 Bucharest: Tuesday, Wednesday and Thursday passed without an event since pickup.
    clock.set(at('2026-12-10T22:30:00Z'));
    await trackOpenAwbs(sys());
    expect((await attentionOfOrder(s.u, stalled)).reason).toBe('stalled');
    expect(await notifications(s.u)).toContain('awb_stalled');
    await expectCount(s.u, 3);

    // A week after its creation it is delivered: it left.
    clock.set(START + 7 * DAY + MIN);
    await trackOpenAwbs(sys());
    expect(await attentionOfOrder(s.u, stalled)).toBeNull();
    expect(await listed(s.u)).toEqual([refused, unclaimed].sort());
    await expectCount(s.u, 2);
  });

  it('a seller marks one handled: it leaves the list, the history says who; 401, 404 and 409 otherwise', async () => {
    const s = await seller();
    const base = clock.now();
    const refused = await shipped(s, 'cargus', 'Ana Refuz');
    clock.set(base + 61 * MIN);
    await trackOpenAwbs(sys());
    expect((await attentionOfOrder(s.u, refused)).reason).toBe('refused');

    const url = `/api/v1/order/${refused}/attention/handled`;
    expect(
      (await t.app.inject({ method: 'POST', url, headers: { 'x-company-id': String(s.u.companyId) } })).statusCode,
    ).toBe(401);
    const other = await t.signUp();
    expect((await other.call('POST', url)).statusCode).toBe(404);
    expect((await attentionOfOrder(s.u, refused)).reason).toBe('refused');

    const res = await s.u.call('POST', url);
    expect(res.statusCode, res.body).toBe(200);
    expect(await attentionOfOrder(s.u, refused)).toBeNull();
    expect(await listed(s.u)).toEqual([]);
    await expectCount(s.u, 0);
    const history = (await s.u.call('GET', `/api/v1/order/${refused}`)).json().data.history as {
      type: string;
      user: { id: number } | null;
      data: { reason: string };
    }[];
    const handled = history.find((e) => e.type === 'attention_handled');
    expect(handled).toMatchObject({ user: { id: s.u.id }, data: { reason: 'refused' } });
    // Nothing left to handle.
    const again = await s.u.call('POST', url);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/does not need attention/);

    // The same reason read again keeps it out; turning back (another reason) brings it back.
    await trackOpenAwbs(sys());
    expect(await attentionOfOrder(s.u, refused)).toBeNull();
    clock.set(base + 80 * MIN);
    await trackOpenAwbs(sys());
    expect((await attentionOfOrder(s.u, refused)).reason).toBe('returning');
    await expectCount(s.u, 1);
  });
});
