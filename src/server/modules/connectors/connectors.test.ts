import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobHandlers, scheduleRecurringJobs } from '../../backgroundJobs.js';
import { serviceContext } from '../../context.js';
import type { WooCommerceEmulator } from '../../emulators/woocommerce.js';
import { runDueJobs } from '../../jobs/runner.js';
import { manualClock } from '../../lib/clock.js';
import { product, seller, type Seller } from '../../test/bulk.js';
import { engineUnderTest, startTestApp, type TestApp } from '../../test/harness.js';
import { awbFor, connectorReads } from '../../test/connectorsKit.js';
import { connectDemoShop, DEMO_STORE_URL } from './demo.js';
import { pullConnector } from './ordersIn.js';
import { sendOutbox, STOCK_SPACING_SECONDS } from './outbox.js';

const clock = manualClock(1_800_000_000);
let t: TestApp;
let woo: WooCommerceEmulator;
const logLines: string[] = [];
beforeAll(async () => {
  t = await startTestApp({
    clock,
    deps: {
      logger: {
        level: 'info',
        stream: { write: (line: string) => void logLines.push(line) },
      } as never,
    },
  });
  woo = t.app.emulators!.woocommerce;
  await scheduleRecurringJobs(t.db, clock.now());
});
afterAll(() => t.close());

const runJobs = async () => {
  await woo.settled();
  await runDueJobs({ services: t.services, handlers: jobHandlers(), instanceId: 'test' }, 200);
  await woo.settled();
  // The outbox's recurring pass, whenever it is next due.
  await sendOutbox(sys());
  await woo.settled();
};
const sys = () => serviceContext(t.services);
let shops = 0;

interface Shop extends Seller {
  host: string;
  url: string;
}

/** A seller (DPD, a source, CANA-1 and BOL-2) whose source is connected to a new emulated WooCommerce shop. */
async function connected(opts: { orders?: number; pull?: boolean } = {}): Promise<Shop> {
  const s = await seller(await t.signUp());
  const host = `shop-${++shops}-${engineUnderTest}.ro`;
  const url = `https://${host}`;
  if (opts.orders !== undefined)
    await woo.prepareShop(
      host,
      [
        { sku: 'CANA-1', name: 'Cană de lut', price: 1999, stock: 100 },
        { sku: 'BOL-2', name: 'Bol de ceramică', price: 1250, stock: 100 },
      ],
      opts.orders,
    );
  const res = await s.u.call('POST', `/api/v1/source/${s.source}/connector`, {
    body: { type: 'woocommerce', store_url: url, consumer_key: 'ck_demo', consumer_secret: 'cs_demo' },
  });
  expect(res.statusCode, res.body).toBe(201);
  if (opts.pull !== false) await runJobs();
  return { ...s, host, url };
}

