import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestUser } from '../../test/harness.js';

// The shipped data (src/server/modules/geo/geo-data.json.gz) end to end: ids are SIRUTA codes.
const CLUJ = 12;
const CLUJ_NAPOCA = 54984;
const BUCHAREST_COUNTY = 40;
const BUCHAREST = 179132;
const ARGES = 3;

let t: TestApp;
let u: TestUser;
beforeAll(async () => {
  t = await startTestApp();
  u = await t.signUp();
});
afterAll(() => t.close());

const get = async (url: string, lang?: string) => {
  const res = await u.call('GET', url, { company: null, headers: lang ? { 'accept-language': lang } : {} });
  return { status: res.statusCode, body: res.json() };
};

async function streetId(locality: number, search: string, name: string): Promise<number> {
  const { body } = await get(`/api/v1/geo/streets?locality_id=${locality}&search=${encodeURIComponent(search)}`);
  const street = body.data.find((s: { name: string }) => s.name === name);
  expect(street, name).toBeDefined();
  return street.id;
}

const postalCode = async (locality: number, street: number, number: string) =>
  (
    await get(
      `/api/v1/geo/postal-code?locality_id=${locality}&street_id=${street}&number=${encodeURIComponent(number)}`,
    )
  ).body.postal_code;

describe('geo API', () => {
  it('refuses a stranger on every endpoint (401)', async () => {
    for (const url of [
      '/api/v1/geo/counties',
      '/api/v1/geo/localities?county_id=12',
      '/api/v1/geo/streets?locality_id=54984',
      '/api/v1/geo/postal-code?locality_id=54984',
      '/api/v1/geo/about',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(401);
    }
  });

  it('lists the 42 counties with their codes, Bucharest as B, with Romanian diacritics', async () => {
    const { status, body } = await get('/api/v1/geo/counties');
    expect(status).toBe(200);
    expect(body.data).toHaveLength(42);
    expect(body.data).toContainEqual({ id: BUCHAREST_COUNTY, name: 'București', code: 'B' });
    expect(body.data).toContainEqual({ id: CLUJ, name: 'Cluj', code: 'CJ' });
    expect(body.data.find((c: { code: string }) => c.code === 'BN').name).toBe('Bistrița-Năsăud');
    expect(JSON.stringify(body.data)).not.toMatch(/[şţŞŢ]/);
  });

  it('needs no company: the data is the same for everyone, with or without X-Company-ID', async () => {
    const other = await t.signUp();
    const res = await other.call('GET', '/api/v1/geo/localities?county_id=12&search=cluj');
    expect(res.statusCode).toBe(200);
    expect(res.json().data[0].name).toBe('Cluj-Napoca');
  });

  it('searches localities ignoring diacritics and case, and tells apart villages of one name by their commune', async () => {
    const iasi = await get('/api/v1/geo/localities?county_id=22&search=IASI');
    expect(iasi.body.data[0]).toEqual({ id: 95079, name: 'Iași', county_id: 22, commune: null, postal_code: null });
    const lazaresti = await get(`/api/v1/geo/localities?county_id=${ARGES}&search=lăzărești`);
    expect(lazaresti.body.data).toEqual([
      { id: 17557, name: 'Lăzărești', county_id: ARGES, commune: 'Moșoaia', postal_code: '117511' },
      { id: 18714, name: 'Lăzărești', county_id: ARGES, commune: 'Schitu Golești', postal_code: '117653' },
    ]);
    // A search by the commune finds its villages.
    const schitu = await get(`/api/v1/geo/localities?county_id=${ARGES}&search=lazaresti schitu`);
    expect(schitu.body.data.map((l: { id: number }) => l.id)).toEqual([18714]);
    // Voluntari keeps its leading zero (SIRUTA stores 77190).
    const voluntari = await get('/api/v1/geo/localities?county_id=23&search=voluntari');
    expect(voluntari.body.data[0]).toMatchObject({ name: 'Voluntari', postal_code: '077190' });
    const limited = await get(`/api/v1/geo/localities?county_id=${ARGES}&limit=7`);
    expect(limited.body.data).toHaveLength(7);
    const byDefault = await get(`/api/v1/geo/localities?county_id=${ARGES}`);
    expect(byDefault.body.data).toHaveLength(100);
  });

  it('answers 422 with a message per field for missing or bad parameters, in English and Romanian', async () => {
    const missing = await get('/api/v1/geo/localities');
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({ county_id: ['This field is required.'] });
    const ro = await get('/api/v1/geo/streets', 'ro');
    expect(ro.status).toBe(422);
    expect(ro.body.errors).toEqual({ locality_id: ['Câmpul este obligatoriu.'] });
    const bad = await get('/api/v1/geo/streets?locality_id=abc&limit=5000');
    expect(bad.body.errors).toEqual({
      locality_id: ['This value is not valid.'],
      limit: ['The value must be at most 1000.'],
    });
    const noLocality = await get('/api/v1/geo/postal-code?street_id=1&number=3');
    expect(noLocality.body.errors).toEqual({ locality_id: ['This field is required.'] });
    const noStreet = await get(`/api/v1/geo/postal-code?locality_id=${CLUJ_NAPOCA}`, 'ro');
    expect(noStreet.status).toBe(422);
    expect(noStreet.body.errors).toEqual({
      street_id: ['Alegeți strada: codurile poștale ale acestui oraș depind de stradă.'],
    });
    const zorilor = await streetId(CLUJ_NAPOCA, 'zorilor', 'Strada Zorilor');
    const noNumber = await get(`/api/v1/geo/postal-code?locality_id=${CLUJ_NAPOCA}&street_id=${zorilor}`);
    expect(noNumber.status).toBe(422);
    expect(noNumber.body.errors).toEqual({
      number: ['Enter the street number: this street has several postal codes.'],
    });
  });

  it('answers 404 for unknown ids, and for a street of another city', async () => {
    expect((await get('/api/v1/geo/localities?county_id=99')).status).toBe(404);
    expect((await get('/api/v1/geo/streets?locality_id=1')).status).toBe(404);
    expect((await get('/api/v1/geo/postal-code?locality_id=1')).status).toBe(404);
    expect((await get(`/api/v1/geo/postal-code?locality_id=${CLUJ_NAPOCA}&street_id=99999999&number=1`)).status).toBe(
      404,
    );
    const bucharestStreet = await streetId(BUCHAREST, 'tuberozelor', 'Strada Tuberozelor');
    expect(
      (await get(`/api/v1/geo/postal-code?locality_id=${CLUJ_NAPOCA}&street_id=${bucharestStreet}&number=1`)).status,
    ).toBe(404);
  });

  it('Cluj-Napoca end to end: county → city coded by street → Strada Zorilor → code by number and parity', async () => {
    const cities = await get(`/api/v1/geo/localities?county_id=${CLUJ}&search=cluj-napoca`);
    expect(cities.body.data[0]).toEqual({
      id: CLUJ_NAPOCA,
      name: 'Cluj-Napoca',
      county_id: CLUJ,
      commune: null,
      postal_code: null,
    });
    const streets = await get(`/api/v1/geo/streets?locality_id=${CLUJ_NAPOCA}&search=zorilor`);
    const zorilor = streets.body.data.find((s: { name: string }) => s.name === 'Strada Zorilor');
    expect(zorilor.ranges).toEqual([
      { from: 1, to: 27, parity: 'odd', postal_code: '400335' },
      { from: 2, to: 44, parity: 'even', postal_code: '400335' },
      { from: 29, to: null, parity: 'odd', postal_code: '400351' },
      { from: 46, to: null, parity: 'even', postal_code: '400351' },
    ]);
    expect(await postalCode(CLUJ_NAPOCA, zorilor.id, '27')).toBe('400335');
    expect(await postalCode(CLUJ_NAPOCA, zorilor.id, '29')).toBe('400351');
    expect(await postalCode(CLUJ_NAPOCA, zorilor.id, '44')).toBe('400335');
    expect(await postalCode(CLUJ_NAPOCA, zorilor.id, '46')).toBe('400351');
    expect(await postalCode(CLUJ_NAPOCA, zorilor.id, '12A')).toBe('400335');
    const pasteur = await streetId(CLUJ_NAPOCA, 'pasteur', 'Strada Pasteur Louis');
    expect(await postalCode(CLUJ_NAPOCA, pasteur, '50')).toBe('400353');
    expect(await postalCode(CLUJ_NAPOCA, pasteur, '75')).toBe('400335');
    const dima = await streetId(CLUJ_NAPOCA, 'dima gheorghe', 'Strada Dima Gheorghe');
    expect(await postalCode(CLUJ_NAPOCA, dima, '49')).toBe('400336');
    expect(await postalCode(CLUJ_NAPOCA, dima, '53')).toBe('400342');
    // A village inside a municipality coded by street has its own one code (Bărăbanț, Alba Iulia).
    const village = await get('/api/v1/geo/postal-code?locality_id=1035');
    expect(village.body).toEqual({ postal_code: '510001' });
  });

  it('Bucharest end to end: one city whose streets cross sectors, the code prefix telling the sector', async () => {
    const cities = await get(`/api/v1/geo/localities?county_id=${BUCHAREST_COUNTY}`);
    expect(cities.body.data).toEqual([
      { id: BUCHAREST, name: 'București', county_id: BUCHAREST_COUNTY, commune: null, postal_code: null },
    ]);
    const porumbaru = await streetId(BUCHAREST, 'porumbaru', 'Strada Porumbaru Emanoil');
    expect(await postalCode(BUCHAREST, porumbaru, '25')).toBe('011421');
    expect(await postalCode(BUCHAREST, porumbaru, '71')).toBe('011424');
    expect(await postalCode(BUCHAREST, porumbaru, '74')).toBe('011428');
    const eminescu = await streetId(BUCHAREST, 'mihai eminescu', 'Strada Eminescu Mihai');
    expect(await postalCode(BUCHAREST, eminescu, '15')).toBe('010511');
    expect(await postalCode(BUCHAREST, eminescu, '47')).toBe('020071');
    expect(await postalCode(BUCHAREST, eminescu, '183')).toBe('020078');
    expect(await postalCode(BUCHAREST, eminescu, '182')).toBe('020085');
    // A street coded as a whole needs no number.
    const tuberozelor = await streetId(BUCHAREST, 'tuberozelor', 'Strada Tuberozelor');
    expect((await get(`/api/v1/geo/postal-code?locality_id=${BUCHAREST}&street_id=${tuberozelor}`)).body).toEqual({
      postal_code: '011411',
    });
    // Word order and the title do not matter: the data writes "Mincu Ion, arh.".
    const mincu = await get(`/api/v1/geo/streets?locality_id=${BUCHAREST}&search=ion mincu`);
    expect(mincu.body.data.map((s: { name: string }) => s.name)).toEqual(['Strada Mincu Ion, arh.']);
    // A city with thousands of streets answers a page of them, never all.
    const all = await get(`/api/v1/geo/streets?locality_id=${BUCHAREST}`);
    expect(all.body.data).toHaveLength(100);
    const lazy = await get(`/api/v1/geo/streets?locality_id=${BUCHAREST}&search=vic&limit=50`);
    expect(lazy.body.data.length).toBeLessThanOrEqual(50);
    // Streets whose own name starts with the search come first (Aleea Vicina, Calea Victoriei), then
    // those with the letters at the start of another word (Piața Babeș Victor).
    const names: string[] = lazy.body.data.map((s: { name: string }) => s.name);
    const ownStartsWith = names.map((n) => /^vic/i.test(n.split(' ').slice(1).join(' ')));
    expect(ownStartsWith).toEqual([...ownStartsWith].sort((a, b) => Number(b) - Number(a)));
    expect(names.slice(0, 2)).toEqual(['Aleea Vicina', 'Strada Vicina']);
    expect(names.indexOf('Calea Victoriei')).toBeLessThan(names.indexOf('Piața Babeș Victor, dr. prof.'));
  });

  it('Iași: "stefan cel mare" finds Bulevardul Ștefan cel Mare și Sfânt', async () => {
    const streets = await get('/api/v1/geo/streets?locality_id=95079&search=stefan cel mare');
    expect(streets.body.data.map((s: { name: string }) => s.name)).toContain('Bulevardul Ștefan cel Mare și Sfânt');
  });

  it('a locality with one code answers it, whatever the street', async () => {
    const sinaia = await get('/api/v1/geo/localities?county_id=29&search=sinaia');
    const town = sinaia.body.data.find((l: { commune: string | null }) => l.commune === null);
    expect(town.postal_code).toBe('106100');
    expect((await get(`/api/v1/geo/postal-code?locality_id=${town.id}`)).body).toEqual({ postal_code: '106100' });
    expect((await get('/api/v1/geo/streets?locality_id=' + town.id)).body.data).toEqual([]);
  });

  it('names the data sources (for the data notice)', async () => {
    const { body } = await get('/api/v1/geo/about');
    expect(body.sources).toEqual({ siruta: 'SIRUTA 2025 S1', postal_codes: 'Infocod 2013' });
  });
});
