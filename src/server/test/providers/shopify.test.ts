import { describe, expect, it } from 'vitest';
import { createShopifyEmulator, SHOPIFY_DEMO } from '../../emulators/shopify.js';
import type { ShopCatalogueItem } from '../../emulators/woocommerce.js';
import { loadProvidersConfig } from '../../providers/config.js';
import type { ProviderError } from '../../providers/http.js';
import { createProviderRegistry } from '../../providers/registry.js';
import {
  SHOPIFY_API_VERSION,
  ShopifyClient,
  verifyShopifyWebhook,
  type RestOrder,
} from '../../providers/shops/shopify.js';
import type { ProviderFetch } from '../../providers/transport.js';
import { emulatorHarness } from './setup.js';

const deliveries: { url: string; headers: Record<string, string>; body: string }[] = [];
let deliveryStatus = 200;
// A bucket of 1000 points refilled at 500 a second: a page of orders (802 points asked) twice in a
// row cannot pass at once, so the waiting is seen within a test's time.
const h = emulatorHarness(
  (o) =>
    createShopifyEmulator({
      ...o,
      bucket: { maximum: 1000, restorePerSecond: 500 },
      deliver: async (url, headers, body) => {
        deliveries.push({ url, headers, body });
        return deliveryStatus;
      },
    }),
  '',
);
const SHOP = 'magazin-test.myshopify.com';
const SECRET = 'shpss_0123456789abcdef';
const shopUrl = (host = SHOP) => `${h.baseUrl}/shops/${host}`;

function recorder() {
  const sent: { url: string; headers: Record<string, string>; body: string }[] = [];
  const f: ProviderFetch = (url, init) => {
    sent.push({ url, headers: { ...init.headers }, body: init.body ?? '' });
    return fetch(url, init);
  };
  return { sent, f };
}
const client = (token: string = SHOPIFY_DEMO.access_token, opts: { fetch?: ProviderFetch; host?: string } = {}) =>
  new ShopifyClient(
    { access_token: token },
    {
      ...h.deps(),
      baseUrl: shopUrl(opts.host),
      http: { ...h.deps().http, ...(opts.fetch ? { fetch: opts.fetch } : {}) },
    },
  );
const errorOf = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error('expected a ProviderError');
    },
    (e: unknown) => e as ProviderError,
  );
interface RawAnswer {
  data?: unknown;
  errors?: { message: string; extensions?: { code?: string } }[];
  extensions: {
    cost: {
      requestedQueryCost: number;
      actualQueryCost: number | null;
      throttleStatus: { maximumAvailable: number; currentlyAvailable: number; restoreRate: number };
    };
  };
}
/** A query straight to the emulator, as another app of the shop would send it (no waiting). */
const raw = (query: string, variables: Record<string, unknown> = {}, host = SHOP) =>
  fetch(`${shopUrl(host)}/admin/api/${SHOPIFY_API_VERSION}/graphql.json`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-shopify-access-token': SHOPIFY_DEMO.access_token },
    body: JSON.stringify({ query, variables }),
  }).then(async (r) => ({ status: r.status, body: (await r.json()) as RawAnswer }));

const CATALOGUE: ShopCatalogueItem[] = [
  { sku: 'TRICOU-1', name: 'Tricou bumbac', price: 14990, stock: 12 },
  { sku: 'TRICOU-10', name: 'Tricou in', price: 19990, stock: 5 },
  { sku: 'CANA-ALBA', name: 'Cană albă', price: 3950, stock: 40 },
];
async function preparedShop(orders = 4) {
  deliveries.length = 0;
  deliveryStatus = 200;
  await h.emulator.prepareShop(SHOP, CATALOGUE, { orders, apiSecret: SECRET });
}

