import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobHandlers } from '../../backgroundJobs.js';
import { recountOrderLists } from '../order-counts/index.js';
import { runDueJobs } from '../../jobs/runner.js';
import { manualClock } from '../../lib/clock.js';
import { SMALL } from '../../test/bulk.js';
import { engineUnderTest, startTestApp, type TestApp, type TestUser } from '../../test/harness.js';
import { push, sellerWithIntakeKey, shopOrder, type IntakeKey } from '../../test/intake.js';

const clock = manualClock(1_800_000_000);
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ clock });
});
afterAll(() => t.close());

/** A seller (DPD, a source "Shop", products CANA-1 and BOL-2 with 100,000 in stock) with the source's intake key. */
const shop = async () => sellerWithIntakeKey(await t.signUp());

const pushed = async (s: { key: IntakeKey }, id: string, address: Record<string, unknown>) => {
  const res = await push(t.app, s.key, shopOrder(id, { shipping_address: address }), { now: clock.now() });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.order_id as number;
};
const orderOf = async (u: TestUser, id: number, lang = 'en') =>
  (await u.call('GET', `/api/v1/order/${id}`, { headers: { 'accept-language': lang } })).json().data;
const listed = async (u: TestUser, q: string) => {
  const res = await u.call('GET', `/api/v1/order?${q}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const toCheckCount = async (u: TestUser, q = '') =>
  (await u.call('GET', `/api/v1/order/counts?${q}`)).json().meta.address_check;

/** The kept counts are what counting the orders again gives (modules/order-counts/listCounts.ts). */
async function keptCountsHold(companyId: number) {
  const kept = async () =>
    (
      await t.db.kysely
        .selectFrom('list_counts')
        .select(['bucket', (eb) => eb.fn.sum<number>('n').as('n')])
        .where('company_id', '=', companyId)
        .where('list', '=', 'orders')
        .groupBy('bucket')
        .execute()
    )
      .map((r) => [r.bucket, Number(r.n)] as const)
      .filter(([, n]) => n !== 0)
      .sort();
  const before = await kept();
  await recountOrderLists(t.db.kysely, companyId);
  expect(await kept()).toEqual(before);
}

describe(`addresses of orders that arrive as text (${engineUnderTest})`, () => {
  it('a resolved address takes the ids and the postal code by number; a disagreeing typed code is replaced, the history says so', async () => {
    const s = await shop();
    const id = await pushed(s, 'Z-1', {
      county: 'Municipiul București',
      city: 'București, Sectorul 3',
      street: 'Bd. Unirii',
      number: '50',
      zip_code: '010101',
    });
    const o = await orderOf(s.u, id);
    expect(o.address_check).toBeNull();
    expect(o.customer_detail).toMatchObject({ county_id: 40, city_id: 179132, zip_code: '030833' });
    expect(o.customer_detail.street_id).toEqual(expect.any(Number));
    expect(o.history.find((e: { type: string }) => e.type === 'customer_detail_changed')).toMatchObject({
      data: { changes: { zip_code: { from: '010101', to: '030833' } }, reason: 'postal_code_of_street' },
    });
    // A village with one code needs no street; a code typed right is kept without a word.
    const village = await orderOf(
      s.u,
      await pushed(s, 'Z-2', {
        county: 'Argeș',
        city: 'Sat Burnești',
        street: 'Principală',
        number: '12',
        zip_code: '117651',
      }),
    );
    expect(village).toMatchObject({ address_check: null, customer_detail: { zip_code: '117651' } });
    expect(village.history.map((e: { type: string }) => e.type)).toEqual(['created']);
  });

  it('an address that cannot be placed on one street is to check: why, the candidates, the filter and its tab count', async () => {
    const s = await shop();
    const ok = await pushed(s, 'T-0', { county: 'Sibiu', city: 'Sibiu', street: 'Strada Fabricii', number: '7' });
    const unknown = await pushed(s, 'T-1', {
      county: 'Sibiu',
      city: 'Sibiu',
      street: 'Strada Nicăieri',
      number: '7',
      zip_code: '550000',
    });
    const ambiguous = await pushed(s, 'T-2', {
      county: 'Argeș',
      city: 'Sat Lăzărești',
      street: 'Principală',
      number: '3',
    });
    const o = await orderOf(s.u, unknown, 'ro');
    expect(o.address_check).toEqual({
      part: 'street',
      reason: 'unknown',
      message: 'Nu a fost găsită nicio stradă cu acest nume în localitate.',
      candidates: [],
    });
    // Nothing better is known: the code the customer typed stays.
    expect(o.customer_detail).toMatchObject({ city_id: expect.any(Number), street_id: null, zip_code: '550000' });
    const a = await orderOf(s.u, ambiguous);
    expect(a.address_check).toMatchObject({ part: 'city', reason: 'ambiguous' });
    expect(a.address_check.candidates.map((c: { commune: string }) => c.commune).sort()).toEqual([
      'Moșoaia',
      'Schitu Golești',
    ]);

    const list = await listed(s.u, 'address_check=1');
    expect(list.data.map((r: { id: number }) => r.id)).toEqual([ambiguous, unknown]);
    expect(list.meta.total).toBe(2);
    expect((await listed(s.u, 'address_check=0')).data.map((r: { id: number }) => r.id)).toEqual([ok]);
    expect(await toCheckCount(s.u)).toBe(2);
    expect(await toCheckCount(s.u, 'has_awb=0')).toBe(2);
    expect(await toCheckCount(s.u, 'search=T-1')).toBe(1);
    await keptCountsHold(s.u.companyId);

    // Corrected by the seller (a candidate chosen by its id): resolved, the check and its count go.
    const village = a.address_check.candidates.find((c: { commune: string }) => c.commune === 'Schitu Golești');
    const fixed = await s.u.call('POST', `/api/v1/order/${ambiguous}/address-check`, { body: { city_id: village.id } });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json().data).toMatchObject({
      address_check: null,
      customer_detail: { city: 'Lăzărești', zip_code: '117653' },
    });
    // Confirmed as it is: no more checking, the history says so.
    const confirmed = await s.u.call('POST', `/api/v1/order/${unknown}/address-check`, { body: { confirm: true } });
    expect(confirmed.json().data.address_check).toBeNull();
    expect(confirmed.json().data.history[0].type).toBe('address_confirmed');
    expect(await toCheckCount(s.u)).toBe(0);
    await keptCountsHold(s.u.companyId);

    const other = await t.signUp();
    expect(
      (await other.call('POST', `/api/v1/order/${unknown}/address-check`, { body: { confirm: true } })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: `/api/v1/order/${unknown}/address-check` })).statusCode).toBe(
      401,
    );
    const nothing = await s.u.call('POST', `/api/v1/order/${unknown}/address-check`, { body: {} });
    expect(nothing.statusCode).toBe(422);
  });

  it('a bulk AWB over pushed orders makes the resolved ones and skips the one to check, saying why', async () => {
    const s = await shop();
    const ids = [
      await pushed(s, 'B-1', { county: 'Sibiu', city: 'Sibiu', street: 'Strada Fabricii', number: '7' }),
      await pushed(s, 'B-2', { county: 'Sibiu', city: 'Sibiu', street: 'Strada Nicăieri', number: '3' }),
      await pushed(s, 'B-3', { county: 'Sibiu', city: 'Sibiu', street: 'Str. Fabricii', number: '9' }),
    ];
    const job = await s.u.call('POST', '/api/v1/order-bulk', {
      body: { action: 'awb', selection: { ids }, params: { courier: 'dpd', ...SMALL } },
    });
    expect(job.statusCode, job.body).toBe(202);
    while ((await runDueJobs({ services: t.services, handlers: jobHandlers(), instanceId: 'test' }, 50)) > 0);
    const r = (await s.u.call('GET', `/api/v1/order-bulk/${job.json().data.id}`)).json().data;
    expect(r.items.map((i: { outcome: string }) => i.outcome)).toEqual(['done', 'skipped', 'done']);
    expect(r.items[1].reason).toBe('No complete address: No street of that name was found in the locality.');
    expect((await orderOf(s.u, ids[0])).awb).toEqual(expect.any(String));
    expect((await orderOf(s.u, ids[1])).awb).toBeNull();
  });
});
