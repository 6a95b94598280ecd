import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobHandlers, scheduleRecurringJobs } from '../../backgroundJobs.js';
import { serviceContext } from '../../context.js';
import type { ShopifyEmulator } from '../../emulators/shopify.js';
import { restOrder, type ShopifyOrderRecord } from '../../emulators/shopifyRecords.js';
import type { WooCommerceEmulator } from '../../emulators/woocommerce.js';
import { runDueJobs } from '../../jobs/runner.js';
import { manualClock } from '../../lib/clock.js';
import { product, seller, type Seller } from '../../test/bulk.js';
import { engineUnderTest, startTestApp, type TestApp } from '../../test/harness.js';
import { awbFor, connectorReads } from '../../test/connectorsKit.js';
import { pullConnector } from './ordersIn.js';
import { sendOutbox, STOCK_SPACING_SECONDS } from './outbox.js';

/**
 * The Shopify connector end to end against the emulated shop (GraphQL Admin API, its webhooks signed
 * with the seller's api_secret), and the webhooks' health for every kind (WooCommerce's re-activated,
 * Shopify's re-created).
 */

const clock = manualClock(1_800_000_000);
let t: TestApp;
let shopify: ShopifyEmulator;
let woo: WooCommerceEmulator;
const logLines: string[] = [];
beforeAll(async () => {
  t = await startTestApp({
    clock,
    deps: {
      logger: { level: 'info', stream: { write: (line: string) => void logLines.push(line) } } as never,
    },
  });
  shopify = t.app.emulators!.shopify;
  woo = t.app.emulators!.woocommerce;
  await scheduleRecurringJobs(t.db, clock.now());
});
afterAll(() => t.close());

const sys = () => serviceContext(t.services);
const runJobs = async () => {
  await shopify.settled();
  await woo.settled();
  await runDueJobs({ services: t.services, handlers: jobHandlers(), instanceId: 'test' }, 200);
  await shopify.settled();
  await sendOutbox(sys());
  await shopify.settled();
};

const CATALOGUE = [
  { sku: 'CANA-1', name: 'Cană de lut', price: 1999, stock: 100 },
  { sku: 'BOL-2', name: 'Bol de ceramică', price: 1250, stock: 100 },
];
let shops = 0;

interface Shop extends Seller {
  host: string;
  secret: string;
}

/** A seller (DPD, a source, CANA-1 and BOL-2) whose source is connected to a new emulated Shopify shop. */
async function connected(opts: { orders?: number; pull?: boolean } = {}): Promise<Shop> {
  const s = await seller(await t.signUp());
  const host = `magazin-${++shops}-${engineUnderTest}.myshopify.com`;
  const secret = `shpss_seller_${shops}_${crypto.randomBytes(6).toString('hex')}`;
  if (opts.orders !== undefined) await shopify.prepareShop(host, CATALOGUE, { orders: opts.orders });
  const res = await s.u.call('POST', `/api/v1/source/${s.source}/connector`, {
    body: { type: 'shopify', shop_domain: `https://${host}/`, access_token: 'shpat_demo', api_secret: secret },
  });
  expect(res.statusCode, res.body).toBe(201);
  if (opts.pull !== false) await runJobs();
  return { ...s, host, secret };
}

const { ordersOfSource, connectorRow, outbox, orderIdOf } = connectorReads(() => t.db.kysely);
const eventsOf = async (source: number) =>
  t.db.kysely
    .selectFrom('shop_events')
    .selectAll()
    .where('connector_id', '=', (await connectorRow(source)).id)
    .execute();

/** Posts a delivery to the console as Shopify does, signed with `secret` (null: unsigned). */
async function deliver(
  s: Shop,
  order: ShopifyOrderRecord,
  secret: string | null,
  opts: { eventId?: string; topic?: string } = {},
) {
  const body = JSON.stringify(restOrder(s.host, order));
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'x-shopify-topic': opts.topic ?? 'orders/updated',
    'x-shopify-shop-domain': s.host,
    'x-shopify-webhook-id': crypto.randomUUID(),
    'x-shopify-event-id': opts.eventId ?? crypto.randomUUID(),
  };
  if (secret !== null)
    headers['x-shopify-hmac-sha256'] = crypto.createHmac('sha256', secret).update(body).digest('base64');
  return t.app.inject({ method: 'POST', url: `/api/v1/hooks/shopify/${s.source}`, headers, payload: body });
}

