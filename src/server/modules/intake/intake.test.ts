import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceContext } from '../../context.js';
import { secretBox } from '../../lib/secrets.js';
import { manualClock } from '../../lib/clock.js';
import { orderReadyForDpd } from '../../test/awb.js';
import { product, seller } from '../../test/bulk.js';
import { engineUnderTest, startTestApp, type TestApp, type TestUser } from '../../test/harness.js';
import { intakeKeyFor, push, sellerWithIntakeKey, shopOrder, signature, type IntakeKey } from '../../test/intake.js';
import { resealIntakeKeys, verifyIntakePush } from '../sources/index.js';

const clock = manualClock(1_800_000_000);
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ clock });
});
afterAll(() => t.close());

/** A seller (DPD, a source "Shop", products CANA-1 and BOL-2 with 100,000 in stock) with the source's intake key. */
const shop = async () => sellerWithIntakeKey(await t.signUp());

const send = (key: Pick<IntakeKey, 'key_id' | 'secret'> | null, body: unknown, opts: Parameters<typeof push>[3] = {}) =>
  push(t.app, key, body, { now: clock.now(), ...opts });

const orderOf = async (u: TestUser, id: number) => {
  const res = await u.call('GET', `/api/v1/order/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const stockOf = async (u: TestUser, sku: string) =>
  (await u.call('GET', `/api/v1/product?search=${sku}`)).json().data.find((p: { sku: string }) => p.sku === sku).stock;
const countRows = async (table: 'orders' | 'intake_items', companyId: number) =>
  Number(
    (
      await t.db.kysely
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .where('company_id', '=', companyId)
        .executeTakeFirstOrThrow()
    ).n,
  );
const inbox = async (u: TestUser, query = '', lang = 'en') => {
  const res = await u.call('GET', `/api/v1/intake${query}`, { headers: { 'accept-language': lang } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe(`intake keys (${engineUnderTest})`, () => {
  it('shows the secret once, tells only whether a key exists and its last use, rotates and revokes at once', async () => {
    const s = await seller(await t.signUp());
    const before = (await s.u.call('GET', `/api/v1/source/${s.source}`)).json().data;
    expect(before.intake).toBeNull();

    const made = await s.u.call('POST', `/api/v1/source/${s.source}/intake-key`);
    expect(made.statusCode, made.body).toBe(201);
    const key = made.json().data as IntakeKey;
    expect(key).toEqual({
      key_id: expect.stringMatching(/^ik_[0-9a-f]{24}$/),
      secret: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      endpoint: 'http://localhost/api/v1/intake/orders',
    });
    const shown = (await s.u.call('GET', `/api/v1/source/${s.source}`)).json().data;
    expect(shown.intake).toEqual({
      key_id: key.key_id,
      created_at: clock.now(),
      last_used_at: null,
      endpoint: key.endpoint,
    });
    // The secret is never answered again, nor kept as it is.
    expect(JSON.stringify(shown)).not.toContain(key.secret);
    const row = await t.db.kysely.selectFrom('source_intake_keys').selectAll().executeTakeFirstOrThrow();
    expect(row.secret_sealed).not.toContain(key.secret);

    clock.advance(120);
    expect((await send(key, shopOrder('K-1'))).statusCode).toBe(201);
    expect((await s.u.call('GET', `/api/v1/source/${s.source}`)).json().data.intake.last_used_at).toBe(clock.now());

    // A new key: the old one stops working at once.
    const rotated = await intakeKeyFor(s.u, s.source);
    expect(rotated.key_id).not.toBe(key.key_id);
    expect((await send(key, shopOrder('K-2'))).statusCode).toBe(401);
    expect((await send(rotated, shopOrder('K-2'))).statusCode).toBe(201);

    const revoked = await s.u.call('DELETE', `/api/v1/source/${s.source}/intake-key`);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect((await send(rotated, shopOrder('K-3'))).statusCode).toBe(401);
    expect((await s.u.call('GET', `/api/v1/source/${s.source}`)).json().data.intake).toBeNull();
  });

  it("answers 401 to a stranger and 404 for another company's source", async () => {
    const s = await seller(await t.signUp());
    const other = await t.signUp();
    for (const method of ['POST', 'DELETE'] as const) {
      const url = `/api/v1/source/${s.source}/intake-key`;
      expect((await t.app.inject({ method, url })).statusCode).toBe(401);
      expect((await other.call(method, url)).statusCode).toBe(404);
    }
    expect(
      await t.db.kysely
        .selectFrom('source_intake_keys')
        .select('source_id')
        .where('source_id', '=', s.source)
        .execute(),
    ).toEqual([]);
  });
});

describe(`a signed push (${engineUnderTest})`, () => {
  it('refuses every failure of the signature with 401 and the same message, storing nothing', async () => {
    const s = await shop();
    const body = JSON.stringify(shopOrder('S-1'));
    const now = String(clock.now());
    const attempts: [string, Promise<{ statusCode: number; json: () => { message: string } }>][] = [
      ['no headers', send(null, body)],
      ['an unknown key', send({ key_id: 'ik_000000000000000000000000', secret: s.key.secret }, body)],
      ['another secret', send({ key_id: s.key.key_id, secret: 'not-the-secret' }, body)],
      ['a signature of another body', send(s.key, body, { signature: signature(s.key.secret, now, '{}') })],
      ['no sha256= prefix', send(s.key, body, { signature: signature(s.key.secret, now, body).slice(7) })],
      ['a timestamp 301 s early', send(s.key, body, { now: clock.now() - 301 })],
      ['a timestamp 301 s late', send(s.key, body, { now: clock.now() + 301 })],
      ['a timestamp that is not a number', send(s.key, body, { timestamp: 'yesterday' })],
    ];
    for (const [what, res] of attempts) {
      const r = await res;
      expect(r.statusCode, what).toBe(401);
      expect(r.json().message, what).toBe('The request is not signed with a valid intake key.');
    }
    expect(await countRows('intake_items', s.u.companyId)).toBe(0);
    // 300 s either way is still on time.
    expect((await send(s.key, shopOrder('S-2'), { now: clock.now() - 300 })).statusCode).toBe(201);
  });

  it('refuses a body over 1 MB with 413', async () => {
    const s = await shop();
    const big = JSON.stringify(shopOrder('BIG', { notes: 'x'.repeat(1024 * 1024) }));
    const res = await send(s.key, big);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('The body is larger than 1 MB.');
    expect(await countRows('intake_items', s.u.companyId)).toBe(0);
  });

  it('answers 422 with a message per field, in the language asked, and stores nothing', async () => {
    const s = await shop();
    const bad = await send(
      s.key,
      {
        customer: { name: '', phone_number: '0744 123 456', email: 'not-an-email' },
        shipping_address: { county: 'Cluj', city: 'Cluj-Napoca', number: '5' },
        lines: [{ sku: 'CANA-1', quantity: 0 }],
        currency: 'USD',
        payment_method: 'bitcoin',
        created_at: 'ieri',
        shipping_cost: '12.345',
      },
      { headers: { 'accept-language': 'ro' } },
    );
    expect(bad.statusCode, bad.body).toBe(422);
    expect(bad.json().errors).toEqual({
      external_id: ['Câmpul este obligatoriu.'],
      created_at: ['Introduceți data și ora în format ISO 8601, de exemplu 2026-03-01T10:00:00+02:00.'],
      'customer.name': ['Câmpul este obligatoriu.'],
      'customer.email': [expect.any(String)],
      'shipping_address.street': ['Câmpul este obligatoriu.'],
      'lines.0.quantity': [expect.any(String)],
      currency: ['Alegeți RON sau EUR.'],
      shipping_cost: [expect.any(String)],
      payment_method: ['Alegeți ramburs, card sau transfer bancar.'],
    });
    const noLines = await send(s.key, shopOrder('L-1', { lines: [] }));
    expect(noLines.json().errors).toEqual({ lines: ['Send at least one line.'] });
    const notJson = await send(s.key, '{"external_id": "X-1",');
    expect(notJson.statusCode).toBe(422);
    expect(notJson.json().errors).toEqual({ body: ['The body is not valid JSON.'] });
    const tooLong = await send(s.key, shopOrder('X'.repeat(65)));
    expect(Object.keys(tooLong.json().errors)).toEqual(['external_id']);
    expect(await countRows('intake_items', s.u.companyId)).toBe(0);
    expect(await countRows('orders', s.u.companyId)).toBe(0);
  });

  it('creates an ordinary order of the source (201): customer, stock, shop prices, shipping, history, external id', async () => {
    const s = await shop();
    const stock = await stockOf(s.u, 'CANA-1');
    const res = await send(
      s.key,
      shopOrder('WC-1001', {
        created_at: '2026-03-01T10:00:00+02:00',
        lines: [
          { sku: 'CANA-1', quantity: 2, unit_price: '24.50' },
          { sku: 'BOL-2', quantity: 1 },
        ],
        shipping_cost: '15.99',
        payment_method: 'card',
        notes: 'Sunați înainte.',
        shipping_address: {
          county: 'Cluj',
          city: 'Cluj-Napoca',
          street: 'Str. Memorandumului',
          number: '28',
          block: 'A',
          apartment: '12',
          details: 'interfon 12',
        },
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toEqual({ order_id: expect.any(Number), status: 'created' });
    const o = await orderOf(s.u, res.json().data.order_id);
    expect(o).toMatchObject({
      status: 'new',
      source_id: s.source,
      source: 'Shop',
      external_id: 'WC-1001',
      payment_method: 'card',
      details: 'Sunați înainte.',
      value: 61.5,
      client_shipping_cost: 15.99,
      total_value: 77.49,
      address_check: null,
      customer_detail: {
        name: 'Ioana Popescu',
        phone_number: '+40744123456',
        email: 'ioana@example.ro',
        county: 'Cluj',
        county_id: 12,
        city: 'Cluj-Napoca',
        city_id: 54984,
        street: 'Str. Memorandumului',
        street_number: '28',
        zip_code: '400114',
        address: 'Str. Memorandumului 28, bl. A, ap. 12, interfon 12',
      },
    });
    expect(
      o.order_products.map((l: { product: { sku: string; selling_price: number }; quantity: number }) => [
        l.product.sku,
        l.quantity,
        l.product.selling_price,
      ]),
    ).toEqual([
      ['CANA-1', 2, 24.5],
      ['BOL-2', 1, 12.5],
    ]);
    expect(o.history.at(-1)).toMatchObject({
      type: 'created',
      user: null,
      data: {
        origin: {
          via: 'push',
          external_id: 'WC-1001',
          shop_created_at: Math.floor(Date.parse('2026-03-01T08:00:00Z') / 1000),
        },
      },
    });
    expect(await stockOf(s.u, 'CANA-1')).toBe(stock - 2);
    // The customer is the company's, found by phone as the order form finds them.
    const customers = (await s.u.call('GET', '/api/v1/customer?search=0744123456')).json().data;
    expect(customers).toHaveLength(1);
    // The shop's number finds the order in the list.
    const found = (await s.u.call('GET', '/api/v1/order?search=WC-1001')).json();
    expect(found.data.map((r: { id: number }) => r.id)).toEqual([o.id]);
    // The inbox keeps it as received, created.
    const items = (await inbox(s.u)).data;
    expect(items).toMatchObject([{ external_id: 'WC-1001', status: 'created', order_id: o.id, via: 'push' }]);
  });

  it('answers the same order again as a duplicate (200) and creates nothing', async () => {
    const s = await shop();
    const first = await send(s.key, shopOrder('D-1'));
    const stock = await stockOf(s.u, 'CANA-1');
    clock.advance(5);
    const again = await send(s.key, shopOrder('D-1'));
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data).toEqual({ order_id: first.json().data.order_id, status: 'duplicate' });
    expect(await countRows('orders', s.u.companyId)).toBe(1);
    expect(await stockOf(s.u, 'CANA-1')).toBe(stock);
    // The same number in another source is another order.
    const src2 = await s.u.call('POST', '/api/v1/source', { body: { company_id: s.u.companyId, source: 'eMAG' } });
    const key2 = await intakeKeyFor(s.u, src2.json().data.id);
    expect((await send(key2, shopOrder('D-1'))).statusCode).toBe(201);
  });

  it('five identical pushes at the same moment make one order and take the stock once', async () => {
    const s = await shop();
    const stock = await stockOf(s.u, 'CANA-1');
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => send(s.key, shopOrder('C-1', { lines: [{ sku: 'CANA-1', quantity: 3 }] }))),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses, answers.map((a) => a.body).join('\n')).toEqual([200, 200, 200, 200, 201]);
    const ids = new Set(answers.map((a) => a.json().data.order_id));
    expect(ids.size).toBe(1);
    expect(await countRows('orders', s.u.companyId)).toBe(1);
    expect(await stockOf(s.u, 'CANA-1')).toBe(stock - 3);
    // Every push is in the inbox: one created, four duplicates.
    const items = (await inbox(s.u)).data.map((i: { status: string }) => i.status).sort();
    expect(items).toEqual(['created', 'duplicate', 'duplicate', 'duplicate', 'duplicate']);
  });

  it('applies a changed order (200 updated) while it has no AWB and no invoice, stock and history following', async () => {
    const s = await shop();
    const id = (await send(s.key, shopOrder('U-1', { lines: [{ sku: 'CANA-1', quantity: 1 }] }))).json().data.order_id;
    const cana = await stockOf(s.u, 'CANA-1');
    const bol = await stockOf(s.u, 'BOL-2');
    clock.advance(60);
    const change = shopOrder('U-1', {
      customer: { name: 'Ioana Pop', phone_number: '0744 123 456' },
      shipping_address: { county: 'Sibiu', city: 'Sibiu', street: 'Strada Fabricii', number: '7' },
      lines: [
        { sku: 'CANA-1', quantity: 3 },
        { sku: 'BOL-2', quantity: 2 },
      ],
      payment_method: 'bank_transfer',
    });
    const changed = await send(s.key, change);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toEqual({ order_id: id, status: 'updated' });
    const o = await orderOf(s.u, id);
    expect(o).toMatchObject({
      payment_method: 'bank_transfer',
      value: 84.97,
      customer_detail: { name: 'Ioana Pop', email: null, city: 'Sibiu', street: 'Strada Fabricii', zip_code: '550246' },
    });
    expect(await stockOf(s.u, 'CANA-1')).toBe(cana - 2);
    expect(await stockOf(s.u, 'BOL-2')).toBe(bol - 2);
    expect(o.history.map((e: { type: string }) => e.type)).toContain('changed_in_shop');
    // The same change again is a duplicate.
    expect((await send(s.key, change)).json().data.status).toBe('duplicate');
  });

  it('where the company does not oversell, a change counts only the stock it takes more', async () => {
    const s = await shop();
    await product(s.u, 'ULT-1', 'Ultimele bucăți');
    await t.db.kysely
      .updateTable('products')
      .set({ stock: 2 })
      .where('sku', '=', 'ULT-1')
      .where('company_id', '=', s.u.companyId)
      .execute();
    await s.u.call('POST', '/api/v1/intake/settings', { body: { oversell: false } });
    const lines = (quantity: number) => [{ sku: 'ULT-1', quantity }];
    expect((await send(s.key, shopOrder('O-1', { lines: lines(2) }))).statusCode).toBe(201);
    expect(await stockOf(s.u, 'ULT-1')).toBe(0);
    // The same two pieces, another address: the order already holds them.
    const moved = await send(
      s.key,
      shopOrder('O-1', {
        lines: lines(2),
        shipping_address: { county: 'Sibiu', city: 'Sibiu', street: 'Strada Fabricii', number: '7' },
      }),
    );
    expect(moved.statusCode, moved.body).toBe(200);
    // A third piece there is not.
    const more = await send(s.key, shopOrder('O-1', { lines: lines(3) }));
    expect(more.statusCode, more.body).toBe(202);
    expect(more.json().data.problems[0].code).toBe('intake_no_stock');
    expect(await stockOf(s.u, 'ULT-1')).toBe(0);
  });

  it('keeps a change made after the AWB as a problem (202) and leaves the order as it is', async () => {
    const u = await t.signUp();
    const { orderId, awbBody } = await orderReadyForDpd(u);
    const sourceId = (await orderOf(u, orderId)).source_id;
    const key = await intakeKeyFor(u, sourceId);
    const sku = `AWB-${u.companyId}`;
    const pushed = await send(key, shopOrder('A-1', { lines: [{ sku, quantity: 1 }] }));
    expect(pushed.statusCode, pushed.body).toBe(201);
    const id = pushed.json().data.order_id;
    const awb = await u.call('POST', `/api/v1/order/${id}/awb`, { body: awbBody });
    expect(awb.statusCode, awb.body).toBe(201);
    const before = await orderOf(u, id);
    const changed = await send(key, shopOrder('A-1', { lines: [{ sku, quantity: 4 }] }), {
      headers: { 'accept-language': 'ro' },
    });
    expect(changed.statusCode, changed.body).toBe(202);
    expect(changed.json().data).toEqual({
      intake_id: expect.any(Number),
      status: 'held',
      problems: [
        {
          code: 'intake_changed_after_documents',
          field: null,
          message:
            'Magazinul a modificat comanda după ce a primit AWB sau factură: comanda a rămas neschimbată. Faceți modificarea manual dacă mai este dorită.',
        },
      ],
    });
    const after = await orderOf(u, id);
    expect(after.order_products).toEqual(before.order_products);
    expect((await inbox(u, '?status=held')).data).toMatchObject([{ order_id: id, external_id: 'A-1' }]);
  });

  it('holds what cannot be created as sent (202): an unknown SKU, an unreadable phone, no stock where the company does not oversell', async () => {
    const s = await shop();
    const unknown = await send(
      s.key,
      shopOrder('H-1', {
        lines: [
          { sku: 'NOPE', quantity: 1 },
          { sku: 'CANA-1', quantity: 1 },
        ],
      }),
    );
    expect(unknown.statusCode, unknown.body).toBe(202);
    expect(unknown.json().data.problems).toEqual([
      { code: 'unknown_sku', field: 'lines.0.sku', message: 'There is no product with SKU NOPE in this company.' },
    ]);
    const phone = await send(s.key, shopOrder('H-2', { customer: { name: 'Ion', phone_number: 'sună-mă' } }));
    expect(phone.statusCode).toBe(202);
    expect(phone.json().data.problems).toMatchObject([
      { code: 'intake_invalid_phone', field: 'customer.phone_number' },
    ]);

    await product(s.u, 'RAR-1', 'Vază rară');
    await t.db.kysely
      .updateTable('products')
      .set({ stock: 1 })
      .where('sku', '=', 'RAR-1')
      .where('company_id', '=', s.u.companyId)
      .execute();
    // Overselling is allowed by default: the order is made and the stock goes below zero.
    expect((await send(s.key, shopOrder('H-3', { lines: [{ sku: 'RAR-1', quantity: 2 }] }))).statusCode).toBe(201);
    const set = await s.u.call('POST', '/api/v1/intake/settings', { body: { oversell: false } });
    expect(set.json().data).toEqual({ oversell: false });
    const noStock = await send(s.key, shopOrder('H-4', { lines: [{ sku: 'RAR-1', quantity: 1 }] }));
    expect(noStock.statusCode, noStock.body).toBe(202);
    expect(noStock.json().data.problems[0]).toMatchObject({
      code: 'intake_no_stock',
      message: 'Not enough stock of RAR-1: 0 left, 1 ordered (the company does not sell beyond its stock).',
    });
    expect(await countRows('orders', s.u.companyId)).toBe(1);
    expect(await stockOf(s.u, 'RAR-1')).toBe(-1);

    // The inbox: held first, problems in the reader's language, the count for the sidebar.
    const ro = await inbox(s.u, '?status=held', 'ro');
    expect(ro.meta).toMatchObject({ total: 3, held: 3 });
    expect(ro.data.map((i: { external_id: string }) => i.external_id)).toEqual(['H-4', 'H-2', 'H-1']);
    expect(ro.data[2].problems[0].message).toBe('Nu există niciun produs cu codul SKU NOPE în această companie.');
    expect((await s.u.call('GET', '/api/v1/intake/counts')).json().data).toEqual({ held: 3, received: 0 });
    expect((await inbox(s.u, `?source=${s.source}&status=created`)).data).toHaveLength(1);
    // The seller's alerts announce each held push.
    const alerts = (await s.u.call('GET', '/api/v1/notifications')).json().data;
    const waiting = alerts.filter((n: { title: string }) => n.title === 'Order waiting in Incoming');
    expect(waiting).toHaveLength(3);
    expect(waiting[0]).toMatchObject({
      description: 'Order H-4 from Shop could not be created as sent and waits in Incoming.',
      link: '/incoming?status=held',
    });

    // The same held order pushed again waits once: the answer names the item already waiting.
    const again = await send(
      s.key,
      shopOrder('H-1', {
        lines: [
          { sku: 'NOPE', quantity: 1 },
          { sku: 'CANA-1', quantity: 1 },
        ],
      }),
    );
    expect(again.statusCode).toBe(202);
    expect(again.json().data.intake_id).toBe(unknown.json().data.intake_id);
    expect((await s.u.call('GET', '/api/v1/intake/counts')).json().data.held).toBe(3);
  });

  it('retries a held item once the product exists, and dismisses another; another company gets 404', async () => {
    const s = await shop();
    const held = (await send(s.key, shopOrder('R-1', { lines: [{ sku: 'NOU-1', quantity: 2 }] }))).json().data;
    const other = (await send(s.key, shopOrder('R-2', { lines: [{ sku: 'NOU-2', quantity: 1 }] }))).json().data;
    const stranger = await t.signUp();
    for (const [method, url] of [
      ['GET', `/api/v1/intake/${held.intake_id}`],
      ['POST', `/api/v1/intake/${held.intake_id}/retry`],
      ['DELETE', `/api/v1/intake/${held.intake_id}`],
    ] as const) {
      expect((await stranger.call(method, url)).statusCode, `${method} ${url}`).toBe(404);
      expect((await t.app.inject({ method, url })).statusCode).toBe(401);
    }
    expect((await inbox(stranger)).data).toEqual([]);

    // Still no product: held again with the same problem.
    const still = await s.u.call('POST', `/api/v1/intake/${held.intake_id}/retry`);
    expect(still.json().data).toMatchObject({ status: 'held', problems: [{ code: 'unknown_sku' }] });
    await product(s.u, 'NOU-1', 'Produs nou');
    const retried = await s.u.call('POST', `/api/v1/intake/${held.intake_id}/retry`);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json().data).toMatchObject({ status: 'created', problems: [], order_id: expect.any(Number) });
    const o = await orderOf(s.u, retried.json().data.order_id);
    expect(o).toMatchObject({ external_id: 'R-1', order_products: [{ quantity: 2, product: { sku: 'NOU-1' } }] });
    // Only a waiting item can be retried or dismissed.
    expect((await s.u.call('POST', `/api/v1/intake/${held.intake_id}/retry`)).statusCode).toBe(409);

    const detail = (await s.u.call('GET', `/api/v1/intake/${other.intake_id}`)).json().data;
    expect(detail.payload).toMatchObject({ external_id: 'R-2', lines: [{ sku: 'NOU-2', quantity: 1 }] });
    const dismissed = await s.u.call('DELETE', `/api/v1/intake/${other.intake_id}`);
    expect(dismissed.json().data.status).toBe('dismissed');
    expect((await s.u.call('GET', '/api/v1/intake/counts')).json().data.held).toBe(0);
    expect((await inbox(s.u, '?status=dismissed')).data.map((i: { id: number }) => i.id)).toEqual([other.intake_id]);
  });

  it('keeps what arrived through a source from its deletion', async () => {
    const s = await shop();
    await send(s.key, shopOrder('Z-1', { lines: [{ sku: 'NOPE', quantity: 1 }] }));
    const del = await s.u.call('DELETE', `/api/v1/source/${s.source}`);
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toContain('1 incoming order');
  });
});

describe(`the app key's rotation (${engineUnderTest})`, () => {
  it("re-seals the sources' intake keys: a shop's signature verifies under the new key, and no longer under the old", async () => {
    const s = await shop();
    const newBox = secretBox(crypto.randomBytes(32).toString('base64'));
    const report = await resealIntakeKeys(t.db, t.services.secrets, newBox);
    expect(report.resealed).toBeGreaterThan(0);
    expect(report.unreadable).toBe(0);
    const body = Buffer.from(JSON.stringify(shopOrder('ROT-1')));
    const ts = String(clock.now());
    const signed = { keyId: s.key.key_id, timestamp: ts, signature: signature(s.key.secret, ts, body), body };
    const base = serviceContext(t.services);
    expect(await verifyIntakePush({ ...base, secrets: newBox }, signed)).toMatchObject({ sourceId: s.source });
    expect(await verifyIntakePush(base, signed)).toBeNull();
    // Back under the app's key for the rest of the file.
    expect((await resealIntakeKeys(t.db, newBox, t.services.secrets)).resealed).toBe(report.resealed);
    expect((await send(s.key, shopOrder('ROT-1'))).statusCode).toBe(201);
  });
});

describe(`a company that goes (${engineUnderTest})`, () => {
  it('takes its inbox and its sources’ keys with it', async () => {
    const u = await t.signUp();
    const src = await u.call('POST', '/api/v1/source', { body: { company_id: u.companyId, source: 'Shop' } });
    const key = await intakeKeyFor(u, src.json().data.id);
    expect((await send(key, shopOrder('G-1'))).statusCode).toBe(202);
    const del = await u.call('DELETE', `/api/v1/company/${u.companyId}`);
    expect(del.statusCode, del.body).toBe(200);
    expect(await countRows('intake_items', u.companyId)).toBe(0);
    expect((await send(key, shopOrder('G-2'))).statusCode).toBe(401);
  });
});
