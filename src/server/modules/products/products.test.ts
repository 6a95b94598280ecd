import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../../../core/api/products.js';
import { multipart, startTestApp, type TestApp, type TestUser } from '../../test/harness.js';
import { statementCounter } from '../../test/counting.js';
import { imageSigner } from './images.js';
import { listProducts } from './list/index.js';
import { ONE_PLAN } from '../../db/perf/pgStatements.js';
import { TINY_WEBP, productPng } from '../../lib/png.js';

// A real 1×1 JPEG (SOI, APP0/JFIF, quantisation, frame, Huffman, scan, EOI).
const TINY_JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  'base64',
);
const PNG = productPng(16, [200, 40, 40]);
const MB5 = 5 * 1024 * 1024;

let t: TestApp;
let user: TestUser;
let other: TestUser;
let skuCounter = 0;

const fields = (over: Record<string, string | number | null | undefined> = {}) => ({
  name: 'Tricou bumbac organic',
  description: 'Tricou din bumbac 100% organic, croială dreaptă.',
  sku: `TRC-${++skuCounter}`,
  sale_type: 'Bucata',
  stock: 12,
  selling_price: '89.90',
  buying_price: '41.50',
  currency: 'RON',
  ...over,
});

type File = { name: string; filename: string; type: string; data: Buffer };
const imageFile = (data: Buffer, filename = 'poza.png', type = 'image/png'): File => ({
  name: 'image',
  filename,
  type,
  data,
});

function send(
  u: TestUser,
  method: string,
  url: string,
  f: Record<string, string | number | null | undefined>,
  files: File[] = [],
  headers: Record<string, string> = {},
) {
  const body = multipart(f, files);
  return u.call(method, url, { body: body.payload, headers: { ...body.headers, ...headers } });
}

async function create(
  u: TestUser,
  over: Record<string, string | number | null | undefined> = {},
  files: File[] = [],
): Promise<Product> {
  const res = await send(u, 'POST', '/api/v1/product', fields(over), files);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as Product;
}

async function get(u: TestUser, id: number) {
  return u.call('GET', `/api/v1/product/${id}`);
}

beforeAll(async () => {
  t = await startTestApp();
  user = await t.signUp();
  other = await t.signUp();
});
afterAll(async () => t.close());