describe(`Shopify connector: setting it (${engineUnderTest})`, () => {
  it('checks the token at the shop, seals it with the api_secret, registers the three webhooks, answers no secret, removes them on disconnect', async () => {
    const s = await seller(await t.signUp());
    const path = `/api/v1/source/${s.source}/connector`;
    const host = `setting-${engineUnderTest}.myshopify.com`;
    const secret = 'shpss_my_own_secret_1234';
    const body = { type: 'shopify', shop_domain: host, access_token: 'shpat_demo', api_secret: secret };

    expect((await t.app.inject({ method: 'POST', url: path, payload: body })).statusCode).toBe(401);
    const other = await t.signUp();
    expect((await other.call('POST', path, { body })).statusCode).toBe(404);

    // 422, a message per field, in the reader's language.
    let res = await s.u.call('POST', path, {
      body: { type: 'shopify', shop_domain: 'not a domain' },
      headers: { 'accept-language': 'ro' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      shop_domain: ['Introduceți domeniul magazinului, de ex. magazin.myshopify.com.'],
      access_token: [expect.any(String)],
      api_secret: [expect.any(String)],
    });
    // A token the shop refuses: its own words on the token, nothing stored.
    res = await s.u.call('POST', path, { body: { ...body, access_token: 'shpat_wrong' } });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['access_token']);
    expect(res.json().errors.access_token[0]).toContain('Invalid API key or access token');
    expect(
      await t.db.kysely.selectFrom('shop_connectors').select('id').where('source_id', '=', s.source).execute(),
    ).toEqual([]);

    res = await s.u.call('POST', path, { body });
    expect(res.statusCode, res.body).toBe(201);
    const view = res.json().data;
    expect(view).toMatchObject({
      type: 'shopify',
      store_url: host,
      emulated: true,
      state: 'ok',
      cancel_in_shop: true,
      webhook_url: `http://localhost/api/v1/hooks/shopify/${s.source}`,
      demo: { access_token: 'shpat_demo', api_secret: expect.any(String) },
    });
    const hooks = await shopify.webhooks(host);
    expect(hooks.map((h) => [h.topic, h.uri]).sort()).toEqual([
      ['ORDERS_CANCELLED', view.webhook_url],
      ['ORDERS_CREATE', view.webhook_url],
      ['ORDERS_UPDATED', view.webhook_url],
    ]);
    // Stored as Shopify's gids, as text.
    expect(JSON.parse((await connectorRow(s.source)).webhook_ids)).toEqual(
      hooks.map((h) => `gid://shopify/WebhookSubscription/${h.id}`),
    );
    const row = await connectorRow(s.source);
    const shown = (await s.u.call('GET', path)).body;
    expect(shown).not.toContain(secret);
    expect(shown).not.toContain(row.credentials);
    expect(row.credentials).not.toContain(secret);
    expect(row.credentials).not.toContain('shpat_demo');

    expect((await s.u.call('DELETE', path)).statusCode).toBe(200);
    expect(await shopify.webhooks(host)).toEqual([]);
  });
});

describe(`the connect form (${engineUnderTest})`, () => {
  it('says the shops are emulated, gives each one’s demo keys and the webhook addresses; another company’s source is 404', async () => {
    const s = await seller(await t.signUp());
    const path = `/api/v1/source/${s.source}/connector/form`;
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(401);
    expect((await (await t.signUp()).call('GET', path)).statusCode).toBe(404);
    expect((await s.u.call('GET', '/api/v1/source/nope/connector/form')).statusCode).toBe(422);
    const res = await s.u.call('GET', path);
    expect(res.statusCode, res.body).toBe(200);
    const form = res.json().data;
    expect(form).toMatchObject({
      emulated: true,
      demo: {
        woocommerce: { consumer_key: 'ck_demo', consumer_secret: 'cs_demo' },
        shopify: { access_token: 'shpat_demo', api_secret: expect.any(String) },
      },
      webhook_urls: {
        woocommerce: `http://localhost/api/v1/hooks/woocommerce/${s.source}`,
        shopify: `http://localhost/api/v1/hooks/shopify/${s.source}`,
      },
    });
  });
});

