import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app.js';
import { manualClock } from '../lib/clock.js';
import { solidPng } from '../lib/png.js';
import { multipart, startTestApp, type TestApp, type TestUser } from '../test/harness.js';
import { CLAIM_STALE_SECONDS, IDEMPOTENCY_TTL_SECONDS, canonicalJson } from './idempotency.js';

/**
 * Idempotency-Key on the create calls: one key, one creation, whatever arrives at the same moment,
 * on one instance or two sharing the database (SQLite, or PostgreSQL under TEST_DATABASE_URL).
 */
const clock = manualClock();
let t: TestApp;
/** A second instance on the same database, waiting at most 300 ms for a running request. */
let other: FastifyInstance;

beforeAll(async () => {
  t = await startTestApp({ clock });
  other = await buildApp({
    db: t.db,
    appKey: t.appKey,
    dataDir: path.join(os.tmpdir(), `console-test-${crypto.randomBytes(4).toString('hex')}`),
    clock,
    idempotency: { waitMs: 300 },
  });
});
afterAll(async () => {
  await other.close();
  await t.close();
});

const key = () => crypto.randomUUID();

/** A user's call on the second instance. */
const onOther = (u: TestUser, method: string, url: string, body: unknown, headers: Record<string, string> = {}) =>
  other.inject({
    method: method as 'POST',
    url,
    headers: { authorization: `Bearer ${u.token}`, 'x-company-id': String(u.companyId), ...headers },
    payload: body as object,
  });

/** A source and a product (stock 10) of the user's company, or of `company`. */
async function shop(u: TestUser, company = u.companyId) {
  const src = await u.call('POST', '/api/v1/source', { company, body: { company_id: company, source: 'Shop' } });
  expect(src.statusCode, src.body).toBe(201);
  const sku = `A-${crypto.randomBytes(3).toString('hex')}`;
  const product = await u.call('POST', '/api/v1/product', {
    company,
    body: { sku, name: 'Cană', sale_type: 'Bucata', stock: 10, selling_price: 19.99, buying_price: 1, currency: 'RON' },
  });
  expect(product.statusCode, product.body).toBe(201);
  return { source: src.json().data.id as number, productId: product.json().data.id as number, sku };
}

const orderBody = (s: { source: number; sku: string }, quantity = 2, name = 'Ion Popescu') => ({
  name,
  phone_number: '0744 123 456',
  county: 'Cluj',
  city: 'Cluj-Napoca',
  street: 'Strada Memorandumului',
  number: '28',
  source: s.source,
  products: { [s.sku]: quantity },
});

const orderCount = async (u: TestUser, company = u.companyId) =>
  (await u.call('GET', '/api/v1/order', { company })).json().meta.total as number;
const stockOf = async (u: TestUser, id: number, company = u.companyId) =>
  (await u.call('GET', `/api/v1/product/${id}`, { company })).json().data.stock as number;

