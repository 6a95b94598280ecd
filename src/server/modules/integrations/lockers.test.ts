import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locker } from '../../../core/api/lockers.js';
import { startTestApp, type TestApp, type TestUser } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const LOGIN = {
  cargus: { username: 'demo', password: 'demo', api_key: 'demo' },
  sameday: { username: 'demo', password: 'demo' },
} as const;

async function withCourier(key: keyof typeof LOGIN): Promise<TestUser> {
  const u = await t.signUp();
  const res = await u.call('POST', `/api/v1/${key}/company/${u.companyId}/login`, { body: LOGIN[key] });
  expect(res.statusCode, res.body).toBe(200);
  return u;
}

describe.each(['sameday', 'cargus'] as const)('GET /api/v1/%s/lockers', (key) => {
  const URL = `/api/v1/${key}/lockers`;

  it('answers 401 to a stranger', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${URL}?county=Cluj`, headers: { 'x-company-id': '1' } });
    expect(res.statusCode).toBe(401);
  });

  it('answers 400 without a company and 403 for a company that is not the user’s', async () => {
    const u = await withCourier(key);
    const other = await t.signUp();
    expect((await u.call('GET', `${URL}?county=Cluj`, { company: null })).statusCode).toBe(400);
    expect((await u.call('GET', `${URL}?county=Cluj`, { company: other.companyId })).statusCode).toBe(403);
  });

  it('answers 409 when the company has no login at that courier, even when another company has one', async () => {
    await withCourier(key);
    const u = await t.signUp();
    expect((await u.call('GET', `${URL}?county=Cluj`)).statusCode).toBe(409);
  });

  it('answers 422 per field: a county is required, a city at most 100 characters, in both languages', async () => {
    const u = await withCourier(key);
    const res = await u.call('GET', `${URL}?city=${'y'.repeat(101)}`);
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['county', 'city']);
    const ro = await u.call('GET', `${URL}?county=`, { headers: { 'accept-language': 'ro' } });
    expect(ro.statusCode).toBe(422);
    expect(ro.json().message).not.toBe(res.json().message);
    expect(Object.keys(ro.json().errors)).toEqual(['county']);
  });

  it('lists the points of a county, narrowed by city (diacritics and case aside), with whether each takes cash on delivery', async () => {
    const u = await withCourier(key);
    const cluj = await u.call('GET', `${URL}?county=Cluj`);
    expect(cluj.statusCode, cluj.body).toBe(200);
    const body = cluj.json();
    expect(body.data.length).toBe(body.meta.total);
    expect(body.data.length).toBeGreaterThan(0);
    expect(body.meta.cities).toContain('Cluj-Napoca');
    expect(new Set(body.data.map((l: Locker) => l.county))).toEqual(new Set(['Cluj']));
    expect(body.data[0]).toEqual({
      id: expect.any(String),
      name: expect.any(String),
      address: expect.any(String),
      city: expect.any(String),
      county: 'Cluj',
      postal_code: expect.toBeOneOf([null, expect.stringMatching(/^\d{6}$/)]),
      cash_on_delivery: expect.any(Boolean),
    });
    const city = body.data[0].city as string;
    const narrowed = (await u.call('GET', `${URL}?county=CLUJ&city=${encodeURIComponent(city.toUpperCase())}`)).json();
    expect(narrowed.data.length).toBeGreaterThan(0);
    expect(new Set(narrowed.data.map((l: Locker) => l.city))).toEqual(new Set([city]));
    const cod = new Set(body.data.map((l: Locker) => l.cash_on_delivery));
    // Sameday's easybox all collect it; Cargus's network has points that do not.
    if (key === 'sameday') expect(cod).toEqual(new Set([true]));
  });
});

it('lists Cargus points that take no cash on delivery', async () => {
  const u = await withCourier('cargus');
  const all: Locker[] = [];
  for (const county of ['Cluj', 'București', 'Ilfov', 'Timiș'])
    all.push(...(await u.call('GET', `/api/v1/cargus/lockers?county=${encodeURIComponent(county)}`)).json().data);
  expect(all.some((l) => !l.cash_on_delivery)).toBe(true);
  expect(all.some((l) => l.cash_on_delivery)).toBe(true);
});