describe(`Shopify connector: orders in (${engineUnderTest})`, () => {
  it('a first pull brings the shop’s orders of the last day; one paid by card is never cash on delivery', async () => {
    const s = await connected();
    const inShop = await shopify.orders(s.host);
    expect(inShop).toHaveLength(4);
    const orders = await ordersOfSource(s.source);
    expect(orders.map((o) => o.external_id).sort()).toEqual(inShop.map((o) => String(o.id)).sort());
    for (const o of inShop) {
      const here = orders.find((x) => x.external_id === String(o.id))!;
      expect(here.payment_method).toBe(o.financial === 'PAID' ? 'card' : 'cash_on_delivery');
    }
    expect(new Set(orders.map((o) => o.payment_method))).toEqual(new Set(['card', 'cash_on_delivery']));
    const view = (await s.u.call('GET', `/api/v1/source/${s.source}/connector`)).json().data;
    expect(view).toMatchObject({ state: 'ok', orders_in: 4, last_error: null });
  });

  it('a webhook signed with the api_secret makes the order; the same delivery twice is one event; a wrong signature stores nothing; a pull of it is still one order', async () => {
    const s = await connected({ orders: 0 });
    // The shop's own delivery, signed by the emulated shop with the seller's api_secret.
    const [made] = await shopify.takeOrders(s.host, 1, { payment: 'cod' });
    await shopify.settled();
    let orders = await ordersOfSource(s.source);
    expect(orders.map((o) => [o.external_id, o.payment_method])).toEqual([[String(made.id), 'cash_on_delivery']]);
    const stored = (await eventsOf(s.source)).length;
    expect(stored).toBe(1);

    // The same event delivered twice (Shopify's retry): answered 200, stored and worked once.
    const record = (await shopify.order(s.host, made.id))!;
    expect((await deliver(s, record, s.secret, { eventId: 'evt-1' })).statusCode).toBe(200);
    expect((await deliver(s, record, s.secret, { eventId: 'evt-1' })).statusCode).toBe(200);
    expect((await eventsOf(s.source)).filter((e) => e.delivery_id === 'evt-1')).toHaveLength(1);
    expect((await eventsOf(s.source)).length).toBe(stored + 1);

    // Wrong or missing signature: 401, nothing stored.
    const forged = { ...record, id: 999_999 };
    expect((await deliver(s, forged, 'not-the-secret')).statusCode).toBe(401);
    expect((await deliver(s, forged, null)).statusCode).toBe(401);
    // Signed right but to WooCommerce's address: not WooCommerce's signature.
    const wrongKind = await t.app.inject({
      method: 'POST',
      url: `/api/v1/hooks/woocommerce/${s.source}`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(restOrder(s.host, record)),
    });
    expect(wrongKind.statusCode).toBe(401);
    expect((await eventsOf(s.source)).length).toBe(stored + 1);

    // The safety pull reads it again: still one order, no new inbox item.
    const items = async () =>
      (await t.db.kysely.selectFrom('intake_items').select('id').where('source_id', '=', s.source).execute()).length;
    const before = await items();
    clock.advance(300);
    await runJobs();
    orders = await ordersOfSource(s.source);
    expect(orders).toHaveLength(1);
    expect(await items()).toBe(before);
  });

  it('a pull whose third page fails leaves the cursor after the second; the next pull completes', async () => {
    const s = await connected({ orders: 25, pull: false });
    const connector = await connectorRow(s.source);
    shopify.failOrdersPage(3);
    await pullConnector(sys(), connector.id, { perPage: 10 });
    const inShop = (await shopify.orders(s.host)).sort((a, b) => a.updatedAt.localeCompare(b.updatedAt));
    let row = await connectorRow(s.source);
    expect(row.state).toBe('error');
    expect(row.last_error).toContain('Internal error');
    expect(row.cursor).toBe(inShop[19].updatedAt.replace(/Z$/, ''));
    expect(await ordersOfSource(s.source)).toHaveLength(20);

    await pullConnector(sys(), connector.id, { perPage: 10 });
    row = await connectorRow(s.source);
    expect(row.state).toBe('ok');
    expect(row.cursor).toBe(inShop[24].updatedAt.replace(/Z$/, ''));
    expect(await ordersOfSource(s.source)).toHaveLength(25);
  });

  it('an order cancelled in the shop is cancelled here without AWB; with one it is the seller’s, told once', async () => {
    const s = await connected({ orders: 0 });
    const [free, shipped] = await shopify.takeOrders(s.host, 2, { payment: 'cod' });
    await shopify.settled();
    await awbFor(s, await orderIdOf(s.source, shipped.id));
    await shopify.cancelInShop(s.host, free.id);
    await shopify.cancelInShop(s.host, shipped.id);
    await runJobs();
    const orders = await ordersOfSource(s.source);
    expect(orders.find((o) => o.external_id === String(free.id))!.status).toBe('cancelled');
    expect(orders.find((o) => o.external_id === String(shipped.id))!.status).toBe('processing');
    // Not sent back: the shop cancelled it itself.
    expect((await outbox(s.source)).filter((u) => u.kind === 'order_status')).toEqual([]);
    const view = (await s.u.call('GET', `/api/v1/source/${s.source}/connector`)).json().data;
    // (Its fulfillment, waiting when the shop cancelled it, is refused there and listed too.)
    expect(view.updates_failed.map((u: { kind: string; ref: string }) => [u.kind, u.ref])).toContainEqual([
      'shop_cancel',
      String(shipped.id),
    ]);
  });
});

