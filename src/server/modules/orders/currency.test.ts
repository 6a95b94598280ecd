import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobHandlers } from '../../backgroundJobs.js';
import { serviceContext } from '../../context.js';
import { manualClock } from '../../lib/clock.js';
import { startTestApp, type TestApp, type TestUser } from '../../test/harness.js';
import { refreshBnrRates } from '../exchange-rates/index.js';

/** A weekday after BNR's fixing: the emulator's rates are of this day. */
const clock = manualClock(Math.floor(Date.parse('2026-11-25T12:00:00Z') / 1000));
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ clock });
});
afterAll(() => t.close());

async function seller(u: TestUser) {
  const src = await u.call('POST', '/api/v1/source', { body: { company_id: u.companyId, source: 'Shop' } });
  const mk = (sku: string, price: number, currency: string) =>
    u.call('POST', '/api/v1/product', {
      body: {
        company_id: u.companyId,
        sku,
        name: `Product ${sku}`,
        sale_type: 'Bucata',
        stock: 10,
        selling_price: price,
        buying_price: 1,
        currency,
      },
    });
  const eur = (await mk('GHIV', 167.99, 'EUR')).json().data.id as number;
  const ron = (await mk('RON-1', 10, 'RON')).json().data.id as number;
  return { src: src.json().data.id as number, eur, ron };
}

const newOrder = (u: TestUser, source: number, products: Record<string, number>, lang = 'en') =>
  u.call('POST', '/api/v1/order', {
    headers: { 'accept-language': lang },
    body: {
      name: 'Ion Popescu',
      phone_number: '0744 123 456',
      county: 'Cluj',
      city: 'Cluj-Napoca',
      street: 'Strada Memorandumului',
      number: '28',
      source,
      products,
    },
  });

async function setCompanyRate(u: TestUser, rate: unknown) {
  const c = (await u.call('GET', `/api/v1/company/${u.companyId}`)).json().data;
  return u.call('POST', `/api/v1/company/${u.companyId}`, {
    body: { name: c.name, vat_number: c.vat_number, administrator_name: c.administrator_name, eur_rate: rate },
  });
}

describe('a line priced in euros', () => {
  it('with no rate known is refused with a clear 422, in both languages', async () => {
    await t.db.kysely.deleteFrom('exchange_rates').execute();
    const u = await t.signUp();
    const { src, ron } = await seller(u);
    const en = await newOrder(u, src, { GHIV: 3 });
    expect(en.statusCode).toBe(422);
    expect(en.json().errors['products.GHIV'][0]).toMatch(/^No EUR to RON exchange rate is known for GHIV/);
    const ro = await newOrder(u, src, { GHIV: 3 }, 'ro');
    expect(ro.json().errors['products.GHIV'][0]).toMatch(/^Nu se cunoaște niciun curs EUR–RON pentru GHIV/);
    const o = (await newOrder(u, src, { 'RON-1': 1 })).json().data;
    const eurId = (await u.call('GET', '/api/v1/product?search=GHIV')).json().data[0].id;
    const add = await u.call('POST', `/api/v1/order/${o.id}/product/${eurId}`, { body: { quantity: 1 } });
    expect(add.statusCode).toBe(422);
    expect(Object.keys(add.json().errors)).toEqual(['product_id']);
    expect(ron).toBeGreaterThan(0);
  });

  it("is converted at the company's rate where no BNR rate is known, kept on the line with its date", async () => {
    await t.db.kysely.deleteFrom('exchange_rates').execute();
    const u = await t.signUp();
    const { src } = await seller(u);
    expect((await setCompanyRate(u, 'x')).json().errors).toEqual({
      eur_rate: ['Enter a rate in lei per euro, greater than 0, with at most four decimals (e.g. 4.9771).'],
    });
    const set = await setCompanyRate(u, '4,9750');
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data).toMatchObject({ eur_rate: 4.975, eur_rate_set_at: clock.now() });
    const res = await newOrder(u, src, { GHIV: 3, 'RON-1': 2 });
    expect(res.statusCode, res.body).toBe(201);
    const o = res.json().data;
    // 167.99 EUR × 4.9750 = 835.75025 → 835.75 RON per unit (rounded per unit, half up); × 3 = 2,507.25
    const line = o.order_products.find((l: { product: { sku: string } }) => l.product.sku === 'GHIV');
    expect(line).toMatchObject({
      product: { selling_price: 835.75, currency: 'RON' },
      value: 2507.25,
      conversion: { currency: 'EUR', price: 167.99, rate: 4.975, rate_date: '2026-11-25', source: 'company' },
    });
    expect(o).toMatchObject({ value: 2527.25, total_value: 2527.25 });
    const ronLine = o.order_products.find((l: { product: { sku: string } }) => l.product.sku === 'RON-1');
    expect(ronLine.conversion).toBeNull();
  });

  it("is converted at BNR's rate of the day once the rates job has read it, and keeps its rate when rates move", async () => {
    const u = await t.signUp();
    const { src, eur } = await seller(u);
    await setCompanyRate(u, 4.5);
    // The job reads the emulator's BNR document.
    const handlers = jobHandlers();
    const outcome = await handlers.bnr_rates.run(
      { id: 0, kind: 'bnr_rates', key: 'bnr_rates', payload: null, attempts: 1 } as never,
      serviceContext(t.app.services),
    );
    expect(outcome).toEqual({ again: 3600 });
    const stored = await t.db.kysely
      .selectFrom('exchange_rates')
      .selectAll()
      .where('currency', '=', 'EUR')
      .executeTakeFirstOrThrow();
    expect(stored.rate_date).toBe('2026-11-25');
    const rate = Number(stored.rate);
    const o = (await newOrder(u, src, { GHIV: 1 })).json().data;
    const unit = Math.floor((16799 * rate) / 10_000 + 0.5);
    expect(o.order_products[0]).toMatchObject({
      product: { selling_price: unit / 100, currency: 'RON' },
      conversion: { currency: 'EUR', price: 167.99, rate: rate / 10_000, rate_date: '2026-11-25', source: 'bnr' },
    });
    // A later rate does not change the line; raising its quantity keeps its price.
    await t.db.kysely
      .updateTable('exchange_rates')
      .set({ rate: rate + 1000 })
      .execute();
    const up = (
      await u.call('POST', `/api/v1/order-product/${o.order_products[0].id}`, { body: { quantity: 2 } })
    ).json().data;
    expect(up.order_products[0].product.selling_price).toBe(unit / 100);
    expect(up.value).toBe((unit * 2) / 100);
    // A BNR rate older than 7 days no longer counts: the company's rate is used.
    clock.advance(9 * 86_400);
    const later = (await u.call('POST', `/api/v1/order/${o.id}/product/${eur}`, { body: { quantity: 1 } })).json().data;
    expect(later.order_products).toHaveLength(1);
    const fresh = (await newOrder(u, src, { GHIV: 1 })).json().data;
    expect(fresh.order_products[0].conversion).toMatchObject({ rate: 4.5, source: 'company' });
    clock.advance(-9 * 86_400);
  });

  it('BNR out of reach: the job asks again later and the line uses the last stored or the company rate', async () => {
    t.app.emulators!.bnr.faults.set('server_error', 10);
    const outcome = await jobHandlers().bnr_rates.run(
      { id: 0, kind: 'bnr_rates', key: 'bnr_rates', payload: null, attempts: 1 } as never,
      serviceContext(t.app.services),
    );
    expect(outcome).toEqual({ again: 900 });
    t.app.emulators!.bnr.faults.clear();
    expect((await refreshBnrRates(serviceContext(t.app.services))).date).toBe('2026-11-25');
  });
});
