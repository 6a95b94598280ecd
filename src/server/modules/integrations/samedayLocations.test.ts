import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MAX_LOCKERS_LISTED, type SamedayPlace } from '../../../core/api/samedayLocations.js';
import { manualClock } from '../../lib/clock.js';
import { startTestApp, type TestApp, type TestUser } from '../../test/harness.js';
import { narrow, PLACES_TTL_SECONDS } from './samedayLocations.js';

const clock = manualClock();
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ clock });
});
afterAll(() => t.close());
beforeEach(() => t.app.emulators!.sameday.faults.clear());

const URL = '/api/v1/sameday/locations';

async function withSameday(): Promise<TestUser> {
  const u = await t.signUp();
  const res = await u.call('POST', `/api/v1/sameday/company/${u.companyId}/login`, {
    body: { username: 'demo', password: 'demo' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return u;
}

describe('GET /api/v1/sameday/locations (the /sameday-location page)', () => {
  it('answers 401 to a stranger', async () => {
    expect((await t.app.inject({ method: 'GET', url: URL, headers: { 'x-company-id': '1' } })).statusCode).toBe(401);
  });

  it('answers 409 saying how to set Sameday up when the company has no Sameday login, even when another company has one', async () => {
    await withSameday();
    const u = await t.signUp();
    const res = await u.call('GET', URL);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'Sameday is not set up for this company: sign in to Sameday under Integrations to see its pickup points and lockers.',
    );
    const ro = await u.call('GET', URL, { headers: { 'accept-language': 'ro' } });
    expect(ro.json().message).toBe(
      'Sameday nu este configurat pentru această companie: autentificați-vă la Sameday în Integrări pentru a vedea punctele de ridicare și lockerele.',
    );
  });

  it('answers 422 on a county or city that is too long', async () => {
    const u = await withSameday();
    const res = await u.call('GET', `${URL}?county=${'x'.repeat(101)}&city=${'y'.repeat(101)}`);
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['county', 'city']);
  });

  it('lists the pickup points and every county; lockers once a county is chosen, narrowed by city', async () => {
    const u = await withSameday();
    const all = (await u.call('GET', URL)).json();
    expect(
      all.data.pickup_points.map((p: SamedayPlace) => [p.name, p.address, p.county, p.city, p.is_default]),
    ).toEqual([
      ['Depozit București', 'Calea Victoriei 120', 'București', 'București', true],
      ['Depozit Voluntari', 'Șoseaua Afumați 2', 'Ilfov', 'Voluntari', false],
    ]);
    expect(all.data.lockers).toEqual([]);
    expect(all.meta.counties).toContain('Cluj');
    expect(all.meta.counties.length).toBeGreaterThan(40);
    expect(all.meta.cities).toEqual([]);

    const cluj = (await u.call('GET', `${URL}?county=Cluj`)).json();
    expect(cluj.data.pickup_points).toEqual([]);
    expect(cluj.meta.cities).toEqual(['Cluj-Napoca', 'Dej', 'Florești', 'Turda']);
    expect(cluj.data.lockers.length).toBe(cluj.meta.lockers_total);
    expect(new Set(cluj.data.lockers.map((l: SamedayPlace) => l.county))).toEqual(new Set(['Cluj']));
    expect(cluj.data.lockers[0]).toMatchObject({
      id: expect.any(String),
      name: expect.stringContaining('easybox'),
      address: expect.any(String),
      postal_code: expect.stringMatching(/^\d{6}$/),
    });

    // Diacritics and case do not matter.
    const turda = (await u.call('GET', `${URL}?county=cluj&city=TURDA`)).json();
    expect(turda.data.lockers.map((l: SamedayPlace) => l.city)).toEqual(['Turda']);
    const buc = (await u.call('GET', `${URL}?county=Bucuresti&city=Bucuresti`)).json();
    expect(buc.data.pickup_points.map((p: SamedayPlace) => p.name)).toEqual(['Depozit București']);
    expect(buc.data.lockers.length).toBeGreaterThan(1);
  });

  it("keeps Sameday's answer for an hour while the page narrows it, then asks again", async () => {
    const u = await withSameday();
    expect((await u.call('GET', URL)).statusCode).toBe(200);
    t.app.emulators!.sameday.faults.set('server_error');
    expect((await u.call('GET', `${URL}?county=Cluj`)).statusCode).toBe(200);
    clock.advance(PLACES_TTL_SECONDS);
    const late = await u.call('GET', URL);
    expect(late.statusCode).toBe(502);
    expect(late.json().message).toMatch(/^Sameday is not available right now/);
  });

  it('lists at most the cap of lockers, saying how many match', () => {
    const lockers = Array.from({ length: MAX_LOCKERS_LISTED + 50 }, (_, i): SamedayPlace => ({
      id: String(i),
      name: `easybox ${i}`,
      address: 'x',
      county: 'București',
      city: 'București',
      postal_code: null,
    }));
    const out = narrow({ pickupPoints: [], lockers }, 'bucuresti', null);
    expect(out.data.lockers).toHaveLength(MAX_LOCKERS_LISTED);
    expect(out.meta.lockers_total).toBe(MAX_LOCKERS_LISTED + 50);
  });
});