describe(`Shopify connector: what goes back (${engineUnderTest})`, () => {
  it('AWB → a fulfillment with tracking number, company and URL; cancelled here → orderCancel in the shop', async () => {
    const s = await connected({ orders: 0 });
    const [a, b] = await shopify.takeOrders(s.host, 2, { payment: 'card' });
    await shopify.settled();
    const orderA = await orderIdOf(s.source, a.id);
    await awbFor(s, orderA);
    const awb = (await ordersOfSource(s.source)).find((o) => o.id === orderA)!.awb!;
    await runJobs();
    const fulfilled = (await shopify.order(s.host, a.id))!;
    expect(fulfilled.fulfillment).toBe('FULFILLED');
    expect(fulfilled.fulfillments.map((f) => f.tracking)).toEqual([
      { number: awb, company: 'DPD', url: expect.stringContaining(`https://tracking.dpd.ro/?shipmentNumber=${awb}`) },
    ]);
    expect(fulfilled.fulfillments[0].notifyCustomer).toBe(true);
    // The shop's own update after the fulfillment (a webhook) leaves the order as it is here.
    expect((await ordersOfSource(s.source)).find((o) => o.id === orderA)!.status).not.toBe('cancelled');

    const cancel = await s.u.call('POST', `/api/v1/order/${await orderIdOf(s.source, b.id)}/cancel`);
    expect(cancel.statusCode, cancel.body).toBe(200);
    await runJobs();
    const cancelled = (await shopify.order(s.host, b.id))!;
    expect(cancelled.cancelledAt).not.toBeNull();
    expect(cancelled.financial).toBe('REFUNDED');
    // (Stock rows wait for their minute: the orders moved the SKUs' stock twice.)
    expect(
      (await outbox(s.source)).filter((u) => u.kind !== 'stock').map((u) => [u.kind, u.state, u.last_error]),
    ).toEqual([
      ['order_note', 'sent', null],
      ['order_status', 'sent', null],
    ]);
  });

  it('cancelled here with the connector’s “cancel in the shop” off (on by default): no orderCancel', async () => {
    const s = await connected({ orders: 0 });
    const path = `/api/v1/source/${s.source}/connector`;
    expect((await s.u.call('GET', path)).json().data.cancel_in_shop).toBe(true);
    const off = await s.u.call('POST', `${path}/settings`, { body: { cancel_in_shop: false } });
    expect(off.statusCode, off.body).toBe(200);
    const [a] = await shopify.takeOrders(s.host, 1, { payment: 'cod' });
    await shopify.settled();
    const cancel = await s.u.call('POST', `/api/v1/order/${await orderIdOf(s.source, a.id)}/cancel`);
    expect(cancel.statusCode, cancel.body).toBe(200);
    await runJobs();
    expect((await outbox(s.source)).filter((u) => u.kind === 'order_status')).toEqual([]);
    expect((await shopify.order(s.host, a.id))!.cancelledAt).toBeNull();
  });

  it('stock: inventorySetQuantities by SKU, one call per SKU per minute with the latest quantity; a SKU the shop lacks is told once', async () => {
    const s = await connected({ orders: 0 });
    const cana = (await s.u.call('GET', '/api/v1/product?search=CANA-1')).json().data[0];
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
    const level = async (sku: string) => (await shopify.variant(s.host, sku))!.levels['1'];
    await setStock(cana.id, 70);
    await setStock(cana.id, 60);
    expect((await outbox(s.source)).filter((u) => u.kind === 'stock' && u.state === 'waiting')).toHaveLength(1);
    await runJobs();
    expect(await level('CANA-1')).toBe(60);

    await setStock(cana.id, 40);
    await runJobs();
    expect(await level('CANA-1')).toBe(60);
    clock.advance(STOCK_SPACING_SECONDS);
    await runJobs();
    expect(await level('CANA-1')).toBe(40);

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

  // An hour away: every job of the file's sellers falls due (tracking, the outbox), slow on a loaded machine.
  it('a shop down then back: nothing lost, the outbox drained, the subscriptions Shopify deleted made again', async () => {
    const s = await connected({ orders: 0 });
    const [a] = await shopify.takeOrders(s.host, 1, { payment: 'card' });
    await shopify.settled();
    // Shopify deleted the subscriptions (deliveries kept failing), and then the shop is down.
    for (const h of await shopify.webhooks(s.host)) await shopify.store.remove(`hooks:${s.host}`, String(h.id));
    const [b] = await shopify.takeOrders(s.host, 1, { payment: 'cod' });
    shopify.faults.set('server_error');
    await awbFor(s, await orderIdOf(s.source, a.id));
    clock.advance(300);
    await runJobs();
    expect((await connectorRow(s.source)).state).toBe('error');
    expect(await ordersOfSource(s.source)).toHaveLength(1);
    const [note] = (await outbox(s.source)).filter((u) => u.kind === 'order_note');
    expect(note).toMatchObject({ state: 'waiting', attempts: 1 });

    shopify.faults.clear();
    clock.advance(3600);
    await runJobs();
    expect((await ordersOfSource(s.source)).map((o) => o.external_id)).toEqual([String(a.id), String(b.id)]);
    expect((await outbox(s.source)).map((u) => u.state)).not.toContain('waiting');
    expect((await shopify.order(s.host, a.id))!.fulfillments).toHaveLength(1);
    const row = await connectorRow(s.source);
    expect(row.state).toBe('ok');
    const hooks = await shopify.webhooks(s.host);
    expect(hooks.map((h) => h.topic).sort()).toEqual(['ORDERS_CANCELLED', 'ORDERS_CREATE', 'ORDERS_UPDATED']);
    expect(JSON.parse(row.webhook_ids)).toEqual(hooks.map((h) => `gid://shopify/WebhookSubscription/${h.id}`));
    // Live again: the shop's next order comes by its webhook, before any pull.
    const [c] = await shopify.takeOrders(s.host, 1, { payment: 'cod' });
    await shopify.settled();
    expect((await ordersOfSource(s.source)).map((o) => o.external_id)).toContain(String(c.id));
  }, 60_000);

  it('writes no secret to the log', async () => {
    const log = logLines.join('\n');
    expect(log.length).toBeGreaterThan(0);
    expect(log).not.toContain('shpss_seller_');
    expect(log).not.toContain('shpss_my_own_secret_1234');
    expect(log).not.toContain('shpat_demo');
  });
});

describe(`webhook health: WooCommerce (${engineUnderTest})`, () => {
  it('the pull re-activates a webhook WooCommerce disabled and makes again one it lost', async () => {
    const s = await seller(await t.signUp());
    const host = `health-${engineUnderTest}.ro`;
    const res = await s.u.call('POST', `/api/v1/source/${s.source}/connector`, {
      body: { type: 'woocommerce', store_url: `https://${host}`, consumer_key: 'ck_demo', consumer_secret: 'cs_demo' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const [created, updated] = await woo.webhooks(host);
    await woo.store.put(`webhooks:${host}`, String(created.id), { ...created, status: 'disabled', failure_count: 6 });
    await woo.store.remove(`webhooks:${host}`, String(updated.id));
    await pullConnector(sys(), (await connectorRow(s.source)).id);
    const hooks = await woo.webhooks(host);
    expect(hooks.map((h) => [h.topic, h.status])).toEqual([
      ['order.created', 'active'],
      ['order.updated', 'active'],
    ]);
    expect(hooks[0].id).toBe(created.id);
    expect(JSON.parse((await connectorRow(s.source)).webhook_ids)).toEqual(hooks.map((h) => String(h.id)));
    // The webhook made again signs with the connector's secret: its delivery is taken.
    const [order] = await woo.takeOrders(host, 1, { payment: 'cod' });
    await woo.settled();
    expect((await ordersOfSource(s.source)).map((o) => o.external_id)).toContain(String(order.id));
  });
});
