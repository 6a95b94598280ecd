import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GEO, localitiesOf, streetsOf } from '../../emulators/geo.js';
import { dbStore, memoryStore, type EmulatorStore } from '../../emulators/kit.js';
import { companyKey, type SmartBillCompany } from '../../emulators/smartbill.js';
import { manualClock } from '../../lib/clock.js';
import { serviceContext } from '../../context.js';
import { geoData } from '../../modules/geo/index.js';
import { trackOpenAwbs } from '../../modules/tracking/index.js';
import { engineUnderTest, startTestApp, type TestApp, type TestUser } from '../harness.js';

// The emulators inside the app keep their accounts and documents in the app's database
// (emulator_records): a restart of the app (here a second app built on the same database and app
// key) still serves the labels and invoices made before it, keeps moving the AWBs made before it,
// and never hands out a number twice. The SmartBill demo account takes any company's valid VAT code.

const clock = manualClock(1_800_000_000);
const MIN = 60;

// ---- the address data and the couriers' wizards (as the AWB tests) ----------------------------

const geo = geoData();
const county = (code: string) => geo.counties.find((c) => c.code === code)!;
const town = (code: string, name: string) =>
  geo
    .localitiesOf(county(code).id)
    .map((l) => l.row)
    .find((l) => l.name === name && l.commune === null)!;

// Cargus and Sameday name places by their own nomenclature (the pickers' ids), here the emulators'.
const courierCounty = (code: string) => GEO.find((c) => c.code === code)!;
const courierTown = (code: string, name: string) =>
  localitiesOf(courierCounty(code)).find((l) => l.name === name && !l.commune)!;

type Courier = 'cargus' | 'sameday' | 'dpd';
// "Livrat" in the recipient's name: the emulators deliver that AWB, an hour after it was made.
const parcel = {
  name: 'Ion Livrat',
  phone_number: '0744 123 456',
  package_width: 25,
  package_height: 10,
  package_length: 25,
  package_weight: 1,
  package_content: 'Haine',
  observations: 'Fragil',
};
const BODY: Record<Courier, Record<string, unknown>> = {
  cargus: {
    ...parcel,
    courier: 'cargus',
    county: 'Cluj',
    county_id: courierCounty('CJ').id,
    city: 'Cluj-Napoca',
    city_id: courierTown('CJ', 'Cluj-Napoca').id,
    street: 'Strada Memorandumului',
    street_id: streetsOf(courierTown('CJ', 'Cluj-Napoca')).find((s) => s.name === 'Strada Memorandumului')!.id,
    street_number: '28',
    postal_code: '400114',
  },
  sameday: {
    ...parcel,
    courier: 'sameday',
    county: 'Cluj',
    county_id: courierCounty('CJ').id,
    city: 'Dej',
    city_id: courierTown('CJ', 'Dej').id,
    address: 'Strada Republicii 3, ap. 4',
  },
  dpd: {
    ...parcel,
    courier: 'dpd',
    county: 'Sibiu',
    county_id: county('SB').id,
    city: 'Sibiu',
    city_id: town('SB', 'Sibiu').id,
    address: 'Strada Fabricii 7',
  },
};
const LOGIN: Record<Courier, Record<string, string>> = {
  cargus: { username: 'demo', password: 'demo', api_key: 'demo' },
  sameday: { username: 'demo', password: 'demo' },
  dpd: { username: 'demo', password: 'demo' },
};
const PICKUP: Record<Courier, Record<string, string>> = {
  cargus: { pickup_point_id: '201001' },
  sameday: { pickup_point_id: '3101', contact_person_id: '7101' },
  dpd: { pickup_point_id: '80100100001' },
};
const COURIERS: Courier[] = ['cargus', 'sameday', 'dpd'];

const wizard = (u: TestUser, key: string, step: string, body?: unknown) =>
  u.call(body === undefined ? 'GET' : 'POST', `/api/v1/${key}/company/${u.companyId}/${step}`, { body });

/** A seller with the three couriers and SmartBill set up with the demo accounts, a source and a product. */
async function seller(t: TestApp) {
  const u = await t.signUp();
  for (const c of COURIERS) {
    expect((await wizard(u, c, 'login', LOGIN[c])).statusCode).toBe(200);
    expect((await wizard(u, c, 'pickup-points', PICKUP[c])).json().data.configured).toBe(true);
  }
  expect((await wizard(u, 'smartbill', 'login', { username: 'demo', token: 'demo' })).statusCode).toBe(200);
  expect((await wizard(u, 'smartbill', 'series', { series_name: 'FCT' })).statusCode).toBe(200);
  expect((await wizard(u, 'smartbill', 'vat-amount', { vat_amount: '21' })).json().data.configured).toBe(true);
  const src = await u.call('POST', '/api/v1/source', { body: { company_id: u.companyId, source: 'Shop' } });
  const product = await u.call('POST', '/api/v1/product', {
    body: {
      company_id: u.companyId,
      sku: 'A-1',
      name: 'Product A',
      sale_type: 'Bucata',
      stock: 50,
      selling_price: 19.99,
      buying_price: 1,
      currency: 'RON',
    },
  });
  expect(product.statusCode, product.body).toBe(201);
  return { u, source: src.json().data.id as number };
}

