import { beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../../../core/api/products.js';
import type { TestApp, TestUser } from '../../test/harness.js';
import { imageSigner } from './images.js';
import { TINY_WEBP } from '../../lib/png.js';
import { TINY_JPEG, PNG, MB5, fields, imageFile, send, create, get, productsKit } from '../../test/productsKit.js';

// A product's writes: who may call them, create and read, validation, variations, update with its
// images, and delete.
// The shared set-up is src/server/test/productsKit.ts.
const kit = productsKit();
let t: TestApp;
let user: TestUser;
let other: TestUser;
beforeAll(() => {
  t = kit.app();
  ({ user, other } = kit.users());
});

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
