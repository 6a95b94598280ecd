import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { GEO, localitiesOf, streetsOf } from '../../emulators/geo.js';
import { manualClock } from '../../lib/clock.js';
import { CargusClient } from '../../providers/couriers/cargus.js';
import { SamedayClient } from '../../providers/couriers/sameday.js';
import { startTestApp, type TestApp, type TestUser } from '../../test/harness.js';

// The Cargus and Sameday pickers read the courier's own nomenclature through the company's client:
// here the emulators in process, whose ids are not the address data's.
const clock = manualClock(1_767_261_600); // 2026-01-01 12:00 in Bucharest
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ clock });
});
afterAll(() => t.close());
afterEach(() => vi.restoreAllMocks());

const LOGIN = {
  cargus: { username: 'demo', password: 'demo', api_key: 'demo' },
  sameday: { username: 'demo', password: 'demo' },
} as const;
const CLIENTS = { cargus: CargusClient, sameday: SamedayClient } as const;

async function withCourier(key: keyof typeof LOGIN): Promise<TestUser> {
  const u = await t.signUp();
  const res = await u.call('POST', `/api/v1/${key}/company/${u.companyId}/login`, { body: LOGIN[key] });
  expect(res.statusCode, res.body).toBe(200);
  return u;
}

const CJ = GEO.find((c) => c.code === 'CJ')!;
const AG = GEO.find((c) => c.code === 'AG')!;
const CLUJ_NAPOCA = localitiesOf(CJ).find((l) => l.name === 'Cluj-Napoca')!;
const MEMORANDUMULUI = streetsOf(CLUJ_NAPOCA).find((s) => s.name === 'Strada Memorandumului')!;
const ZORILOR = streetsOf(CLUJ_NAPOCA).find((s) => s.name === 'Strada Zorilor')!;

describe.each(['cargus', 'sameday'] as const)('GET /api/v1/%s/geo-data', (key) => {
  const URL = `/api/v1/${key}/geo-data`;

  it('answers 401 to a stranger, 400 without a company, 403 for a company not the user’s', async () => {
    const stranger = await t.app.inject({ method: 'GET', url: URL, headers: { 'x-company-id': '1' } });
    expect(stranger.statusCode).toBe(401);
    const u = await withCourier(key);
    const other = await t.signUp();
    expect((await u.call('GET', URL, { company: null })).statusCode).toBe(400);
    expect((await u.call('GET', URL, { company: other.companyId })).statusCode).toBe(403);
  });

  it('answers 409 when the company has no login at that courier, even when another company has one', async () => {
    await withCourier(key);
    const u = await t.signUp();
    expect((await u.call('GET', URL)).statusCode).toBe(409);
  });

  it('answers 422 per field, in English and Romanian', async () => {
    const u = await withCourier(key);
    const bad = await u.call('GET', `${URL}?county_id=x&limit=5000`);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      county_id: ['This value is not valid.'],
      limit: ['The value must be at most 1000.'],
    });
    const ro = await u.call('GET', `${URL}?city_id=-1`, { headers: { 'accept-language': 'ro' } });
    expect(ro.statusCode).toBe(422);
    expect(Object.keys(ro.json().errors)).toEqual(['city_id']);
    expect(ro.json().message).not.toBe(bad.json().message);
  });

  it('answers 404 for a county, a city of that county or a street the courier does not list', async () => {
    const u = await withCourier(key);
    expect((await u.call('GET', `${URL}?county_id=999`)).statusCode).toBe(404);
    expect((await u.call('GET', `${URL}?county_id=${CJ.id}&city_id=999999999`)).statusCode).toBe(404);
    // A city of another county.
    expect((await u.call('GET', `${URL}?county_id=${AG.id}&city_id=${CLUJ_NAPOCA.id}`)).statusCode).toBe(404);
    expect((await u.call('GET', `${URL}?city_id=${CLUJ_NAPOCA.id}&street_id=999999999`)).statusCode).toBe(404);
  });

  it('answers the courier’s counties and cities with the courier’s ids (Cluj-Napoca coded by street: "0")', async () => {
    const u = await withCourier(key);
    const none = await u.call('GET', URL);
    expect(none.statusCode, none.body).toBe(200);
    expect(none.json()).toMatchObject({ cities: [], streets: [], zipCodes: [] });
    expect(none.json().counties).toHaveLength(GEO.length);
    expect(none.json().counties).toContainEqual({ id: CJ.id, name: 'Cluj', code: 'CJ' });
    const cluj = (await u.call('GET', `${URL}?county_id=${CJ.id}`)).json();
    expect(cluj.cities).toContainEqual({
      id: CLUJ_NAPOCA.id,
      name: 'Cluj-Napoca',
      county_id: CJ.id,
      postal_code: key === 'cargus' ? '0' : expect.any(String),
      village: null,
    });
    // Villages of one name are told apart by their commune, as the courier gives it.
    const arges = (await u.call('GET', `${URL}?county_id=${AG.id}`)).json();
    const lazaresti = arges.cities.filter((c: { name: string }) => c.name === 'Lăzărești');
    expect(lazaresti.map((c: { village: string }) => c.village).sort()).toEqual(['Moșoaia', 'Schitu Golești']);
  });

  it('reads each list once a day per set-up; a change at the courier shows the next day', async () => {
    const u = await withCourier(key);
    const reads = vi.spyOn(CLIENTS[key].prototype, 'localities');
    const county = GEO.find((c) => c.code === 'SJ')!;
    const town = localitiesOf(county)[0];
    const name = town.name;
    const cities = async () =>
      (await u.call('GET', `${URL}?county_id=${county.id}`)).json().cities.map((c: { name: string }) => c.name);
    try {
      expect(await cities()).toContain(name);
      expect(await cities()).toContain(name);
      expect(reads).toHaveBeenCalledTimes(1);
      // The courier renames the town: the same day still answers the list read in the morning.
      town.name = `${name} Nou`;
      clock.advance(3600);
      expect(await cities()).toContain(name);
      expect(reads).toHaveBeenCalledTimes(1);
      // The next day's first request reads the courier again.
      clock.advance(24 * 3600);
      expect(await cities()).toContain(`${name} Nou`);
      expect(reads).toHaveBeenCalledTimes(2);
      // Another company's set-up has its own entry.
      const other = await withCourier(key);
      expect((await other.call('GET', `${URL}?county_id=${county.id}`)).statusCode).toBe(200);
      expect(reads).toHaveBeenCalledTimes(3);
    } finally {
      town.name = name;
    }
  });
});

describe('Cargus streets', () => {
  it('lists a city’s streets from the courier (searched), and a street’s postal-code ranges', async () => {
    const u = await withCourier('cargus');
    const found = (
      await u.call('GET', `/api/v1/cargus/geo-data?county_id=${CJ.id}&city_id=${CLUJ_NAPOCA.id}&search=zorilor`)
    ).json();
    expect(found.streets[0]).toEqual({ id: ZORILOR.id, name: 'Strada Zorilor', city_id: CLUJ_NAPOCA.id });
    const zips = (
      await u.call('GET', `/api/v1/cargus/geo-data?city_id=${CLUJ_NAPOCA.id}&street_id=${MEMORANDUMULUI.id}`)
    ).json();
    expect(zips.zipCodes).toEqual([{ from: 1, to: 28, parity: 'both', zip_code: '400114' }]);
    // Sameday has no street list: its address is free text.
    const sameday = await withCourier('sameday');
    const none = (await sameday.call('GET', `/api/v1/sameday/geo-data?city_id=${CLUJ_NAPOCA.id}`)).json();
    expect(none.streets).toEqual([]);
  });
});
