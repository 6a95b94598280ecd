import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { intakeOrderBody } from '../../../core/api/intake.js';
import { SHOP_ADDRESSES } from '../../emulators/shopAddresses.js';
import { engineUnderTest, startTestApp, type TestApp } from '../../test/harness.js';
import { resolveTextAddress } from '../orders/addressCheck.js';
import type { ShopOrderIn } from './shops/index.js';
import { emagOrderIn } from './shops/emag.js';
import { shopifyOrderIn } from './shops/shopifyOrder.js';
import { wooOrderIn } from './shops/woocommerce.js';

/**
 * The emulated shops' sample orders arrive ready to ship: each address they make, read as the
 * console reads the shop's order (the shop's client, the connector's mapping, the intake's address
 * reading), names one street of the address data and keeps the postal code the shop sent. An
 * address left "to check" would put a demo order in that tab before a newcomer did anything.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const CATALOGUE = [{ sku: 'SAPUN-1', name: 'Săpun natural', price: 2500, stock: 500 }];

/** The addresses of the orders, as the intake reads them. */
function readAddresses(taken: ShopOrderIn[]) {
  return taken.map((o) => {
    if (o.kind !== 'take') throw new Error(`order ${o.externalId} is not taken in (${o.kind})`);
    // Read as the intake reads a body it receives.
    const a = intakeOrderBody.parse(o.intake).shipping_address;
    const read = resolveTextAddress(a);
    return { address: `${a.street} ${a.number}, ${a.city}, ${a.county}`, sent: a.zip_code, ...read };
  });
}

function expectAllResolved(read: ReturnType<typeof readAddresses>) {
  // As many orders as addresses, one after another: each address once.
  expect(read).toHaveLength(SHOP_ADDRESSES.length);
  for (const r of read) {
    expect(r.check, r.address).toBeNull();
    expect(r.street_id, r.address).not.toBeNull();
    // The code the shop sent is the data's for that number (not replaced on the way in).
    expect(r.replacedZip, r.address).toBeNull();
    expect(r.zip_code, r.address).toBe(r.sent);
  }
  expect(new Set(read.map((r) => r.zip_code))).toEqual(new Set(SHOP_ADDRESSES.map((a) => a.postalCode)));
}

describe(`the emulated shops' sample addresses (${engineUnderTest})`, () => {
  it('WooCommerce: every one resolves to its street and postal code', async () => {
    const host = 'adrese-woo.ro';
    const woo = t.app.emulators!.woocommerce;
    await woo.prepareShop(host, CATALOGUE, 0);
    const made = await woo.takeOrders(host, SHOP_ADDRESSES.length);
    const client = t.services.providers.woocommerce!({
      store_url: `https://${host}`,
      consumer_key: 'ck_demo',
      consumer_secret: 'cs_demo',
    });
    const orders = await Promise.all(made.map((o) => client.order(o.id)));
    expectAllResolved(readAddresses(orders.map(wooOrderIn)));
  });

  it('eMAG: every one resolves to its street and postal code', async () => {
    const account = 'adrese-emag';
    const emag = t.app.emulators!.emag;
    await emag.prepareAccount(account, CATALOGUE, 0);
    const made = await emag.takeOrders(account, SHOP_ADDRESSES.length);
    const client = t.services.providers.emag!({ username: 'demo', password: 'demo' }, account);
    const orders = await Promise.all(made.map((o) => client.order(o.id)));
    expectAllResolved(readAddresses(orders.map((o) => emagOrderIn(o!))));
  });

  it('Shopify: every one resolves to its street and postal code', async () => {
    const host = 'adrese-shopify.myshopify.com';
    const shopify = t.app.emulators!.shopify;
    await shopify.prepareShop(host, CATALOGUE, { orders: 0 });
    const made = await shopify.takeOrders(host, SHOP_ADDRESSES.length);
    const client = t.services.providers.shopify!({ shop_domain: host, access_token: 'shpat_demo' });
    await client.checkCredentials();
    const orders = await Promise.all(made.map((o) => client.order(String(o.id))));
    expectAllResolved(readAddresses(orders.map((o) => shopifyOrderIn(o!))));
  });
});
