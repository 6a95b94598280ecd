import crypto from 'node:crypto';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestUser } from '../test/harness.js';

/**
 * Malformed input on every write endpoint, on the engine under test: PostgreSQL answered 500 to a
 * NUL in a text, to ids of 2^31 and to huge numbers, which SQLite accepted or refused cleanly.
 */
let t: TestApp;
let me: TestUser;
let sourceId: number;
let productId: number;
let packageId: number;

beforeAll(async () => {
  t = await startTestApp();
  me = await t.signUp();
  const src = await me.call('POST', '/api/v1/source', {
    body: { company_id: me.companyId, source: 'Magazin online', active: true },
  });
  sourceId = src.json().data.id;
  const prod = await me.call('POST', '/api/v1/product', {
    body: {
      name: 'Cană',
      sku: 'CANA-1',
      sale_type: 'Bucata',
      stock: 5,
      selling_price: 25,
      buying_price: 10,
      currency: 'RON',
    },
  });
  productId = prod.json().data.id;
  const pkg = await me.call('POST', '/api/v1/package', {
    body: { name: 'Cutie', length: 10, width: 10, height: 10, weight: 1 },
  });
  packageId = pkg.json().data.id;
  expect([src.statusCode, prod.statusCode, pkg.statusCode]).toEqual([201, 201, 201]);
});
afterAll(() => t.close());

// What may change on a refused request by design: failed sign-ins are counted, tokens touched.
const VOLATILE = new Set(['login_attempts', 'auth_tokens', 'kysely_migration', 'kysely_migration_lock']);

/** A digest of every row of every table: equal digests mean nothing was written. */
async function snapshot(): Promise<string> {
  // PostgreSQL's introspection lists the tables of every schema (other test files' too): keep this file's.
  const schema =
    t.db.engine === 'postgres'
      ? (await sql<{ s: string }>`select current_schema() as s`.execute(t.db.kysely)).rows[0].s
      : undefined;
  const tables = (await t.db.kysely.introspection.getTables())
    .filter((x) => schema === undefined || x.schema === schema)
    .map((x) => x.name)
    .filter((n) => !VOLATILE.has(n) && !n.includes('fts'))
    .sort();
  const hash = crypto.createHash('sha256');
  for (const name of tables) {
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(t.db.kysely);
    const text = rows.rows
      .map((r) => JSON.stringify(r, (_k, v) => (typeof v === 'bigint' ? String(v) : Buffer.isBuffer(v) ? v.length : v)))
      .sort();
    hash.update(`${name}:${text.join('\n')}\n`);
  }
  return hash.digest('hex');
}

const NUL = 'a\u0000b';

describe('a NUL character in a text is refused with a 422 on its field', () => {
  const cases: [string, string, Record<string, unknown>, string][] = [
    ['POST', '/api/v1/source', { company_id: 0, source: NUL, active: true }, 'source'],
    [
      'POST',
      '/api/v1/product',
      { name: NUL, sku: 'X-1', sale_type: 'Bucata', stock: 1, selling_price: 1, buying_price: 1, currency: 'RON' },
      'name',
    ],
    [
      'POST',
      '/api/v1/package',
      { name: 'Box', description: NUL, length: 1, width: 1, height: 1, weight: 1 },
      'description',
    ],
    ['POST', '/api/v1/message', { company_id: 0, source_id: 0, from: 'Shop', text: NUL }, 'text'],
    [
      'POST',
      '/api/v1/return-request',
      { full_name: NUL, phone_number: '0744123456', iban: 'RO49AAAA1B31007593840000', source: 'Magazin online' },
      'full_name',
    ],
    ['POST', '/api/v1/company', { name: 'Firma', vat_number: NUL, administrator_name: 'Ana' }, 'vat_number'],
  ];
  for (const [method, url, body, field] of cases) {
    it(`${method} ${url} (${field})`, async () => {
      const filled = JSON.parse(
        JSON.stringify(body)
          .replace(/"company_id":0/, `"company_id":${me.companyId}`)
          .replace(/"source_id":0/, `"source_id":${sourceId}`),
      );
      const res = await me.call(method, url, { body: filled, headers: { 'accept-language': 'ro' } });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors[field]).toEqual(['Textul conține un caracter nepermis (NUL).']);
    });
  }

  it('in a search and in the sign-in, which needs no token', async () => {
    const search = await me.call('GET', `/api/v1/product?search=${encodeURIComponent(NUL)}`);
    expect(search.statusCode).toBe(422);
    expect(Object.keys(search.json().errors)).toEqual(['search']);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { email: 'a\u0000b@x.ro', password: 'x' },
    });
    expect(login.statusCode).toBe(422);
    expect(Object.keys(login.json().errors)).toEqual(['email']);
  });
});