describe('Shopify client against its emulator', () => {
  it('checks the token with the shop query on the pinned version, and maps a refusal to the shop’s words', async () => {
    const { sent, f } = recorder();
    const shop = await client(undefined, { fetch: f }).checkCredentials();
    expect(shop).toMatchObject({ myshopifyDomain: SHOP, currencyCode: 'RON' });
    expect(new URL(sent[0].url).pathname).toBe(`/emulators/shopify/shops/${SHOP}/admin/api/2026-01/graphql.json`);
    expect(sent[0].headers['x-shopify-access-token']).toBe('shpat_demo');
    const e = await errorOf(client('shpat_wrong').checkCredentials());
    expect(e.kind).toBe('refused_credentials');
    expect(e.status).toBe(401);
    expect(e.providerMessage).toMatch(/^\[API\] Invalid API key or access token/);
  });

  it('reads orders page by page with the cursor, oldest change first, and only those updated after the filter', async () => {
    await preparedShop(0);
    for (let i = 0; i < 45; i++) {
      h.clock.advance(60);
      await h.emulator.takeOrders(SHOP, 1);
    }
    const c = client();
    const seen: string[] = [];
    let after: string | null = null;
    const sizes: number[] = [];
    for (;;) {
      const page = await c.ordersUpdatedAfter(null, after);
      sizes.push(page.orders.length);
      seen.push(...page.orders.map((o) => o.externalId));
      if (!page.hasNextPage) break;
      after = page.endCursor;
    }
    expect(sizes).toEqual([20, 20, 5]);
    expect(new Set(seen).size).toBe(45);
    const all = await h.emulator.orders(SHOP);
    expect(seen).toEqual([...all].sort((a, b) => a.updatedAt.localeCompare(b.updatedAt)).map((o) => String(o.id)));

    const cutoff = all.sort((a, b) => a.updatedAt.localeCompare(b.updatedAt))[39].updatedAt;
    const recent = await c.ordersUpdatedAfter(cutoff, null);
    expect(recent.orders.map((o) => o.externalId)).toEqual(all.slice(40).map((o) => String(o.id)));
    expect(recent.hasNextPage).toBe(false);
  });

  it('maps an order to the plain shape: legacy id, customer, address as text, lines in decimal strings, payment by gateway', async () => {
    await preparedShop(0);
    const [cod] = await h.emulator.takeOrders(SHOP, 1, { payment: 'cod', lines: [{ sku: 'TRICOU-1', quantity: 2 }] });
    const [card] = await h.emulator.takeOrders(SHOP, 1, {
      payment: 'card',
      lines: [{ sku: 'CANA-ALBA', quantity: 1 }],
    });
    const { orders } = await client().ordersUpdatedAfter(null, null);
    const a = orders.find((o) => o.externalId === String(cod.id))!;
    expect(a).toMatchObject({
      gid: `gid://shopify/Order/${cod.id}`,
      name: cod.name,
      currency: 'RON',
      financialStatus: 'PENDING',
      paymentGateways: ['Cash on Delivery (COD)'],
      paymentMethod: 'cash_on_delivery',
      cancelled: false,
      shippingCost: '19.99',
      total: '319.79',
      discountTotal: '0.00',
      lines: [{ sku: 'TRICOU-1', quantity: 2, unitPrice: '149.90', name: 'Tricou bumbac' }],
    });
    expect(a.customer.name).toBe(`${cod.address.first_name} ${cod.address.last_name}`);
    expect(a.customer.email).toBe(cod.email);
    expect(a.shippingAddress?.text).toContain(cod.address.city);
    expect(a.shippingAddress?.provinceCode).toBe(cod.address.province_code);
    const b = orders.find((o) => o.externalId === String(card.id))!;
    expect(b).toMatchObject({ financialStatus: 'PAID', paymentMethod: 'card' });
    // A cash-on-delivery gateway on an order the shop already shows paid: never collected twice.
    expect(client().paymentMethod(['Cash on Delivery (COD)'], 'PAID')).toBe('card');
    expect(client().paymentMethod(['Plată la livrare'], 'PENDING')).toBe('cash_on_delivery');
    expect(client().paymentMethod(['Bank Deposit'], 'PENDING')).toBe('bank_transfer');
  });

  it('keeps the page within the single-query cost limit: 100 orders with their lines is refused, and an order of many lines keeps them all', async () => {
    await preparedShop(0);
    const e = await errorOf(client().ordersUpdatedAfter(null, null, 100));
    expect(e.kind).toBe('rejected');
    expect(e.code).toBe('MAX_COST_EXCEEDED');
    expect(e.providerMessage).toMatch(/exceeds the single query max cost limit \(1000\)/);
    const lines = Array.from({ length: 13 }, (_, i) => ({ sku: CATALOGUE[i % 3].sku, quantity: 1 + i }));
    const [big] = await h.emulator.takeOrders(SHOP, 1, { lines });
    const { orders } = await client().ordersUpdatedAfter(null, null);
    const read = orders.find((o) => o.externalId === String(big.id))!;
    expect(read.lines.map((l) => l.quantity)).toEqual(lines.map((l) => l.quantity));
  });

  it('subscribes the three order topics, receives signed deliveries (verified; a tampered one refused), and unsubscribes', async () => {
    await preparedShop(0);
    const c = client();
    const uri = 'https://console.example.ro/api/v1/hooks/shopify/12';
    const ids = [];
    for (const topic of ['ORDERS_CREATE', 'ORDERS_UPDATED', 'ORDERS_CANCELLED'] as const)
      ids.push(await c.createWebhook(topic, uri));
    expect((await h.emulator.webhooks(SHOP)).map((w) => w.topic)).toEqual([
      'ORDERS_CREATE',
      'ORDERS_UPDATED',
      'ORDERS_CANCELLED',
    ]);
    expect((await c.webhookSubscriptions()).map((w) => w.id)).toEqual(ids);
    const [made] = await h.emulator.takeOrders(SHOP, 1, { payment: 'cod' });
    await h.emulator.settled();
    expect(deliveries).toHaveLength(1);
    const d = deliveries[0];
    expect(d.url).toBe(uri);
    expect(d.headers).toMatchObject({ 'x-shopify-topic': 'orders/create', 'x-shopify-shop-domain': SHOP });
    expect(d.headers['x-shopify-webhook-id']).toBeTruthy();
    expect(d.headers['x-shopify-event-id']).toBeTruthy();
    expect(verifyShopifyWebhook(Buffer.from(d.body), d.headers['x-shopify-hmac-sha256'], SECRET)).toBe(true);
    expect(
      verifyShopifyWebhook(d.body.replace('"quantity":', '"quantity":9'), d.headers['x-shopify-hmac-sha256'], SECRET),
    ).toBe(false);
    expect(verifyShopifyWebhook(d.body, d.headers['x-shopify-hmac-sha256'], 'another-secret')).toBe(false);
    expect(verifyShopifyWebhook(d.body, undefined, SECRET)).toBe(false);
    expect(verifyShopifyWebhook(d.body, 'not base64 at all', SECRET)).toBe(false);

    // The webhook's REST JSON is the same order as the pull reads.
    const hooked = c.orderOfWebhook(JSON.parse(d.body) as RestOrder);
    const pulled = (await c.ordersUpdatedAfter(null, null)).orders.find((o) => o.externalId === String(made.id))!;
    expect(hooked).toEqual(pulled);

    // A subscription Shopify cannot deliver to, 9 times, is deleted by Shopify.
    deliveryStatus = 500;
    await h.emulator.cancelInShop(SHOP, made.id);
    for (let i = 0; i < 8; i++) await h.emulator.retryDeliveries();
    expect((await h.emulator.webhooks(SHOP)).map((w) => w.topic)).toEqual(['ORDERS_CREATE']);

    await c.deleteWebhook(ids[0]);
    await c.deleteWebhook(ids[0]);
    expect(await h.emulator.webhooks(SHOP)).toEqual([]);
    const bad = await errorOf(c.createWebhook('ORDERS_CREATE', 'ftp://nowhere'));
    expect(bad.kind).toBe('rejected');
    expect(bad.providerMessage).toBe('Address is invalid');
    expect(bad.fieldErrors).toEqual([{ path: 'webhookSubscription.callbackUrl', messages: ['Address is invalid'] }]);
  });

  it('fulfils an order with the tracking number, company and URL through its fulfillment orders, once', async () => {
    await preparedShop(0);
    const [o] = await h.emulator.takeOrders(SHOP, 1, {
      lines: [
        { sku: 'TRICOU-1', quantity: 2 },
        { sku: 'CANA-ALBA', quantity: 1 },
      ],
    });
    const tracking = {
      number: '2150900120086',
      company: 'FAN Courier',
      url: 'https://www.fancourier.ro/awb-tracking/?awb=2150900120086',
    };
    const c = client();
    const id = await c.fulfill(String(o.id), tracking);
    const after = (await h.emulator.order(SHOP, o.id))!;
    expect(after.fulfillment).toBe('FULFILLED');
    expect(after.fulfillments).toHaveLength(1);
    expect(after.fulfillments[0]).toMatchObject({ tracking, notifyCustomer: true });
    expect(after.fulfillments[0].lines).toEqual([
      { lineId: o.lines[0].id, quantity: 2 },
      { lineId: o.lines[1].id, quantity: 1 },
    ]);
    expect(id).toBe(`gid://shopify/Fulfillment/${after.fulfillments[0].id}`);
    // Sent again (the outbox may): the same fulfillment, no second one.
    expect(await c.fulfill(String(o.id), tracking)).toBe(id);
    expect((await h.emulator.order(SHOP, o.id))!.fulfillments).toHaveLength(1);
    const other = await errorOf(c.fulfill(String(o.id), { ...tracking, number: '999' }));
    expect(other).toMatchObject({ kind: 'rejected', code: 'NOTHING_OPEN' });
    expect((await errorOf(c.fulfill('1', tracking))).kind).toBe('not_found');
  });

  it('cancels an order in the shop (voided when unpaid), and a second cancel is no error', async () => {
    await preparedShop(0);
    const [o] = await h.emulator.takeOrders(SHOP, 1, { payment: 'cod' });
    const c = client();
    await c.cancelOrder(String(o.id));
    const after = (await h.emulator.order(SHOP, o.id))!;
    expect(after.cancelledAt).not.toBeNull();
    expect(after.cancelReason).toBe('OTHER');
    expect(after.financial).toBe('VOIDED');
    await c.cancelOrder(String(o.id));
    expect((await c.order(String(o.id)))?.cancelled).toBe(true);
    const missing = await errorOf(c.cancelOrder('123'));
    expect(missing).toMatchObject({ kind: 'not_found', providerMessage: 'Order does not exist' });
  });

  it('sets the available quantity of the exact SKU (a prefix is not it), and a SKU the shop lacks is a distinct not-found', async () => {
    await preparedShop(0);
    const c = client();
    await c.setInventoryBySku('TRICOU-1', 7);
    expect((await h.emulator.variant(SHOP, 'TRICOU-1'))!.levels).toEqual({ 1: 7 });
    expect((await h.emulator.variant(SHOP, 'TRICOU-10'))!.levels).toEqual({ 1: 5 });
    await c.setInventoryBySku('TRICOU-10', 0);
    expect((await h.emulator.variant(SHOP, 'TRICOU-10'))!.levels).toEqual({ 1: 0 });
    const e = await errorOf(c.setInventoryBySku('LIPSA-1', 3));
    expect(e).toMatchObject({ kind: 'not_found', code: 'SKU_NOT_FOUND' });
    const wrongLocation = await errorOf(c.setInventoryBySku('CANA-ALBA', 3, 'gid://shopify/Location/99'));
    expect(wrongLocation).toMatchObject({ kind: 'rejected', code: 'INVALID_LOCATION' });
  });

  it('the shop refuses queries beyond its bucket (THROTTLED); the client waits for the points and is never refused', async () => {
    await preparedShop(0);
    await h.emulator.takeOrders(SHOP, 25);
    const pageQuery = `query { orders(first: 20) { nodes { id lineItems(first: 10) { nodes { sku discountedUnitPriceSet { shopMoney { amount } } } } shippingAddress { city } totalPriceSet { shopMoney { amount } } totalShippingPriceSet { shopMoney { amount } } subtotalPriceSet { shopMoney { amount } } } } }`;
    const answers = await Promise.all(Array.from({ length: 4 }, () => raw(pageQuery)));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const refused = answers.filter((a) => a.body.errors?.[0]?.extensions?.code === 'THROTTLED');
    expect(refused.length).toBeGreaterThan(0);
    expect(refused[0].body.errors?.[0].message).toBe('Throttled');
    expect(refused[0].body.extensions.cost.throttleStatus).toMatchObject({ maximumAvailable: 1000, restoreRate: 500 });
    const passed = answers.find((a) => a.body.data)!;
    expect(passed.body.extensions.cost.requestedQueryCost).toBe(802);
    expect(passed.body.extensions.cost.actualQueryCost).toBeLessThan(802);

    await h.emulator.reset();
    await preparedShop(0);
    await h.emulator.takeOrders(SHOP, 25);
    const c = client();
    const pages = await Promise.all(Array.from({ length: 5 }, () => c.ordersUpdatedAfter(null, null)));
    expect(pages.every((p) => p.orders.length === 20)).toBe(true);
    expect(h.emulator.throttled(SHOP)).toBe(0);
  });

  it('a refusal it could not foresee (another app emptied the bucket) is waited out and sent again', async () => {
    await preparedShop(0);
    await h.emulator.takeOrders(SHOP, 25);
    const host = 'other-shop.myshopify.com';
    await h.emulator.prepareShop(host, CATALOGUE, { orders: 25 });
    const c = client(undefined, { host });
    // Another app of the shop takes the points just before the client's first call.
    await raw(
      `query { orders(first: 24) { nodes { id lineItems(first: 10) { nodes { sku discountedUnitPriceSet { shopMoney { amount } } } } shippingAddress { city } } } }`,
      {},
      host,
    );
    await raw(
      `query { orders(first: 24) { nodes { id lineItems(first: 10) { nodes { sku discountedUnitPriceSet { shopMoney { amount } } } } shippingAddress { city } } } }`,
      {},
      host,
    );
    const page = await c.ordersUpdatedAfter(null, null);
    expect(page.orders).toHaveLength(20);
    expect(h.emulator.throttled(host)).toBeGreaterThanOrEqual(1);
  });

  it('turns top-level errors, HTTP statuses and user errors into clear provider errors', async () => {
    await preparedShop(0);
    const c = client();
    const unknown = await errorOf(c.graphql('x', 'query { shop { nonsense } }', {}, { estimate: 1 }));
    expect(unknown).toMatchObject({
      kind: 'rejected',
      providerMessage: "Field 'nonsense' doesn't exist on type 'Shop'",
    });
    const syntax = await errorOf(c.graphql('y', 'query { shop { name }', {}, { estimate: 1 }));
    expect(syntax.kind).toBe('rejected');
    expect(syntax.providerMessage).toMatch(/^syntax error/);
    const missingVar = await errorOf(
      c.graphql('z', 'query Q($id: ID!) { order(id: $id) { id } }', {}, { estimate: 1 }),
    );
    expect(missingVar.providerMessage).toBe('Variable $id of type ID! was provided invalid value');
    const wrongVersion = new ShopifyClient(
      { access_token: 'shpat_demo' },
      { ...h.deps(), baseUrl: shopUrl() },
      { version: 'v1' },
    );
    expect((await errorOf(wrongVersion.checkCredentials())).kind).toBe('not_found');
    // A read is retried on a 5xx (once here), then the shop is unavailable.
    h.emulator.faults.set('server_error', 2);
    expect((await errorOf(c.checkCredentials())).kind).toBe('unavailable');
    // A mutation is sent once: a 5xx after it leaves its outcome to the caller (the outbox).
    h.emulator.faults.set('server_error', 1);
    expect((await errorOf(c.createWebhook('ORDERS_CREATE', 'https://console.example.ro/h'))).kind).toBe('unavailable');
    expect(await c.webhookSubscriptions()).toEqual([]);
    const denied = await errorOf(
      c.graphql(
        'd',
        'mutation { orderCancel(orderId: "gid://shopify/Order/1") { job { id } } }',
        {},
        { estimate: 10, mutation: true },
      ),
    );
    expect(denied.providerMessage).toBe("Field 'orderCancel' is missing required arguments: reason, refund, restock");
  });

  it('is built by the registry on the shop domain: the emulator’s shop of that host, or https://{shop} live', async () => {
    const urls: string[] = [];
    const origin = new URL(h.baseUrl).origin;
    const f: ProviderFetch = (url, init) => {
      urls.push(url);
      return fetch(url.replace('http://emulators.local', origin), init);
    };
    const emulated = createProviderRegistry({ config: loadProvidersConfig({}), clock: h.clock, fetch: f });
    await emulated.shopify!({
      shop_domain: 'https://Magazin-Test.myshopify.com/admin',
      access_token: 'shpat_demo',
    }).checkCredentials();
    expect(urls).toEqual([`http://emulators.local/emulators/shopify/shops/${SHOP}/admin/api/2026-01/graphql.json`]);
    const live = createProviderRegistry({
      config: loadProvidersConfig({ PROVIDERS: 'live' }),
      clock: h.clock,
      fetch: async (url) => {
        urls.push(url);
        return new Response(JSON.stringify({ errors: 'Not Found' }), { status: 404 });
      },
    });
    expect((await errorOf(live.shopify!({ shop_domain: SHOP, access_token: 'x' }).checkCredentials())).kind).toBe(
      'not_found',
    );
    expect(urls[1]).toBe(`https://${SHOP}/admin/api/2026-01/graphql.json`);
  });
});
