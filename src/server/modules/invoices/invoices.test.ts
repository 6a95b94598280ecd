import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  companyKey,
  createSmartBillEmulator,
  type EmulatedInvoice,
  type SmartBillCompany,
} from '../../emulators/smartbill.js';
import { startEmulator } from '../../emulators/kit.js';
import { jobHandlers } from '../../backgroundJobs.js';
import { runDueJobs } from '../../jobs/runner.js';
import { manualClock } from '../../lib/clock.js';
import { memoryTokenStore } from '../../providers/http.js';
import type { ProviderFetch } from '../../providers/transport.js';
import { SmartBillClient } from '../../providers/invoicing/smartbill.js';
import type { ProviderRegistry } from '../../providers/registry.js';
import { startTestApp, type TestApp, type TestUser } from '../../test/harness.js';
import { isUniqueViolation } from '../../db/errors.js';
import { CompiledQuery, sql, type Compilable } from 'kysely';
import { RECENT_NUMBER_SECONDS } from './documents.js';
import { highestNumbered, highestNumberedQuery } from './queries.js';

// The real SmartBill client against its emulator on a local port, with a short time limit so that
// an injected timeout is over in two seconds (shorter, the first PDF's rendering on a loaded machine
// outlasted it); the app and the emulator share a manual clock.
const clock = manualClock();
const smartbill = createSmartBillEmulator({ clock, hangMs: 3000, rateLimitPerSecond: 1000 });
let origin = '';
let closeEmulator: () => Promise<void>;
const unused = () => {
  throw new Error('not used by the invoices tests');
};
/** Creates to lose on the way (the transport holds them until the client gives up): SmartBill never sees them. */
let dropWrites = 0;
/** Every call that reached for SmartBill, as "<method> <path after /api/>". */
let calls: string[] = [];
const transport: ProviderFetch = (url, init) => {
  calls.push(`${init.method} ${new URL(url).pathname.replace(/^.*\/SBORO\/api\//, '')}`);
  if (init.method === 'POST' && dropWrites > 0) {
    dropWrites -= 1;
    return new Promise((_, reject) => init.signal.addEventListener('abort', () => reject(new Error('aborted'))));
  }
  return fetch(url, init);
};
const registry: ProviderRegistry = {
  mode: 'emulated',
  isEmulated: () => true,
  demoCredentials: () => smartbill.demoCredentials,
  demoAccountFor: async () => smartbill.demoCredentials,
  courier: unused,
  messaging: unused as ProviderRegistry['messaging'],
  exchangeRates: unused,
  invoicing: (c) =>
    new SmartBillClient(
      c,
      {
        baseUrl: `${origin}/emulators/smartbill/SBORO/api`,
        clock,
        tokens: memoryTokenStore(),
        http: { fetch: transport, timeoutMs: 2000, readRetries: 0, retryDelayMs: 5 },
      },
      { perSecond: 1000 },
    ),
};

let t: TestApp;
beforeAll(async () => {
  const started = await startEmulator(smartbill);
  origin = started.origin;
  closeEmulator = started.close;
  t = await startTestApp({ clock, deps: { providerRegistry: registry } });
});
afterAll(async () => {
  await t.close();
  await closeEmulator();
});
beforeEach(async () => {
  await smartbill.reset();
  dropWrites = 0;
  calls = [];
});

const DAY = 86_400;
const emulated = () => smartbill.store.list<EmulatedInvoice>('invoices');
const totalOf = (inv: EmulatedInvoice) => inv.lines.reduce((s, l) => s + l.totalBani, 0);

