import { describe, expect, it } from 'vitest';
import { companyKey, createSmartBillEmulator, type EmulatedInvoice } from '../../emulators/smartbill.js';
import { startEmulator } from '../../emulators/kit.js';
import { manualClock } from '../../lib/clock.js';
import { SmartBillClient } from '../../providers/invoicing/smartbill.js';
import type { CreateInvoiceInput } from '../../providers/invoicing/types.js';
import { memoryTokenStore, type ProviderError } from '../../providers/http.js';
import type { ProviderFetch } from '../../providers/transport.js';
import { emulatorHarness } from './setup.js';

// The limit is tested on its own below; here it is out of the way.
const h = emulatorHarness((o) => createSmartBillEmulator({ ...o, rateLimitPerSecond: 1000 }), '/SBORO/api');
const demo = { username: 'demo', token: 'demo', vat_code: 'RO12345678' };
const client = (creds = demo, over: { fetch?: ProviderFetch; timeoutMs?: number } = {}) =>
  new SmartBillClient(creds, { ...h.deps(), http: { ...h.deps().http, ...over } }, { perSecond: 1000 });
const errorOf = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error('expected a ProviderError');
    },
    (e: unknown) => e as ProviderError,
  );

const invoice = (over: Partial<CreateInvoiceInput> = {}): CreateInvoiceInput => ({
  seriesName: 'FCT',
  issueDate: '2026-01-02',
  client: {
    name: 'Ștefan Țurcanu',
    isTaxPayer: false,
    address: 'Str. Eminescu 3',
    city: 'Brașov',
    county: 'Brașov',
    country: 'Romania',
  },
  lines: [
    { name: 'Tricou', quantity: 2, unitPriceBani: 5000, taxIncluded: true, vatName: 'Normala', vatPercentage: 21 },
    { name: 'Carte', quantity: 1, unitPriceBani: 3330, taxIncluded: true, vatName: 'Redusa', vatPercentage: 11 },
  ],
  payment: { valueBani: 13330, type: 'Card' },
  ...over,
});