describe('Idempotency-Key on POST /api/v1/order', () => {
  it('three identical requests at once make one order, take the stock once and answer the same 201', async () => {
    const u = await t.signUp();
    const s = await shop(u);
    const k = key();
    const answers = await Promise.all(
      [1, 2, 3].map(() => u.call('POST', '/api/v1/order', { body: orderBody(s), headers: { 'idempotency-key': k } })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(2);
    expect(await orderCount(u)).toBe(1);
    expect(await stockOf(u, s.productId)).toBe(8);

    // Later, the same key still answers the first result and creates nothing.
    const again = await u.call('POST', '/api/v1/order', { body: orderBody(s), headers: { 'idempotency-key': k } });
    expect([again.statusCode, again.body]).toEqual([201, answers[0].body]);
    expect(await orderCount(u)).toBe(1);
  });

  it('identical requests on two instances sharing the database make one order', async () => {
    const u = await t.signUp();
    const s = await shop(u);
    const k = key();
    const headers = { 'idempotency-key': k };
    const answers = await Promise.all([
      u.call('POST', '/api/v1/order', { body: orderBody(s), headers }),
      onOther(u, 'POST', '/api/v1/order', orderBody(s), headers),
      u.call('POST', '/api/v1/order', { body: orderBody(s), headers }),
      onOther(u, 'POST', '/api/v1/order', orderBody(s), headers),
    ]);
    // The second instance waits 300 ms at most: a 409 "still being processed" is allowed there.
    const created = answers.filter((a) => a.statusCode === 201);
    expect(created.length).toBeGreaterThanOrEqual(2);
    for (const a of answers) expect([201, 409]).toContain(a.statusCode);
    expect(new Set(created.map((a) => a.body)).size).toBe(1);
    expect(await orderCount(u)).toBe(1);
    expect(await stockOf(u, s.productId)).toBe(8);
  });

  it('the same key with another body answers 422 and creates nothing', async () => {
    const u = await t.signUp();
    const s = await shop(u);
    const k = key();
    const first = await u.call('POST', '/api/v1/order', { body: orderBody(s), headers: { 'idempotency-key': k } });
    expect(first.statusCode).toBe(201);
    const en = await u.call('POST', '/api/v1/order', { body: orderBody(s, 3), headers: { 'idempotency-key': k } });
    expect(en.statusCode).toBe(422);
    expect(en.json().message).toBe(
      'This Idempotency-Key was already used for another request (another address or body): send a new key for a new request.',
    );
    const ro = await u.call('POST', '/api/order', {
      body: orderBody(s),
      headers: { 'idempotency-key': k, 'accept-language': 'ro' },
    });
    expect(ro.statusCode).toBe(422);
    expect(ro.json().message).toBe(
      'Această cheie Idempotency-Key a fost deja folosită pentru o altă cerere (altă adresă sau alt conținut): trimiteți o cheie nouă pentru o cerere nouă.',
    );
    expect(await orderCount(u)).toBe(1);
    expect(await stockOf(u, s.productId)).toBe(8);
  });

  it('a JSON body is the same request whatever the order of its keys', async () => {
    const u = await t.signUp();
    const s = await shop(u);
    const k = key();
    const body = orderBody(s);
    const reversed = Object.fromEntries(Object.entries(body).reverse());
    const a = await u.call('POST', '/api/v1/order', { body, headers: { 'idempotency-key': k } });
    const b = await u.call('POST', '/api/v1/order', { body: reversed, headers: { 'idempotency-key': k } });
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(b.body).toBe(a.body);
    expect(await orderCount(u)).toBe(1);
  });

  it('without a key every request creates, as before', async () => {
    const u = await t.signUp();
    const s = await shop(u);
    const answers = await Promise.all([1, 2].map(() => u.call('POST', '/api/v1/order', { body: orderBody(s) })));
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201]);
    expect(answers[0].json().data.id).not.toBe(answers[1].json().data.id);
    expect(answers[0].headers['idempotent-replayed']).toBeUndefined();
    expect(await orderCount(u)).toBe(2);
    expect(await stockOf(u, s.productId)).toBe(6);
  });

  it('a key answers its first result for 24 hours, then creates again', async () => {
    const u = await t.signUp();
    const s = await shop(u);
    const k = key();
    const send = () => u.call('POST', '/api/v1/order', { body: orderBody(s), headers: { 'idempotency-key': k } });
    const first = await send();
    expect(first.statusCode).toBe(201);
    clock.advance(IDEMPOTENCY_TTL_SECONDS - 1);
    const within = await send();
    expect([within.statusCode, within.body]).toEqual([201, first.body]);
    clock.advance(1);
    const after = await send();
    expect(after.statusCode).toBe(201);
    expect(after.headers['idempotent-replayed']).toBeUndefined();
    expect(after.json().data.id).not.toBe(first.json().data.id);
    expect(await orderCount(u)).toBe(2);
    expect(await stockOf(u, s.productId)).toBe(6);
  });

  it("another user's or another company's same key is a key of its own", async () => {
    const companyA = await t.createCompany();
    const companyB = await t.createCompany();
    const ana = await t.signUp({ companies: [companyA, companyB] });
    const dan = await t.signUp({ companies: [companyA] });
    const inA = await shop(ana, companyA);
    const inB = await shop(ana, companyB);
    const k = key();
    const headers = { 'idempotency-key': k };
    const answers = await Promise.all([
      ana.call('POST', '/api/v1/order', { company: companyA, body: orderBody(inA), headers }),
      dan.call('POST', '/api/v1/order', { company: companyA, body: orderBody(inA, 1), headers }),
      ana.call('POST', '/api/v1/order', { company: companyB, body: orderBody(inB), headers }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((a) => a.json().data.id)).size).toBe(3);
    expect(await orderCount(ana, companyA)).toBe(2);
    expect(await orderCount(ana, companyB)).toBe(1);
    expect(await stockOf(ana, inA.productId, companyA)).toBe(7);
    expect(await stockOf(ana, inB.productId, companyB)).toBe(8);
  });

  it('an error answer does not pin the key: the corrected request with the same key creates', async () => {
    const u = await t.signUp();
    const s = await shop(u);
    const k = key();
    const headers = { 'idempotency-key': k };
    const invalid = { ...orderBody(s), name: '' };
    const refused = await u.call('POST', '/api/v1/order', { body: invalid, headers });
    expect(refused.statusCode).toBe(422);
    // The same request again runs again (an error is not replayed).
    const refusedAgain = await u.call('POST', '/api/v1/order', { body: invalid, headers });
    expect(refusedAgain.statusCode).toBe(422);
    expect(refusedAgain.headers['idempotent-replayed']).toBeUndefined();
    const created = await u.call('POST', '/api/v1/order', { body: orderBody(s), headers });
    expect(created.statusCode).toBe(201);
    expect(await orderCount(u)).toBe(1);
    // Now the key holds a success: the invalid body is another request.
    expect((await u.call('POST', '/api/v1/order', { body: invalid, headers })).statusCode).toBe(422);
    const rows = await t.db.kysely.selectFrom('idempotency_keys').selectAll().where('key', '=', k).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0].status_code).toBe(201);
    expect(rows[0].response_body).toBe(created.body);
  });

  it('a request whose twin is still running waits, then answers 409 with Retry-After; a lost claim is taken over', async () => {
    const u = await t.signUp();
    const s = await shop(u);
    const k = key();
    const headers = { 'idempotency-key': k };
    const first = await u.call('POST', '/api/v1/order', { body: orderBody(s), headers });
    expect(first.statusCode).toBe(201);
    // As if the first request were still running (on some instance): its claim has no answer yet.
    const claim = () => t.db.kysely.updateTable('idempotency_keys').where('user_id', '=', u.id).where('key', '=', k);
    await claim().set({ status_code: null, response_body: null }).execute();
    const busy = await onOther(u, 'POST', '/api/v1/order', orderBody(s), headers);
    expect(busy.statusCode).toBe(409);
    expect(busy.headers['retry-after']).toBe('1');
    expect(busy.json().message).toBe(
      'The same request is still being processed: wait a moment, then send it again with the same key.',
    );
    const busyRo = await onOther(u, 'POST', '/api/v1/order', orderBody(s), { ...headers, 'accept-language': 'ro' });
    expect(busyRo.json().message).toBe(
      'Aceeași cerere este încă în curs de procesare: așteptați puțin, apoi trimiteți-o din nou cu aceeași cheie.',
    );

    // The answer lands while a request waits (written by another instance): the waiting one gets it.
    // It is written once the request has found the claim running and looked again after a pause
    // (its second read of the key), so the request is waiting when it lands.
    const selects = vi.spyOn(t.db.kysely, 'selectFrom');
    const readsOfKey = () => selects.mock.calls.filter(([from]) => from === 'idempotency_keys').length;
    const waiting = u.call('POST', '/api/v1/order', { body: orderBody(s), headers });
    await expect.poll(readsOfKey, { interval: 5 }).toBeGreaterThanOrEqual(2);
    selects.mockRestore();
    await claim()
      .set({ status_code: 201, content_type: 'application/json; charset=utf-8', response_body: first.body })
      .execute();
    const answered = await waiting;
    expect([answered.statusCode, answered.body]).toEqual([201, first.body]);

    // A claim unanswered for CLAIM_STALE_SECONDS lost its request: the key is claimed again.
    await claim()
      .set({ status_code: null, response_body: null, created_at: clock.now() - CLAIM_STALE_SECONDS })
      .execute();
    const retaken = await u.call('POST', '/api/v1/order', { body: orderBody(s), headers });
    expect(retaken.statusCode).toBe(201);
    expect(retaken.json().data.id).not.toBe(first.json().data.id);
    expect(await orderCount(u)).toBe(2);
  });

  it('a key that is not 1 to 255 visible ASCII characters answers 400', async () => {
    const u = await t.signUp();
    const s = await shop(u);
    for (const bad of ['with space', 'x'.repeat(256), 'cheie-ă']) {
      const res = await u.call('POST', '/api/v1/order', {
        body: orderBody(s),
        headers: { 'idempotency-key': Buffer.from(bad).toString('latin1') },
      });
      expect(res.statusCode, bad).toBe(400);
    }
    expect(await orderCount(u)).toBe(0);
  });
});