describe('numbers beyond what a column holds are refused, never stored', () => {
  it('ids of 2^31 and more in a path answer 422, not 500', async () => {
    for (const url of [
      '/api/v1/source/2147483648',
      '/api/v1/product/2147483648',
      '/api/v1/package/99999999999999999999',
    ]) {
      const res = await me.call('GET', url);
      expect(res.statusCode, url).toBe(422);
    }
  });

  it('ids of 2^31 in a body answer 422 on the field', async () => {
    const msg = await me.call('POST', '/api/v1/message', {
      body: { company_id: me.companyId, source_id: 2 ** 31, from: 'Shop', text: 'Salut' },
    });
    expect(msg.statusCode).toBe(422);
    expect(Object.keys(msg.json().errors)).toEqual(['source_id']);
    const items = await me.call('POST', '/api/v1/package-item', {
      body: { package_id: packageId, package_items: [{ product_id: 2 ** 31, quantity: 1 }] },
    });
    expect(items.statusCode).toBe(422);
    const pd = await me.call('POST', '/api/v1/product-discount', {
      body: { product_id: 2 ** 31, type: 'amount', quantity: 1, value: 1 },
    });
    expect(pd.statusCode).toBe(422);
  });

  it('stock of 2^31, prices of 1e20 and a 23-digit price text answer 422', async () => {
    const base = { name: 'Vază', sale_type: 'Bucata', stock: 1, selling_price: 1, buying_price: 1, currency: 'RON' };
    const stock = await me.call('POST', '/api/v1/product', { body: { ...base, sku: 'V-1', stock: 2 ** 31 } });
    expect(stock.statusCode).toBe(422);
    expect(Object.keys(stock.json().errors)).toEqual(['stock']);
    const price = await me.call('POST', '/api/v1/product', { body: { ...base, sku: 'V-2', selling_price: 1e20 } });
    expect(price.statusCode).toBe(422);
    expect(price.json().errors.selling_price).toEqual(['The amount is too large.']);
    const text = await me.call('POST', '/api/v1/product', {
      body: { ...base, sku: 'V-3', buying_price: '99999999999999999999999' },
    });
    expect(text.statusCode).toBe(422);
    expect(Object.keys(text.json().errors)).toEqual(['buying_price']);
    const max = await me.call('POST', '/api/v1/product', {
      body: { ...base, sku: 'V-4', selling_price: '10000000.00', stock: 10_000_000 },
    });
    expect(max.statusCode).toBe(201);
    const row = await t.db.kysely
      .selectFrom('products')
      .select(['selling_price', 'stock'])
      .where('sku', '=', 'V-4')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ selling_price: 10_000_000_00, stock: 10_000_000 });
    expect(Number.isInteger(row.selling_price)).toBe(true);
  });

  it('a page number far beyond any list answers 422, not a database error', async () => {
    expect((await me.call('GET', '/api/v1/product?page=1e30')).statusCode).toBe(422);
    expect((await me.call('GET', '/api/v1/source?page=99999999999999999999')).statusCode).toBe(422);
  });
});

