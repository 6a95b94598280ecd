import { describe, expect, it } from 'vitest';
import { createEmagEmulator, EMAG_SHARED_ACCOUNT } from '../../emulators/emag.js';
import type { ProviderError } from '../../providers/http.js';
import {
  EmagClient,
  emagAccountPath,
  emagDate,
  parseEmagDate,
  toShopOrder,
  type EmagOrder,
} from '../../providers/shops/emag.js';
import { loadProvidersConfig } from '../../providers/config.js';
import { createProviderRegistry } from '../../providers/registry.js';
import { emulatorHarness } from './setup.js';

const h = emulatorHarness((o) => createEmagEmulator(o), '/api-3');
const demo = { username: 'demo', password: 'demo' };
const client = (creds = demo, baseUrl?: string) =>
  new EmagClient(creds, { ...h.deps(), ...(baseUrl ? { baseUrl } : {}) });
const errorOf = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error('expected a ProviderError');
    },
    (e: unknown) => e as ProviderError,
  );
/** A call straight to the emulator, as any program could send it (no limiter). */
const raw = (path: string, body: unknown, creds = demo) =>
  fetch(`${h.baseUrl}/${path}`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${creds.username}:${creds.password}`).toString('base64')}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify(body),
  });

describe('eMAG client against the emulator', () => {
  it('accepts the demo login and refuses any other with eMAG’s own words', async () => {
    await expect(client().checkCredentials()).resolves.toBeUndefined();
    const e = await errorOf(client({ username: 'demo', password: 'wrong' }).checkCredentials());
    expect(e.kind).toBe('refused_credentials');
    expect(e.status).toBe(401);
    expect(e.providerMessage).toBe('Invalid username or password!');
  });

  it('a new account holds a few orders of the last day in eMAG’s shape', async () => {
    const { orders } = await client().ordersModifiedAfter(null, 1);
    expect(orders).toHaveLength(4);
    const now = h.clock.now();
    for (const o of orders) {
      expect(o.status).toBe(1);
      expect(now - parseEmagDate(o.date)).toBeLessThanOrEqual(86_400);
      expect(o.customer.email).not.toContain(o.customer.name.split(' ')[0].toLowerCase());
      expect(o.customer.shipping_country).toBe('RO');
      expect(Number(o.products[0].vat)).toBe(0.21);
    }
    const modes = new Set(orders.map((o) => o.payment_mode_id));
    expect(modes).toEqual(new Set([1, 3]));
    expect(orders.some((o) => o.vouchers.length > 0 && (o.products[0].product_voucher_split ?? []).length > 0)).toBe(
      true,
    );
    expect(orders.some((o) => (o.products[0].recycle_warranties ?? []).length > 0)).toBe(true);
    // The mapped totals are what the buyer pays: eMAG's own card amount for a paid order.
    for (const o of orders.filter((x) => x.payment_mode_id === 3))
      expect(toShopOrder(o).total).toBe(Number(o.cashed_co).toFixed(2));
  });

  it('reads by modifiedAfter, 100 a page, until a short page; order/count agrees', async () => {
    const c = client();
    await c.checkCredentials();
    h.clock.advance(3600);
    const since = h.clock.now();
    h.clock.advance(60);
    await h.emulator.takeOrders(EMAG_SHARED_ACCOUNT, 230);
    const pages = [];
    for (let page = 1; ; page++) {
      const p = await c.ordersModifiedAfter(since, page);
      pages.push(p.orders.length);
      if (p.last) break;
    }
    expect(pages).toEqual([100, 100, 30]);
    expect(await c.countOrdersModifiedAfter(since)).toBe(230);
    expect(await c.countOrdersModifiedAfter(null)).toBe(234);
    // The 4 orders of the new account are older than `since`.
    const all = await c.ordersModifiedAfter(since - 10 * 86_400, 1);
    expect(all.orders).toHaveLength(100);
  });

  it('ignores read filters wrapped in data, as eMAG does', async () => {
    const res = await raw('order/read', { data: { id: 1 } });
    const body = (await res.json()) as { isError: boolean; results: unknown[] };
    expect(body.isError).toBe(false);
    expect(body.results).toHaveLength(4);
  });

  it('refuses a date not in eMAG’s form with isError in an HTTP 200', async () => {
    const res = await raw('order/read', { modifiedAfter: '2026-01-01T10:00:00Z' });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { isError: boolean; messages: string[] };
    expect(body.isError).toBe(true);
    expect(body.messages[0]).toMatch(/YYYY-MM-DD HH:MM:SS/);
  });

  it('acknowledges a new order (1 → 2) once; a second time is no error', async () => {
    const c = client();
    const [o] = (await c.ordersModifiedAfter(null, 1)).orders;
    expect(await c.acknowledge(o.id)).toBe(true);
    expect((await h.emulator.order(EMAG_SHARED_ACCOUNT, o.id))?.status).toBe(2);
    // eMAG refuses it with HTTP 400 "Order is already in progress": the client reads the order instead.
    const again = await raw(`order/acknowledge/${o.id}`, {});
    expect(again.status).toBe(400);
    expect(((await again.json()) as { messages: string[] }).messages).toEqual(['Order is already in progress']);
    expect(await c.acknowledge(o.id)).toBe(false);
  });

  it('moves an order to prepared then finalized, never back, and never before acknowledged', async () => {
    const c = client();
    const [o] = (await c.ordersModifiedAfter(null, 1)).orders;
    const early = await errorOf(c.setStatus(o.id, 3));
    expect(early.kind).toBe('rejected');
    expect(early.providerMessage).toMatch(/status 1 cannot be modified/);
    await c.acknowledge(o.id);
    await c.setStatus(o.id, 3);
    expect((await h.emulator.order(EMAG_SHARED_ACCOUNT, o.id))?.status).toBe(3);
    await c.setStatus(o.id, 4);
    const stored = await h.emulator.order(EMAG_SHARED_ACCOUNT, o.id);
    expect(stored?.status).toBe(4);
    // The whole order was sent back: its lines are still there.
    expect(stored?.products).toHaveLength(o.products.length);
    const back = await errorOf(c.setStatus(o.id, 3));
    expect(back.kind).toBe('rejected');
  });

  it('refuses an order/save without the order’s lines (the whole order as read)', async () => {
    await client().checkCredentials();
    const [o] = await h.emulator.orders();
    await client().acknowledge(o.id);
    const res = await raw('order/save', { data: [{ id: o.id, status: 3 }] });
    const body = (await res.json()) as { isError: boolean; messages: string[] };
    expect(body.isError).toBe(true);
    expect(body.messages[0]).toMatch(/products is required/);
    expect((await h.emulator.order(EMAG_SHARED_ACCOUNT, o.id))?.status).toBe(2);
  });

  it('attaches the invoice and the own courier’s AWB as public PDF links', async () => {
    const c = client();
    await c.checkCredentials();
    const [o] = await h.emulator.orders();
    await c.attachInvoice(o.id, { number: 'FCT 0042', url: 'https://docs.example.ro/i/abc.pdf' });
    await c.attachOwnCourierAwb(o.id, {
      courier: 'FAN Courier',
      number: '2150900120086',
      url: 'https://docs.example.ro/a/x.pdf',
    });
    const stored = await h.emulator.order(EMAG_SHARED_ACCOUNT, o.id);
    expect(stored?.attachments).toEqual([
      { order_id: o.id, order_type: 3, name: 'Factura FCT 0042', url: 'https://docs.example.ro/i/abc.pdf', type: 1 },
      {
        order_id: o.id,
        order_type: 3,
        name: 'AWB FAN Courier 2150900120086',
        url: 'https://docs.example.ro/a/x.pdf',
        type: 10,
      },
    ]);
    const notPdf = await errorOf(c.attachInvoice(o.id, { number: '1', url: 'https://docs.example.ro/i/abc.html' }));
    expect(notPdf.kind).toBe('rejected');
    expect(notPdf.status).toBe(200);
    expect(notPdf.providerMessage).toMatch(/\.pdf/);
  });

  it('sets an offer’s stock by its part number, and reports an offer that does not exist', async () => {
    const c = client();
    const id = await c.offerIdOf('CANA-CER-01');
    expect(id).not.toBeNull();
    await c.setStock(id!, 7);
    expect((await h.emulator.offer(EMAG_SHARED_ACCOUNT, 'CANA-CER-01'))?.stock).toEqual([
      { warehouse_id: 1, value: 7 },
    ]);
    expect(await c.offerIdOf('NO-SUCH-SKU')).toBeNull();
    const missing = await errorOf(c.setStock(999_999, 1));
    expect(missing.kind).toBe('rejected');
    expect(missing.providerMessage).toMatch(/does not exist/);
  });

  it('turns isError in an HTTP 200 into a refusal with eMAG’s words', async () => {
    h.emulator.faults.set('error_in_200', 1);
    const e = await errorOf(client().ordersModifiedAfter(null, 1));
    expect(e.kind).toBe('rejected');
    expect(e.status).toBe(200);
    expect(e.providerMessage).toBe('Temporary error, please try again later');
  });

  it('keeps each emulated seller account apart', async () => {
    const base = (account: string) => `${h.baseUrl.replace(/\/api-3$/, '')}${emagAccountPath(account)}`;
    const a = client(demo, base('company-1'));
    const b = client(demo, base('company-2'));
    const idsA = (await a.ordersModifiedAfter(null, 1)).orders.map((o) => o.id);
    const idsB = (await b.ordersModifiedAfter(null, 1)).orders.map((o) => o.id);
    expect(idsA).toHaveLength(4);
    expect(idsB).toHaveLength(4);
    expect(idsA.filter((id) => idsB.includes(id))).toEqual([]);
  });

  it('the registry points an emulated seller at its own account, live sellers at eMAG', async () => {
    const origin = h.baseUrl.replace(/\/emulators\/emag\/api-3$/, '');
    const emulated = loadProvidersConfig({ PROVIDERS: 'emulated' });
    emulated.baseUrls.emag = `${origin}/emulators/emag/api-3`;
    const registry = createProviderRegistry({ config: emulated, clock: h.clock });
    const { orders } = await registry.emag!(demo, 'source-7').ordersModifiedAfter(null, 1);
    expect(orders).toHaveLength(4);
    expect((await h.emulator.orders('source-7')).map((o) => o.id)).toEqual(orders.map((o) => o.id));
    expect(await h.emulator.orders()).toEqual([]);
    const live = createProviderRegistry({ config: loadProvidersConfig({ PROVIDERS: 'live' }), clock: h.clock });
    expect(live.emag!(demo, 'source-7')).toBeInstanceOf(EmagClient);
    expect(loadProvidersConfig({ PROVIDERS: 'live' }).baseUrls.emag).toBe('https://marketplace-api.emag.ro/api-3');
  });

  describe('rate limits', () => {
    it('the emulator refuses a burst over 12 a second on orders and 3 on the rest, with 429', async () => {
      const orders = await Promise.all(Array.from({ length: 16 }, () => raw('order/count', {})));
      expect(orders.filter((r) => r.status === 429).length).toBeGreaterThanOrEqual(4);
      const refused = orders.find((r) => r.status === 429)!;
      expect(refused.headers.get('retry-after')).toBe('1');
      expect(((await refused.json()) as { isError: boolean }).isError).toBe(true);
      const other = await Promise.all(Array.from({ length: 5 }, () => raw('product_offer/read', {})));
      expect(other.filter((r) => r.status === 429).length).toBeGreaterThanOrEqual(2);
      expect(h.emulator.refused()).toBeGreaterThanOrEqual(6);
    });

    it('the client waits instead: a burst of its calls is never refused', async () => {
      const c = client();
      await Promise.all([
        ...Array.from({ length: 16 }, () => c.countOrdersModifiedAfter(null)),
        ...Array.from({ length: 5 }, () => c.offerIdOf('CANA-CER-01')),
      ]);
      expect(h.emulator.refused()).toBe(0);
    });

    it('a read sent again after a failure waits its turn too: the retries are never refused', async () => {
      const c = new EmagClient(demo, h.deps({ readRetries: 2 }));
      h.emulator.failOrderRead(1, 2);
      await Promise.all([
        c.ordersModifiedAfter(null, 1),
        ...Array.from({ length: 10 }, () => c.countOrdersModifiedAfter(null)),
      ]);
      expect(h.emulator.refused()).toBe(0);
    });
  });
});

/** An order as eMAG's order/read answers it, with each of its traps. */
const fixture = (over: Partial<EmagOrder> = {}): EmagOrder => ({
  id: 260_000_101,
  status: 1,
  type: 3,
  is_complete: 1,
  date: '2026-01-01 10:00:00',
  modified: '2026-01-01 10:05:00',
  payment_mode_id: 1,
  payment_status: 0,
  delivery_mode: 'courier',
  shipping_tax: 15.99,
  shipping_tax_voucher_split: [],
  customer: {
    id: 1,
    name: 'Ștefan Țurcanu',
    email: '5f2b9c1e0a7d4e3f8b6c2a1d9e0f7a3b@emag-mkp.ro',
    phone_1: '0722123456',
    shipping_contact: 'Ștefan Țurcanu',
    shipping_phone: '0722123456',
    shipping_street: 'Strada Lăpușneanu nr. 12',
    shipping_city: 'Iași',
    shipping_suburb: 'Iași',
    shipping_postal_code: '700057',
    shipping_country: 'RO',
  },
  products: [
    {
      id: 1,
      product_id: 1001,
      part_number: 'APA-MIN-2L',
      ext_part_number: 'EXT-1',
      name: 'Apă minerală 2 l (bax 6)',
      status: 1,
      quantity: 2,
      sale_price: '82.6446',
      vat: '0.2100',
      product_voucher_split: [{ voucher_id: 7, value: -8.2645, vat_value: -1.7355, vat: '0.21' }],
      recycle_warranties: [{ quantity: 12, sale_price: 0.5, vat_rate: 0 }],
    },
    {
      id: 2,
      product_id: 1002,
      part_number: '',
      ext_part_number: 'CARTE-01',
      name: 'Carte',
      status: 1,
      quantity: 1,
      sale_price: 45.045,
      vat: '0.1100',
    },
    // Removed by the buyer before shipping: not part of the order.
    {
      id: 3,
      product_id: 1003,
      part_number: 'GONE',
      name: 'Scos',
      status: 0,
      quantity: 1,
      sale_price: 100,
      vat: '0.2100',
    },
  ],
  vouchers: [
    { voucher_id: 7, voucher_name: 'Voucher 10 lei', sale_price: -8.2645, sale_price_vat: -1.7355, vat: '0.21' },
  ],
  ...over,
});

describe('an eMAG order in plain terms', () => {
  it('prices with VAT from the price without VAT and the line’s rate, to the ban', () => {
    const o = toShopOrder(fixture());
    expect(o.lines).toEqual([
      expect.objectContaining({
        sku: 'APA-MIN-2L',
        quantity: 2,
        unit_price: '100.00',
        total: '200.00',
        vat_rate: '0.21',
        discount: '10.00',
      }),
      expect.objectContaining({
        sku: 'CARTE-01',
        quantity: 1,
        unit_price: '50.00',
        total: '50.00',
        vat_rate: '0.11',
        discount: '0.00',
      }),
    ]);
  });

  it('takes the vouchers once (order level; the lines’ splits are their breakdown), adds deposits and shipping with VAT', () => {
    const o = toShopOrder(fixture());
    expect(o.shipping).toBe('15.99');
    expect(o.deposits).toEqual([expect.objectContaining({ quantity: 12, unit_price: '0.50', total: '6.00' })]);
    expect(o.vouchers).toEqual([{ name: 'Voucher 10 lei', amount: '10.00' }]);
    expect(o.discount).toBe('10.00');
    // 200 + 50 + 6 deposit + 15.99 shipping − 10 voucher.
    expect(o.total).toBe('261.99');
  });

  it('takes the lines’ splits when the order lists no voucher, and the shipping’s own voucher off the shipping', () => {
    const o = toShopOrder(
      fixture({
        vouchers: [],
        shipping_tax_voucher_split: [{ voucher_id: 8, value: -4.1322, vat_value: -0.8678, vat: '0.21' }],
      }),
    );
    expect(o.shipping).toBe('10.99');
    expect(o.discount).toBe('10.00');
    expect(o.total).toBe('256.99');
  });

  it('uses the seller’s rate when a line has none', () => {
    const [first] = fixture().products;
    const o = toShopOrder(
      fixture({
        products: [{ ...first, vat: undefined, product_voucher_split: [], recycle_warranties: [] }],
        vouchers: [],
      }),
      0.19,
    );
    expect(o.lines[0].unit_price).toBe('98.35');
    expect(o.lines[0].total).toBe('196.69');
  });

  it('keeps the hashed e-mail as a hash only, and the address as one text', () => {
    const o = toShopOrder(fixture());
    expect(o.customer.email).toBeNull();
    expect(o.customer.email_hash).toBe('5f2b9c1e0a7d4e3f8b6c2a1d9e0f7a3b@emag-mkp.ro');
    expect(o.shipping_address.text).toBe('Strada Lăpușneanu nr. 12, Iași, jud. Iași, 700057');
    expect(o.external_id).toBe('260000101');
  });

  it('maps the payment mode: 1 cash on delivery, 2 bank transfer, 3 card (paid)', () => {
    expect(toShopOrder(fixture())).toMatchObject({ payment_method: 'cash_on_delivery', paid: false });
    expect(toShopOrder(fixture({ payment_mode_id: 2 }))).toMatchObject({
      payment_method: 'bank_transfer',
      paid: false,
    });
    expect(toShopOrder(fixture({ payment_mode_id: 3, payment_status: 1 }))).toMatchObject({
      payment_method: 'card',
      paid: true,
    });
  });

  it('writes and reads eMAG’s dates in Romanian time, summer and winter', () => {
    expect(emagDate(1_767_225_600)).toBe('2026-01-01 02:00:00');
    expect(emagDate(1_782_864_000)).toBe('2026-07-01 03:00:00');
    expect(parseEmagDate('2026-01-01 02:00:00')).toBe(1_767_225_600);
    expect(parseEmagDate('2026-07-01 03:00:00')).toBe(1_782_864_000);
  });
});
