import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobHandlers } from '../../backgroundJobs.js';
import { runDueJobs } from '../../jobs/runner.js';
import { seller, SMALL, type Seller } from '../../test/bulk.js';
import { engineUnderTest, startTestApp, type TestApp, type TestUser } from '../../test/harness.js';
import { geoData } from '../geo/index.js';

// An order sent with the specification's payload (county, city, street and number as text, no
// ids) gets the postal code and ids of the shipped address data, so that the AWB, one or in bulk,
// has a complete address. Ids are SIRUTA codes (counties, localities), streets the converter's.
const CLUJ = 12;
const CLUJ_NAPOCA = 54984;
const DEJ = 55017;
const ARGES = 3;
const BUCHAREST_COUNTY = 40;
const BUCHAREST = 179132;
const geo = geoData();
const streetNamed = (locality: number, name: string) => geo.streetsOf(locality).find((s) => s.row[2] === name)!.row[0];

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

type Address = { county: string; city: string; street: string; number: string } & Record<string, unknown>;

/** The specification's new-order payload: name, phone_number, county, city, street, number, source, details, products. */
const payload = (s: Seller, address: Address) => ({
  name: 'Ion Popescu',
  phone_number: '0744 123 456',
  ...address,
  source: s.source,
  details: 'Lăsați la ușă',
  products: { 'CANA-1': 1 },
});

