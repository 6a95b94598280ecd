import { CompiledQuery, sql, type Compilable } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { COURIER_STATUSES } from '../../../core/api/shipping.js';
import { openDb, type Db } from '../../db/connection.js';
import { jobHandlers, RECURRING_JOBS, scheduleRecurringJobs } from '../../backgroundJobs.js';
import { runDueJobs } from '../../jobs/runner.js';
import { manualClock } from '../../lib/clock.js';
import { secretBox } from '../../lib/secrets.js';
import { loadProvidersConfig } from '../../providers/config.js';
import { cargusEvent } from '../../providers/couriers/cargusStatuses.js';
import { dpdEvent } from '../../providers/couriers/dpdStatuses.js';
import { samedayEvent } from '../../providers/couriers/samedayStatuses.js';
import { AWB_STATUSES, type CourierProvider } from '../../providers/couriers/types.js';
import { createProviderRegistry, type ProviderRegistry } from '../../providers/registry.js';
import { injectFetch } from '../../providers/transport.js';
import { bumpCounts } from '../../db/listCounts.js';
import { serviceContext, type ServiceContext } from '../../context.js';
import { setCourierStatus } from '../order-lifecycle/index.js';
import { engineUnderTest, startTestApp, type TestApp, type TestUser } from '../../test/harness.js';
import { TRACKING_INTERVAL_SECONDS, TRACKING_JOB } from './jobs.js';
import { openAwbPage, openAwbPageQuery } from './queries.js';
import { trackOpenAwbs } from './service.js';
import { courierStatusOf, FINAL_COURIER_STATUSES } from './statuses.js';

describe("courier statuses onto the spec's", () => {
  it('maps every client status onto a spec status, except a cancellation', () => {
    for (const s of AWB_STATUSES) {
      const mapped = courierStatusOf(s);
      if (s === 'cancelled') expect(mapped).toBeNull();
      else expect(COURIER_STATUSES).toContain(mapped);
    }
    expect(courierStatusOf('returned')).toBe('returning');
    expect(courierStatusOf(null)).toBeNull();
    expect(FINAL_COURIER_STATUSES).toEqual(['delivered', 'returning']);
  });

  it('Cargus: event ids and descriptions (ids are not published; 21 = delivered)', () => {
    const cases: [number, string, string | null][] = [
      [1, 'Expeditia a fost preluata de curier', 'pickedUp'],
      [2, 'Expeditia este in tranzit spre depozitul de destinatie', 'in_transit'],
      [4, 'Expeditia este in livrare', 'inDelivery'],
      [21, 'Confirmat - livrat destinatarului', 'delivered'],
      [21, 'anything', 'delivered'],
      [6, 'Refuzat de destinatar', 'refused'],
      [7, 'Expeditia se returneaza la expeditor', 'returning'],
      [8, 'Returnat la expeditor', 'returning'],
      [99, 'Sosit in depozit Cluj', 'in_transit'],
    ];
    for (const [id, description, spec] of cases)
      expect(courierStatusOf(cargusEvent(id, description).status), `${id} ${description}`).toBe(spec);
  });

  it('Sameday: status ids, and words for ids not listed', () => {
    const cases: [number, string, string | null][] = [
      [1, 'AWB emis', 'created'],
      [4, 'Colet ridicat', 'pickedUp'],
      [7, 'In tranzit', 'in_transit'],
      [33, 'In livrare', 'inDelivery'],
      [9, 'Livrat', 'delivered'],
      [25, 'Refuzat', 'refused'],
      [29, 'Retur in curs', 'returning'],
      [84, 'Returnat', 'returning'],
      [500, 'Colet refuzat la usa', 'refused'],
      [501, 'Comanda anulata', null],
    ];
    for (const [id, words, spec] of cases)
      expect(courierStatusOf(samedayEvent(id, words).status), `${id} ${words}`).toBe(spec);
  });

  it('DPD: operation codes', () => {
    const cases: [number, string | null][] = [
      [148, 'created'],
      [39, 'pickedUp'],
      [2, 'in_transit'],
      [11, 'in_transit'],
      [12, 'inDelivery'],
      [134, 'inDelivery'],
      [-14, 'delivered'],
      [44, 'inDelivery'],
      [123, 'refused'],
      [111, 'returning'],
      [124, 'returning'],
      [128, null],
      [7, 'in_transit'],
    ];
    for (const [code, spec] of cases) expect(courierStatusOf(dpdEvent(code).status), String(code)).toBe(spec);
  });
});