describe('Idempotency-Key on the other creates', () => {
  it('a product form sent twice (multipart, new boundary each time) makes one product', async () => {
    const u = await t.signUp();
    const k = key();
    const png = solidPng(4, 4, [200, 30, 30]);
    const send = (name = 'Tricou') => {
      const body = multipart(
        {
          name,
          sku: 'TRC-1',
          sale_type: 'Bucata',
          stock: 3,
          selling_price: '89.90',
          buying_price: '41.50',
          currency: 'RON',
        },
        [{ name: 'image', filename: 'poza.png', type: 'image/png', data: png }],
      );
      return u.call('POST', '/api/v1/product', {
        body: body.payload,
        headers: { ...body.headers, 'idempotency-key': k },
      });
    };
    const answers = await Promise.all([send(), send()]);
    expect(
      answers.map((a) => a.statusCode),
      answers[0].body,
    ).toEqual([201, 201]);
    expect(answers[1].body).toBe(answers[0].body);
    expect((await u.call('GET', '/api/v1/product')).json().meta.total).toBe(1);
    expect((await send('Tricou roșu')).statusCode).toBe(422);
  });

  it('a new company (a call outside any company) is made once per key', async () => {
    const u = await t.signUp();
    const k = key();
    const body = { name: 'Firma Nouă SRL', vat_number: 'RO18547290', administrator_name: 'Ana Pop' };
    const answers = await Promise.all(
      [1, 2].map(() => u.call('POST', '/api/v1/company', { company: null, body, headers: { 'idempotency-key': k } })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201]);
    expect(answers[1].body).toBe(answers[0].body);
    const mine = (await u.call('GET', '/api/v1/company', { company: null })).json();
    expect(mine.data.filter((c: { name: string }) => c.name === 'Firma Nouă SRL')).toHaveLength(1);
  });

  it('every create call accepts the key; no call whose body holds secrets does', () => {
    const idempotent = t.app.apiRoutes
      .filter((r) => r.idempotent)
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    expect(idempotent).toEqual(
      [
        'POST /api/order',
        'POST /api/v1/applied-discount/:orderId/add',
        'POST /api/v1/company',
        'POST /api/v1/coupon',
        'POST /api/v1/customer/:id/flag',
        'POST /api/v1/message',
        'POST /api/v1/order',
        'POST /api/v1/order-bulk',
        'POST /api/v1/order-discount',
        'POST /api/v1/order/:id/awb',
        'POST /api/v1/order/:id/create-invoice',
        'POST /api/v1/order/:id/sms',
        'POST /api/v1/order/:id/storno-invoice',
        'POST /api/v1/order/:orderId/product/:productId',
        'POST /api/v1/package',
        'POST /api/v1/package-item',
        'POST /api/v1/product',
        'POST /api/v1/product-discount',
        'POST /api/v1/return-request',
        'POST /api/v1/source',
      ].sort(),
    );
    for (const r of t.app.apiRoutes.filter((x) => x.idempotent)) expect(r.public).toBe(false);
    expect(idempotent.filter((r) => /login|credentials/.test(r))).toEqual([]);
  });
});

describe('canonicalJson', () => {
  it('sorts keys at every depth and keeps arrays in order', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, 1], c: null } })).toBe('{"a":{"c":null,"d":[2,1]},"b":1}');
    expect(canonicalJson({ a: undefined, b: 'x' })).toBe('{"b":"x"}');
    expect(canonicalJson(undefined)).toBe('null');
  });
});