async function newOrder(s: Seller, address: Address): Promise<number> {
  const res = await s.u.call('POST', '/api/v1/order', { body: payload(s, address) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id;
}

const detailOf = async (u: TestUser, id: number) => {
  const res = await u.call('GET', `/api/v1/order/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.customer_detail as Record<string, unknown>;
};

const orderOf = async (u: TestUser, id: number) => {
  const res = await u.call('GET', `/api/v1/order/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { address_check: { part: string; reason: string; message: string } | null };
};

const ZORILOR_5 = { county: 'Cluj', city: 'Cluj-Napoca', street: 'Strada Zorilor', number: '5' };
const POPA_SAVU_10 = { county: 'București', city: 'Sector 1', street: 'Strada Popa Savu', number: '10' };

describe(`a new order's postal code, from the text of its address (${engineUnderTest})`, () => {
  it('a Cluj-Napoca and a Bucharest street by name: the postal code and the ids are filled, the texts kept', async () => {
    const s = await seller(await t.signUp());
    expect(await detailOf(s.u, await newOrder(s, ZORILOR_5))).toMatchObject({
      county: 'Cluj',
      county_id: CLUJ,
      city: 'Cluj-Napoca',
      city_id: CLUJ_NAPOCA,
      street: 'Strada Zorilor',
      street_id: streetNamed(CLUJ_NAPOCA, 'Strada Zorilor'),
      street_number: '5',
      zip_code: '400335',
      address: 'Strada Zorilor 5',
    });
    expect(await detailOf(s.u, await newOrder(s, POPA_SAVU_10))).toMatchObject({
      county: 'București',
      county_id: BUCHAREST_COUNTY,
      city: 'Sector 1',
      city_id: BUCHAREST,
      street: 'Strada Popa Savu',
      street_id: streetNamed(BUCHAREST, 'Strada Popa Savu'),
      zip_code: '011433',
    });
    // Written as people write it: no diacritics, abbreviated, the name in another order.
    const loose = await newOrder(s, {
      county: 'bucuresti',
      city: 'sector 1',
      street: 'Str. Arh. Ion Mincu',
      number: '21',
    });
    expect(await detailOf(s.u, loose)).toMatchObject({ street: 'Str. Arh. Ion Mincu', zip_code: '011357' });
    // A town with one postal code, whatever its street.
    const dej = await newOrder(s, { county: 'Cluj', city: 'Dej', street: 'Strada Republicii', number: '3' });
    expect(await detailOf(s.u, dej)).toMatchObject({ city_id: DEJ, street_id: null, zip_code: '405200' });
    // Resolved: nothing to check.
    expect((await orderOf(s.u, loose)).address_check).toBeNull();
    expect((await orderOf(s.u, dej)).address_check).toBeNull();
  });

  it('an ambiguous or unknown address: the order is saved as sent, the postal code left empty, the order to check', async () => {
    const s = await seller(await t.signUp());
    const cases: [Address, Record<string, unknown>, string][] = [
      // Two villages named Lăzărești in Argeș.
      [
        { county: 'Argeș', city: 'Lăzărești', street: 'Strada Principală', number: '1' },
        { county_id: ARGES, city_id: null },
        'city_ambiguous',
      ],
      // Strada and Intrarea Eminescu Mihai, with different codes for 50.
      [
        { county: 'București', city: 'Sector 2', street: 'Mihai Eminescu', number: '50' },
        { city_id: BUCHAREST, street_id: null },
        'street_ambiguous',
      ],
      // Strada Eminescu Mihai 5 is in sector 1.
      [
        { county: 'București', city: 'Sector 2', street: 'Strada Eminescu Mihai', number: '5' },
        { city_id: BUCHAREST },
        'city_sector_mismatch',
      ],
      [
        { county: 'Cluj', city: 'Cluj-Napoca', street: 'Strada Inexistentă', number: '5' },
        { city_id: CLUJ_NAPOCA, street_id: null },
        'street_unknown',
      ],
      [
        { county: 'Cluj', city: 'Cluj-Napoca', street: 'Strada Zorilor', number: 'fără număr' },
        { city_id: CLUJ_NAPOCA },
        'number_no_code',
      ],
      [
        { county: 'Atlantida', city: 'Cluj-Napoca', street: 'Strada Zorilor', number: '5' },
        { county_id: null, city_id: null, street_id: null },
        'county_unknown',
      ],
    ];
    const toCheck: number[] = [];
    for (const [address, ids, check] of cases) {
      const id = await newOrder(s, address);
      toCheck.push(id);
      const d = await detailOf(s.u, id);
      expect(d, JSON.stringify(address)).toMatchObject({
        county: address.county,
        city: address.city,
        street: address.street,
        street_number: address.number,
        zip_code: null,
        ...ids,
      });
      // As an order that arrives by itself: to check, said why in the reader's language.
      const { address_check } = await orderOf(s.u, id);
      expect(`${address_check?.part}_${address_check?.reason}`, JSON.stringify(address_check)).toBe(check);
      expect(address_check!.message).toMatch(/\w/);
    }
    // The "to check" tab lists them and counts them.
    const listed = await s.u.call('GET', '/api/v1/order?address_check=1&items=50');
    expect(listed.statusCode, listed.body).toBe(200);
    expect((listed.json().data as { id: number }[]).map((o) => o.id).sort()).toEqual([...toCheck].sort());
    const counts = await s.u.call('GET', '/api/v1/order/counts');
    expect(counts.json().meta.address_check).toBe(cases.length);
  });

  it('an order to check is confirmed by the seller, or corrected to a street the data knows, and leaves the tab', async () => {
    const s = await seller(await t.signUp());
    const unknown = await newOrder(s, { ...ZORILOR_5, street: 'Strada Inexistentă' });
    const typo = await newOrder(s, { ...ZORILOR_5, street: 'Strada Zorilorr' });
    expect((await orderOf(s.u, unknown)).address_check).toMatchObject({ part: 'street', reason: 'unknown' });
    const confirm = await s.u.call('POST', `/api/v1/order/${unknown}/address-check`, { body: { confirm: true } });
    expect(confirm.statusCode, confirm.body).toBeLessThan(300);
    expect((await orderOf(s.u, unknown)).address_check).toBeNull();
    const fix = await s.u.call('POST', `/api/v1/order/${typo}/address-check`, { body: { street: 'Strada Zorilor' } });
    expect(fix.statusCode, fix.body).toBeLessThan(300);
    expect((await orderOf(s.u, typo)).address_check).toBeNull();
    expect(await detailOf(s.u, typo)).toMatchObject({ street: 'Strada Zorilor', zip_code: '400335' });
    expect((await s.u.call('GET', '/api/v1/order/counts')).json().meta.address_check).toBe(0);
  });

  it('an order of the form (a postal code sent, from the picker) is never to check', async () => {
    const s = await seller(await t.signUp());
    const id = await newOrder(s, { ...ZORILOR_5, street: 'Strada Inexistentă', zip_code: '400335' });
    expect((await orderOf(s.u, id)).address_check).toBeNull();
  });

  it("a postal code sent is kept as sent; ids sent without one are the resolution's start", async () => {
    const s = await seller(await t.signUp());
    const typed = await newOrder(s, { ...ZORILOR_5, zip_code: '400351' });
    expect(await detailOf(s.u, typed)).toMatchObject({ zip_code: '400351', county_id: null, city_id: null });
    const zorilor = streetNamed(CLUJ_NAPOCA, 'Strada Zorilor');
    const picked = await newOrder(s, {
      ...ZORILOR_5,
      number: '30',
      county_id: CLUJ,
      city_id: CLUJ_NAPOCA,
      street_id: zorilor,
    });
    expect(await detailOf(s.u, picked)).toMatchObject({ street_id: zorilor, zip_code: '400335' });
    // An id of another place (a Bucharest street in Cluj-Napoca) is kept as sent, and gives no code.
    const popaSavu = streetNamed(BUCHAREST, 'Strada Popa Savu');
    const wrong = await newOrder(s, { ...ZORILOR_5, street_id: popaSavu });
    expect(await detailOf(s.u, wrong)).toMatchObject({ city_id: CLUJ_NAPOCA, street_id: popaSavu, zip_code: null });
  });

  it('create: 401 for a stranger, 422 with a message per missing address field (Romanian too)', async () => {
    const s = await seller(await t.signUp());
    const stranger = await t.app.inject({ method: 'POST', url: '/api/v1/order', payload: payload(s, ZORILOR_5) });
    expect(stranger.statusCode).toBe(401);
    const missing = await s.u.call('POST', '/api/v1/order', {
      body: payload(s, { county: '', city: ' ', street: '', number: '' }),
      headers: { 'accept-language': 'ro' },
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({
      county: ['Câmpul este obligatoriu.'],
      city: ['Câmpul este obligatoriu.'],
      street: ['Câmpul este obligatoriu.'],
      number: ['Câmpul este obligatoriu.'],
    });
  });
});

describe(`an order's address edited: the ids and postal code follow a new county or city (${engineUnderTest})`, () => {
  const edit = (u: TestUser, id: number, body: unknown, lang = 'en') =>
    u.call('POST', `/api/v1/customer-detail/${id}`, { body, headers: { 'accept-language': lang } });

  it('another city is found again by name, the code change kept in the history; an address line alone changes no code', async () => {
    const s = await seller(await t.signUp());
    const id = await newOrder(s, ZORILOR_5);
    const res = await edit(s.u, id, { city: 'Dej' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.customer_detail).toMatchObject({
      city: 'Dej',
      county_id: CLUJ,
      city_id: DEJ,
      street_id: null,
      zip_code: '405200',
    });
    expect(res.json().data.history[0]).toMatchObject({
      type: 'customer_detail_changed',
      data: { changes: { city: { from: 'Cluj-Napoca', to: 'Dej' }, zip_code: { from: '400335', to: '405200' } } },
    });

    const back = (await edit(s.u, id, { city: 'Cluj-Napoca' })).json().data.customer_detail;
    expect(back).toMatchObject({ city_id: CLUJ_NAPOCA, street_id: streetNamed(CLUJ_NAPOCA, 'Strada Zorilor') });
    expect(back.zip_code).toBe('400335');

    const line = (await edit(s.u, id, { address: 'Strada Zorilor 5, ap. 2' })).json().data;
    expect(line.customer_detail.zip_code).toBe('400335');
    expect(Object.keys(line.history[0].data.changes)).toEqual(['address']);

    // A place the data does not know: the old place's ids and code are not kept.
    const unknown = (await edit(s.u, id, { county: 'Atlantida' })).json().data.customer_detail;
    expect(unknown).toMatchObject({
      county: 'Atlantida',
      county_id: null,
      city_id: null,
      street_id: null,
      zip_code: null,
    });
  });

  it('401 for a stranger, 404 for another company, 422 per field', async () => {
    const s = await seller(await t.signUp());
    const id = await newOrder(s, ZORILOR_5);
    const stranger = await t.app.inject({
      method: 'POST',
      url: `/api/v1/customer-detail/${id}`,
      payload: { city: 'Dej' },
    });
    expect(stranger.statusCode).toBe(401);
    const other = await t.signUp();
    expect((await edit(other, id, { city: 'Dej' })).statusCode).toBe(404);
    expect((await detailOf(s.u, id)).zip_code).toBe('400335');
    const bad = await edit(s.u, id, { city: 'x'.repeat(101), county: 'y'.repeat(101) }, 'ro');
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['city', 'county']);
    expect(bad.json().errors.city).toEqual(['Cel mult 100 de caractere.']);
  });
});

describe(`a bulk AWB of orders made with the specification's payload (${engineUnderTest})`, () => {
  async function setUpCargus(u: TestUser): Promise<void> {
    const step = (name: string, body: unknown) =>
      u.call('POST', `/api/v1/cargus/company/${u.companyId}/${name}`, { body });
    const login = await step('login', { username: 'demo', password: 'demo', api_key: 'demo' });
    expect(login.statusCode, login.body).toBe(200);
    const pick = await step('pickup-points', { pickup_point_id: '201001' });
    expect(pick.statusCode, pick.body).toBe(200);
  }

  async function bulkAwb(u: TestUser, ids: number[], courier: string) {
    const job = await u.call('POST', '/api/v1/order-bulk', {
      body: { action: 'awb', selection: { ids }, params: { courier, ...SMALL } },
    });
    expect(job.statusCode, job.body).toBe(202);
    while ((await runDueJobs({ services: t.services, handlers: jobHandlers(), instanceId: 'test' }, 50)) > 0);
    const read = await u.call('GET', `/api/v1/order-bulk/${job.json().data.id}`);
    expect(read.statusCode, read.body).toBe(200);
    const items = read.json().data.items as {
      order_id: number;
      outcome: string;
      reason: string | null;
      awb?: string;
    }[];
    return new Map(items.map((i) => [i.order_id, i]));
  }

  it('Cargus (a postal code needed): the resolved orders get their AWB, an unresolved one is skipped for its address', async () => {
    const s = await seller(await t.signUp());
    await setUpCargus(s.u);
    const memorandumului = await newOrder(s, {
      county: 'Cluj',
      city: 'Cluj-Napoca',
      street: 'Strada Memorandumului',
      number: '28',
    });
    const zorilor = await newOrder(s, ZORILOR_5);
    const dej = await newOrder(s, { county: 'Cluj', city: 'Dej', street: 'Strada Republicii', number: '3' });
    const unknown = await newOrder(s, {
      county: 'Cluj',
      city: 'Cluj-Napoca',
      street: 'Strada Inexistentă',
      number: '5',
    });
    // An order of the form (the picker's ids and code) goes too: the ids are the address data's, not Cargus's.
    const picked = await newOrder(s, {
      ...ZORILOR_5,
      county_id: CLUJ,
      city_id: CLUJ_NAPOCA,
      street_id: streetNamed(CLUJ_NAPOCA, 'Strada Zorilor'),
      zip_code: '400335',
    });
    const items = await bulkAwb(s.u, [memorandumului, zorilor, dej, unknown, picked], 'cargus');
    for (const id of [memorandumului, zorilor, dej, picked]) {
      expect(items.get(id), String(id)).toMatchObject({ outcome: 'done', reason: null });
      expect(items.get(id)!.awb).toMatch(/^\d+$/);
    }
    expect(items.get(unknown)).toMatchObject({
      outcome: 'skipped',
      reason: 'No complete address: No street of that name was found in the locality.',
    });
    const order = (await s.u.call('GET', `/api/v1/order/${zorilor}`)).json().data;
    expect(order).toMatchObject({ courier: 'cargus', status: 'processing' });
  });

  it("DPD: a Bucharest order written `Sector 1` goes to the data's Bucharest", async () => {
    const s = await seller(await t.signUp());
    const id = await newOrder(s, POPA_SAVU_10);
    const items = await bulkAwb(s.u, [id], 'dpd');
    expect(items.get(id)).toMatchObject({ outcome: 'done', reason: null });
  });
});