// ---------------------------------------------------------------------------------------------

const clock = manualClock(1_800_000_000);
let t: TestApp;

/** The app's emulators, reached in process, with every HTTP call and every `track` call noted. */
const http: string[] = [];
const trackCalls: { courier: CourierProvider; awbs: string[] }[] = [];
let registry: ProviderRegistry;

const DEMO: Record<CourierProvider, { username: string; password: string; api_key?: string; client_id?: string }> = {
  cargus: { username: 'demo', password: 'demo', api_key: 'demo' },
  sameday: { username: 'demo', password: 'demo' },
  dpd: { username: 'demo', password: 'demo' },
  fan: { username: 'clienttest', password: 'testing', client_id: '7032158' },
};

beforeAll(async () => {
  t = await startTestApp({ clock });
  const base = createProviderRegistry({
    config: loadProvidersConfig({}),
    clock,
    fetch: (url, init) => {
      http.push(url);
      return injectFetch(t.app.emulatorHost!)(url, init);
    },
  });
  registry = {
    ...base,
    courier(provider, credentials) {
      const client = base.courier(provider, credentials);
      const track = client.track.bind(client);
      client.track = (awbs) => {
        trackCalls.push({ courier: provider, awbs });
        return track(awbs);
      };
      return client;
    },
  };
});
afterAll(() => t.close());
beforeEach(async () => {
  // Each test tracks only the companies it sets up.
  await t.db.kysely.deleteFrom('company_integrations').execute();
  for (const e of Object.values(t.app.emulators!)) e.faults.clear();
  http.length = 0;
  trackCalls.length = 0;
});

/** The system's context, as a job runs tracking with, on the test's recording registry. */
const sys = (over: { db?: Db } = {}): ServiceContext => serviceContext({ ...t.services, providers: registry, ...over });
const services = () => ({ ...t.services, providers: registry });