describe('a new emulated shop is filled with the catalogue', () => {
  it('takes each parent it sells with all its variations, even those made after the first 50 products', async () => {
    const s = await seller(await t.signUp());
    const made = async (body: Record<string, unknown>) => {
      const res = await s.u.call('POST', '/api/v1/product', {
        body: {
          company_id: s.u.companyId,
          sale_type: 'Bucata',
          stock: 10,
          selling_price: 50,
          buying_price: 1,
          currency: 'RON',
          ...body,
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data.id as number;
    };
    const parent = await made({ sku: 'TRICOU', name: 'Tricou' });
    for (let i = 0; i < 55; i++) await made({ sku: `SIMPLU-${i}`, name: `Simplu ${i}` });
    await made({ sku: 'TRICOU-M', name: 'Tricou M', parent_id: parent });
    const host = `catalogue-${engineUnderTest}.ro`;
    const res = await s.u.call('POST', `/api/v1/source/${s.source}/connector`, {
      body: { type: 'woocommerce', store_url: `https://${host}`, consumer_key: 'ck_demo', consumer_secret: 'cs_demo' },
    });
    expect(res.statusCode, res.body).toBe(201);
    // The variation is sold as the parent's (a variable product), not lost past the first 50 rows.
    expect((await woo.product(host, 'TRICOU-M'))?.sku).toBe('TRICOU-M');
    expect(await woo.product(host, 'SIMPLU-54')).toBeUndefined();
  });
});

const { ordersOfSource, connectorRow, outbox, orderIdOf } = connectorReads(() => t.db.kysely);

/** Posts a webhook delivery to the console as WooCommerce does, signed with `secret`. */
async function deliver(source: number, body: string, secret: string | null, topic = 'order.updated') {
  const headers: Record<string, string> = { 'content-type': 'application/json', 'x-wc-webhook-topic': topic };
  if (secret !== null)
    headers['x-wc-webhook-signature'] = crypto.createHmac('sha256', secret).update(body).digest('base64');
  return t.app.inject({ method: 'POST', url: `/api/v1/hooks/woocommerce/${source}`, headers, payload: body });
}

describe(`shop connector: setting it (${engineUnderTest})`, () => {
  it('checks the keys at the shop, seals them, registers the webhooks, never answers a secret, and removes them on disconnect', async () => {
    const s = await seller(await t.signUp());
    const path = `/api/v1/source/${s.source}/connector`;
    const body = {
      type: 'woocommerce',
      store_url: 'https://a-shop.ro/',
      consumer_key: 'ck_demo',
      consumer_secret: 'cs_demo',
    };

    // A stranger; another company's source.
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(401);
    const other = await t.signUp();
    expect((await other.call('POST', path, { body })).statusCode).toBe(404);
    expect((await other.call('GET', path)).statusCode).toBe(404);
    expect((await other.call('DELETE', path)).statusCode).toBe(404);
    expect((await other.call('POST', `${path}/sync`)).statusCode).toBe(404);
    // No connector yet.
    expect((await s.u.call('GET', path)).statusCode).toBe(404);

    // 422, a message per field, in the reader's language.
    let res = await s.u.call('POST', path, { body: { type: 'magento' } });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['type']);
    res = await s.u.call('POST', path, {
      body: { type: 'woocommerce', store_url: 'not a url' },
      headers: { 'accept-language': 'ro' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      store_url: ['Introduceți adresa magazinului, de ex. https://magazin.ro.'],
      consumer_key: [expect.any(String)],
      consumer_secret: [expect.any(String)],
    });
    // Keys the shop refuses: its own words, nothing stored.
    res = await s.u.call('POST', path, { body: { ...body, consumer_key: 'ck_wrong' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.consumer_key[0]).toContain('Consumer key is invalid.');
    res = await s.u.call('POST', path, { body: { ...body, consumer_secret: 'cs_wrong' } });
    expect(res.json().errors.consumer_key[0]).toContain('Consumer secret is invalid.');
    expect(
      await t.db.kysely.selectFrom('shop_connectors').select('id').where('source_id', '=', s.source).execute(),
    ).toEqual([]);

    res = await s.u.call('POST', path, { body });
    expect(res.statusCode, res.body).toBe(201);
    const view = res.json().data;
    expect(view).toMatchObject({
      type: 'woocommerce',
      store_url: 'https://a-shop.ro',
      emulated: true,
      state: 'ok',
      orders_in: 0,
      cancel_in_shop: true,
      webhook_url: `http://localhost/api/v1/hooks/woocommerce/${s.source}`,
    });
    expect((await s.u.call('POST', path, { body })).statusCode).toBe(409);

    const hooks = await woo.webhooks('a-shop.ro');
    expect(hooks.map((h) => [h.topic, h.delivery_url, h.status])).toEqual([
      ['order.created', view.webhook_url, 'active'],
      ['order.updated', view.webhook_url, 'active'],
    ]);
    // No secret in an answer or in the stored row as it is.
    const row = await connectorRow(s.source);
    const shown = (await s.u.call('GET', path)).body;
    for (const secret of [hooks[0].secret, row.credentials]) expect(shown).not.toContain(secret);
    expect(row.credentials).not.toContain('cs_demo');
    expect(row.credentials).not.toContain(hooks[0].secret);

    const sync = await s.u.call('POST', `${path}/sync`);
    expect(sync.statusCode).toBe(202);

    expect((await s.u.call('DELETE', path)).statusCode).toBe(200);
    expect(await woo.webhooks('a-shop.ro')).toEqual([]);
    expect((await s.u.call('GET', path)).statusCode).toBe(404);
  });
});

describe(`shop connector: orders in (${engineUnderTest})`, () => {
  it('lists the company’s connected sources in one call (the sources list’s mark), never another company’s', async () => {
    const a = await connected({ orders: 0 });
    const b = await connected({ orders: 0 });
    const list = await a.u.call('GET', '/api/v1/connectors');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data).toEqual([{ source_id: a.source, type: 'woocommerce', emulated: true, state: 'ok' }]);
    expect(list.body).not.toContain('cs_demo');
    expect(
      (await b.u.call('GET', '/api/v1/connectors')).json().data.map((c: { source_id: number }) => c.source_id),
    ).toEqual([b.source]);
    // A company without a connected shop lists none; a stranger is refused.
    const alone = await seller(await t.signUp());
    expect((await alone.u.call('GET', '/api/v1/connectors')).json().data).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/connectors' })).statusCode).toBe(401);
    // Disconnected, the source is no longer listed.
    expect((await a.u.call('DELETE', `/api/v1/source/${a.source}/connector`)).statusCode).toBe(200);
    expect((await a.u.call('GET', '/api/v1/connectors')).json().data).toEqual([]);
  });

  it('a first pull brings the shop’s orders of the last day, card-paid ones never cash on delivery', async () => {
    const s = await connected();
    const orders = await ordersOfSource(s.source);
    const inShop = await woo.orders(s.host);
    expect(orders.map((o) => o.external_id).sort()).toEqual(inShop.map((o) => String(o.id)).sort());
    expect(inShop.length).toBe(4);
    for (const o of inShop) {
      const here = orders.find((x) => x.external_id === String(o.id))!;
      expect(here.payment_method).toBe(o.payment_method === 'cod' ? 'cash_on_delivery' : 'card');
    }
    expect(new Set(orders.map((o) => o.payment_method)).size).toBe(2);
    const view = (await s.u.call('GET', `/api/v1/source/${s.source}/connector`)).json().data;
    expect(view).toMatchObject({ state: 'ok', orders_in: 4, last_sync_at: clock.now(), last_error: null });
  });

  it('a webhook signed right is stored and made an order; the same order pulled again is one order; a wrong signature stores nothing', async () => {
    const s = await connected({ orders: 0 });
    const [made] = await woo.takeOrders(s.host, 1, { payment: 'cod' });
    let orders = await ordersOfSource(s.source);
    expect(orders.map((o) => o.external_id)).toEqual([String(made.id)]);
    expect(orders[0].payment_method).toBe('cash_on_delivery');

    // The safety pull reads it again: still one order, no new inbox item.
    const items = async () =>
      (await t.db.kysely.selectFrom('intake_items').select('id').where('source_id', '=', s.source).execute()).length;
    const before = await items();
    clock.advance(300);
    await runJobs();
    orders = await ordersOfSource(s.source);
    expect(orders).toHaveLength(1);
    expect(await items()).toBe(before);

    // The same delivery again (WooCommerce's body, signed right): one order still.
    const secret = (await woo.webhooks(s.host))[0].secret;
    const body = JSON.stringify(made);
    expect((await deliver(s.source, body, secret)).statusCode).toBe(200);
    expect(await ordersOfSource(s.source)).toHaveLength(1);

    // Wrong or missing signature: 401, nothing stored.
    const events = async () => (await t.db.kysely.selectFrom('shop_events').select('id').execute()).length;
    const stored = await events();
    const forged = JSON.stringify({ ...made, id: 999_999 });
    expect((await deliver(s.source, forged, 'not-the-secret')).statusCode).toBe(401);
    expect((await deliver(s.source, forged, null)).statusCode).toBe(401);
    expect(await events()).toBe(stored);
    expect(await ordersOfSource(s.source)).toHaveLength(1);
    // WooCommerce's ping is answered 200.
    const ping = await t.app.inject({
      method: 'POST',
      url: `/api/v1/hooks/woocommerce/${s.source}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'webhook_id=1',
    });
    expect(ping.statusCode).toBe(200);
  });

  it('a pull whose third page fails leaves the cursor after the second; the next pull completes', async () => {
    const s = await connected({ orders: 25, pull: false });
    const connector = await connectorRow(s.source);
    // Failing as often as a read is tried (the client tries a read three times).
    woo.failListPage(3, 3);
    await pullConnector(sys(), connector.id, { perPage: 10 });
    const inShop = (await woo.orders(s.host)).sort((a, b) => a.date_modified_gmt.localeCompare(b.date_modified_gmt));
    let row = await connectorRow(s.source);
    expect(row.state).toBe('error');
    expect(row.last_error).toContain('There has been a critical error on this website.');
    expect(row.cursor).toBe(inShop[19].date_modified_gmt);
    expect(await ordersOfSource(s.source)).toHaveLength(20);

    await pullConnector(sys(), connector.id, { perPage: 10 });
    row = await connectorRow(s.source);
    expect(row.state).toBe('ok');
    expect(row.cursor).toBe(inShop[24].date_modified_gmt);
    expect(await ordersOfSource(s.source)).toHaveLength(25);
  });

  it('an order cancelled in the shop is cancelled here without AWB; with one it is the seller’s problem, told once', async () => {
    const s = await connected({ orders: 0 });
    const [free, shipped] = await woo.takeOrders(s.host, 2, { payment: 'cod' });
    await awbFor(s, await orderIdOf(s.source, shipped.id));

    await woo.cancelInShop(s.host, free.id);
    await woo.cancelInShop(s.host, shipped.id);
    clock.advance(300);
    await runJobs();
    const orders = await ordersOfSource(s.source);
    expect(orders.find((o) => o.external_id === String(free.id))!.status).toBe('cancelled');
    expect(orders.find((o) => o.external_id === String(shipped.id))!.status).toBe('processing');
    // Not sent back to the shop: it cancelled it itself.
    expect((await outbox(s.source)).filter((u) => u.kind === 'order_status')).toEqual([]);
    const notes = await t.db.kysely
      .selectFrom('notifications')
      .select('message_key')
      .where('company_id', '=', s.u.companyId)
      .where('message_key', '=', 'shop_cancelled_with_documents')
      .execute();
    expect(notes).toHaveLength(1);
    const view = (await s.u.call('GET', `/api/v1/source/${s.source}/connector`)).json().data;
    expect(view.updates_failed.map((u: { kind: string; ref: string }) => [u.kind, u.ref])).toEqual([
      ['shop_cancel', String(shipped.id)],
    ]);
  });
});

describe(`shop connector: what goes back (${engineUnderTest})`, () => {
  it('AWB → a customer note with courier, AWB and link; delivered → completed; cancelled here → cancelled in the shop', async () => {
    const s = await connected({ orders: 0 });
    const [a, b] = await woo.takeOrders(s.host, 2, { payment: 'cod' });
    const orderA = await orderIdOf(s.source, a.id);
    await awbFor(s, orderA, 'Ion Livrat');
    const awb = (await ordersOfSource(s.source)).find((o) => o.id === orderA)!.awb!;
    expect((await outbox(s.source)).filter((u) => u.kind !== 'stock').map((u) => [u.kind, u.state])).toEqual([
      ['order_note', 'waiting'],
    ]);
    await runJobs();
    const notes = await woo.notes(s.host, a.id);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ customer_note: true });
    expect(notes[0].note).toContain('DPD');
    expect(notes[0].note).toContain(awb);
    expect(notes[0].note).toContain(`https://tracking.dpd.ro/?shipmentNumber=${awb}`);

    // Delivered (the courier's news, by the tracking job): completed in the shop.
    clock.advance(2 * 3600);
    await runJobs();
    expect((await ordersOfSource(s.source)).find((o) => o.id === orderA)!.status).toBe('completed');
    clock.advance(60);
    await runJobs();
    expect((await woo.order(s.host, a.id))!.status).toBe('completed');

    // Cancelled here: cancelled in the shop.
    const cancel = await s.u.call('POST', `/api/v1/order/${await orderIdOf(s.source, b.id)}/cancel`);
    expect(cancel.statusCode, cancel.body).toBe(200);
    await runJobs();
    expect((await woo.order(s.host, b.id))!.status).toBe('cancelled');
    expect((await outbox(s.source)).every((u) => u.state === 'sent')).toBe(true);
  });

  it('cancelled here with the connector’s “cancel in the shop” off (on by default): the shop’s order is left', async () => {
    const s = await connected({ orders: 0 });
    const path = `/api/v1/source/${s.source}/connector`;
    expect((await s.u.call('GET', path)).json().data.cancel_in_shop).toBe(true);
    const off = await s.u.call('POST', `${path}/settings`, { body: { cancel_in_shop: false } });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data.cancel_in_shop).toBe(false);
    const [a] = await woo.takeOrders(s.host, 1, { payment: 'cod' });
    const before = (await woo.order(s.host, a.id))!.status;
    const cancel = await s.u.call('POST', `/api/v1/order/${await orderIdOf(s.source, a.id)}/cancel`);
    expect(cancel.statusCode, cancel.body).toBe(200);
    await runJobs();
    expect((await outbox(s.source)).filter((u) => u.kind === 'order_status')).toEqual([]);
    expect((await woo.order(s.host, a.id))!.status).toBe(before);
    expect(before).not.toBe('cancelled');
  });

  it('stock: one call per SKU per minute with the latest quantity; a SKU the shop lacks is told once', async () => {
    const s = await connected({ orders: 0 });
    await runJobs();
    const list = (await s.u.call('GET', '/api/v1/product?search=CANA-1')).json().data;
    const cana = list.find((p: { sku: string }) => p.sku === 'CANA-1');
    const setStock = async (id: number, stock: number) => {
      const p = (await s.u.call('GET', `/api/v1/product/${id}`)).json().data;
      const res = await s.u.call('POST', `/api/v1/product/${id}`, {
        body: {
          company_id: s.u.companyId,
          sku: p.sku,
          name: p.name,
          sale_type: p.sale_type,
          selling_price: p.selling_price,
          buying_price: p.buying_price,
          currency: p.currency,
          stock,
        },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    await setStock(cana.id, 70);
    await setStock(cana.id, 60);
    await setStock(cana.id, 55);
    expect((await outbox(s.source)).filter((u) => u.kind === 'stock')).toHaveLength(1);
    await runJobs();
    expect((await woo.product(s.host, 'CANA-1'))!.stock_quantity).toBe(55);

    // Within the minute: it waits, then goes with the latest quantity.
    await setStock(cana.id, 40);
    await runJobs();
    expect((await woo.product(s.host, 'CANA-1'))!.stock_quantity).toBe(55);
    clock.advance(STOCK_SPACING_SECONDS);
    await runJobs();
    expect((await woo.product(s.host, 'CANA-1'))!.stock_quantity).toBe(40);

    // A product the shop does not have: told once, not tried again.
    await product(s.u, 'NOU-9', 'Farfurie');
    const nou = (await s.u.call('GET', '/api/v1/product?search=NOU-9')).json().data[0];
    await setStock(nou.id, 5);
    await runJobs();
    clock.advance(STOCK_SPACING_SECONDS);
    await setStock(nou.id, 4);
    await runJobs();
    const missing = await t.db.kysely
      .selectFrom('notifications')
      .select('id')
      .where('company_id', '=', s.u.companyId)
      .where('message_key', '=', 'shop_product_missing')
      .execute();
    expect(missing).toHaveLength(1);
    expect((await outbox(s.source)).filter((u) => u.ref === 'NOU-9').map((u) => u.state)).toEqual([
      'skipped',
      'skipped',
    ]);
  });

  it('holds the shop’s rate limit: the emulator refuses excess calls, the client never gets there', async () => {
    const host = `limit-${engineUnderTest}.ro`;
    const auth = `Basic ${Buffer.from('ck_demo:cs_demo').toString('base64')}`;
    const calls = await Promise.all(
      Array.from({ length: 15 }, () =>
        t.app.emulatorHost!.inject({
          method: 'GET',
          url: `/emulators/woocommerce/shops/${host}/wp-json/wc/v3/orders`,
          headers: { authorization: auth },
        }),
      ),
    );
    expect(calls.filter((c) => c.statusCode === 429).length).toBeGreaterThan(0);
    expect(calls.find((c) => c.statusCode === 429)!.json()).toMatchObject({ data: { status: 429 } });

    const other = `client-${engineUnderTest}.ro`;
    const client = t.services.providers.woocommerce!({
      store_url: `https://${other}`,
      consumer_key: 'ck_demo',
      consumer_secret: 'cs_demo',
    });
    await Promise.all(Array.from({ length: 16 }, () => client.ordersModifiedAfter(null, 1, 10)));
    expect(woo.refused(other)).toBe(0);
  });

  // An hour away: every job of the file's sellers falls due (tracking, the outbox), slow on a loaded machine.
  it('a shop down then back: nothing lost, the outbox drained', async () => {
    const s = await connected({ orders: 0 });
    const [a] = await woo.takeOrders(s.host, 1, { payment: 'card' });
    // WooCommerce disabled its webhooks, and the site is down.
    for (const h of await woo.webhooks(s.host))
      await woo.store.put(`webhooks:${s.host}`, String(h.id), { ...h, status: 'disabled' });
    const [b] = await woo.takeOrders(s.host, 1, { payment: 'cod' });
    woo.faults.set('server_error');
    await awbFor(s, await orderIdOf(s.source, a.id));
    clock.advance(300);
    await runJobs();
    expect((await connectorRow(s.source)).state).toBe('error');
    expect(await ordersOfSource(s.source)).toHaveLength(1);
    const [note] = (await outbox(s.source)).filter((u) => u.kind === 'order_note');
    expect(note).toMatchObject({ kind: 'order_note', state: 'waiting', attempts: 1 });
    expect(note.last_error).toContain('critical error');

    woo.faults.clear();
    clock.advance(3600);
    await runJobs();
    expect((await ordersOfSource(s.source)).map((o) => o.external_id)).toEqual([String(a.id), String(b.id)]);
    expect((await outbox(s.source)).map((u) => u.state)).not.toContain('waiting');
    expect(await woo.notes(s.host, a.id)).toHaveLength(1);
    expect((await connectorRow(s.source)).state).toBe('ok');
  }, 60_000);

  it('writes no secret to the log', async () => {
    const hooks = await woo.webhooks(`shop-1-${engineUnderTest}.ro`);
    const log = logLines.join('\n');
    expect(log.length).toBeGreaterThan(0);
    expect(log).not.toContain('cs_demo');
    for (const h of hooks) expect(log).not.toContain(h.secret);
  });
});

describe(`shop connector: the demo (${engineUnderTest})`, () => {
  it('the demo’s web shop is an emulated WooCommerce shop taking new orders at every pull', async () => {
    const s = await seller(await t.signUp());
    expect(await connectDemoShop(serviceContext(t.services, { companyId: s.u.companyId }), s.source)).toBe(true);
    await runJobs();
    const host = new URL(DEMO_STORE_URL).host;
    // The shop's orders of the last day, and the ones it took before the pull.
    const first = await ordersOfSource(s.source);
    expect(first.length).toBeGreaterThanOrEqual(6);
    clock.advance(300);
    await runJobs();
    expect((await ordersOfSource(s.source)).length).toBe(first.length + 2);
    expect(await woo.webhooks(host)).toHaveLength(2);
  });
});