describe('property: every write endpoint, any body', () => {
  const FIELDS = [
    'name',
    'sku',
    'source',
    'company_id',
    'source_id',
    'product_id',
    'package_id',
    'parent_id',
    'stock',
    'selling_price',
    'buying_price',
    'currency',
    'sale_type',
    'type',
    'value',
    'order_value',
    'quantity',
    'from',
    'text',
    'is_active',
    'active',
    'full_name',
    'phone_number',
    'email',
    'iban',
    'bill_number',
    'reason',
    'details',
    'description',
    'length',
    'width',
    'height',
    'weight',
    'package_items',
    'vat_number',
    'vat_payer',
    'administrator_name',
    'password',
  ];
  const hostile = fc.oneof(
    fc.string(),
    fc.string().map((s) => `${s}\u0000${s}`),
    fc.integer(),
    fc.constantFrom(2 ** 31, 2 ** 53, -(2 ** 31), 1e20, -1, 0, Number.MAX_SAFE_INTEGER),
    fc.double({ noNaN: true }),
    fc.constantFrom('99999999999999999999999', '1e400', '-0', '12,5', ' ', ''),
    fc.boolean(),
    fc.constant(null),
    fc.array(
      fc.record({
        product_id: fc.oneof(fc.integer(), fc.constant(2 ** 31)),
        quantity: fc.oneof(fc.integer(), fc.constant(1e20)),
      }),
      { maxLength: 3 },
    ),
    fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 2 }),
  );
  const randomBody = fc.dictionary(fc.constantFrom(...FIELDS), hostile, { maxKeys: 8 });
  // A valid body per endpoint with one or two fields made hostile reaches the database far more
  // often than a random one, which the schema refuses at its first missing field.
  const valid = (): Record<string, Record<string, unknown>> => ({
    '/api/v1/source': { company_id: me.companyId, source: `Sursa ${crypto.randomUUID()}`, active: true },
    '/api/v1/source/:id': { source: `Sursa ${crypto.randomUUID()}`, active: true },
    '/api/v1/product': {
      name: 'Produs',
      sku: `SKU-${crypto.randomUUID()}`,
      sale_type: 'Bucata',
      stock: 1,
      selling_price: 1,
      buying_price: 1,
      currency: 'RON',
    },
    '/api/v1/product/:id': {
      name: 'Produs',
      sku: `SKU-${crypto.randomUUID()}`,
      sale_type: 'Bucata',
      stock: 1,
      selling_price: 1,
      buying_price: 1,
      currency: 'RON',
    },
    '/api/v1/package': { name: 'Cutie', description: 'd', length: 1, width: 1, height: 1, weight: 1, is_active: true },
    '/api/v1/package/:id': {
      name: 'Cutie',
      description: 'd',
      length: 1,
      width: 1,
      height: 1,
      weight: 1,
      is_active: true,
    },
    '/api/v1/package-item': { package_id: packageId, package_items: [{ product_id: productId, quantity: 1 }] },
    '/api/v1/message': { company_id: me.companyId, source_id: sourceId, from: 'Shop', text: 'Salut' },
    '/api/v1/message/:id': { from: 'Shop', text: 'Salut' },
    '/api/v1/return-request': {
      full_name: 'Ana Pop',
      phone_number: '0744123456',
      email: 'a@b.ro',
      iban: 'RO49AAAA1B31007593840000',
      source: 'Magazin online',
      reason: 'r',
      details: 'd',
      bill_number: 'B1',
    },
    '/api/v1/return-request/:id': {
      full_name: 'Ana Pop',
      phone_number: '0744123456',
      email: 'a@b.ro',
      iban: 'RO49AAAA1B31007593840000',
      reason: 'r',
      details: 'd',
      bill_number: 'B1',
    },
    // A CUI none of the user's companies has: another one's is refused (one CUI per company a user sees).
    '/api/v1/company': {
      name: 'Firma',
      vat_number: 'RO18547290',
      administrator_name: 'Ana',
      vat_payer: true,
      active: true,
    },
    '/api/v1/company/:id': {
      name: 'Firma',
      vat_number: 'RO14399840',
      administrator_name: 'Ana',
      vat_payer: true,
      active: true,
    },
    '/api/v1/order-discount': {
      company_id: me.companyId,
      source_id: sourceId,
      type: 'amount',
      order_value: 100,
      value: 5,
    },
    '/api/v1/order-discount/:id': { type: 'amount', order_value: 100, value: 5 },
    '/api/v1/product-discount': { product_id: productId, type: 'amount', quantity: 2, value: 5 },
    '/api/v1/product-discount/:id': { product_id: productId, type: 'amount', quantity: 2, value: 5 },
  });
  const mutations = fc.array(fc.tuple(fc.nat(), hostile), { minLength: 1, maxLength: 2 });
  const bodyFor = (
    url: string,
    random: Record<string, unknown>,
    changes: [number, unknown][],
  ): Record<string, unknown> => {
    const base = valid()[url];
    if (!base) return random;
    const out = { ...base };
    const keys = Object.keys(base);
    for (const [i, v] of changes) out[keys[i % keys.length]] = v;
    return out;
  };

  it('never answers 500, and a refused request writes nothing', async () => {
    const writes = t.app.apiRoutes.filter(
      (r) => (r.method === 'POST' || r.method === 'DELETE') && r.url !== '/api/v1/login' && !r.url.includes('logout'),
    );
    expect(writes.length).toBeGreaterThan(15);
    const ids = [
      String(sourceId),
      String(productId),
      String(packageId),
      '2147483648',
      '99999999999999999999',
      '-1',
      'x',
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...writes),
        fc.constantFrom(...ids),
        randomBody,
        mutations,
        async (route, id, random, changes) => {
          const payload = bodyFor(route.url, random, changes);
          const before = await snapshot();
          // A delete runs on ids that name nothing, so the fixtures the other bodies refer to stay.
          const target = route.method === 'DELETE' && Number(id) > 0 && Number(id) < 2 ** 31 ? '999999' : id;
          const res = await me.call(route.method, route.url.replace(/:\w+/g, target), {
            body: route.method === 'DELETE' ? undefined : payload,
          });
          expect(
            res.statusCode,
            `${route.method} ${route.url} id=${id} ${JSON.stringify(payload)}: ${res.body}`,
          ).toBeLessThan(500);
          if (res.statusCode >= 400)
            expect(await snapshot(), `${route.method} ${route.url} wrote although it answered ${res.statusCode}`).toBe(
              before,
            );
        },
      ),
      {
        numRuns: Number(process.env.FC_RUNS ?? 150),
        seed: process.env.FC_SEED ? Number(process.env.FC_SEED) : undefined,
      },
    );
  }, 120_000);
});
