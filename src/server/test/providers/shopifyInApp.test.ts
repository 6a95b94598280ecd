import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../lib/clock.js';
import { startTestApp, type TestApp } from '../harness.js';

// The Shopify emulator as the app mounts it (emulated mode): its shops kept in the app's database,
// reached in process through the registry's client (a restart keeps them: emulator_records).

const clock = manualClock(1_800_000_000);
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ clock });
});
afterAll(() => t.close());

describe('Shopify emulator inside the app', () => {
  it('serves a prepared shop (4 orders of the last day, Romanian addresses, card and cash on delivery) to the registry’s client', async () => {
    const shopify = t.app.emulators!.shopify;
    const host = 'magazin-in-app.myshopify.com';
    await shopify.prepareShop(host, [{ sku: 'SAPUN-1', name: 'Săpun natural', price: 2500, stock: 30 }], {
      apiSecret: 'shpss_in_app',
    });
    const client = t.services.providers.shopify!({ shop_domain: host, access_token: 'shpat_demo' });
    await client.checkCredentials();
    const { orders } = await client.ordersUpdatedAfter(null, null);
    expect(orders).toHaveLength(4);
    expect(new Set(orders.map((o) => o.paymentMethod))).toEqual(new Set(['cash_on_delivery', 'card']));
    expect(orders.every((o) => o.shippingAddress?.countryCode === 'RO')).toBe(true);
    expect(orders.every((o) => Date.parse(o.createdAt) >= (clock.now() - 86_400) * 1000)).toBe(true);

    const [made] = await shopify.takeOrders(host, 1);
    expect((await client.order(String(made.id)))?.name).toBe(made.name);
    await client.setInventoryBySku('SAPUN-1', 12);
    expect((await shopify.variant(host, 'SAPUN-1'))!.levels).toEqual({ 1: 12 });
  });
});