describe('authentication and company scope', () => {
  it('answers 401 without a token on every call', async () => {
    const p = await create(user);
    const calls: [string, string][] = [
      ['GET', '/api/v1/product'],
      ['GET', `/api/v1/product/${p.id}`],
      ['POST', '/api/v1/product'],
      ['POST', `/api/v1/product/${p.id}`],
      ['DELETE', `/api/v1/product/${p.id}`],
    ];
    for (const [method, url] of calls) {
      const res = await t.app.inject({
        method: method as 'GET',
        url,
        headers: { 'x-company-id': String(user.companyId) },
      });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('needs the company header and refuses a company of someone else', async () => {
    expect((await user.call('GET', '/api/v1/product', { company: null })).statusCode).toBe(400);
    expect((await user.call('GET', '/api/v1/product', { company: other.companyId })).statusCode).toBe(403);
    expect((await user.call('GET', `/api/v1/product?company_id=${other.companyId}`)).statusCode).toBe(403);
    expect((await user.call('GET', `/api/v1/product?company_id=${user.companyId}`)).statusCode).toBe(200);
  });

  it("answers 404 for another company's product on read, update and delete, and never lists it", async () => {
    const theirs = await create(other, { name: 'Produs străin' });
    expect((await get(user, theirs.id)).statusCode).toBe(404);
    const upd = await send(user, 'POST', `/api/v1/product/${theirs.id}`, fields({ name: 'Furat' }));
    expect(upd.statusCode).toBe(404);
    expect((await user.call('DELETE', `/api/v1/product/${theirs.id}`)).statusCode).toBe(404);
    const list = await user.call('GET', '/api/v1/product?items=1000&search=străin');
    expect(list.json().data).toEqual([]);
    // Still there, unchanged.
    const again = await get(other, theirs.id);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.name).toBe('Produs străin');
  });

  it("refuses another company's product as a parent (422, not its data)", async () => {
    const theirs = await create(other);
    const res = await send(user, 'POST', '/api/v1/product', fields({ parent_id: theirs.id }));
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['parent_id']);
  });
});

describe('create and read', () => {
  it('creates from multipart form data without an image, money as two-decimal numbers', async () => {
    const p = await create(user, {
      name: 'Cană ceramică „Dor”',
      sku: 'CAN-001',
      stock: 7,
      selling_price: '45.5',
      buying_price: '20',
      sale_type: 'Set',
      currency: 'EUR',
    });
    expect(p).toMatchObject({
      company_id: user.companyId,
      parent_id: null,
      name: 'Cană ceramică „Dor”',
      sku: 'CAN-001',
      sale_type: 'Set',
      stock: 7,
      selling_price: 45.5,
      buying_price: 20,
      currency: 'EUR',
      image: null,
      variations: [],
    });
    const row = await t.db.kysely.selectFrom('products').selectAll().where('id', '=', p.id).executeTakeFirstOrThrow();
    expect(Number(row.selling_price)).toBe(4550); // integer bani
    expect(Number(row.buying_price)).toBe(2000);
    expect((await get(user, p.id)).json().data).toMatchObject({ id: p.id, sku: 'CAN-001' });
  });

  it('also accepts JSON', async () => {
    const res = await user.call('POST', '/api/v1/product', {
      body: fields({ sku: 'JSON-1', selling_price: 10.25, stock: 0 }),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ sku: 'JSON-1', selling_price: 10.25, stock: 0 });
  });

  it('stores a PNG, JPEG or WebP sent with the form and serves it from a signed link', async () => {
    for (const [data, mime, name] of [
      [PNG, 'image/png', 'a.png'],
      [TINY_JPEG, 'image/jpeg', 'b.jpg'],
      [TINY_WEBP, 'image/webp', 'c.webp'],
    ] as const) {
      // The declared type is wrong on purpose: only the bytes count.
      const p = await create(user, {}, [imageFile(data, name, 'application/octet-stream')]);
      expect(p.image).toMatch(new RegExp(`^/api/v1/product/${p.id}/image\\?v=[0-9a-f]{16}&exp=\\d+&sig=`));
      const img = await t.app.inject({ method: 'GET', url: p.image! }); // no token: an <img> cannot send one
      expect(img.statusCode).toBe(200);
      expect(img.headers['content-type']).toBe(mime);
      expect(img.rawPayload.equals(data)).toBe(true);
      const row = await t.db.kysely
        .selectFrom('product_images')
        .select(['mime', 'size'])
        .where('product_id', '=', p.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ mime, size: data.length });
    }
  });

  it('refuses a forged, altered or expired image link', async () => {
    const p = await create(user, {}, [imageFile(PNG)]);
    const url = new URL(p.image!, 'http://x');
    const tampered = `/api/v1/product/${p.id}/image?v=${url.searchParams.get('v')}&exp=${Number(url.searchParams.get('exp')) + 3600}&sig=${url.searchParams.get('sig')}`;
    expect((await t.app.inject({ method: 'GET', url: tampered })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/product/${p.id}/image` })).statusCode).toBe(403);
    // A valid link for another product id does not open this one.
    const otherId = `/api/v1/product/${p.id + 1}/image?${url.searchParams.toString()}`;
    expect((await t.app.inject({ method: 'GET', url: otherId })).statusCode).toBe(403);
    // Signed with another key.
    const forged = imageSigner('not-the-app-key').url(p.id, 'a'.repeat(64));
    expect((await t.app.inject({ method: 'GET', url: forged })).statusCode).toBe(403);
    // Expired: a link made two hours and more ago.
    const row = await t.db.kysely
      .selectFrom('product_images')
      .select('sha256')
      .where('product_id', '=', p.id)
      .executeTakeFirstOrThrow();
    expect(imageSigner('k').verify(p.id, row.sha256.slice(0, 16), Math.floor(Date.now() / 1000) - 1, 'x')).toBe(false);
  });

  it('refuses a fake image (text renamed .png) by its bytes', async () => {
    const fake = Buffer.from('this is not a picture, just text pretending to be one\n');
    const res = await send(user, 'POST', '/api/v1/product', fields(), [imageFile(fake, 'poza.png', 'image/png')]);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ image: ['The image must be a PNG, JPEG or WebP file.'] });
    // A GIF is a real image, but not one of the accepted types.
    const gif = Buffer.from('R0lGODlhAQABAIAAAP///wAAACwAAAAAAQABAAACAkQBADs=', 'base64');
    expect((await send(user, 'POST', '/api/v1/product', fields(), [imageFile(gif, 'x.png')])).statusCode).toBe(422);
  });

  it('accepts an image of exactly 5 MB and refuses a larger one', async () => {
    const exact = Buffer.alloc(MB5);
    PNG.copy(exact); // real PNG header, padded
    const ok = await send(user, 'POST', '/api/v1/product', fields(), [imageFile(exact)]);
    expect(ok.statusCode, ok.body).toBe(201);

    for (const size of [MB5 + 1, MB5 + 300_000]) {
      const big = Buffer.alloc(size);
      PNG.copy(big);
      const res = await send(user, 'POST', '/api/v1/product', fields(), [imageFile(big)], { 'accept-language': 'ro' });
      expect(res.statusCode, `size ${size}`).toBe(422);
      expect(res.json().errors).toEqual({ image: ['Imaginea poate avea cel mult 5 MB.'] });
    }
  });

  it('ignores an empty file part (a form with no file chosen)', async () => {
    const p = await create(user, {}, [imageFile(Buffer.alloc(0), '', 'application/octet-stream')]);
    expect(p.image).toBeNull();
  });
});

describe('validation (422, one message per field)', () => {
  it('names every missing required field', async () => {
    const res = await send(user, 'POST', '/api/v1/product', { name: '', sku: '  ' });
    expect(res.statusCode).toBe(422);
    const errors = res.json().errors as Record<string, string[]>;
    expect(Object.keys(errors).sort()).toEqual([
      'buying_price',
      'currency',
      'name',
      'sale_type',
      'selling_price',
      'sku',
      'stock',
    ]);
    for (const list of Object.values(errors)) expect(list).toEqual(['This field is required.']);
  });

  it('checks each value and answers in the language asked for', async () => {
    const bad = fields({
      sale_type: 'Kilogram',
      currency: 'CHF',
      stock: '-1',
      selling_price: '12.345',
      buying_price: 'abc',
      sku: 'x'.repeat(101),
      parent_id: 'zz',
    });
    const res = await send(user, 'POST', '/api/v1/product', bad);
    expect(res.statusCode).toBe(422);
    const errors = res.json().errors;
    expect(errors.sale_type).toEqual(['Choose one of: Bucata, Set, Pachet, Bax, Palet.']);
    expect(errors.currency).toEqual(['Choose one of: RON, USD, EUR, GBP.']);
    expect(errors.stock).toEqual(['The value cannot be negative.']);
    expect(errors.selling_price).toEqual(['Use at most two decimals.']);
    expect(errors.buying_price).toEqual(['Enter a number.']);
    expect(errors.sku).toEqual(['At most 100 characters.']);
    expect(errors.parent_id).toBeDefined();

    const ro = await send(user, 'POST', '/api/v1/product', fields({ stock: '2.5', selling_price: '-3' }), [], {
      'accept-language': 'ro-RO',
    });
    expect(ro.json().errors).toEqual({
      stock: ['Introduceți un număr întreg.'],
      selling_price: ['Valoarea nu poate fi negativă.'],
    });
  });

  it('keeps the SKU unique within the company, parents and variations together', async () => {
    const a = await create(user, { sku: 'UNIC-1' });
    const dup = await send(user, 'POST', '/api/v1/product', fields({ sku: 'UNIC-1' }));
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors).toEqual({ sku: ['This SKU is already used by another product of the company.'] });
    // A variation cannot reuse the parent's SKU, nor a sibling's.
    expect((await send(user, 'POST', '/api/v1/product', fields({ sku: 'UNIC-1', parent_id: a.id }))).statusCode).toBe(
      422,
    );
    await create(user, { sku: 'UNIC-1-M', parent_id: a.id });
    const sibling = await send(user, 'POST', '/api/v1/product', fields({ sku: 'UNIC-1-M', parent_id: a.id }));
    expect(sibling.json().errors).toHaveProperty('sku');
    // A top-level product cannot take a variation's SKU, on create or on update.
    expect((await send(user, 'POST', '/api/v1/product', fields({ sku: 'UNIC-1-M' }))).statusCode).toBe(422);
    const b = await create(user, { sku: 'UNIC-2' });
    const upd = await send(user, 'POST', `/api/v1/product/${b.id}`, fields({ sku: 'UNIC-1-M' }));
    expect(upd.statusCode).toBe(422);
    expect(upd.json().errors).toHaveProperty('sku');
    // Keeping its own SKU on update is fine; another company may use the same SKU.
    expect((await send(user, 'POST', `/api/v1/product/${b.id}`, fields({ sku: 'UNIC-2' }))).statusCode).toBe(200);
    await create(other, { sku: 'UNIC-1' });
  });
});

describe('variations', () => {
  it('a variation takes the company of its parent', async () => {
    const two = await t.signUp({ companies: [await t.createCompany('Alfa SRL'), await t.createCompany('Beta SRL')] });
    const [alfa, beta] = [
      two.companyId,
      (
        await t.db.kysely
          .selectFrom('company_users')
          .select('company_id')
          .where('user_id', '=', two.id)
          .orderBy('company_id', 'desc')
          .executeTakeFirstOrThrow()
      ).company_id,
    ];
    const parent = await create(two);
    const v = await create(two, { parent_id: parent.id });
    expect(v.company_id).toBe(alfa);
    // Naming another company for a variation is refused.
    const wrong = await send(two, 'POST', '/api/v1/product', fields({ parent_id: parent.id, company_id: beta }));
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ company_id: ['A variation belongs to the company of its parent.'] });
    // A top-level product may be created in another company of the user, not in a stranger's.
    const inBeta = await create(two, { company_id: beta });
    expect(inBeta.company_id).toBe(beta);
    const stranger = await send(two, 'POST', '/api/v1/product', fields({ company_id: other.companyId }));
    expect(stranger.json().errors).toEqual({ company_id: ['Choose one of your companies.'] });
    // The company cannot change on edit.
    const moved = await send(
      two,
      'POST',
      `/api/v1/product/${v.id}`,
      fields({ company_id: beta, parent_id: parent.id }),
    );
    expect(moved.statusCode).toBe(422);
    expect(moved.json().errors).toHaveProperty('company_id');
    const movedParent = await send(
      two,
      'POST',
      `/api/v1/product/${parent.id}`,
      fields({ company_id: beta, stock: undefined, selling_price: undefined }),
    );
    expect(movedParent.json().errors).toEqual({ company_id: ['The company of a product cannot be changed.'] });
  });

  it('the parent cannot change on edit', async () => {
    const p1 = await create(user);
    const p2 = await create(user);
    const v = await create(user, { parent_id: p1.id });
    for (const parent_id of [p2.id, '']) {
      const res = await send(user, 'POST', `/api/v1/product/${v.id}`, fields({ sku: v.sku, parent_id }));
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ parent_id: ['The parent of a product cannot be changed.'] });
    }
    // A top-level product cannot become a variation either.
    const lone = await create(user);
    const res = await send(user, 'POST', `/api/v1/product/${lone.id}`, fields({ sku: lone.sku, parent_id: p2.id }));
    expect(res.json().errors).toHaveProperty('parent_id');
    // Sending the same parent, or no parent field at all, is fine.
    expect(
      (await send(user, 'POST', `/api/v1/product/${v.id}`, fields({ sku: v.sku, parent_id: p1.id, name: 'Mărimea M' })))
        .statusCode,
    ).toBe(200);
    expect(
      (await send(user, 'POST', `/api/v1/product/${v.id}`, fields({ sku: v.sku, name: 'Mărimea L' }))).statusCode,
    ).toBe(200);
    const after = (await get(user, v.id)).json().data;
    expect(after).toMatchObject({ parent_id: p1.id, name: 'Mărimea L' });
  });

  it('a variation cannot have variations of its own', async () => {
    const p = await create(user);
    const v = await create(user, { parent_id: p.id });
    const res = await send(user, 'POST', '/api/v1/product', fields({ parent_id: v.id }));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      parent_id: ['A variation cannot have variations of its own: choose a top-level product.'],
    });
    const missing = await send(user, 'POST', '/api/v1/product', fields({ parent_id: 999999 }));
    expect(missing.json().errors).toEqual({ parent_id: ['The parent product does not exist in this company.'] });
  });

  it('a product with variations stores no own stock or selling price', async () => {
    const parent = await create(user, { stock: 30, selling_price: '99.00' });
    expect(parent.stock).toBe(30);
    const s = await create(user, { parent_id: parent.id, name: 'Mărimea S', stock: 4, selling_price: '95.00' });
    await create(user, { parent_id: parent.id, name: 'Mărimea M', stock: 6, selling_price: '99.00' });
    const row = await t.db.kysely
      .selectFrom('products')
      .select(['stock', 'selling_price'])
      .where('id', '=', parent.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ stock: null, selling_price: null });
    const read = (await get(user, parent.id)).json().data as Product;
    expect(read.stock).toBeNull();
    expect(read.selling_price).toBeNull();
    expect(read.variations.map((v) => [v.name, v.stock, v.selling_price])).toEqual([
      ['Mărimea S', 4, 95],
      ['Mărimea M', 6, 99],
    ]);
    expect(s.company_id).toBe(user.companyId);

    // Updating the parent with a stock or a selling price is refused...
    const withStock = await send(
      user,
      'POST',
      `/api/v1/product/${parent.id}`,
      fields({ sku: parent.sku, stock: 5, selling_price: '10' }),
    );
    expect(withStock.statusCode).toBe(422);
    expect(withStock.json().errors).toEqual({
      stock: ['A product with variations has no own stock: set it on each variation.'],
      selling_price: ['A product with variations has no own selling price: set it on each variation.'],
    });
    // ...and without them (as the form sends it) it saves, still without them.
    const ok = await send(
      user,
      'POST',
      `/api/v1/product/${parent.id}`,
      fields({ sku: parent.sku, name: 'Hanorac', stock: undefined, selling_price: '' }),
    );
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ name: 'Hanorac', stock: null, selling_price: null });
    // A variation (or any product without variations) still needs both.
    const vNoStock = await send(
      user,
      'POST',
      `/api/v1/product/${s.id}`,
      fields({ sku: s.sku, stock: '', selling_price: undefined }),
    );
    expect(vNoStock.json().errors).toEqual({
      stock: ['This field is required.'],
      selling_price: ['This field is required.'],
    });
  });
});

describe('list', () => {
  let u: TestUser;
  beforeAll(async () => {
    u = await t.signUp();
    for (let i = 1; i <= 12; i++) await create(u, { name: `Produs simplu ${i}`, sku: `SIMPLU-${i}` });
    const geaca = await create(u, { name: 'Geacă de iarnă', sku: 'GEACA' });
    for (const [size, stock, price] of [
      ['S', 3, '300.00'],
      ['M', 5, '320.00'],
      ['XL', 0, '350.50'],
    ] as const) {
      await create(u, {
        name: `Geacă de iarnă ${size}`,
        sku: `GEACA-${size}-NEGRU`,
        parent_id: geaca.id,
        stock,
        selling_price: price,
      });
    }
  });

  it('pages top-level products, newest first, each with its variations', async () => {
    const res = await u.call('GET', '/api/v1/product?page=1&items=5');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.meta).toEqual({ total: 13, last_page: 3, current_page: 1, per_page: 5 });
    expect(body.data).toHaveLength(5);
    const first = body.data[0] as Product;
    expect(first.name).toBe('Geacă de iarnă');
    expect(first.stock).toBeNull();
    expect(first.variations.map((v) => [v.sku, v.stock, v.selling_price, v.parent_id])).toEqual([
      ['GEACA-S-NEGRU', 3, 300, first.id],
      ['GEACA-M-NEGRU', 5, 320, first.id],
      ['GEACA-XL-NEGRU', 0, 350.5, first.id],
    ]);
    expect(body.data.every((p: Product) => p.parent_id === null)).toBe(true);
    const last = (await u.call('GET', '/api/v1/product?page=3&items=5')).json();
    expect(last.data.map((p: Product) => p.sku)).toEqual(['SIMPLU-3', 'SIMPLU-2', 'SIMPLU-1']);
  });

  it('counts for the dashboard with items=1 (meta.total)', async () => {
    const res = await u.call('GET', '/api/v1/product?items=1');
    expect(res.json().meta.total).toBe(13);
    expect(res.json().data).toHaveLength(1);
  });

  it("finds a parent by a variation's SKU or name, and by its own name, case-insensitively", async () => {
    const bySku = (await u.call('GET', '/api/v1/product?search=xl-negru')).json();
    expect(bySku.meta.total).toBe(1);
    expect(bySku.data[0].sku).toBe('GEACA');
    expect(bySku.data[0].variations).toHaveLength(3);
    const byName = (await u.call('GET', `/api/v1/product?search=${encodeURIComponent('iarnă M')}`)).json();
    expect(byName.data.map((p: Product) => p.sku)).toEqual(['GEACA']);
    const simple = (await u.call('GET', '/api/v1/product?search=simplu 1&items=100')).json();
    expect(simple.data.map((p: Product) => p.sku).sort()).toEqual(['SIMPLU-1', 'SIMPLU-10', 'SIMPLU-11', 'SIMPLU-12']);
    // LIKE wildcards are searched literally.
    expect((await u.call('GET', '/api/v1/product?search=%25')).json().meta.total).toBe(0);
  });

  it('reads a page with a fixed number of queries, whatever its size (no query per row)', async () => {
    const original = { kysely: t.db.kysely, reads: t.db.reads };
    const queries = statementCounter();
    // The list reads through db.reads (the read pool on a SQLite file), the request's checks through kysely.
    t.db.kysely = original.kysely.withPlugin(queries.plugin);
    t.db.reads = original.reads.withPlugin(queries.plugin);
    try {
      const countFor = async (url: string) => {
        queries.count = 0;
        expect((await u.call('GET', url)).statusCode).toBe(200);
        return queries.count;
      };
      const small = await countFor('/api/v1/product?items=2');
      const large = await countFor('/api/v1/product?items=100');
      const searched = await countFor('/api/v1/product?items=100&search=negru');
      expect(large).toBe(small);
      // One statement for an unsearched page (count, parents, their variations), on both engines.
      expect(small).toBe(1);
      // A search probes the index, then reads its page with the page's variations in one statement.
      expect(searched).toBe(2);
    } finally {
      t.db.kysely = original.kysely;
      t.db.reads = original.reads;
    }
  });

  it('answers 422 for a bad page size', async () => {
    const res = await u.call('GET', '/api/v1/product?items=0&page=x');
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['items', 'page']);
  });
});

describe('search index', () => {
  // SQLite answers searches of 3+ characters from an FTS5 trigram table kept by triggers, PostgreSQL
  // from trigram indexes: the answers must follow every change, as a plain scan would.
  const skus = async (u: TestUser, term: string) =>
    ((await u.call('GET', `/api/v1/product?items=100&search=${encodeURIComponent(term)}`)).json().data as Product[])
      .map((p) => p.sku)
      .sort();

  it('follows renames, SKU changes and deletes, cascades included', async () => {
    const u = await t.signUp();
    const parent = await create(u, { name: 'Ulcior de Horezu', sku: 'ULC-1' });
    const child = await create(u, {
      name: 'Ulcior de Horezu mare',
      sku: 'ULC-1-MARE',
      parent_id: parent.id,
      stock: 2,
      selling_price: '10.00',
    });
    expect(await skus(u, 'horezu')).toEqual(['ULC-1']);
    expect(await skus(u, '1-mare')).toEqual(['ULC-1']);

    const renamed = await send(
      u,
      'POST',
      `/api/v1/product/${child.id}`,
      fields({ name: 'Ulcior pictat', sku: 'ULC-1-PICT', stock: 2, selling_price: '10.00' }),
    );
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await skus(u, '1-mare')).toEqual([]);
    expect(await skus(u, '1-pict')).toEqual(['ULC-1']);

    expect((await u.call('DELETE', `/api/v1/product/${parent.id}`)).statusCode).toBe(200);
    expect(await skus(u, 'ulcior')).toEqual([]);
    const again = await create(u, { name: 'Ulcior nou', sku: 'ULC-2' });
    expect(await skus(u, 'ulcior')).toEqual([again.sku]);
  });

  it('matches any case of Romanian letters, short terms, and quotes or wildcards literally', async () => {
    const u = await t.signUp();
    await create(u, { name: 'CANĂ ȘTIRBĂ "veche" 100%', sku: 'CN-1' });
    await create(u, { name: 'Farfurie', sku: 'FR-1' });
    expect(await skus(u, 'cană')).toEqual(['CN-1']);
    expect(await skus(u, 'știrbă')).toEqual(['CN-1']);
    expect(await skus(u, '"veche"')).toEqual(['CN-1']);
    expect(await skus(u, '100%')).toEqual(['CN-1']);
    expect(await skus(u, 'FR')).toEqual(['FR-1']);
    expect(await skus(u, 'zzz')).toEqual([]);
  });

  it('never matches a term across the name and the SKU', async () => {
    // PostgreSQL searches name and SKU folded into one text joined by a line feed (migration 021).
    const u = await t.signUp();
    await create(u, { name: 'Vas mare', sku: 'ABC-7' });
    expect(await skus(u, 'mare\nabc')).toEqual([]);
    expect(await skus(u, 'e\na')).toEqual([]);
    expect(await skus(u, 'MARE')).toEqual(['ABC-7']);
    expect(await skus(u, 'abc-7')).toEqual(['ABC-7']);
  });
});

describe('broad search', () => {
  const now = Math.floor(Date.now() / 1000);
  const row = (u: TestUser, name: string, sku: string, parent_id: number | null = null) => ({
    company_id: u.companyId,
    parent_id,
    name,
    description: null,
    sku,
    sale_type: 'Bucata',
    stock: 1,
    selling_price: 100,
    buying_price: 50,
    currency: 'RON',
    created_at: now,
    updated_at: now,
  });
  type Page = { data: Product[]; meta: { total: number; total_exact?: boolean; last_page: number } };

  it('cuts the pages of a narrow term from the matches the index gave, past the end included', async () => {
    const u = await t.signUp();
    const ids: number[] = [];
    for (let i = 0; i < 25; i++)
      ids.push(
        (
          await t.db.kysely
            .insertInto('products')
            .values(row(u, `Ulcior ${i}`, `U-${i}`))
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      );
    await t.db.kysely
      .insertInto('products')
      .values(row(u, 'Farfurie', 'F-1'))
      .execute();
    // A variation's match brings its parent, once.
    const parent = await t.db.kysely
      .insertInto('products')
      .values(row(u, 'Cană', 'C-1'))
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db.kysely
      .insertInto('products')
      .values([row(u, 'Cană ulcior S', 'C-1-S', parent.id), row(u, 'Cană ulcior M', 'C-1-M', parent.id)])
      .execute();
    const newestFirst = [parent.id, ...ids.reverse()];

    const third = (await u.call('GET', '/api/v1/product?items=10&page=3&search=ULCIOR')).json() as Page;
    expect(third.meta).toEqual({ total: 26, last_page: 3, current_page: 3, per_page: 10 });
    expect(third.data.map((p) => p.id)).toEqual(newestFirst.slice(20));
    const first = (await u.call('GET', '/api/v1/product?items=10&search=ulcior')).json() as Page;
    expect(first.data.map((p) => p.id)).toEqual(newestFirst.slice(0, 10));
    expect(first.data[0].variations.map((v) => v.sku)).toEqual(['C-1-S', 'C-1-M']);
    const past = (await u.call('GET', '/api/v1/product?items=10&page=4&search=ulcior')).json() as Page;
    expect(past.data).toEqual([]);
    expect(past.meta).toMatchObject({ total: 26, last_page: 3 });
  });

  it('counts a term that matches many variations of few products exactly', async () => {
    const u = await t.signUp();
    // 40 products of 6 matching variations each: 240 matching rows, more than the index probe
    // reads (201), yet only 40 products, so the total is exact.
    for (let i = 0; i < 40; i++) {
      const parent = await t.db.kysely
        .insertInto('products')
        .values(row(u, `Camasa ${i}`, `C-${i}`))
        .returning('id')
        .executeTakeFirstOrThrow();
      await t.db.kysely
        .insertInto('products')
        .values(
          ['XS', 'S', 'M', 'L', 'XL', 'XXL'].map((size) =>
            row(u, `Camasa ${i} marimea ${size}`, `C-${i}-${size}`, parent.id),
          ),
        )
        .execute();
    }
    await t.db.kysely
      .insertInto('products')
      .values(row(u, 'Farfurie', 'F-1'))
      .execute();
    const res = (await u.call('GET', '/api/v1/product?items=10&search=marimea')).json() as Page;
    expect(res.meta).toEqual({ total: 40, last_page: 4, current_page: 1, per_page: 10 });
    expect(res.data.map((p) => p.sku)).toEqual(Array.from({ length: 10 }, (_, k) => `C-${39 - k}`));
  });

  it('walks a broad term newest first, matches variations in any ASCII case, and bounds the total', async () => {
    const u = await t.signUp();
    // More matches than the count's window (200), so the search takes the broad path (the walk).
    const rows = Array.from({ length: 1200 }, (_, i) =>
      i % 10 === 5 ? row(u, `Farfurie ${i}`, `F-${i}`) : row(u, `Vas de Horezu ${i}`, `V-${i}`),
    );
    for (let i = 0; i < rows.length; i += 200)
      await t.db.kysely
        .insertInto('products')
        .values(rows.slice(i, i + 200))
        .execute();
    const ulcior = await t.db.kysely
      .insertInto('products')
      .values(row(u, 'Ulcior', 'U-1'))
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db.kysely
      .insertInto('products')
      .values(row(u, 'Ulcior HOREZU mic', 'U-1-MIC', ulcior.id))
      .execute();
    const newest = await t.db.kysely
      .insertInto('products')
      .values(row(u, 'Farfurie nouă', 'F-NEW'))
      .returning('id')
      .executeTakeFirstOrThrow();

    const res = await u.call('GET', '/api/v1/product?items=10&search=horezu');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { data: Product[]; meta: { total: number; total_exact?: boolean; last_page: number } };
    expect(body.meta).toMatchObject({ total: 200, total_exact: false, last_page: 21 });
    expect(body.data[0].sku).toBe('U-1');
    expect(body.data.map((p) => p.id)).toEqual([...body.data.map((p) => p.id)].sort((a, b) => b - a));
    expect(body.data.every((p) => /horezu/i.test(p.name) || p.variations.some((v) => /horezu/i.test(v.name)))).toBe(
      true,
    );
    expect(body.data.some((p) => p.id === newest.id)).toBe(false);

    // A deep page: the bound follows the offset (990 + 200), past the 1,081 matches, so exact.
    const deep = (await u.call('GET', '/api/v1/product?items=10&search=HOREZU&page=100')).json() as {
      data: Product[];
      meta: { total: number; total_exact?: boolean };
    };
    expect(deep.meta.total).toBe(1081);
    expect(deep.meta.total_exact).toBeUndefined();
    expect(deep.data).toHaveLength(10);
    expect(deep.data.every((p) => /horezu/i.test(p.name))).toBe(true);
  });
  it('takes %, _ and a backslash in a broad term literally', async () => {
    const u = await t.signUp();
    // Each term matches more rows than the count's window (200), so it is walked; the rows it
    // would match if its %, _ or backslash were read as LIKE's own are the newest, met first.
    for (const [name, lookalike] of [
      ['Vas 100% lut', 'Vas 1000 lut'],
      ['Oala_mare', 'Oala mare'],
      ['Back\\slash', 'Backslash'],
    ]) {
      await t.db.kysely
        .insertInto('products')
        .values(Array.from({ length: 205 }, (_, i) => row(u, `${name} ${i}`, `${name}-${i}`)))
        .execute();
      await t.db.kysely
        .insertInto('products')
        .values(Array.from({ length: 5 }, (_, i) => row(u, `${lookalike} ${i}`, `${lookalike}-${i}`)))
        .execute();
    }
    for (const [term, name] of [
      ['100%', 'Vas 100% lut'],
      ['a_m', 'Oala_mare'],
      ['k\\s', 'Back\\slash'],
    ]) {
      const res = await u.call('GET', `/api/v1/product?items=10&search=${encodeURIComponent(term)}`);
      const body = res.json() as Page;
      expect(body.meta, term).toMatchObject({ total: 200, total_exact: false });
      expect(
        body.data.map((p) => p.name.replace(/ \d+$/, '')),
        term,
      ).toEqual(Array(10).fill(name));
    }
  });

  it('on PostgreSQL, the walk of a broad term is one prepared statement whatever the term', async (ctx) => {
    if (t.db.engine !== 'postgres') return ctx.skip();
    const u = await t.signUp();
    await t.db.kysely
      .insertInto('products')
      .values(
        Array.from({ length: 450 }, (_, i) => row(u, `${['Ulcior', 'Farfurie', 'Cană'][i % 3]} de lut ${i}`, `L-${i}`)),
      )
      .execute();
    const link = () => '';
    await t.db.kysely.connection().execute(async (c) => {
      const walks = async () =>
        (await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(c)).rows.filter(
          (r) => r.statement.startsWith(ONE_PLAN) && r.statement.includes('products'),
        ).length;
      const search = async (term: string) => {
        const page = await listProducts(c, t.db.engine, link, u.companyId, { page: 1, items: 10, search: term });
        expect(page.meta, term).toMatchObject({ total: 200, total_exact: false });
      };
      await search('de lut');
      const known = await walks();
      expect(known).toBeGreaterThan(0);
      // Another broad term walks with the same statement, parsed and planned once on the connection.
      for (const term of ['DE LUT', ' lut', 'e l']) await search(term);
      expect(await walks()).toBe(known);
    });
  });
});

describe('update and images', () => {
  it('replaces the image when a new file is sent, keeps it otherwise, removes it on remove_image=1', async () => {
    const p = await create(user, {}, [imageFile(PNG)]);
    const firstUrl = p.image!;
    // No file: the image stays.
    const kept = (await send(user, 'POST', `/api/v1/product/${p.id}`, fields({ sku: p.sku, name: 'Nume nou' }))).json()
      .data as Product;
    expect(kept.image).toBe(firstUrl);
    expect(kept.name).toBe('Nume nou');
    // A new file replaces it: a new link, and the old link no longer serves anything.
    const replaced = await send(user, 'POST', `/api/v1/product/${p.id}`, fields({ sku: p.sku }), [
      imageFile(TINY_WEBP, 'nou.webp'),
    ]);
    expect(replaced.statusCode, replaced.body).toBe(200);
    const newUrl = replaced.json().data.image as string;
    expect(newUrl).not.toBe(firstUrl);
    expect((await t.app.inject({ method: 'GET', url: newUrl })).headers['content-type']).toBe('image/webp');
    expect((await t.app.inject({ method: 'GET', url: firstUrl })).statusCode).toBe(404);
    // A fake file on update is refused and the stored image is untouched.
    const fake = await send(user, 'POST', `/api/v1/product/${p.id}`, fields({ sku: p.sku }), [
      imageFile(Buffer.from('<html>hi</html>'), 'x.webp', 'image/webp'),
    ]);
    expect(fake.statusCode).toBe(422);
    expect((await get(user, p.id)).json().data.image).toBe(newUrl);
    // remove_image=1 removes it.
    const removed = await send(user, 'POST', `/api/v1/product/${p.id}`, fields({ sku: p.sku, remove_image: '1' }));
    expect(removed.json().data.image).toBeNull();
    expect(
      await t.db.kysely
        .selectFrom('product_images')
        .select('product_id')
        .where('product_id', '=', p.id)
        .executeTakeFirst(),
    ).toBeUndefined();
  });

  it('validates the update body like the create body', async () => {
    const p = await create(user);
    const res = await send(user, 'POST', `/api/v1/product/${p.id}`, { name: '' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toHaveProperty('name');
    expect(res.json().errors).toHaveProperty('sku');
    expect((await send(user, 'POST', '/api/v1/product/abc', fields())).statusCode).toBe(422);
  });
});

describe('delete', () => {
  it('deletes a parent with its variations and their images, and says how many variations went', async () => {
    const parent = await create(user, {}, [imageFile(PNG)]);
    const v1 = await create(user, { parent_id: parent.id }, [imageFile(PNG)]);
    const v2 = await create(user, { parent_id: parent.id });
    const res = await user.call('DELETE', `/api/v1/product/${parent.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'deleted', deleted_variations: 2 });
    for (const id of [parent.id, v1.id, v2.id]) expect((await get(user, id)).statusCode).toBe(404);
    const images = await t.db.kysely
      .selectFrom('product_images')
      .select('product_id')
      .where('product_id', 'in', [parent.id, v1.id])
      .execute();
    expect(images).toEqual([]);
    expect((await user.call('DELETE', `/api/v1/product/${parent.id}`)).statusCode).toBe(404);
  });

  it('deletes a single variation and leaves the parent and its siblings', async () => {
    const parent = await create(user);
    const v1 = await create(user, { parent_id: parent.id });
    const v2 = await create(user, { parent_id: parent.id });
    expect((await user.call('DELETE', `/api/v1/product/${v1.id}`)).json().deleted_variations).toBe(0);
    const read = (await get(user, parent.id)).json().data as Product;
    expect(read.variations.map((v) => v.id)).toEqual([v2.id]);
  });
});
