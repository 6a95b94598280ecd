import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { companyKey, type EmulatedInvoice, type SmartBillCompany } from '../../emulators/smartbill.js';
import { jobHandlers } from '../../backgroundJobs.js';
import { runDueJobs } from '../../jobs/runner.js';
import { CompiledQuery, sql, type Compilable } from 'kysely';
import { RECENT_NUMBER_SECONDS } from './documents.js';
import { highestNumbered, highestNumberedQuery } from './queries.js';
import type { TestApp } from '../../test/harness.js';
import {
  DAY,
  totalOf,
  source,
  product,
  order,
  setUpSmartBill,
  create,
  storno,
  getOrder,
  events,
  invoicesKit,
} from '../../test/invoicesKit.js';

// Issuing an invoice: who may call it, what it needs, its lines and VAT rates, never two for one order,
// and the series' next number.
// The shared set-up is src/server/test/invoicesKit.ts.
/** Creates to lose on the way (the transport holds them until the client gives up): SmartBill never sees them. */
let dropWrites = 0;
/** Every call that reached for SmartBill, as "<method> <path after /api/>". */
let calls: string[] = [];
const kit = invoicesKit({
  record: (call) => calls.push(call),
  dropWrite: () => {
    if (dropWrites === 0) return false;
    dropWrites -= 1;
    return true;
  },
});
beforeEach(() => {
  dropWrites = 0;
  calls = [];
});
const { clock, smartbill, registry, emulated, seller } = kit;
let t: TestApp;
let origin = '';
beforeAll(() => {
  ({ t, origin } = kit.started());
});

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
