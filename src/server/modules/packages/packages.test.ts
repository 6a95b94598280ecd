import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestUser } from '../../test/harness.js';
import { nowSeconds } from '../../lib/time.js';

let t: TestApp;
let alice: TestUser; // company A
let bob: TestUser; // company B

async function product(companyId: number, name: string, sku: string): Promise<number> {
  const now = nowSeconds();
  const row = await t.db.kysely
    .insertInto('products')
    .values({
      company_id: companyId,
      parent_id: null,
      name,
      description: `${name} descriere`,
      sku,
      sale_type: 'Bucata',
      stock: 10,
      selling_price: 1000,
      buying_price: 500,
      currency: 'RON',
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const valid = {
  name: 'Cutie mică',
  description: 'Carton 3 straturi',
  length: 30,
  width: 20.5,
  height: '10.25',
  weight: 1.2,
  is_active: true,
};

async function createPackage(user: TestUser, body: Record<string, unknown> = valid): Promise<number> {
  const res = await user.call('POST', '/api/v1/package', { body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id;
}

beforeAll(async () => {
  t = await startTestApp();
  alice = await t.signUp();
  bob = await t.signUp();
});
afterAll(() => t.close());

describe('packages', () => {
  it('answers 401 without a token and 400 without a company', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/package'],
      ['GET', '/api/v1/package/1'],
      ['POST', '/api/v1/package'],
      ['POST', '/api/v1/package/1'],
      ['DELETE', '/api/v1/package/1'],
      ['POST', '/api/v1/package-item'],
    ]) {
      const res = await t.app.inject({
        method: method as 'GET',
        url,
        headers: { 'x-company-id': String(alice.companyId) },
      });
      expect([url, res.statusCode]).toEqual([url, 401]);
    }
    expect((await alice.call('GET', '/api/v1/package', { company: null })).statusCode).toBe(400);
    expect((await alice.call('GET', '/api/v1/package', { company: bob.companyId })).statusCode).toBe(403);
  });

  it('creates a package with measures kept to the hundredth, and defaults to active', async () => {
    const res = await alice.call('POST', '/api/v1/package', {
      body: { name: '  Plic  ', length: '1', width: 1, height: 1.01, weight: '2,5' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const p = res.json().data;
    expect(p).toMatchObject({
      name: 'Plic',
      description: null,
      length: 1,
      width: 1,
      height: 1.01,
      weight: 2.5,
      is_active: true,
      company_id: alice.companyId,
      items: [],
    });
    const row = await t.db.kysely.selectFrom('packages').selectAll().where('id', '=', p.id).executeTakeFirstOrThrow();
    expect([row.length, row.height, row.weight]).toEqual([100, 101, 250]);
  });

  it('refuses bad input with a message per field (422)', async () => {
    const res = await alice.call('POST', '/api/v1/package', {
      body: { name: ' ', length: 0.99, width: 'abc', height: 1.005, is_active: 'maybe' },
    });
    expect(res.statusCode).toBe(422);
    const { errors } = res.json();
    expect(errors.name).toEqual(['This field is required.']);
    expect(errors.length).toEqual(['The value must be at least 1.']);
    expect(errors.width).toEqual(['Enter a number.']);
    expect(errors.height).toEqual(['Use at most two decimals.']);
    expect(errors.weight).toEqual(['This field is required.']);
    expect(errors.is_active).toBeDefined();
    const ro = await alice.call('POST', '/api/v1/package', {
      body: { ...valid, weight: -3 },
      headers: { 'accept-language': 'ro' },
    });
    expect(ro.json().errors.weight).toEqual(['Valoarea trebuie să fie cel puțin 1.']);
  });

  it('refuses a company_id in the body other than the selected company', async () => {
    const res = await alice.call('POST', '/api/v1/package', { body: { ...valid, company_id: bob.companyId } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ company_id: ['The company must be the one selected at the top of the page.'] });
    expect(
      (await alice.call('POST', '/api/v1/package', { body: { ...valid, company_id: alice.companyId } })).statusCode,
    ).toBe(201);
  });

  it('lists only the company’s packages, newest first, with search and pages', async () => {
    const user = await t.signUp();
    for (let i = 1; i <= 12; i++)
      await createPackage(user, { ...valid, name: `Cutie ${i}`, description: i === 7 ? 'pentru sticlă' : null });
    await createPackage(bob, { ...valid, name: 'Cutie străină' });
    const page1 = (await user.call('GET', '/api/v1/package')).json();
    expect(page1.meta).toMatchObject({ total: 12, last_page: 2, current_page: 1, per_page: 10 });
    expect(page1.data[0].name).toBe('Cutie 12');
    expect(page1.data[0].items).toBeUndefined();
    const page2 = (await user.call('GET', '/api/v1/package?page=2&items=10')).json();
    expect(page2.data.map((p: { name: string }) => p.name)).toEqual(['Cutie 2', 'Cutie 1']);
    const found = (await user.call('GET', '/api/v1/package?search=STICL')).json();
    expect(found.data.map((p: { name: string }) => p.name)).toEqual(['Cutie 7']);
    // A page past the end answers empty with the true last page (the client then refetches it).
    const past = (await user.call('GET', '/api/v1/package?page=9')).json();
    expect(past).toMatchObject({ data: [], meta: { total: 12, last_page: 2, current_page: 9 } });
    expect((await user.call('GET', `/api/v1/package?company_id=${user.companyId}`)).statusCode).toBe(200);
    expect((await user.call('GET', '/api/v1/package?items=0')).statusCode).toBe(422);
  });

  it('answers 404 for another company’s package on every call', async () => {
    const theirs = await createPackage(bob);
    expect((await alice.call('GET', `/api/v1/package/${theirs}`)).statusCode).toBe(404);
    expect((await alice.call('POST', `/api/v1/package/${theirs}`, { body: valid })).statusCode).toBe(404);
    expect((await alice.call('POST', `/api/v1/package/${theirs}`, { body: { is_active: false } })).statusCode).toBe(
      404,
    );
    expect((await alice.call('DELETE', `/api/v1/package/${theirs}`)).statusCode).toBe(404);
    expect(
      (await alice.call('POST', '/api/v1/package-item', { body: { package_id: theirs, package_items: [] } }))
        .statusCode,
    ).toBe(404);
    const still = (await bob.call('GET', `/api/v1/package/${theirs}`)).json().data;
    expect(still).toMatchObject({ name: valid.name, is_active: true });
    expect((await alice.call('GET', '/api/v1/package/999999')).statusCode).toBe(404);
  });

  it('updates every field, and the toggle that sends only is_active changes nothing else', async () => {
    const id = await createPackage(alice);
    const upd = await alice.call('POST', `/api/v1/package/${id}`, {
      body: { name: 'Cutie mare', description: '', length: 60, width: 40, height: 40, weight: 3.75, is_active: true },
    });
    expect(upd.statusCode, upd.body).toBe(200);
    expect(upd.json().data).toMatchObject({
      name: 'Cutie mare',
      description: null,
      length: 60,
      weight: 3.75,
      is_active: true,
      items: [],
    });

    const off = await alice.call('POST', `/api/v1/package/${id}`, { body: { is_active: false } });
    expect(off.statusCode).toBe(200);
    expect(off.json().data).toMatchObject({ name: 'Cutie mare', length: 60, weight: 3.75, is_active: false });
    const on = await alice.call('POST', `/api/v1/package/${id}`, { body: { is_active: 'true' } });
    expect(on.json().data.is_active).toBe(true);

    expect((await alice.call('POST', `/api/v1/package/${id}`, { body: { is_active: 'maybe' } })).statusCode).toBe(422);
    // Any other field makes it a full update, validated whole.
    const partial = await alice.call('POST', `/api/v1/package/${id}`, { body: { is_active: false, name: 'X' } });
    expect(partial.statusCode).toBe(422);
    expect(Object.keys(partial.json().errors).sort()).toEqual(['height', 'length', 'weight', 'width']);
  });

  it('replaces the items as a whole, merging a product listed twice', async () => {
    const id = await createPackage(alice);
    const p1 = await product(alice.companyId, 'Bluză', 'BL-1');
    const p2 = await product(alice.companyId, 'Agendă', 'AG-1');
    const p3 = await product(alice.companyId, 'Cană', 'CN-1');

    const first = await alice.call('POST', '/api/v1/package-item', {
      body: {
        package_id: id,
        package_items: [
          { product_id: p1, quantity: 2 },
          { product_id: p2, quantity: '1' },
          { product_id: p1, quantity: 3 },
        ],
      },
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.items).toEqual([
      {
        package_id: id,
        product_id: p2,
        quantity: 1,
        product: { id: p2, name: 'Agendă', sku: 'AG-1', description: 'Agendă descriere' },
      },
      {
        package_id: id,
        product_id: p1,
        quantity: 5,
        product: { id: p1, name: 'Bluză', sku: 'BL-1', description: 'Bluză descriere' },
      },
    ]);

    const second = await alice.call('POST', '/api/v1/package-item', {
      body: { package_id: id, package_items: [{ product_id: p3, quantity: 4 }] },
    });
    expect(
      second.json().data.items.map((i: { product_id: number; quantity: number }) => [i.product_id, i.quantity]),
    ).toEqual([[p3, 4]]);
    const got = (await alice.call('GET', `/api/v1/package/${id}`)).json().data;
    expect(got.items.map((i: { product_id: number }) => i.product_id)).toEqual([p3]);

    const emptied = await alice.call('POST', '/api/v1/package-item', { body: { package_id: id, package_items: [] } });
    expect(emptied.json().data.items).toEqual([]);
  });

  it('refuses products of another company and bad quantities, leaving the items untouched', async () => {
    const id = await createPackage(alice);
    const mine = await product(alice.companyId, 'Pix', 'PX-1');
    const theirs = await product(bob.companyId, 'Caiet', 'CT-1');
    await alice.call('POST', '/api/v1/package-item', {
      body: { package_id: id, package_items: [{ product_id: mine, quantity: 1 }] },
    });

    const foreign = await alice.call('POST', '/api/v1/package-item', {
      body: {
        package_id: id,
        package_items: [
          { product_id: mine, quantity: 2 },
          { product_id: theirs, quantity: 1 },
        ],
      },
    });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors).toEqual({
      'package_items.1.product_id': ['This product does not exist in the selected company.'],
    });

    const bad = await alice.call('POST', '/api/v1/package-item', {
      body: {
        package_id: id,
        package_items: [{ product_id: mine, quantity: 0 }, { product_id: mine, quantity: 1.5 }, { quantity: 1 }],
      },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toMatchObject({
      'package_items.0.quantity': ['The value must be at least 1.'],
      'package_items.1.quantity': ['Enter a whole number.'],
      'package_items.2.product_id': ['This field is required.'],
    });
    const missing = await alice.call('POST', '/api/v1/package-item', { body: {} });
    expect(Object.keys(missing.json().errors).sort()).toEqual(['package_id', 'package_items']);

    const items = (await alice.call('GET', `/api/v1/package/${id}`)).json().data.items;
    expect(items.map((i: { product_id: number; quantity: number }) => [i.product_id, i.quantity])).toEqual([[mine, 1]]);
  });

  it('deletes a package with its items', async () => {
    const id = await createPackage(alice);
    const p = await product(alice.companyId, 'Lumânare', 'LM-1');
    await alice.call('POST', '/api/v1/package-item', {
      body: { package_id: id, package_items: [{ product_id: p, quantity: 1 }] },
    });
    expect((await alice.call('DELETE', `/api/v1/package/${id}`)).statusCode).toBe(200);
    expect((await alice.call('GET', `/api/v1/package/${id}`)).statusCode).toBe(404);
    const left = await t.db.kysely
      .selectFrom('package_items')
      .select('product_id')
      .where('package_id', '=', id)
      .execute();
    expect(left).toEqual([]);
    expect((await alice.call('DELETE', `/api/v1/package/${id}`)).statusCode).toBe(404);
  });

  it('seeds demo presets with contents for each company, enough for two pages', async () => {
    const { seedPackages } = await import('../../seed/packages.js');
    const user = await t.signUp();
    const other = await t.createCompany();
    for (let i = 1; i <= 6; i++) await product(user.companyId, `Produs ${i}`, `SEED-${i}`);
    await seedPackages(t.db, { userId: user.id, companyIds: [user.companyId, other], now: nowSeconds() });
    const list = (await user.call('GET', '/api/v1/package')).json();
    expect(list.meta.last_page).toBeGreaterThanOrEqual(2);
    const ids = (await user.call('GET', '/api/v1/package?items=100')).json().data.map((p: { id: number }) => p.id);
    let withItems = 0;
    for (const id of ids) {
      const p = (await user.call('GET', `/api/v1/package/${id}`)).json().data;
      expect(p.length).toBeGreaterThanOrEqual(1);
      expect(p.weight).toBeGreaterThanOrEqual(1);
      if (p.items.length) withItems++;
      for (const it of p.items) expect(it.product.sku).toMatch(/^SEED-/);
    }
    expect(withItems).toBeGreaterThan(5);
    // The company without products still gets its presets, empty.
    const otherCount = await t.db.kysely.selectFrom('packages').select('id').where('company_id', '=', other).execute();
    expect(otherCount.length).toBe(ids.length);
  });
});

describe('package items under concurrency', () => {
  it('replaces of one package sent at the same moment all succeed and the package ends with one of them', async () => {
    const id = await createPackage(alice);
    const p1 = await product(alice.companyId, 'Bol', 'CONC-1');
    const p2 = await product(alice.companyId, 'Farfurie', 'CONC-2');
    const bodies = [
      [{ product_id: p1, quantity: 1 }],
      [{ product_id: p2, quantity: 2 }],
      [
        { product_id: p1, quantity: 3 },
        { product_id: p2, quantity: 4 },
      ],
      [],
    ];
    for (let trial = 0; trial < 5; trial += 1) {
      const answers = await Promise.all(
        bodies.map((items) =>
          alice.call('POST', '/api/v1/package-item', { body: { package_id: id, package_items: items } }),
        ),
      );
      expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
      const rows = await t.db.kysely
        .selectFrom('package_items')
        .select(['product_id', 'quantity'])
        .where('package_id', '=', id)
        .orderBy('product_id')
        .execute();
      expect(bodies.map((b) => JSON.stringify([...b].sort((x, y) => x.product_id - y.product_id)))).toContain(
        JSON.stringify(rows),
      );
    }
  });
});

describe("the company's default package", () => {
  it('one package per company is the default: marking one unmarks the others, an edit without the mark keeps it, another company is untouched', async () => {
    const u = await t.signUp();
    const other = await t.signUp();
    const theirs = await createPackage(other, { ...valid, is_default: true });
    const first = await createPackage(u, { ...valid, is_default: true });
    const second = await createPackage(u, { ...valid, name: 'Cutie mare' });
    const isDefault = async (user: TestUser, id: number) =>
      (await user.call('GET', `/api/v1/package/${id}`)).json().data.is_default;
    expect([await isDefault(u, first), await isDefault(u, second)]).toEqual([true, false]);

    const marked = await u.call('POST', `/api/v1/package/${second}`, { body: { ...valid, is_default: 'true' } });
    expect(marked.statusCode, marked.body).toBe(200);
    expect([await isDefault(u, first), await isDefault(u, second)]).toEqual([false, true]);
    // A full edit that does not name the mark leaves it; the status toggle too.
    expect((await u.call('POST', `/api/v1/package/${second}`, { body: { ...valid, name: 'X' } })).statusCode).toBe(200);
    expect((await u.call('POST', `/api/v1/package/${second}`, { body: { is_active: false } })).statusCode).toBe(200);
    expect(await isDefault(u, second)).toBe(true);
    expect(await isDefault(other, theirs)).toBe(true);

    const bad = await u.call('POST', `/api/v1/package/${first}`, { body: { ...valid, is_default: 'maybe' } });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['is_default']);
    expect(
      (await other.call('POST', `/api/v1/package/${first}`, { body: { ...valid, is_default: true } })).statusCode,
    ).toBe(404);
    expect(await isDefault(u, first)).toBe(false);
    const stranger = await t.app.inject({
      method: 'POST',
      url: `/api/v1/package/${first}`,
      payload: { ...valid, is_default: true },
    });
    expect(stranger.statusCode).toBe(401);
  });
});