async function seller(couriers: CourierProvider[]): Promise<{ u: TestUser; source: number }> {
  const u = await t.signUp();
  for (const c of couriers) {
    const res = await u.call('POST', `/api/v1/${c}/company/${u.companyId}/login`, { body: DEMO[c] });
    expect(res.statusCode, res.body).toBe(200);
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

async function newOrder(s: { u: TestUser; source: number }, name: string): Promise<number> {
  const res = await s.u.call('POST', '/api/v1/order', {
    body: {
      name,
      phone_number: '0744 123 456',
      county: 'Cluj',
      city: 'Turda',
      street: 'Strada Republicii',
      number: '3',
      source: s.source,
      products: { 'T-1': 1 },
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id;
}

/** An AWB made at the courier's emulator, written on the order as the AWB create does (`created`, the order processing). */
async function ship(
  s: { u: TestUser; source: number },
  courier: CourierProvider,
  recipient: string,
): Promise<{ orderId: number; awb: string }> {
  const orderId = await newOrder(s, recipient);
  const client = t.services.providers.courier(courier, DEMO[courier]);
  const [point] = await client.pickupPoints();
  const created = await client.createAwb({
    pickupPointId: point.id,
    contactPersonId: point.contact_persons?.[0]?.id,
    recipient: {
      name: recipient,
      phone: '0744123456',
      countyName: 'Cluj',
      localityName: 'Turda',
      streetName: 'Strada Republicii',
      streetNumber: '3',
      address: 'Strada Republicii 3',
      postalCode: '401001',
    },
    parcels: [{ weightKg: 1, lengthCm: 20, widthCm: 20, heightCm: 10 }],
    codBani: 4990,
    declaredValueBani: 0,
    content: 'Tricou',
    reference: `ORD-${orderId}`,
  });
  await setAwb(s.u.companyId, orderId, courier, created.awbNumber);
  return { orderId, awb: created.awbNumber };
}

async function setAwb(companyId: number, orderId: number, courier: CourierProvider, awb: string): Promise<void> {
  await t.db.transaction(async (trx) => {
    await trx
      .updateTable('orders')
      .set({ courier, awb, courier_status: 'created', status: 'processing' })
      .where('id', '=', orderId)
      .execute();
    await bumpCounts(trx, companyId, [
      ['orders', 'new', -1],
      ['orders', 'processing', 1],
    ]);
  });
}

const orderRow = (id: number) =>
  t.db.kysely
    .selectFrom('orders')
    .select(['status', 'courier_status', 'awb'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
const eventsOf = async (id: number, type: string) =>
  (
    await t.db.kysely
      .selectFrom('order_events')
      .select(['data', 'user_id'])
      .where('order_id', '=', id)
      .where('type', '=', type)
      .orderBy('id')
      .execute()
  ).map((e) => ({ ...JSON.parse(e.data), user_id: e.user_id }));
const notificationsOf = (companyId: number) =>
  t.db.kysely
    .selectFrom('notifications')
    .select(['message_key', 'params', 'type'])
    .where('company_id', '=', companyId)
    .where('message_key', 'like', 'awb_%')
    .orderBy('id')
    .execute();
const askedAbout = (awb: string) => trackCalls.some((c) => c.awbs.includes(awb));
const MIN = 60;

describe(`AWB tracking (${engineUnderTest})`, () => {
  it('moves statuses as the couriers report them: delivered completes the order, refused and returning notify once, final AWBs are not asked again', async () => {
    const s = await seller(['cargus', 'sameday', 'dpd']);
    const delivered = await ship(s, 'cargus', 'Ion Livrat');
    const refused = await ship(s, 'sameday', 'Ana Refuz');
    const unclaimed = await ship(s, 'dpd', 'Dan Retur');
    const start = clock.now();

    // Nothing scanned yet: nothing moves.
    let report = await trackOpenAwbs(sys());
    expect(report).toMatchObject({ asked: 3, changed: 0, skipped: [] });
    expect((await orderRow(delivered.orderId)).courier_status).toBe('created');

    clock.set(start + 15 * MIN);
    report = await trackOpenAwbs(sys());
    expect(report).toMatchObject({ asked: 3, changed: 3, completed: 0, notified: 0 });
    for (const o of [delivered, refused, unclaimed])
      expect(await orderRow(o.orderId)).toEqual({ status: 'processing', courier_status: 'pickedUp', awb: o.awb });
    // The system did it: no user on the event.
    expect(await eventsOf(delivered.orderId, 'courier_status')).toEqual([
      { awb: delivered.awb, from: 'created', to: 'pickedUp', user_id: null },
    ]);

    // Several stages in one pass: the latest one is written, from what was there.
    clock.set(start + 61 * MIN);
    report = await trackOpenAwbs(sys());
    expect(report).toMatchObject({ changed: 3, completed: 1, notified: 1 });
    expect(await orderRow(delivered.orderId)).toMatchObject({ status: 'completed', courier_status: 'delivered' });
    expect(await eventsOf(delivered.orderId, 'courier_status')).toEqual([
      { awb: delivered.awb, from: 'created', to: 'pickedUp', user_id: null },
      { awb: delivered.awb, from: 'pickedUp', to: 'delivered', user_id: null },
    ]);
    expect(await eventsOf(delivered.orderId, 'status_changed')).toEqual([
      { from: 'processing', to: 'completed', user_id: null },
    ]);
    expect(await orderRow(refused.orderId)).toMatchObject({ status: 'processing', courier_status: 'refused' });
    expect(await orderRow(unclaimed.orderId)).toMatchObject({ status: 'processing', courier_status: 'inDelivery' });

    // The orders list's tabs follow the completed order.
    const tabs = await t.db.kysely
      .selectFrom('list_counts')
      .select(['bucket', sql<number>`sum(n)`.as('n')])
      .where('company_id', '=', s.u.companyId)
      .where('list', '=', 'orders')
      .groupBy('bucket')
      .execute();
    expect(Object.fromEntries(tabs.map((r) => [r.bucket, Number(r.n)]))).toMatchObject({ processing: 2, completed: 1 });

    trackCalls.length = 0;
    clock.set(start + 80 * MIN);
    report = await trackOpenAwbs(sys());
    expect(report).toMatchObject({ asked: 2, changed: 2, completed: 0, notified: 2 });
    expect(askedAbout(delivered.awb)).toBe(false);
    expect(await orderRow(refused.orderId)).toMatchObject({ status: 'processing', courier_status: 'returning' });
    expect(await orderRow(unclaimed.orderId)).toMatchObject({ status: 'processing', courier_status: 'returning' });

    // Back at the sender ("returned") is still "returning": final, never asked again.
    trackCalls.length = 0;
    clock.set(start + 200 * MIN);
    report = await trackOpenAwbs(sys());
    expect(report).toMatchObject({ asked: 0, changed: 0 });
    expect(trackCalls).toEqual([]);

    const notes = await notificationsOf(s.u.companyId);
    expect(notes.map((n) => [n.message_key, JSON.parse(n.params!), n.type])).toEqual([
      ['awb_refused', { order: refused.orderId, courier: 'Sameday', awb: refused.awb }, 'warning'],
      // One pass goes company by company, courier by courier (cargus, dpd, sameday).
      ['awb_returning', { order: unclaimed.orderId, courier: 'DPD', awb: unclaimed.awb }, 'warning'],
      ['awb_returning', { order: refused.orderId, courier: 'Sameday', awb: refused.awb }, 'warning'],
    ]);
    // The bell shows them in the reader's language, naming the order and the AWB.
    const en = (await s.u.call('GET', '/api/v1/notifications')).json().data;
    expect(en).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          title: 'Parcel refused',
          description: `The recipient refused the parcel of order #${refused.orderId} (Sameday AWB ${refused.awb}).`,
        }),
        expect.objectContaining({
          title: 'Parcel returning',
          description: `The parcel of order #${unclaimed.orderId} (DPD AWB ${unclaimed.awb}) is on its way back to you.`,
        }),
      ]),
    );
    const ro = (await s.u.call('GET', '/api/v1/notifications', { headers: { 'accept-language': 'ro' } })).json().data;
    expect(ro).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          title: 'Colet refuzat',
          description: `Destinatarul a refuzat coletul comenzii #${refused.orderId} (AWB Sameday ${refused.awb}).`,
        }),
        expect.objectContaining({
          title: 'Colet în retur',
          description: `Coletul comenzii #${unclaimed.orderId} (AWB DPD ${unclaimed.awb}) se întoarce la dumneavoastră.`,
        }),
      ]),
    );
  });

  it('a delivery leaves an order that is not new or processing (a storno) in its status', async () => {
    const s = await seller(['cargus']);
    const o = await ship(s, 'cargus', 'Maria Livrat');
    await t.db.transaction(async (trx) => {
      await trx.updateTable('orders').set({ status: 'storno' }).where('id', '=', o.orderId).execute();
      await bumpCounts(trx, s.u.companyId, [
        ['orders', 'processing', -1],
        ['orders', 'storno', 1],
      ]);
    });
    clock.advance(61 * MIN);
    await trackOpenAwbs(sys());
    expect(await orderRow(o.orderId)).toMatchObject({ status: 'storno', courier_status: 'delivered' });
    expect(await eventsOf(o.orderId, 'status_changed')).toEqual([]);
  });

  it('tracks only active courier set-ups, and only orders with an AWB of that courier', async () => {
    const s = await seller(['cargus', 'dpd']);
    const atCargus = await ship(s, 'cargus', 'Ion Livrat');
    const atDpd = await ship(s, 'dpd', 'Ion Livrat');
    const noAwb = await newOrder(s, 'Fara AWB');
    const dpd = await t.db.kysely
      .selectFrom('company_integrations as ci')
      .innerJoin('integrations as i', 'i.id', 'ci.integration_id')
      .select('ci.id')
      .where('ci.company_id', '=', s.u.companyId)
      .where('i.key', '=', 'dpd')
      .executeTakeFirstOrThrow();
    expect((await s.u.call('POST', `/api/v1/company-integration/${dpd.id}/toggle-status`)).statusCode).toBe(200);
    clock.advance(15 * MIN);
    const report = await trackOpenAwbs(sys());
    expect(report).toMatchObject({ asked: 1, changed: 1 });
    expect(trackCalls).toEqual([{ courier: 'cargus', awbs: [atCargus.awb] }]);
    expect((await orderRow(atDpd.orderId)).courier_status).toBe('created');
    expect((await orderRow(noAwb)).courier_status).toBeNull();
  });

  it("one courier failing, or refusing a company's login, does not stop another company's tracking; the log says who was skipped", async () => {
    const down = await seller(['cargus']);
    const refusing = await seller(['dpd']);
    const fine = await seller(['sameday']);
    const atDown = await ship(down, 'cargus', 'Ion Livrat');
    const atRefusing = await ship(refusing, 'dpd', 'Ion Livrat');
    const atFine = await ship(fine, 'sameday', 'Ion Livrat');
    clock.advance(15 * MIN);
    t.app.emulators!.cargus.faults.set('server_error');
    t.app.emulators!.dpd.faults.set('refused_login');

    const log: string[] = [];
    const handlers = jobHandlers({ log: (m) => log.push(m) });
    await t.db.kysely.deleteFrom('jobs').execute();
    await scheduleRecurringJobs(t.db, clock.now());
    // Only the tracking job (the other recurring jobs, such as the exchange rates, are not this test's).
    await t.db.kysely.deleteFrom('jobs').where('key', '!=', TRACKING_JOB.key).execute();
    // The tracking pass, and the seller alert it raised for DPD's refused login.
    expect(await runDueJobs({ services: services(), handlers, instanceId: 'a' })).toBe(2);
    expect(
      await t.db.kysely
        .selectFrom('notifications')
        .select('message_key')
        .where('company_id', '=', refusing.u.companyId)
        .execute(),
    ).toEqual([{ message_key: 'credentials_rejected' }]);

    expect((await orderRow(atFine.orderId)).courier_status).toBe('pickedUp');
    expect((await orderRow(atDown.orderId)).courier_status).toBe('created');
    expect((await orderRow(atRefusing.orderId)).courier_status).toBe('created');
    expect(log).toHaveLength(1);
    expect(log[0]).toContain('1 changed');
    expect(log[0]).toContain(`company ${down.u.companyId} Cargus: unavailable`);
    expect(log[0]).toContain(`company ${refusing.u.companyId} DPD: credentials refused`);
    expect(log[0]).not.toContain('demo');
    // The job itself did not fail: it runs again at its interval.
    const [job] = await t.db.kysely.selectFrom('jobs').selectAll().execute();
    expect(job).toMatchObject({
      key: TRACKING_JOB.key,
      last_error: null,
      failed_at: null,
      run_at: clock.now() + TRACKING_INTERVAL_SECONDS.emulated,
    });

    // Once the couriers are back, the next pass catches up.
    t.app.emulators!.cargus.faults.clear();
    t.app.emulators!.dpd.faults.clear();
    clock.advance(TRACKING_INTERVAL_SECONDS.emulated);
    await runDueJobs({ services: services(), handlers, instanceId: 'a' });
    expect((await orderRow(atDown.orderId)).courier_status).toBe('pickedUp');
    expect((await orderRow(atRefusing.orderId)).courier_status).toBe('pickedUp');
  });

  it('skips a company whose stored login no longer opens (another app key) and tracks the others', async () => {
    const spoilt = await seller(['cargus']);
    const fine = await seller(['cargus']);
    const atSpoilt = await ship(spoilt, 'cargus', 'Ion Livrat');
    const atFine = await ship(fine, 'cargus', 'Ion Livrat');
    clock.advance(15 * MIN);
    const otherKey = secretBox('another app key');
    await t.db.kysely
      .updateTable('company_integrations')
      .set({
        credentials: otherKey.seal(JSON.stringify(DEMO.cargus), `company-integration:${spoilt.u.companyId}:cargus`),
      })
      .where('company_id', '=', spoilt.u.companyId)
      .execute();

    const report = await trackOpenAwbs(sys());
    expect(report.skipped).toEqual([`company ${spoilt.u.companyId} Cargus: stored credentials cannot be read`]);
    expect((await orderRow(atFine.orderId)).courier_status).toBe('pickedUp');
    expect((await orderRow(atSpoilt.orderId)).courier_status).toBe('created');
  });

  it('batches as each API allows: one AwbTrace call for 30 Cargus AWBs, 10 per DPD call, one read per AWB at Sameday', async () => {
    const s = await seller(['cargus', 'sameday', 'dpd']);
    const src = await ship(s, 'cargus', 'Ion Livrat');
    // Clones of one order, each with an AWB the courier does not know (nothing moves; only the calls count).
    const clone = async (courier: CourierProvider, n: number) => {
      for (let i = 0; i < n; i++) {
        const id = await newOrder(s, 'Clona');
        await setAwb(s.u.companyId, id, courier, `${courier === 'sameday' ? '1ONB' : ''}${9_000_000 + i}`);
      }
    };
    await clone('cargus', 29);
    await clone('dpd', 12);
    await clone('sameday', 3);
    await trackOpenAwbs(sys());
    expect(trackCalls.map((c) => [c.courier, c.awbs.length])).toEqual([
      ['cargus', 30],
      ['dpd', 12],
      ['sameday', 3],
    ]);
    expect(trackCalls[0].awbs[0]).toBe(src.awb);
    const count = (path: string) => http.filter((u) => u.includes(path)).length;
    expect(count('/AwbTrace')).toBe(1);
    expect(count('/v1/track')).toBe(2);
    expect(count('/api/client/awb/')).toBe(3);
  });

  it('walks the open AWBs in pages: every one is asked, a page at a time', async () => {
    const s = await seller(['dpd']);
    const shipped = [];
    for (let i = 0; i < 7; i++) shipped.push(await ship(s, 'dpd', 'Ion Livrat'));
    clock.advance(15 * MIN);
    const report = await trackOpenAwbs(sys(), { pageSize: 3 });
    expect(report).toMatchObject({ asked: 7, changed: 7 });
    expect(trackCalls.map((c) => c.awbs.length)).toEqual([3, 3, 1]);
    expect(trackCalls.flatMap((c) => c.awbs)).toEqual(shipped.map((o) => o.awb));
  });

  it('two passes at once (two instances) write each change once: one event, one notification', async () => {
    const s = await seller(['sameday', 'cargus']);
    const refused = await ship(s, 'sameday', 'Ana Refuz');
    const delivered = await ship(s, 'cargus', 'Ion Livrat');
    clock.advance(61 * MIN);
    const url = process.env.TEST_DATABASE_URL;
    // Separate connection pools stand for separate instances on PostgreSQL; in-memory SQLite has one connection.
    const instances: Db[] = url
      ? [openDb(url, { schema: t.db.schema }), openDb(url, { schema: t.db.schema })]
      : [t.db, t.db];
    try {
      // Bypassing the job's lease: the writes themselves must not double.
      const reports = await Promise.all(instances.map((db) => trackOpenAwbs(sys({ db }))));
      expect(reports.reduce((n, r) => n + r.changed, 0)).toBe(2);
      expect(reports.reduce((n, r) => n + r.notified, 0)).toBe(1);
      expect(reports.reduce((n, r) => n + r.completed, 0)).toBe(1);
      expect(await eventsOf(refused.orderId, 'courier_status')).toHaveLength(1);
      expect(await eventsOf(delivered.orderId, 'status_changed')).toHaveLength(1);
      expect(await notificationsOf(s.u.companyId)).toHaveLength(1);

      // Through the job: two runners at the same moment, one pass.
      await t.db.kysely.deleteFrom('jobs').execute();
      await Promise.all(instances.map((db) => scheduleRecurringJobs(db, clock.now())));
      const keys = (await t.db.kysely.selectFrom('jobs').select('key').execute()).map((r) => r.key);
      expect(keys.filter((k) => k === TRACKING_JOB.key)).toHaveLength(1);
      expect(keys).toHaveLength(RECURRING_JOBS.length);
      // Only the tracking job (the other recurring jobs, such as the exchange rates, are not this test's).
      await t.db.kysely.deleteFrom('jobs').where('key', '!=', TRACKING_JOB.key).execute();

      clock.advance(20 * MIN);
      // The tracking job alone (what the pass queues, the SMS and alerts, is not counted here).
      const handlers = { [TRACKING_JOB.kind]: jobHandlers()[TRACKING_JOB.kind] };
      const ran = await Promise.all(
        instances.map((db, i) => runDueJobs({ services: { ...services(), db }, handlers, instanceId: `i${i}` })),
      );
      expect(ran.sort()).toEqual([0, 1]);
      expect(await notificationsOf(s.u.companyId)).toHaveLength(2);
      expect((await notificationsOf(s.u.companyId))[1].message_key).toBe('awb_returning');
    } finally {
      if (url) await Promise.all(instances.map((d) => d.close()));
    }
  });

  it('writes a change only over the status it read, on the same AWB', async () => {
    const s = await seller(['cargus']);
    const o = await ship(s, 'cargus', 'Ion Livrat');
    const base = { orderId: o.orderId, courier: 'cargus' as const, awb: o.awb, to: 'pickedUp' as const };
    const ctx = serviceContext(t.services, { companyId: s.u.companyId });
    const move = (change: typeof base & { from: string }) =>
      t.db.transaction(async (trx) => (await setCourierStatus(trx, ctx, change)).moved);
    expect(await move({ ...base, from: 'in_transit' })).toBe(false);
    expect(await move({ ...base, awb: 'another', from: 'created' })).toBe(false);
    expect(await move({ ...base, courier: 'dpd', from: 'created' } as never)).toBe(false);
    expect(await move({ ...base, from: 'created' })).toBe(true);
    expect((await orderRow(o.orderId)).courier_status).toBe('pickedUp');
  });

  it('reads open AWBs from the partial index, never the whole orders table', async () => {
    const s = await seller(['cargus']);
    const o = await ship(s, 'cargus', 'Ion Livrat');
    const page = { companyId: s.u.companyId, courier: 'cargus' as const, afterId: 0, limit: 200 };
    expect(await openAwbPage(t.db.kysely, page)).toEqual([
      { id: o.orderId, awb: o.awb, courier_status: 'created', attention: null, attention_handled: null },
    ]);
    expect(await planOf(t.db, openAwbPageQuery(t.db.kysely, page))).toContain('orders_open_awbs');
  });

  it('keeps one recurring job however many instances start, and it comes back at its interval', async () => {
    await t.db.kysely.deleteFrom('jobs').execute();
    await scheduleRecurringJobs(t.db, clock.now());
    await scheduleRecurringJobs(t.db, clock.now());
    const rows = await t.db.kysely.selectFrom('jobs').select(['kind', 'key']).execute();
    expect(rows).toEqual(RECURRING_JOBS.map((j) => ({ kind: j.kind, key: j.key })));
    // Only the tracking job (the other recurring jobs, such as the exchange rates, are not this test's).
    await t.db.kysely.deleteFrom('jobs').where('key', '!=', TRACKING_JOB.key).execute();
    const handlers = jobHandlers();
    expect(await runDueJobs({ services: services(), handlers, instanceId: 'a' })).toBe(1);
    expect(await runDueJobs({ services: services(), handlers, instanceId: 'a' })).toBe(0);
    clock.advance(TRACKING_INTERVAL_SECONDS.emulated);
    expect(await runDueJobs({ services: services(), handlers, instanceId: 'a' })).toBe(1);
    expect(await t.db.kysely.selectFrom('jobs').select('key').execute()).toEqual([{ key: TRACKING_JOB.key }]);
  });
});

/** A query's plan, with sequential scans ruled out on PostgreSQL (a tiny table would use one anyway). */
async function planOf(db: Db, query: Compilable): Promise<string> {
  const { sql: text, parameters } = query.compile();
  if (db.engine === 'sqlite') {
    const { rows } = await db.kysely.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${text}`, [...parameters]),
    );
    return rows.map((r) => r.detail).join('\n');
  }
  return db.transaction(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx);
    const { rows } = await trx.executeQuery<{ 'QUERY PLAN': string }>(
      CompiledQuery.raw(`explain ${text}`, [...parameters]),
    );
    return rows.map((r) => r['QUERY PLAN']).join('\n');
  });
}