async function newOrder(u: TestUser, source: number): Promise<number> {
  const res = await u.call('POST', '/api/v1/order', {
    body: {
      name: 'Ion Popescu',
      phone_number: '0744 123 456',
      county: 'Cluj',
      city: 'Cluj-Napoca',
      street: 'Strada Memorandumului',
      number: '28',
      source,
      products: { 'A-1': 1 },
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id;
}

async function awbFor(u: TestUser, orderId: number, courier: Courier): Promise<string> {
  const res = await u.call('POST', `/api/v1/order/${orderId}/awb`, { body: BODY[courier] });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.awb;
}

async function invoiceFor(u: TestUser, orderId: number): Promise<string> {
  const res = await u.call('POST', `/api/v1/order/${orderId}/create-invoice`);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.bill_number;
}

/** Downloads a document of the order: the PDF, under the name it was given. */
async function expectPdf(u: TestUser, url: string, filename: string) {
  const res = await u.call('GET', url);
  expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(200);
  expect(res.headers['content-disposition']).toBe(`attachment; filename="${filename}"`);
  expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
}

const orderRow = (t: TestApp, id: number) =>
  t.db.kysely
    .selectFrom('orders')
    .select(['status', 'courier_status', 'awb', 'bill_number'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
const track = (t: TestApp) => trackOpenAwbs(serviceContext(t.services));

describe(`the emulators across a restart of the app (${engineUnderTest})`, () => {
  let before: TestApp;
  let after: TestApp | undefined;
  beforeAll(async () => {
    before = await startTestApp({ clock });
  });
  afterAll(async () => {
    await after?.close();
    await before.close();
  });

  it('labels and invoices made before still download; AWBs made before keep moving; no number is given twice', async () => {
    const s = await seller(before);
    const start = clock.now();
    const made: Record<Courier, { orderId: number; awb: string }> = {} as never;
    for (const c of COURIERS) {
      const orderId = await newOrder(s.u, s.source);
      made[c] = { orderId, awb: await awbFor(s.u, orderId, c) };
      await expectPdf(s.u, `/api/v1/order/${orderId}/awb`, `AWB-${made[c].awb}.pdf`);
    }
    const billed = made.cargus.orderId;
    expect(await invoiceFor(s.u, billed)).toBe('FCT 0001');
    await expectPdf(s.u, `/api/v1/order/${billed}/download-invoice`, 'Factura-FCT-0001.pdf');

    // The restart: the app stops, another is built on the same database.
    await before.app.close();
    after = await startTestApp({ clock, restartOf: before });
    const u = after.as(s.u);

    for (const c of COURIERS) await expectPdf(u, `/api/v1/order/${made[c].orderId}/awb`, `AWB-${made[c].awb}.pdf`);
    await expectPdf(u, `/api/v1/order/${billed}/download-invoice`, 'Factura-FCT-0001.pdf');

    // The AWBs made before the restart move on the emulators' clock: picked up, then delivered.
    clock.set(start + 15 * MIN);
    expect(await track(after)).toMatchObject({ asked: 3, changed: 3, skipped: [] });
    for (const c of COURIERS)
      expect(await orderRow(after, made[c].orderId), c).toMatchObject({ courier_status: 'pickedUp', awb: made[c].awb });
    clock.set(start + 61 * MIN);
    expect(await track(after)).toMatchObject({ asked: 3, changed: 3, completed: 3 });
    for (const c of COURIERS)
      expect(await orderRow(after, made[c].orderId), c).toMatchObject({
        status: 'completed',
        courier_status: 'delivered',
      });

    // New numbers follow the stored ones: the next AWB of each courier, the next invoice of the series.
    const following = (awb: string) => awb.replace(/\d+$/, (n) => String(Number(n) + 1));
    for (const c of COURIERS) expect(await awbFor(u, await newOrder(u, s.source), c), c).toBe(following(made[c].awb));
    expect(await invoiceFor(u, await newOrder(u, s.source))).toBe('FCT 0002');

    // All of it lives in the app's database, in the emulators' own table.
    const stored = await after.db.kysely
      .selectFrom('emulator_records')
      .select(['provider', 'collection'])
      .where('collection', 'in', ['shipments', 'invoices'])
      .execute();
    expect(stored.map((r) => `${r.provider}/${r.collection}`).sort()).toEqual([
      ...['cargus', 'dpd', 'sameday'].flatMap((c) => [`${c}/shipments`, `${c}/shipments`]),
      'smartbill/invoices',
      'smartbill/invoices',
    ]);
  });

  it('the SmartBill demo account takes a company with its own valid VAT code; a wrong token is still refused', async () => {
    const t = after ?? before;
    const u = await t.signUp();
    // A valid CUI that the demo account does not hold yet (its control digit checks).
    await t.db.kysely
      .updateTable('companies')
      .set({ vat_number: 'RO31456784' })
      .where('id', '=', u.companyId)
      .execute();
    const refused = await wizard(u, 'smartbill', 'login', { username: 'demo', token: 'wrong' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toMatch(/^SmartBill did not accept these credentials: Autentificare esuata/);
    const smartbill = t.app.emulators!.smartbill;
    expect(await smartbill.store.get('companies', companyKey('demo', 'RO31456784'))).toBeUndefined();

    expect((await wizard(u, 'smartbill', 'login', { username: 'demo', token: 'demo' })).statusCode).toBe(200);
    expect((await wizard(u, 'smartbill', 'series')).json()).toEqual({
      data: [
        { id: 1, name: 'FCT' },
        { id: 2, name: 'DEMO' },
      ],
      selected: null,
    });
    expect((await wizard(u, 'smartbill', 'series', { series_name: 'DEMO' })).statusCode).toBe(200);
    expect((await wizard(u, 'smartbill', 'vat-amount')).json().data).toContainEqual({
      name: 'Normala',
      percentage: 21,
    });
    const vat = await wizard(u, 'smartbill', 'vat-amount', { vat_amount: '21' });
    expect(vat.json().data).toMatchObject({
      configured: true,
      configuration: { series_name: 'DEMO', vat_amount: '21', vat_name: 'Normala' },
    });
    expect(await smartbill.store.get<SmartBillCompany>('companies', companyKey('demo', 'RO31456784'))).toMatchObject({
      vatCode: 'RO31456784',
      series: [{ name: 'FCT' }, { name: 'DEMO' }, { name: 'PRF' }, { name: 'CHT' }],
    });

    // Its invoices are numbered in its own series, and print.
    const src = await u.call('POST', '/api/v1/source', { body: { company_id: u.companyId, source: 'Shop' } });
    await u.call('POST', '/api/v1/product', {
      body: {
        company_id: u.companyId,
        sku: 'A-1',
        name: 'Product A',
        sale_type: 'Bucata',
        stock: 50,
        selling_price: 19.99,
        buying_price: 1,
        currency: 'RON',
      },
    });
    const orderId = await newOrder(u, src.json().data.id);
    expect(await invoiceFor(u, orderId)).toBe('DEMO 0101');
    await expectPdf(u, `/api/v1/order/${orderId}/download-invoice`, 'Factura-DEMO-0101.pdf');
  });
});

describe(`EmulatorStore: the database and memory alike (${engineUnderTest})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ clock });
  });
  afterAll(() => t.close());

  const stores: [string, () => EmulatorStore][] = [
    ['database', () => dbStore(t.db, 'test', clock)],
    ['memory', () => memoryStore()],
  ];
  for (const [name, make] of stores) {
    it(`${name}: get, put, add, list in the order made, remove, clear; copies, never the stored value itself`, async () => {
      const store = make();
      await store.clear();
      expect(await store.get('things', 'a')).toBeUndefined();
      const a = { n: 1, tags: ['x'] };
      await store.put('things', 'a', a);
      a.n = 99; // the caller's object is not the stored one
      expect(await store.get('things', 'a')).toEqual({ n: 1, tags: ['x'] });
      expect(await store.add('things', 'b', { n: 2 })).toBe(true);
      expect(await store.add('things', 'b', { n: 3 })).toBe(false);
      await store.put('things', 'a', { n: 10 });
      expect(await store.list('things')).toEqual([{ n: 10 }, { n: 2 }]);
      expect(await store.list('others')).toEqual([]);
      await store.remove('things', 'a');
      expect(await store.list('things')).toEqual([{ n: 2 }]);
      await store.clear();
      expect(await store.list('things')).toEqual([]);
    });

    it(`${name}: counters hand out each number once, even to calls at the same moment; the last one can be given back`, async () => {
      const store = make();
      await store.clear();
      expect(await store.next('awb', 1000)).toBe(1000);
      const many = await Promise.all(Array.from({ length: 12 }, () => store.next('awb', 1000)));
      expect(new Set(many).size).toBe(12);
      expect(Math.min(...many)).toBe(1001);
      expect(await store.next('parcel', 500, 3)).toBe(500); // 500, 501, 502
      expect(await store.next('parcel', 500)).toBe(503);
      await store.giveBack('parcel', 501); // not the last: kept
      expect(await store.get('counters', 'parcel')).toBe(504);
      await store.giveBack('parcel', 503);
      expect(await store.next('parcel', 500)).toBe(503);
    });
  }

  it('database: a new store on the same database (a restart) goes on from the stored records and counters; providers are apart', async () => {
    const first = dbStore(t.db, 'restart', clock);
    await first.put('shipments', '1', { awb: '1' });
    expect(await first.next('awb', 7)).toBe(7);
    const again = dbStore(t.db, 'restart', clock);
    expect(await again.get('shipments', '1')).toEqual({ awb: '1' });
    expect(await again.next('awb', 7)).toBe(8);
    const other = dbStore(t.db, 'other', clock);
    expect(await other.list('shipments')).toEqual([]);
    expect(await other.next('awb', 7)).toBe(7);
    await other.clear();
    expect(await again.list('shipments')).toHaveLength(1);
  });
});