describe('SmartBill client against its emulator', () => {
  it('sends Basic auth of user:token and reads the series (invoices only) and VAT rates', async () => {
    const sent: Record<string, string>[] = [];
    const c = client(demo, { fetch: (url, init) => (sent.push(init.headers), fetch(url, init)) });
    await c.verifyCredentials();
    expect(sent[0].Authorization).toBe(`Basic ${Buffer.from('demo:demo').toString('base64')}`);
    expect(await c.series()).toEqual([
      { name: 'FCT', nextNumber: '0001' },
      { name: 'DEMO', nextNumber: '0101' },
    ]);
    expect(await c.vatRates()).toContainEqual({ name: 'Normala', percentage: 21 });
  });

  it("wrong token: refused credentials with SmartBill's errorText; an unknown CIF is rejected with its reason", async () => {
    const err = await errorOf(client({ ...demo, token: 'x' }).verifyCredentials());
    expect(err).toMatchObject({ provider: 'smartbill', kind: 'refused_credentials', status: 401 });
    expect(err.providerMessage).toMatch(/Autentificare esuata/);
    const cif = await errorOf(client({ ...demo, vat_code: 'RO999' }).verifyCredentials());
    expect(cif).toMatchObject({ kind: 'rejected', status: 400 });
    expect(cif.providerMessage).toMatch(/RO999/);
    await expect(client({ ...demo, vat_code: '12345678' }).vatRates()).resolves.toHaveLength(4);
  });

  it("the demo account holds the seed's demo companies too, so the demo's wizard and invoices work", async () => {
    for (const vat_code of ['RO14399840', '18547290']) {
      await client({ ...demo, vat_code }).verifyCredentials();
      expect((await client({ ...demo, vat_code }).series()).map((s) => s.name)).toContain('FCT');
    }
  });

  it('the demo account adds a company it does not hold on the first call naming its valid VAT code, with the demo series', async () => {
    const other = { ...demo, vat_code: 'RO31456784' }; // a valid CUI (its control digit checks)
    // Another token is refused as before, and adds nothing.
    expect(await errorOf(client({ ...other, token: 'x' }).verifyCredentials())).toMatchObject({
      kind: 'refused_credentials',
      status: 401,
    });
    expect(await h.emulator.store.get('companies', companyKey('demo', 'RO31456784'))).toBeUndefined();
    await client(other).verifyCredentials();
    expect(await client(other).series()).toEqual([
      { name: 'FCT', nextNumber: '0001' },
      { name: 'DEMO', nextNumber: '0101' },
    ]);
    // Its series are its own: its invoices do not move the other companies' numbers.
    expect(await client(other).createInvoice(invoice())).toEqual({ series: 'FCT', number: '0001' });
    expect(await client().series()).toContainEqual({ name: 'FCT', nextNumber: '0001' });
    expect((await client(other).invoicePdf({ series: 'FCT', number: '0001' })).subarray(0, 5).toString()).toBe('%PDF-');
    // The same company written without RO is the same company.
    expect(await client({ ...demo, vat_code: '31456784' }).series()).toContainEqual({
      name: 'FCT',
      nextNumber: '0002',
    });
    // A code that is not a valid CUI is no company: still refused with SmartBill's reason.
    expect((await errorOf(client({ ...demo, vat_code: 'RO31456785' }).verifyCredentials())).providerMessage).toBe(
      'Nu exista nicio firma cu CIF-ul RO31456785 asociata acestui cont.',
    );
  });

  it('numbers invoices per series with leading zeros; the PDF holds the lines; VAT and totals add up', async () => {
    const c = client();
    expect(await c.createInvoice(invoice())).toEqual({ series: 'FCT', number: '0001' });
    expect(await c.createInvoice(invoice())).toEqual({ series: 'FCT', number: '0002' });
    expect(await c.createInvoice(invoice({ seriesName: 'DEMO' }))).toEqual({ series: 'DEMO', number: '0101' });
    const stored = (await h.emulator.store.get<EmulatedInvoice>('invoices', '12345678|FCT|0001'))!;
    expect(stored.lines.map((l) => [l.totalBani, l.vatBani])).toEqual([
      [10000, 1736],
      [3330, 330],
    ]);
    const pdf = await c.invoicePdf({ series: 'FCT', number: '0001' });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(await c.paymentStatus({ series: 'FCT', number: '0001' })).toEqual({
      totalBani: 13330,
      paidBani: 13330,
      unpaidBani: 0,
      paid: true,
    });
  });

  it('a whole-invoice discount goes as a discount line', async () => {
    const c = client();
    await c.createInvoice(
      invoice({
        discount: { name: 'Reducere', valueBani: 1000, vatName: 'Normala', vatPercentage: 21 },
        payment: undefined,
      }),
    );
    const stored = (await h.emulator.store.get<EmulatedInvoice>('invoices', '12345678|FCT|0001'))!;
    expect(stored.lines.at(-1)).toMatchObject({ name: 'Reducere', totalBani: -1000 });
    expect(await c.paymentStatus({ series: 'FCT', number: '0001' })).toMatchObject({
      totalBani: 12330,
      paid: false,
      unpaidBani: 12330,
    });
  });

  it('discount lines cover the product lines just before them (numberOfItems), by value or percentage', async () => {
    const c = client();
    const [tricou, carte] = invoice().lines;
    const line = {
      discount: true as const,
      name: 'Discount Tricou',
      valueBani: 1250,
      appliesTo: 1,
      vatName: 'Normala',
      vatPercentage: 21,
    };
    const whole = { ...line, name: 'Discount comandă', valueBani: 333, appliesTo: 2 };
    await c.createInvoice(invoice({ lines: [tricou, line, carte, whole], payment: undefined }));
    const stored = (await h.emulator.store.get<EmulatedInvoice>('invoices', '12345678|FCT|0001'))!;
    expect(stored.lines.map((l) => [l.name, l.totalBani])).toEqual([
      ['Tricou', 10000],
      ['Discount Tricou', -1250],
      ['Carte', 3330],
      ['Discount comandă', -333],
    ]);
    expect(await c.paymentStatus({ series: 'FCT', number: '0001' })).toMatchObject({ totalBani: 11747 });
    // More items than there are products before it: SmartBill refuses.
    const err = await errorOf(c.createInvoice(invoice({ lines: [tricou, { ...line, appliesTo: 2 }] })));
    expect(err).toMatchObject({ kind: 'rejected' });
    expect(err.providerMessage).toMatch(/discount/);
  });

  it('a percentage discount (discountType 2) takes its share of the items it covers', async () => {
    const res = await fetch(`${h.baseUrl}/invoice`, {
      method: 'POST',
      headers: {
        Authorization: `Basic ${Buffer.from('demo:demo').toString('base64')}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({
        companyVatCode: 'RO12345678',
        seriesName: 'FCT',
        client: { name: 'X' },
        products: [
          { name: 'A', quantity: 3, price: 10.01, isTaxIncluded: true, taxName: 'Normala', taxPercentage: 21 },
          {
            name: 'Reducere',
            isDiscount: true,
            numberOfItems: 1,
            discountType: 2,
            discountPercentage: 12.5,
            taxName: 'Normala',
            taxPercentage: 21,
          },
        ],
      }),
    });
    expect(res.status).toBe(200);
    expect((await h.emulator.store.get<EmulatedInvoice>('invoices', '12345678|FCT|0001'))!.lines[1].totalBani).toBe(
      -375,
    );
  });

  it('a series or VAT rate SmartBill does not know is rejected with its errorText', async () => {
    expect((await errorOf(client().createInvoice(invoice({ seriesName: 'NOPE' })))).providerMessage).toBe(
      'Seria de facturare "NOPE" nu exista.',
    );
    const bad = invoice({
      lines: [{ name: 'x', quantity: 1, unitPriceBani: 100, taxIncluded: true, vatName: 'Normala', vatPercentage: 19 }],
    });
    expect((await errorOf(client().createInvoice(bad))).providerMessage).toMatch(/Cota TVA/);
  });

  it('cancel, restore; delete only the last of its series', async () => {
    const c = client();
    const first = await c.createInvoice(invoice());
    const second = await c.createInvoice(invoice());
    await c.cancelInvoice(first);
    expect((await h.emulator.store.get<EmulatedInvoice>('invoices', '12345678|FCT|0001'))!.cancelled).toBe(true);
    expect((await errorOf(c.cancelInvoice(first))).providerMessage).toBe('Factura este deja anulata.');
    await c.restoreInvoice(first);
    expect((await h.emulator.store.get<EmulatedInvoice>('invoices', '12345678|FCT|0001'))!.cancelled).toBe(false);
    const err = await errorOf(c.deleteInvoice(first));
    expect(err).toMatchObject({ kind: 'rejected' });
    expect(err.providerMessage).toMatch(/Doar ultima factura/);
    await c.deleteInvoice(second);
    expect(await c.createInvoice(invoice())).toEqual({ series: 'FCT', number: '0002' }); // the number is reused
  });

  it('full storno: a new document in the same series, once only', async () => {
    const c = client();
    const original = await c.createInvoice(invoice());
    const storno = await c.reverseInvoice(original, '2026-01-05');
    expect(storno).toEqual({ series: 'FCT', number: '0002' });
    const doc = (await h.emulator.store.get<EmulatedInvoice>('invoices', '12345678|FCT|0002'))!;
    expect(doc.lines.map((l) => l.quantity)).toEqual([-2, -1]);
    expect(doc.mentions).toBe('Stornare factura FCT 0001');
    expect((await errorOf(c.reverseInvoice(original, '2026-01-05'))).providerMessage).toBe(
      'Factura a fost deja stornata.',
    );
    expect((await errorOf(c.cancelInvoice(original))).kind).toBe('rejected');
  });

  it('partial storno: a new invoice with the returned quantities negated and a mention of the original', async () => {
    const c = client();
    const original = await c.createInvoice(invoice());
    const partial = await c.partialReverse(original, {
      ...invoice(),
      issueDate: '2026-01-06',
      lines: [invoice().lines[0]],
      payment: { valueBani: 10000, type: 'Card' },
    });
    const doc = (await h.emulator.store.get<EmulatedInvoice>('invoices', `12345678|FCT|${partial.number}`))!;
    expect(doc.lines).toHaveLength(1);
    expect(doc.lines[0]).toMatchObject({ quantity: -2, totalBani: -10000, vatBani: -1736 });
    expect(doc.mentions).toBe('Factura storno pentru FCT 0001');
    expect(doc.paidBani).toBe(-10000);
  });

  it('partial storno gives back the discount lines it carries (a positive discount line)', async () => {
    const c = client();
    const [tricou] = invoice().lines;
    const discount = {
      discount: true as const,
      name: 'Discount Tricou',
      valueBani: 1250,
      appliesTo: 1,
      vatName: 'Normala',
      vatPercentage: 21,
    };
    const original = await c.createInvoice(invoice({ lines: [tricou, discount], payment: undefined }));
    const partial = await c.partialReverse(original, {
      ...invoice(),
      lines: [
        { ...tricou, quantity: 1 },
        { ...discount, valueBani: 625 },
      ],
      payment: undefined,
    });
    const doc = (await h.emulator.store.get<EmulatedInvoice>('invoices', `12345678|FCT|${partial.number}`))!;
    expect(doc.lines.map((l) => [l.quantity, l.totalBani])).toEqual([
      [-1, -5000],
      [1, 625],
    ]);
  });

  it('a timeout after the write: SmartBill stored the invoice, the answer never came; the number reads it back', async () => {
    const c = client(demo, { timeoutMs: 300 });
    h.emulator.faults.set('answer_lost', 1);
    expect((await errorOf(c.createInvoice(invoice()))).kind).toBe('timeout');
    expect((await h.emulator.store.list('invoices')).length).toBe(1);
    expect(await c.series()).toContainEqual({ name: 'FCT', nextNumber: '0002' });
    expect(await c.paymentStatus({ series: 'FCT', number: '0001' })).toMatchObject({ totalBani: 13330 });
    // Reads never take the fault; a refused write does not use it up either.
    h.emulator.faults.set('answer_lost', 1);
    await c.series();
    expect((await errorOf(c.createInvoice(invoice({ seriesName: 'NOPE' })))).kind).toBe('rejected');
    expect((await errorOf(c.createInvoice(invoice()))).kind).toBe('timeout');
    expect((await h.emulator.store.list('invoices')).length).toBe(2);
  });

  it('an errorText inside an HTTP 200 is a failure', async () => {
    h.emulator.faults.set('error_in_200', 1);
    const err = await errorOf(client().createInvoice(invoice()));
    expect(err).toMatchObject({
      kind: 'rejected',
      status: 200,
      providerMessage: 'Serviciul SmartBill este momentan indisponibil.',
    });
    expect((await h.emulator.store.list('invoices')).length).toBe(0);
  });

  it('a refused login, a 5xx (read retried, create reported once), a timeout (create not retried)', async () => {
    const c = client(demo, { timeoutMs: 300 });
    h.emulator.faults.set('refused_login', 1);
    expect((await errorOf(c.series())).kind).toBe('refused_credentials');
    h.emulator.faults.set('server_error', 1);
    await expect(c.series()).resolves.toHaveLength(2);
    h.emulator.faults.set('server_error', 1);
    expect(await errorOf(c.createInvoice(invoice()))).toMatchObject({ kind: 'unavailable', status: 500 });
    h.emulator.faults.set('timeout', 1);
    expect((await errorOf(c.reverseInvoice({ series: 'FCT', number: '0001' }, '2026-01-02'))).kind).toBe('timeout');
    h.emulator.faults.set('timeout', 1);
    expect((await errorOf(c.createInvoice(invoice()))).kind).toBe('timeout');
    expect((await h.emulator.store.list('invoices')).length).toBe(0);
  });
});

describe('SmartBill rate limit (3 calls a second)', () => {
  it('the client queues its calls to one account at 3 a second and meets no 429', async () => {
    const emulator = createSmartBillEmulator({ clock: manualClock() });
    const started = await startEmulator(emulator);
    try {
      const deps = {
        baseUrl: `${started.origin}/emulators/smartbill/SBORO/api`,
        clock: manualClock(),
        tokens: memoryTokenStore(),
        http: { timeoutMs: 5000, readRetries: 0 },
      };
      const t0 = Date.now();
      // Two clients of the same account share one queue.
      const answers = await Promise.all(
        Array.from({ length: 7 }, (_, i) => new SmartBillClient(demo, deps).vatRates().then(() => i)),
      );
      expect(answers).toHaveLength(7);
      expect(Date.now() - t0).toBeGreaterThanOrEqual(1900); // the 7th starts 2 s after the 1st
    } finally {
      await started.close();
    }
  });

  it('over the limit: a read waits as long as Retry-After says and succeeds; a create fails at once as rate limited', async () => {
    let ms = 0; // the emulator's real-time clock, moved only by the client's waiting
    const emulator = createSmartBillEmulator({ clock: manualClock(), nowMs: () => ms });
    const started = await startEmulator(emulator);
    try {
      const waits: number[] = [];
      const sleep = async (d: number) => {
        waits.push(d);
        ms += d;
      };
      const deps = {
        baseUrl: `${started.origin}/emulators/smartbill/SBORO/api`,
        clock: manualClock(),
        tokens: memoryTokenStore(),
        http: { timeoutMs: 5000, readRetries: 2, sleep },
      };
      const unqueued = new SmartBillClient(demo, deps, { perSecond: 1_000_000 });
      for (let i = 0; i < 3; i++) await unqueued.vatRates();
      await expect(unqueued.vatRates()).resolves.toHaveLength(4); // 429, waits 1 s, retries
      expect(waits).toEqual([1000]);
      await unqueued.vatRates();
      await unqueued.vatRates();
      const err = await errorOf(unqueued.createInvoice(invoice()));
      expect(err).toMatchObject({ kind: 'rate_limited', status: 429, retryAfterSeconds: 1 });
      expect(waits).toEqual([1000]); // no retry of the create
      expect((await emulator.store.list('invoices')).length).toBe(0);
    } finally {
      await started.close();
    }
  });
});