async function source(u: TestUser, name = 'Shop'): Promise<number> {
  const res = await u.call('POST', '/api/v1/source', { body: { company_id: u.companyId, source: name } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id;
}

async function product(u: TestUser, sku: string, price: number, vatRate?: number | null): Promise<number> {
  const res = await u.call('POST', '/api/v1/product', {
    body: {
      ...(vatRate !== undefined ? { vat_rate: vatRate } : {}),
      company_id: u.companyId,
      sku,
      name: `Produs ${sku}`,
      sale_type: 'Bucata',
      stock: 100,
      selling_price: price,
      buying_price: 1,
      currency: 'RON',
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id;
}

async function order(u: TestUser, src: number, products: Record<string, number>) {
  const res = await u.call('POST', '/api/v1/order', {
    body: {
      name: 'Ion Popescu',
      phone_number: '0744 123 456',
      county: 'Cluj',
      city: 'Cluj-Napoca',
      street: 'Strada Memorandumului',
      number: '28',
      source: src,
      products,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

/** SmartBill's wizard: login, series, VAT rate (21 %, "Normala"). */
async function setUpSmartBill(u: TestUser, opts: { series?: string; vat?: string | null } = {}) {
  const step = (s: string, body: unknown) => u.call('POST', `/api/v1/smartbill/company/${u.companyId}/${s}`, { body });
  expect((await step('login', { username: 'demo', token: 'demo' })).statusCode).toBe(200);
  expect((await step('series', { series_name: opts.series ?? 'FCT' })).statusCode).toBe(200);
  const vat = await step('vat-amount', { vat_amount: opts.vat === undefined ? '21' : opts.vat });
  expect(vat.statusCode, vat.body).toBe(200);
}

/** A company with SmartBill set up, a source and three products (A-1 19.99, B-2 10.01, C-3 7.33). */
async function seller(opts: { smartBill?: boolean } = {}) {
  const u = await t.signUp();
  const src = await source(u);
  await product(u, 'A-1', 19.99);
  await product(u, 'B-2', 10.01);
  await product(u, 'C-3', 7.33);
  if (opts.smartBill !== false) await setUpSmartBill(u);
  return { u, src };
}

const create = (u: TestUser, id: number, lang = 'en') =>
  u.call('POST', `/api/v1/order/${id}/create-invoice`, { headers: { 'accept-language': lang } });
const storno = (u: TestUser, id: number, products: { id: number; quantity: number }[], lang = 'en') =>
  u.call('POST', `/api/v1/order/${id}/storno-invoice`, {
    body: { order_products: products },
    headers: { 'accept-language': lang },
  });
const getOrder = async (u: TestUser, id: number) => (await u.call('GET', `/api/v1/order/${id}`)).json().data;
const events = (o: { history: { type: string; data: Record<string, unknown> }[] }, type: string) =>
  o.history.filter((e) => e.type === type).map((e) => e.data);

describe('access', () => {
  const routes = (id: number): [string, string][] => [
    ['POST', `/api/v1/order/${id}/create-invoice`],
    ['GET', `/api/v1/order/${id}/download-invoice`],
    ['GET', `/api/v1/order/${id}/invoice-documents`],
    ['POST', `/api/v1/order/${id}/cancel-invoice`],
    ['POST', `/api/v1/order/${id}/delete-invoice`],
    ['POST', `/api/v1/order/${id}/storno-invoice`],
  ];

  it('answers 401 to a stranger on every invoice call', async () => {
    for (const [method, url] of routes(1)) {
      const res = await t.app.inject({
        method: method as 'GET',
        url,
        headers: { 'x-company-id': '1' },
        payload: method === 'POST' ? {} : undefined,
      });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it("answers 404 for another company's order on every invoice call, and touches nothing", async () => {
    const { u, src } = await seller();
    const mine = await order(u, src, { 'A-1': 1 });
    expect((await create(u, mine.id)).statusCode).toBe(201);
    const { u: other } = await seller();
    for (const [method, url] of routes(mine.id)) {
      const res = await other.call(method, url, {
        body: method === 'POST' ? { order_products: [{ id: mine.order_products[0].id, quantity: 1 }] } : undefined,
      });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await getOrder(u, mine.id)).bill_number).toBe('FCT 0001');
    expect(await emulated()).toHaveLength(1);
  });
});

describe('create-invoice', () => {
  it('needs an active SmartBill integration with series and VAT rate: 422 saying what is missing, in both languages', async () => {
    const { u, src } = await seller({ smartBill: false });
    const o = await order(u, src, { 'A-1': 1 });
    let res = await create(u, o.id);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toMatch(/set up the SmartBill integration/);
    res = await create(u, o.id, 'ro');
    expect(res.json().message).toMatch(/configurați mai întâi integrarea SmartBill/);

    // "No default VAT (each product's rate)" is a finished set-up: what is missing is the product's rate.
    await setUpSmartBill(u, { vat: null });
    res = await create(u, o.id);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).not.toMatch(/not fully set up/);
    expect(res.json().message).toMatch(/^Product Produs A-1 \(A-1\) has no VAT rate/);
    await setUpSmartBill(u);
    const integration = (await u.call('GET', '/api/v1/company-integration')).json().data[0];
    await u.call('POST', `/api/v1/company-integration/${integration.id}/toggle-status`);
    res = await create(u, o.id, 'ro');
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(
      'Integrarea SmartBill este dezactivată: activați-o din Integrări pentru a emite facturi.',
    );
    expect(await emulated()).toHaveLength(0);
    expect((await getOrder(u, o.id)).bill_number).toBeNull();
  });

  it('issues the invoice: lines from the order, bill_number "<series> <number>", history, PDF download', async () => {
    const { u, src } = await seller();
    const o = await order(u, src, { 'A-1': 2, 'B-2': 1 });
    const res = await create(u, o.id);
    expect(res.statusCode, res.body).toBe(201);
    const data = res.json().data;
    expect(data).toMatchObject({ id: o.id, bill_number: 'FCT 0001', invoice_state: null, invoice_status: 'issued' });
    expect(data.invoice).toMatchObject({
      series: 'FCT',
      number: '0001',
      status: 'issued',
      total: 49.99,
      issued_at: clock.now(),
      updated_at: clock.now(),
      stornos: [],
    });
    expect(data.invoice.lines).toEqual([
      { order_product_id: o.order_products[0].id, name: 'Produs A-1', quantity: 2, reversed: 0 },
      { order_product_id: o.order_products[1].id, name: 'Produs B-2', quantity: 1, reversed: 0 },
    ]);
    expect(events(data, 'invoice_created')).toEqual([{ bill_number: 'FCT 0001' }]);

    const [inv] = await emulated();
    expect(inv).toMatchObject({
      series: 'FCT',
      number: '0001',
      company: 'RO14399840',
      client: { name: 'Ion Popescu', vatCode: null, city: 'Cluj-Napoca' },
    });
    expect(
      inv.lines.map((l) => [l.name, l.code, l.quantity, l.priceBani, l.taxName, l.taxPercentage, l.taxIncluded]),
    ).toEqual([
      ['Produs A-1', 'A-1', 2, 1999, 'Normala', 21, true],
      ['Produs B-2', 'B-2', 1, 1001, 'Normala', 21, true],
    ]);
    expect(totalOf(inv)).toBe(4999);

    const pdf = await u.call('GET', `/api/v1/order/${o.id}/download-invoice`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe('attachment; filename="Factura-FCT-0001.pdf"');
    expect(pdf.rawPayload.subarray(0, 4).toString('latin1')).toBe('%PDF');
  });

  it("bills the customer's company with its VAT code when the order names one", async () => {
    const { u, src } = await seller();
    const o = await order(u, src, { 'C-3': 1 });
    await u.call('POST', `/api/v1/customer-detail/${o.id}`, {
      body: {
        company_name: 'Client Firma SRL',
        vat_number: 'RO18547290',
        company_address: 'Str. Lungă 5',
        company_city: 'Brașov',
        company_county: 'Brașov',
      },
    });
    expect((await create(u, o.id)).statusCode).toBe(201);
    expect((await emulated())[0].client).toMatchObject({
      name: 'Client Firma SRL',
      vatCode: 'RO18547290',
      address: 'Str. Lungă 5',
      city: 'Brașov',
    });
  });

  it('409 when the order already has a bill_number; nothing is sent twice', async () => {
    const { u, src } = await seller();
    const o = await order(u, src, { 'A-1': 1 });
    expect((await create(u, o.id)).statusCode).toBe(201);
    const res = await create(u, o.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('The order already has invoice FCT 0001.');
    expect((await create(u, o.id, 'ro')).json().message).toBe('Comanda are deja factura FCT 0001.');
    expect(await emulated()).toHaveLength(1);
  });

  it("the lines add up to the order's total to the ban: product, order and percentage discounts, client shipping, odd amounts", async () => {
    const { u, src } = await seller();
    await t.db.kysely.updateTable('companies').set({ shipping_cost: 1999 }).where('id', '=', u.companyId).execute();
    const products = (await u.call('GET', '/api/v1/product?items=100')).json().data as { id: number; sku: string }[];
    const idOf = (sku: string) => products.find((p) => p.sku === sku)!.id;
    // Automatic: 12.5 % off B-2 from 3 units; 3.33 RON off orders of 50 RON or more.
    expect(
      (
        await u.call('POST', '/api/v1/product-discount', {
          body: { product_id: idOf('B-2'), type: 'percentage', quantity: 3, value: 12.5 },
        })
      ).statusCode,
    ).toBe(201);
    expect(
      (
        await u.call('POST', '/api/v1/order-discount', {
          body: { company_id: u.companyId, source_id: src, type: 'amount', order_value: 50, value: 3.33 },
        })
      ).statusCode,
    ).toBe(201);

    const cases: { products: Record<string, number>; manual?: { type: string; value: number; line?: string }[] }[] = [
      { products: { 'B-2': 3 } }, // 30.03 − 12.5 % (3.75375 → 3.75) + shipping
      { products: { 'A-1': 3, 'B-2': 7 } }, // product and order discount
      { products: { 'C-3': 7 }, manual: [{ type: 'percentage', value: 33.33 }] }, // 51.31: order −3.33, then 33.33 % of 51.31
      {
        products: { 'A-1': 1, 'C-3': 3 },
        manual: [
          { type: 'percentage', value: 17.5, line: 'C-3' },
          { type: 'amount', value: 0.99 },
        ],
      },
      {
        products: { 'B-2': 5, 'C-3': 1 },
        manual: [
          { type: 'percentage', value: 7.77, line: 'B-2' },
          { type: 'percentage', value: 2.5 },
        ],
      },
    ];
    for (const c of cases) {
      const o = await order(u, src, c.products);
      for (const m of c.manual ?? []) {
        const line = m.line
          ? o.order_products.find((l: { product: { sku: string } }) => l.product.sku === m.line).id
          : null;
        expect(
          (
            await u.call('POST', `/api/v1/applied-discount/${o.id}/add`, {
              body: { type: m.type, value: m.value, order_product_id: line },
            })
          ).statusCode,
        ).toBe(201);
      }
      const before = await getOrder(u, o.id);
      expect(before.client_shipping_cost).toBe(19.99);
      const res = await create(u, o.id);
      expect(res.statusCode, `${JSON.stringify(c)}: ${res.body}`).toBe(201);
      const inv = (await emulated()).find((i) => `${i.series} ${i.number}` === res.json().data.bill_number)!;
      expect(totalOf(inv), JSON.stringify(c)).toBe(Math.round(before.total_value * 100));
      expect(inv.lines.at(-1)).toMatchObject({ name: 'Transport', quantity: 1, priceBani: 1999 });
      // Every discount of the order is a discount line of exactly its amount.
      const discountLines = inv.lines
        .filter((l) => l.priceBani < 0)
        .map((l) => -l.priceBani)
        .sort();
      expect(discountLines).toEqual(
        before.applied_discounts
          .map((d: { amount: number }) => Math.round(d.amount * 100))
          .filter((a: number) => a > 0)
          .sort(),
      );
      expect(discountLines.length).toBeGreaterThan(0);
    }
  });

  it('refuses with the reason when the lines cannot add up to the total (discounts worth more than the products)', async () => {
    const { u, src } = await seller();
    const o = await order(u, src, { 'C-3': 1 });
    await u.call('POST', `/api/v1/applied-discount/${o.id}/add`, {
      body: { type: 'amount', value: 7.33, order_product_id: o.order_products[0].id },
    });
    await u.call('POST', `/api/v1/applied-discount/${o.id}/add`, { body: { type: 'amount', value: 5 } });
    const res = await create(u, o.id);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(
      "The order's discounts (12.33 RON) are more than its products are worth (7.33 RON), so it cannot be invoiced. Lower the discounts first.",
    );
    expect(await emulated()).toHaveLength(0);
    expect(await getOrder(u, o.id)).toMatchObject({ bill_number: null, invoice_state: null, invoice: null });
  });

  it("SmartBill's refusal is shown with its reason and nothing is left in flight", async () => {
    const { u, src } = await seller();
    const o = await order(u, src, { 'A-1': 1 });
    // The series was renamed in SmartBill since the wizard (the test companies' VAT code is RO14399840).
    const key = companyKey('demo', 'RO14399840');
    const company = (await smartbill.store.get<SmartBillCompany>('companies', key))!;
    await smartbill.store.put('companies', key, {
      ...company,
      series: company.series.map((s) => (s.name === 'FCT' ? { ...s, name: 'FACT' } : s)),
    });
    const res = await create(u, o.id);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('SmartBill refused the request: Seria de facturare "FCT" nu exista.');
    expect((await getOrder(u, o.id)).invoice_state).toBeNull();
    await smartbill.store.put('companies', key, company);
    expect((await create(u, o.id)).statusCode).toBe(201);
  });
});

describe("each product's VAT rate", () => {
  const lineTaxes = (inv: EmulatedInvoice) => inv.lines.map((l) => [l.name, l.taxName, l.taxPercentage, l.totalBani]);

  it('"No default VAT": each line at its product\'s rate, SmartBill accepts it; the integration reads configured', async () => {
    const u = await t.signUp();
    const src = await source(u);
    await product(u, 'CARTE', 30, 11);
    await product(u, 'VAS', 10.01, 21);
    await setUpSmartBill(u, { vat: null });
    const integration = (await u.call('GET', '/api/v1/company-integration')).json().data[0];
    expect(integration).toMatchObject({ is_active: true });
    const o = await order(u, src, { CARTE: 1, VAS: 2 });
    const res = await create(u, o.id);
    expect(res.statusCode, res.body).toBe(201);
    const [inv] = await emulated();
    expect(lineTaxes(inv)).toEqual([
      ['Produs CARTE', 'Redusa', 11, 3000],
      ['Produs VAS', 'Normala', 21, 2002],
    ]);
    expect(totalOf(inv)).toBe(Math.round((await getOrder(u, o.id)).total_value * 100));
  });

  it('a default rate fills the products without one; a product keeps its own; an order discount is split by rate', async () => {
    const u = await t.signUp();
    const src = await source(u);
    await product(u, 'CARTE', 30, 11);
    await product(u, 'VAS', 20);
    await setUpSmartBill(u);
    const o = await order(u, src, { CARTE: 1, VAS: 1 });
    const added = await u.call('POST', `/api/v1/applied-discount/${o.id}/add`, {
      body: { type: 'amount', value: 10, order_product_id: null },
    });
    expect(added.statusCode, added.body).toBeLessThan(300);
    expect((await create(u, o.id)).statusCode).toBe(201);
    const [inv] = await emulated();
    // 10 RON over 30 + 20: 6 at 11 %, 4 at 21 %.
    expect(lineTaxes(inv)).toEqual([
      ['Produs CARTE', 'Redusa', 11, 3000],
      ['Discount comandă', 'Redusa', 11, -600],
      ['Produs VAS', 'Normala', 21, 2000],
      ['Discount comandă', 'Normala', 21, -400],
    ]);
    expect(totalOf(inv)).toBe(4000);
  });

  it('422 naming the product (both languages) for a product without a rate and no default; nothing is sent', async () => {
    const u = await t.signUp();
    const src = await source(u);
    await product(u, 'CU-COTA', 10, 21);
    await product(u, 'FARA', 10);
    await setUpSmartBill(u, { vat: null });
    const o = await order(u, src, { 'CU-COTA': 1, FARA: 1 });
    let res = await create(u, o.id);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(
      'Product Produs FARA (FARA) has no VAT rate and the SmartBill integration has no default rate: set the VAT rate in the product form, or choose a default rate in the SmartBill integration.',
    );
    res = await create(u, o.id, 'ro');
    expect(res.json().message).toMatch(/^Produsul Produs FARA \(FARA\) nu are cotă TVA/);
    expect(await emulated()).toHaveLength(0);
    expect((await getOrder(u, o.id)).invoice_state).toBeNull();
  });

  it('422 for a rate SmartBill does not have, naming the product; the product form refuses a rate outside 0–100', async () => {
    const u = await t.signUp();
    const src = await source(u);
    const id = await product(u, 'VECHI', 10, 19);
    await setUpSmartBill(u);
    const o = await order(u, src, { VECHI: 1 });
    const res = await create(u, o.id);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toMatch(/The VAT rate 19% of product Produs VECHI \(VECHI\) is not one/);
    expect(await emulated()).toHaveLength(0);

    for (const bad of [101, -1, 'abc', 9.5]) {
      const r = await u.call('POST', `/api/v1/product/${id}`, {
        body: {
          sku: 'VECHI',
          name: 'Produs VECHI',
          sale_type: 'Bucata',
          stock: 1,
          selling_price: 10,
          buying_price: 1,
          currency: 'RON',
          vat_rate: bad,
        },
        headers: { 'accept-language': 'ro' },
      });
      expect(r.statusCode, String(bad)).toBe(422);
      expect(Object.keys(r.json().errors)).toEqual(['vat_rate']);
    }
    // An update that does not send the rate keeps it; null goes back to the default.
    const kept = await u.call('POST', `/api/v1/product/${id}`, {
      body: {
        sku: 'VECHI',
        name: 'Produs VECHI',
        sale_type: 'Bucata',
        stock: 1,
        selling_price: 10,
        buying_price: 1,
        currency: 'RON',
      },
    });
    expect(kept.json().data.vat_rate).toBe(19);
    const cleared = await u.call('POST', `/api/v1/product/${id}`, {
      body: {
        sku: 'VECHI',
        name: 'Produs VECHI',
        sale_type: 'Bucata',
        stock: 1,
        selling_price: 10,
        buying_price: 1,
        currency: 'RON',
        vat_rate: null,
      },
    });
    expect(cleared.json().data.vat_rate).toBeNull();
    expect((await create(u, o.id)).statusCode).toBe(201);
  });

  it("a variation without a rate of its own takes its parent's", async () => {
    const u = await t.signUp();
    const src = await source(u);
    const parent = await product(u, 'CARTI', 1, 11);
    const res = await u.call('POST', '/api/v1/product', {
      body: {
        parent_id: parent,
        sku: 'CARTI-A',
        name: 'Carte A',
        sale_type: 'Bucata',
        stock: 5,
        selling_price: 25,
        buying_price: 1,
        currency: 'RON',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    await setUpSmartBill(u);
    const o = await order(u, src, { 'CARTI-A': 1 });
    expect((await create(u, o.id)).statusCode).toBe(201);
    const [inv] = await emulated();
    expect(lineTaxes(inv)).toEqual([['Carte A', 'Redusa', 11, 2500]]);
  });
});

describe('never two invoices for one order', () => {
  it('a timeout after SmartBill stored the invoice: unknown (504), checked after a minute, adopted; one invoice at SmartBill', async () => {
    const { u, src } = await seller();
    const o = await order(u, src, { 'A-1': 1, 'B-2': 2 });
    smartbill.faults.set('answer_lost', 1);
    const res = await create(u, o.id);
    expect(res.statusCode).toBe(504);
    expect(res.json().message).toMatch(/SmartBill did not answer, so the invoice may have been issued/);
    expect(await emulated()).toHaveLength(1);
    expect(await getOrder(u, o.id)).toMatchObject({ bill_number: null, invoice_state: 'unknown' });

    // SmartBill may still be finishing: no new create, no check yet.
    const early = await create(u, o.id);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toMatch(/it is checked with SmartBill in 60 seconds/);
    clock.advance(61);
    const again = await create(u, o.id);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data).toMatchObject({
      bill_number: 'FCT 0001',
      invoice_state: null,
      invoice: { number: '0001', status: 'issued' },
    });
    expect(await emulated()).toHaveLength(1);
    expect((await create(u, o.id)).statusCode).toBe(409);
  });

  it('a create lost before it reached SmartBill: unknown, the check finds nothing, the next create issues it once', async () => {
    const { u, src } = await seller();
    const o = await order(u, src, { 'C-3': 2 });
    dropWrites = 1;
    const res = await create(u, o.id);
    expect(res.statusCode).toBe(504);
    expect(await emulated()).toHaveLength(0);
    expect((await getOrder(u, o.id)).invoice_state).toBe('unknown');
    clock.advance(61);
    const again = await create(u, o.id);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().data.bill_number).toBe('FCT 0001');
    expect(await emulated()).toHaveLength(1);
  });

  it('a series read that fails sends nothing: the error is shown and another create may follow at once', async () => {
    const { u, src } = await seller();
    const o = await order(u, src, { 'C-3': 1 });
    smartbill.faults.set('timeout', 1);
    const res = await create(u, o.id);
    expect(res.statusCode).toBe(504);
    expect(res.json().message).toBe('SmartBill did not answer in time. Try again in a moment.');
    expect((await getOrder(u, o.id)).invoice_state).toBeNull();
    expect((await create(u, o.id)).statusCode).toBe(201);
    expect(await emulated()).toHaveLength(1);
  });

  it('the background check adopts a lost invoice without anyone clicking', async () => {
    const { u, src } = await seller();
    const o = await order(u, src, { 'B-2': 1 });
    smartbill.faults.set('answer_lost', 1);
    expect((await create(u, o.id)).statusCode).toBe(504);
    const run = () =>
      runDueJobs({ services: { ...t.services, providers: registry }, handlers: jobHandlers(), instanceId: 'test' });
    await run();
    expect((await getOrder(u, o.id)).invoice_state).toBe('unknown'); // not before a minute
    clock.advance(61);
    await run();
    expect(await getOrder(u, o.id)).toMatchObject({ bill_number: 'FCT 0001', invoice_state: null });
    expect(await emulated()).toHaveLength(1);
  });

  it('two creates at the same moment: one 201, the other 409, one invoice at SmartBill', async () => {
    const { u, src } = await seller();
    const o = await order(u, src, { 'A-1': 1 });
    const answers = await Promise.all([create(u, o.id), create(u, o.id)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(answers.find((r) => r.statusCode === 409)!.json().message).toMatch(
      /being issued right now|already has invoice/,
    );
    expect(await emulated()).toHaveLength(1);
    expect((await getOrder(u, o.id)).bill_number).toBe('FCT 0001');
  });
});

describe("the series' next number, read or known", () => {
  const expectedOf = (orderId: number) =>
    t.db.kysely
      .selectFrom('invoices')
      .select(['expected_number', 'number'])
      .where('order_id', '=', orderId)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
  const runChecks = () =>
    runDueJobs({ services: { ...t.services, providers: registry }, handlers: jobHandlers(), instanceId: 'test' });
  const numbersAtSmartBill = async () => (await emulated()).map((i) => i.number).sort();
  /** An invoice issued at SmartBill's own site (or by another program), not through us. */
  async function issueAtSite(lei: number): Promise<string> {
    const res = await fetch(`${origin}/emulators/smartbill/SBORO/api/invoice`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from('demo:demo').toString('base64')}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        companyVatCode: 'RO14399840',
        seriesName: 'FCT',
        client: { name: 'Client de la ghișeu' },
        products: [
          { name: 'Servicii', quantity: 1, price: lei, isTaxIncluded: true, taxName: 'Normala', taxPercentage: 21 },
        ],
      }),
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { number: string }).number;
  }

  it(`is read before the first invoice of a series (two calls); within ${RECENT_NUMBER_SECONDS} s of our last one of the series, one above its number is taken (one call); later it is read again`, async () => {
    const { u, src } = await seller();
    const [a, b, c] = [
      await order(u, src, { 'A-1': 1 }),
      await order(u, src, { 'B-2': 1 }),
      await order(u, src, { 'C-3': 1 }),
    ];
    calls = [];
    expect((await create(u, a.id)).statusCode).toBe(201);
    expect(calls).toEqual(['GET series', 'POST invoice']);

    clock.advance(RECENT_NUMBER_SECONDS);
    calls = [];
    expect((await create(u, b.id)).json().data.bill_number).toBe('FCT 0002');
    expect(calls).toEqual(['POST invoice']);
    expect(await expectedOf(b.id)).toEqual({ expected_number: '0002', number: '0002' });

    clock.advance(RECENT_NUMBER_SECONDS + 1);
    calls = [];
    expect((await create(u, c.id)).json().data.bill_number).toBe('FCT 0003');
    expect(calls).toEqual(['GET series', 'POST invoice']);
    expect(await expectedOf(c.id)).toEqual({ expected_number: '0003', number: '0003' });
  });

  it('a lost answer after a skipped read: the background check finds the invoice from the number after ours and adopts it once', async () => {
    const { u, src } = await seller();
    const a = await order(u, src, { 'A-1': 1 });
    const b = await order(u, src, { 'B-2': 2 });
    expect((await create(u, a.id)).statusCode).toBe(201);
    smartbill.faults.set('answer_lost', 1);
    calls = [];
    expect((await create(u, b.id)).statusCode).toBe(504);
    expect(calls).toEqual(['POST invoice']);
    expect(await expectedOf(b.id)).toEqual({ expected_number: '0002', number: null });

    clock.advance(61);
    await runChecks();
    expect(await getOrder(u, b.id)).toMatchObject({ bill_number: 'FCT 0002', invoice_state: null });
    await runChecks();
    expect((await create(u, b.id)).statusCode).toBe(409);
    expect(await numbersAtSmartBill()).toEqual(['0001', '0002']);
  });

  it("an invoice made at SmartBill's site between two of ours: the check passes over it and adopts ours, once", async () => {
    const { u, src } = await seller();
    const a = await order(u, src, { 'A-1': 1 });
    const b = await order(u, src, { 'C-3': 3 });
    expect((await create(u, a.id)).statusCode).toBe(201);
    expect(await issueAtSite(45)).toBe('0002');
    smartbill.faults.set('answer_lost', 1);
    calls = [];
    expect((await create(u, b.id)).statusCode).toBe(504);
    expect(calls).toEqual(['POST invoice']);
    // The bound stays below the number SmartBill gave ours.
    expect(await expectedOf(b.id)).toEqual({ expected_number: '0002', number: null });

    clock.advance(61);
    const again = await create(u, b.id);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.bill_number).toBe('FCT 0003');
    expect((await create(u, b.id)).statusCode).toBe(409);
    expect(await numbersAtSmartBill()).toEqual(['0001', '0002', '0003']);
  });

  it('a deleted invoice gives its number back: the next create counts from the number below it, and its lost answer is still found', async () => {
    const { u, src } = await seller();
    const a = await order(u, src, { 'A-1': 1 });
    const b = await order(u, src, { 'B-2': 1 });
    await create(u, a.id);
    await create(u, b.id);
    expect((await u.call('POST', `/api/v1/order/${b.id}/delete-invoice`)).statusCode).toBe(200);
    smartbill.faults.set('answer_lost', 1);
    calls = [];
    expect((await create(u, b.id)).statusCode).toBe(504);
    expect(calls).toEqual(['POST invoice']);
    expect(await expectedOf(b.id)).toEqual({ expected_number: '0002', number: null });

    clock.advance(61);
    await runChecks();
    expect(await getOrder(u, b.id)).toMatchObject({ bill_number: 'FCT 0002', invoice_state: null });
    expect(await numbersAtSmartBill()).toEqual(['0001', '0002']);
  });

  it("a storno is numbered in its invoice's series: right after an invoice of the series it costs one call, and its lost answer is adopted", async () => {
    const { u, src } = await seller();
    const a = await order(u, src, { 'A-1': 1 });
    const b = await order(u, src, { 'B-2': 1 });
    await create(u, a.id);
    clock.advance(DAY + 1);
    await create(u, b.id);
    smartbill.faults.set('answer_lost', 1);
    calls = [];
    const res = await storno(u, a.id, [{ id: a.order_products[0].id, quantity: 1 }]);
    expect(res.statusCode).toBe(504);
    expect(calls).toEqual(['POST invoice/reverse']);
    expect(await expectedOf(a.id)).toEqual({ expected_number: '0003', number: null });

    clock.advance(61);
    await runChecks();
    expect(await getOrder(u, a.id)).toMatchObject({ invoice_status: 'storno', invoice_state: null });
    expect(await expectedOf(a.id)).toEqual({ expected_number: '0003', number: '0003' });
    const doc = (await smartbill.store.get<EmulatedInvoice>('invoices', '14399840|FCT|0003'))!;
    expect(doc.reverses).toBe('FCT0001');
    expect(await numbersAtSmartBill()).toEqual(['0001', '0002', '0003']);
  });

  it('two creates of the series at the same moment, both answers lost: both count from the same number, each check adopts its own invoice', async () => {
    const { u, src } = await seller();
    const a = await order(u, src, { 'A-1': 1 });
    const b = await order(u, src, { 'B-2': 1 });
    const c = await order(u, src, { 'C-3': 1 });
    await create(u, a.id);
    smartbill.faults.set('answer_lost', 2);
    calls = [];
    const answers = await Promise.all([create(u, b.id), create(u, c.id)]);
    expect(answers.map((r) => r.statusCode)).toEqual([504, 504]);
    expect(calls).toEqual(['POST invoice', 'POST invoice']);
    expect((await expectedOf(b.id)).expected_number).toBe('0002');
    expect((await expectedOf(c.id)).expected_number).toBe('0002');

    clock.advance(61);
    await runChecks();
    const held = await t.db.kysely
      .selectFrom('invoices')
      .select('number')
      .where('company_id', '=', u.companyId)
      .execute();
    expect(held.map((r) => r.number).sort()).toEqual(['0001', '0002', '0003']);
    const atSmartBill = new Map((await emulated()).map((i) => [i.number, totalOf(i)]));
    for (const [o, bani] of [
      [b, 1001],
      [c, 733],
    ] as const) {
      const bill = (await getOrder(u, o.id)).bill_number as string;
      expect(atSmartBill.get(bill.split(' ')[1])).toBe(bani);
    }
    expect(atSmartBill.size).toBe(3);
  });

  it("finds the series' highest number one step down its index, never by sorting the series' documents", async () => {
    const { u, src } = await seller();
    const a = await order(u, src, { 'A-1': 1 });
    await create(u, a.id);
    expect(await highestNumbered(t.db.kysely, u.companyId, 'FCT')).toEqual({
      number: '0001',
      created_at: clock.now(),
    });
    const plan = await planOf(highestNumberedQuery(t.db.kysely, u.companyId, 'FCT'));
    expect(plan).toContain('invoices_number');
    expect(plan).not.toMatch(/TEMP B-TREE|Sort/);
  });
});

/** A query's plan, with sequential scans ruled out on PostgreSQL (a tiny table would use one anyway). */
async function planOf(query: Compilable): Promise<string> {
  const { sql: text, parameters } = query.compile();
  if (t.db.engine === 'sqlite') {
    const { rows } = await t.db.kysely.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${text}`, [...parameters]),
    );
    return rows.map((r) => r.detail).join('\n');
  }
  return t.db.transaction(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx);
    const { rows } = await trx.executeQuery<{ 'QUERY PLAN': string }>(
      CompiledQuery.raw(`explain ${text}`, [...parameters]),
    );
    return rows.map((r) => r['QUERY PLAN']).join('\n');
  });
}

describe("the database's last word", () => {
  it('admits one invoice holding an order (a fully reversed one holds none) and one storno in flight per order, whatever the code above it does', async () => {
    const { u, src } = await seller({ smartBill: false });
    const o = await order(u, src, { 'A-1': 1 });
    const row = (kind: 'invoice' | 'storno', state: string, reverses: number | null = null) =>
      t.db.kysely
        .insertInto('invoices')
        .values({
          company_id: u.companyId,
          order_id: o.id,
          kind,
          reverses_id: reverses,
          state,
          series: 'FCT',
          number: null,
          expected_number: null,
          total: 1999,
          full_reversal: 0,
          client: '{}',
          error: null,
          created_by: null,
          created_at: clock.now(),
          issued_at: null,
          updated_at: clock.now(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    await row('invoice', 'cancelled');
    await row('invoice', 'failed');
    await row('invoice', 'storno');
    const held = await row('invoice', 'pending');
    for (const state of ['pending', 'unknown', 'issued', 'partially_storno']) {
      await expect(row('invoice', state), state).rejects.toSatisfy(isUniqueViolation);
    }
    // Nothing is left of a fully reversed invoice: another one beside the one holding the order is no second invoice.
    await row('invoice', 'storno');
    await row('storno', 'issued', held.id);
    await row('storno', 'unknown', held.id);
    await expect(row('storno', 'pending', held.id)).rejects.toSatisfy(isUniqueViolation);
  });
});

describe("cancel-invoice, delete-invoice, the order's cancel", () => {
  it('the order cannot be cancelled with an invoice; cancel-invoice voids it at SmartBill, clears bill_number, keeps it readable', async () => {
    const { u, src } = await seller();
    const o = await order(u, src, { 'A-1': 1 });
    expect((await u.call('POST', `/api/v1/order/${o.id}/cancel-invoice`)).statusCode).toBe(404);
    expect((await create(u, o.id)).statusCode).toBe(201);
    const refused = await u.call('POST', `/api/v1/order/${o.id}/cancel`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/cancel or reverse the invoice/);

    const res = await u.call('POST', `/api/v1/order/${o.id}/cancel-invoice`);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      bill_number: null,
      invoice_status: 'none',
      invoice: { series: 'FCT', number: '0001', status: 'cancelled' },
    });
    expect(events(data, 'invoice_cancelled')).toEqual([{ bill_number: 'FCT 0001' }]);
    expect((await emulated())[0].cancelled).toBe(true);
    const pdf = await u.call('GET', `/api/v1/order/${o.id}/download-invoice`);
    expect(pdf.rawPayload.subarray(0, 4).toString('latin1')).toBe('%PDF');

    // A corrected invoice can be issued; or the order cancelled.
    expect((await create(u, o.id)).json().data.bill_number).toBe('FCT 0002');
    await u.call('POST', `/api/v1/order/${o.id}/cancel-invoice`);
    expect((await u.call('POST', `/api/v1/order/${o.id}/cancel`)).statusCode).toBe(200);
  });

  it('an invoiced order keeps its products and discounts and cannot be deleted; once the invoice is cancelled both are possible again', async () => {
    const { u, src } = await seller();
    const o = await order(u, src, { 'A-1': 2 });
    const line = o.order_products[0].id;
    const productB = (await u.call('GET', '/api/v1/product?search=B-2')).json().data[0].id;
    expect((await create(u, o.id)).statusCode).toBe(201);
    const changes = [
      () => u.call('POST', `/api/v1/order/${o.id}/product/${productB}`, { body: { quantity: 1 } }),
      () => u.call('POST', `/api/v1/order-product/${line}`, { body: { quantity: 1 } }),
      () => u.call('DELETE', `/api/v1/order-product/${line}`),
      () => u.call('POST', `/api/v1/applied-discount/${o.id}/add`, { body: { type: 'amount', value: 1 } }),
    ];
    for (const change of changes) {
      const res = await change();
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().message).toMatch(/has an invoice: its products and discounts can no longer change/);
    }
    const ro = await u.call('POST', `/api/v1/order-product/${line}`, {
      body: { quantity: 1 },
      headers: { 'accept-language': 'ro' },
    });
    expect(ro.json().message).toMatch(/produsele și reducerile ei nu mai pot fi modificate/);
    const del = await u.call('DELETE', `/api/v1/order/${o.id}`);
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toMatch(/cancel or delete the invoice before deleting the order/);
    const kept = await getOrder(u, o.id);
    expect(kept.order_products.map((l: { quantity: number }) => l.quantity)).toEqual([2]);
    expect(kept.total_value).toBe(o.total_value);

    expect((await u.call('POST', `/api/v1/order/${o.id}/cancel-invoice`)).statusCode).toBe(200);
    const after = await u.call('POST', `/api/v1/order-product/${line}`, { body: { quantity: 1 } });
    expect(after.statusCode, after.body).toBe(200);
    expect((await u.call('DELETE', `/api/v1/order/${o.id}`)).statusCode).toBe(200);
  });

  it('delete: only the last invoice of its series (409 saying to cancel or reverse instead, both languages); a deleted invoice clears bill_number', async () => {
    const { u, src } = await seller();
    const first = await order(u, src, { 'A-1': 1 });
    const second = await order(u, src, { 'B-2': 1 });
    await create(u, first.id);
    await create(u, second.id);
    const refused = await u.call('POST', `/api/v1/order/${first.id}/delete-invoice`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'Only the last invoice of series FCT can be deleted and FCT 0001 is not the last one: cancel it or reverse it (storno) instead.',
    );
    const ro = await u.call('POST', `/api/v1/order/${first.id}/delete-invoice`, {
      headers: { 'accept-language': 'ro' },
    });
    expect(ro.json().message).toBe(
      'Doar ultima factură din seria FCT poate fi ștearsă, iar FCT 0001 nu este ultima: anulați-o sau stornați-o.',
    );
    expect(await emulated()).toHaveLength(2);

    const res = await u.call('POST', `/api/v1/order/${second.id}/delete-invoice`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ bill_number: null, invoice: null });
    expect(events(res.json().data, 'invoice_deleted')).toEqual([{ bill_number: 'FCT 0002' }]);
    expect((await emulated()).map((i) => i.number)).toEqual(['0001']);
    // The number is free again at SmartBill: the next invoice takes it.
    expect((await create(u, second.id)).json().data.bill_number).toBe('FCT 0002');
  });
});

describe('storno-invoice', () => {
  /** An order of three lines (A-1 ×2, B-2 ×1, C-3 ×3) with a line discount, an order discount and shipping, invoiced. */
  async function invoiced() {
    const { u, src } = await seller();
    await t.db.kysely.updateTable('companies').set({ shipping_cost: 1500 }).where('id', '=', u.companyId).execute();
    const o = await order(u, src, { 'A-1': 2, 'B-2': 1, 'C-3': 3 });
    const [a, b, c] = o.order_products.map((l: { id: number }) => l.id);
    await u.call('POST', `/api/v1/applied-discount/${o.id}/add`, {
      body: { type: 'percentage', value: 10, order_product_id: a },
    });
    await u.call('POST', `/api/v1/applied-discount/${o.id}/add`, { body: { type: 'amount', value: 2.5 } });
    const res = await create(u, o.id);
    expect(res.statusCode, res.body).toBe(201);
    return { u, src, o: res.json().data, a, b, c };
  }

  it('409 until the invoice is more than a day old', async () => {
    const { u, o, a } = await invoiced();
    let res = await storno(u, o.id, [{ id: a, quantity: 1 }]);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Storno is possible only for an invoice last changed more than one day ago.');
    clock.advance(DAY);
    expect((await storno(u, o.id, [{ id: a, quantity: 1 }], 'ro')).json().message).toBe(
      'Stornarea este posibilă doar pentru o factură modificată ultima dată acum mai mult de o zi.',
    );
    clock.advance(1);
    res = await storno(u, o.id, [{ id: a, quantity: 1 }]);
    expect(res.statusCode, res.body).toBe(201);
  });

  it('two of three lines, then the rest: partially_storno then storno, never a line twice, the documents cancel the invoice out', async () => {
    const { u, src, o, a, b, c } = await invoiced();
    clock.advance(DAY + 1);
    // Nothing valid: quantities 0 only, or nothing at all.
    let res = await storno(u, o.id, [{ id: a, quantity: 0 }]);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('No valid products selected');
    expect((await storno(u, o.id, [], 'ro')).json().message).toBe('Nu ați selectat produse valide');
    // A quantity above the line, or a line of another order.
    res = await storno(u, o.id, [{ id: a, quantity: 3 }]);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors['order_products.0.quantity']).toEqual(['At most 2 can be reversed on this line.']);
    res = await storno(u, o.id, [
      { id: a, quantity: 1 },
      { id: 999999, quantity: 1 },
    ]);
    expect(res.json().errors['order_products.1.id']).toEqual(["This product is not on the order's invoice."]);

    res = await storno(u, o.id, [
      { id: a, quantity: 2 },
      { id: b, quantity: 1 },
      { id: c, quantity: 0 },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    let data = res.json().data;
    // The reversal moves the invoice status, never the order's status (how far the order got).
    expect(data).toMatchObject({
      status: 'new',
      invoice_status: 'partially_storno',
      bill_number: 'FCT 0001',
      invoice: { status: 'partially_storno', updated_at: clock.now() },
    });
    expect(
      data.invoice.lines
        .filter((l: { order_product_id: number | null }) => l.order_product_id !== null)
        .map((l: { quantity: number; reversed: number }) => [l.quantity, l.reversed]),
    ).toEqual([
      [2, 2],
      [1, 1],
      [3, 0],
    ]);
    expect(data.invoice.stornos).toEqual([expect.objectContaining({ series: 'FCT', number: '0002' })]);
    expect(events(data, 'invoice_storno')).toEqual([{ bill_number: 'FCT 0001', storno: 'FCT 0002', partial: true }]);
    // Every document of the order is listed, signed, with its currency, and each one downloads.
    const documents = (await u.call('GET', `/api/v1/order/${o.id}/invoice-documents`)).json().data;
    expect(documents).toEqual([
      expect.objectContaining({
        kind: 'invoice',
        series: 'FCT',
        number: '0001',
        status: 'partially_storno',
        reverses: null,
        total: o.total_value,
        currency: 'RON',
      }),
      expect.objectContaining({
        kind: 'storno',
        series: 'FCT',
        number: '0002',
        status: 'issued',
        reverses: 'FCT 0001',
        full_reversal: false,
        currency: 'RON',
        issued_at: clock.now(),
      }),
    ]);
    expect(documents[1].total).toBeLessThan(0);
    expect(data.invoice_documents).toEqual(documents);
    const stornoPdf = await u.call('GET', `/api/v1/order/${o.id}/download-invoice?document=${documents[1].id}`);
    expect(stornoPdf.statusCode, stornoPdf.body).toBe(200);
    expect(stornoPdf.headers['content-disposition']).toBe('attachment; filename="Storno-FCT-0002.pdf"');
    expect(stornoPdf.rawPayload.subarray(0, 4).toString('latin1')).toBe('%PDF');
    const originalPdf = await u.call('GET', `/api/v1/order/${o.id}/download-invoice?document=${documents[0].id}`);
    expect(originalPdf.headers['content-disposition']).toBe('attachment; filename="Factura-FCT-0001.pdf"');
    // Another order's document is not this order's (404); a document id that is not one is a 422.
    const other = await order(u, src, { 'A-1': 1 });
    expect(
      (await u.call('GET', `/api/v1/order/${other.id}/download-invoice?document=${documents[1].id}`)).statusCode,
    ).toBe(404);
    const bad = await u.call('GET', `/api/v1/order/${o.id}/download-invoice?document=abc`);
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['document']);
    expect(events(data, 'status_changed')).toEqual([]);
    const partial = (await smartbill.store.get<EmulatedInvoice>('invoices', '14399840|FCT|0002'))!;
    expect(partial.mentions).toBe('Factura storno pentru FCT 0001');
    expect(documents[1].total).toBe(totalOf(partial) / 100);
    expect(partial.lines.filter((l) => l.code).map((l) => [l.code, l.quantity])).toEqual([
      ['A-1', -2],
      ['B-2', -1],
    ]);

    // The day counts again from the storno; then a line already reversed cannot be reversed again.
    expect((await storno(u, o.id, [{ id: c, quantity: 1 }])).statusCode).toBe(409);
    clock.advance(DAY + 1);
    res = await storno(u, o.id, [{ id: a, quantity: 1 }]);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('No valid products selected');
    expect(res.json().errors['order_products.0.quantity']).toEqual(['At most 0 can be reversed on this line.']);
    expect((await storno(u, o.id, [{ id: c, quantity: 4 }])).json().errors['order_products.0.quantity']).toEqual([
      'At most 3 can be reversed on this line.',
    ]);

    res = await storno(u, o.id, [{ id: c, quantity: 3 }]);
    expect(res.statusCode, res.body).toBe(201);
    data = res.json().data;
    // Nothing is left of the invoice: the order has no current one (it shows the reversed one, readable).
    expect(data).toMatchObject({
      status: 'new',
      invoice_status: 'storno',
      bill_number: null,
      invoice: { series: 'FCT', number: '0001', status: 'storno' },
    });
    expect(data.invoice.lines.every((l: { quantity: number; reversed: number }) => l.reversed === l.quantity)).toBe(
      true,
    );
    expect(events(data, 'status_changed')).toEqual([]);
    // The orders list filters by the invoice status (and by the old `status=storno` of earlier
    // clients), with the kept counts moved along; the status tab still holds the order.
    const list = async (query: string) => (await u.call('GET', `/api/v1/order?${query}`)).json();
    const ids = (answer: { data: { id: number }[] }) => answer.data.map((r) => r.id);
    for (const query of ['invoice_status=storno', 'status=storno', 'status=new&invoice_status=storno']) {
      const answer = await list(query);
      expect(ids(answer), query).toEqual([o.id]);
      expect(answer.meta.total, query).toBe(1);
      expect(answer.data[0]).toMatchObject({ status: 'new', invoice_status: 'storno' });
    }
    expect(ids(await list('invoice_status=partially_storno'))).toEqual([]);
    expect((await list('invoice_status=partially_storno')).meta.total).toBe(0);
    expect(ids(await list('status=new'))).toEqual([other.id, o.id]);
    expect(ids(await list('status=processing&invoice_status=storno'))).toEqual([]);
    expect(ids(await list('search=Popescu&invoice_status=storno'))).toEqual([o.id]);
    expect(ids(await list('search=Popescu&invoice_status=issued'))).toEqual([]);
    expect(ids(await list(`search=${o.id}&invoice_status=issued`))).toEqual([]);
    // The invoice and its two storno documents add up to nothing, shipping and discounts included.
    const docs = await emulated();
    expect(docs).toHaveLength(3);
    expect(docs.reduce((s, d) => s + totalOf(d), 0)).toBe(0);
    expect(totalOf(docs[0])).toBe(Math.round(o.total_value * 100));

    clock.advance(DAY + 1);
    res = await storno(u, o.id, [{ id: c, quantity: 1 }]);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Invoice FCT 0001 is already fully reversed.');
    // A reversed invoice is neither cancelled nor deleted (the order itself is free again: see below).
    expect((await u.call('POST', `/api/v1/order/${o.id}/cancel-invoice`)).statusCode).toBe(409);
    expect((await u.call('POST', `/api/v1/order/${o.id}/delete-invoice`)).statusCode).toBe(409);
  });

  it("everything at once, nothing reversed before: SmartBill's own reverse", async () => {
    const { u, o, a, b, c } = await invoiced();
    clock.advance(DAY + 1);
    const res = await storno(u, o.id, [
      { id: a, quantity: 2 },
      { id: b, quantity: 1 },
      { id: c, quantity: 3 },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({
      status: 'new',
      invoice_status: 'storno',
      bill_number: null,
      invoice: { status: 'storno' },
    });
    expect(events(res.json().data, 'invoice_storno')).toEqual([
      { bill_number: 'FCT 0001', storno: 'FCT 0002', partial: false },
    ]);
    const doc = (await smartbill.store.get<EmulatedInvoice>('invoices', '14399840|FCT|0002'))!;
    expect(doc.reverses).toBe('FCT0001');
    expect(totalOf(doc)).toBe(-Math.round(o.total_value * 100));
  });

  /** Reverses every line of the order's invoice, a day after its last change, in one storno. */
  async function reverseAll(u: TestUser, o: { id: number }, lines: { id: number; quantity: number }[]) {
    clock.advance(DAY + 1);
    const res = await storno(u, o.id, lines);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data;
  }

  /** A bulk job (the list's Change status, or Create invoices) over the orders, run to its end. */
  async function bulk(u: TestUser, ids: number[], action: 'status' | 'invoice', params: object = {}) {
    const started = await u.call('POST', '/api/v1/order-bulk', { body: { action, selection: { ids }, params } });
    expect(started.statusCode, started.body).toBe(202);
    const services = { ...t.services, providers: registry };
    while ((await runDueJobs({ services, handlers: jobHandlers(), instanceId: 'test' }, 50)) > 0);
    const job = (await u.call('GET', `/api/v1/order-bulk/${started.json().data.id}`)).json().data;
    expect(job.status).toBe('done');
    return job.items as { order_id: number; outcome: string; reason: string | null; bill_number?: string }[];
  }

  const tabs = async (u: TestUser) => {
    const list = async (query: string) => (await u.call('GET', `/api/v1/order?${query}`)).json().meta.total;
    return {
      issued: await list('invoice_status=issued'),
      storno: await list('invoice_status=storno'),
      none: await list('invoice_status=none'),
      cancelled: await list('status=cancelled'),
      hasInvoice: await list('has_invoice=1'),
    };
  };

  it('fully reversed: the order has no current invoice, its documents stay listed and download, and it is invoiced anew under a new number', async () => {
    const { u, o, a, b, c } = await invoiced();
    const data = await reverseAll(u, o, [
      { id: a, quantity: 2 },
      { id: b, quantity: 1 },
      { id: c, quantity: 3 },
    ]);
    expect(data).toMatchObject({ bill_number: null, invoice_status: 'storno', invoice_state: null });
    expect(await tabs(u)).toMatchObject({ issued: 0, storno: 1, hasInvoice: 0 });
    // The reversed invoice and its storno stay among the order's documents, each downloadable.
    const documents = (await u.call('GET', `/api/v1/order/${o.id}/invoice-documents`)).json().data;
    expect(
      documents.map((d: { kind: string; number: string; status: string }) => [d.kind, d.number, d.status]),
    ).toEqual([
      ['invoice', '0001', 'storno'],
      ['storno', '0002', 'issued'],
    ]);
    for (const d of documents) {
      const pdf = await u.call('GET', `/api/v1/order/${o.id}/download-invoice?document=${d.id}`);
      expect(pdf.statusCode, pdf.body).toBe(200);
      expect(pdf.rawPayload.subarray(0, 4).toString('latin1')).toBe('%PDF');
    }
    const shown = await u.call('GET', `/api/v1/order/${o.id}/download-invoice`);
    expect(shown.headers['content-disposition']).toBe('attachment; filename="Factura-FCT-0001.pdf"');
    // No further storno of it, nor a cancel or delete (both languages).
    clock.advance(DAY + 1);
    const again = await storno(u, o.id, [{ id: a, quantity: 1 }], 'ro');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Factura FCT 0001 este deja stornată integral.');
    const cancelInv = await u.call('POST', `/api/v1/order/${o.id}/cancel-invoice`);
    expect(cancelInv.statusCode).toBe(409);
    expect(cancelInv.json().message).toBe('Invoice FCT 0001 has storno documents, so it can no longer be cancelled.');

    // Its lines are free again: a change goes through and the totals follow.
    const line = await u.call('POST', `/api/v1/order-product/${c}`, { body: { quantity: 1 } });
    expect(line.statusCode, line.body).toBe(200);
    const changed = line.json().data;
    expect(changed.total_value).toBeLessThan(o.total_value);

    // Invoiced anew: a new number (the storno took 0002), the counts move from storno to issued.
    const res = await create(u, o.id);
    expect(res.statusCode, res.body).toBe(201);
    const reissued = res.json().data;
    expect(reissued).toMatchObject({
      bill_number: 'FCT 0003',
      invoice_status: 'issued',
      invoice: { number: '0003', status: 'issued', stornos: [] },
    });
    expect(events(reissued, 'invoice_created')).toEqual([{ bill_number: 'FCT 0003' }, { bill_number: 'FCT 0001' }]);
    expect(await tabs(u)).toMatchObject({ issued: 1, storno: 0, hasInvoice: 1 });
    const atSmartBill = await emulated();
    expect(atSmartBill.map((i) => i.number)).toEqual(['0001', '0002', '0003']);
    expect(totalOf(atSmartBill[2])).toBe(Math.round(changed.total_value * 100));
    // Never two invoices at once: the new one holds the order as the first did.
    expect((await create(u, o.id)).statusCode).toBe(409);
    const cancel = await u.call('POST', `/api/v1/order/${o.id}/cancel`);
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().message).toMatch(/has an invoice/);
    // Every document of the order is still listed, the old ones with the new.
    const all = (await u.call('GET', `/api/v1/order/${o.id}/invoice-documents`)).json().data;
    expect(all.map((d: { number: string; status: string }) => [d.number, d.status])).toEqual([
      ['0001', 'storno'],
      ['0002', 'issued'],
      ['0003', 'issued'],
    ]);
  });

  it('fully reversed: the order can be cancelled alone or in a bulk job (not deleted: its documents stay); a partly reversed one stays invoiced', async () => {
    const { u, src, o, a, b, c } = await invoiced();
    const second = (await create(u, (await order(u, src, { 'A-1': 1 })).id)).json().data;
    const partial = (await create(u, (await order(u, src, { 'B-2': 2 })).id)).json().data;
    await reverseAll(u, o, [
      { id: a, quantity: 2 },
      { id: b, quantity: 1 },
      { id: c, quantity: 3 },
    ]);
    await reverseAll(u, second, [{ id: second.order_products[0].id, quantity: 1 }]);
    clock.advance(DAY + 1);
    const part = await storno(u, partial.id, [{ id: partial.order_products[0].id, quantity: 1 }]);
    expect(part.statusCode, part.body).toBe(201);
    expect(part.json().data).toMatchObject({ invoice_status: 'partially_storno', bill_number: partial.bill_number });
    expect(await tabs(u)).toMatchObject({ issued: 0, storno: 2, cancelled: 0, hasInvoice: 1 });

    // Partly reversed: still invoiced. No cancel, no change of its lines, no second invoice.
    const refused = await u.call('POST', `/api/v1/order/${partial.id}/cancel`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'The order has an invoice: cancel or reverse the invoice before cancelling the order.',
    );
    const lineOfPartial = await u.call('POST', `/api/v1/order-product/${partial.order_products[0].id}`, {
      body: { quantity: 1 },
    });
    expect(lineOfPartial.statusCode).toBe(409);
    const twice = await create(u, partial.id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(`The order already has invoice ${partial.bill_number}.`);

    // Fully reversed: a delete is refused with the reason (both languages), a cancel goes through.
    const del = await u.call('DELETE', `/api/v1/order/${o.id}`);
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toBe(
      'The order’s invoice was reversed: the invoice and its storno documents stay with the order, so it cannot be deleted. Cancel the order instead.',
    );
    const delRo = await u.call('DELETE', `/api/v1/order/${o.id}`, { headers: { 'accept-language': 'ro' } });
    expect(delRo.json().message).toBe(
      'Factura comenzii a fost stornată: factura și documentele de stornare rămân la comandă, așa că aceasta nu poate fi ștearsă. Anulați comanda în schimb.',
    );
    const cancelled = await u.call('POST', `/api/v1/order/${o.id}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data).toMatchObject({ status: 'cancelled', invoice_status: 'storno', bill_number: null });

    // The bulk cancel: the fully reversed order is cancelled, the partly reversed one skipped with its reason.
    const items = await bulk(u, [second.id, partial.id], 'status', { status: 'cancelled' });
    expect(items.find((i) => i.order_id === second.id)).toMatchObject({ outcome: 'done' });
    expect(items.find((i) => i.order_id === partial.id)?.outcome).not.toBe('done');
    expect(items.find((i) => i.order_id === partial.id)?.reason).toMatch(/has an invoice/);
    expect((await getOrder(u, second.id)).status).toBe('cancelled');
    expect((await getOrder(u, partial.id)).status).toBe('new');
    // The tabs follow: two cancelled, both still in the reversed filter; the partly reversed one still invoiced.
    expect(await tabs(u)).toMatchObject({ cancelled: 2, storno: 2, hasInvoice: 1 });
  });

  it('fully reversed orders are invoiced anew by a bulk invoice job; the partly reversed one is skipped, never invoiced twice', async () => {
    const { u, src, o, a, b, c } = await invoiced();
    const partial = (await create(u, (await order(u, src, { 'B-2': 2 })).id)).json().data;
    await reverseAll(u, o, [
      { id: a, quantity: 2 },
      { id: b, quantity: 1 },
      { id: c, quantity: 3 },
    ]);
    clock.advance(DAY + 1);
    expect((await storno(u, partial.id, [{ id: partial.order_products[0].id, quantity: 1 }])).statusCode).toBe(201);
    const before = (await emulated()).length;
    const items = await bulk(u, [o.id, partial.id], 'invoice');
    expect(items.find((i) => i.order_id === o.id)).toMatchObject({ outcome: 'done' });
    expect(items.find((i) => i.order_id === partial.id)).toMatchObject({ outcome: 'skipped' });
    const reissued = await getOrder(u, o.id);
    expect(reissued).toMatchObject({ invoice_status: 'issued', bill_number: items[0].bill_number });
    expect(reissued.bill_number).not.toBe('FCT 0001');
    expect(await emulated()).toHaveLength(before + 1);
    expect((await getOrder(u, partial.id)).invoice_status).toBe('partially_storno');
  });

  it('a storno whose answer was lost is found and adopted before another; the order shows it', async () => {
    const { u, o, a, c } = await invoiced();
    clock.advance(DAY + 1);
    smartbill.faults.set('answer_lost', 1);
    let res = await storno(u, o.id, [{ id: a, quantity: 1 }]);
    expect(res.statusCode).toBe(504);
    expect(res.json().message).toMatch(/the storno may have been issued/);
    expect(await getOrder(u, o.id)).toMatchObject({ invoice_state: 'unknown', status: 'new' });
    clock.advance(61);
    res = await storno(u, o.id, [{ id: a, quantity: 1 }]);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/SmartBill had issued storno FCT 0002 after all/);
    const data = await getOrder(u, o.id);
    expect(data).toMatchObject({ status: 'new', invoice_status: 'partially_storno', invoice_state: null });
    expect(data.invoice.lines[0]).toMatchObject({ quantity: 2, reversed: 1 });
    expect(await emulated()).toHaveLength(2);
    clock.advance(DAY + 1);
    expect((await storno(u, o.id, [{ id: c, quantity: 1 }])).statusCode).toBe(201);
  });
});
