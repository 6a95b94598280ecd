import { describe, expect, it } from 'vitest';
import { createDpdEmulator } from '../../emulators/dpd.js';
import type { Shipment } from '../../emulators/shipments.js';
import { DpdClient } from '../../providers/couriers/dpd.js';
import type { CreateAwbInput } from '../../providers/couriers/types.js';
import type { ProviderError } from '../../providers/http.js';
import type { ProviderFetch } from '../../providers/transport.js';
import { emulatorHarness } from './setup.js';

const h = emulatorHarness(createDpdEmulator, '/v1');
const demo = { username: 'demo', password: 'demo' };
const client = (creds = demo, fetchImpl?: ProviderFetch, timeoutMs = 5_000) =>
  new DpdClient(creds, {
    ...h.deps(),
    http: { ...h.deps().http, timeoutMs, ...(fetchImpl ? { fetch: fetchImpl } : {}) },
  });
const errorOf = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error('expected a ProviderError');
    },
    (e: unknown) => e as ProviderError,
  );

const order = (over: Partial<CreateAwbInput> = {}): CreateAwbInput => ({
  pickupPointId: '80100100001',
  recipient: {
    name: 'Ștefan Țurcanu',
    phone: '+40 744-111-222',
    countyName: 'Iași',
    localityName: 'Pașcani',
    streetName: 'Strada Gării',
    streetNumber: '3',
    address: 'bl. A, ap. 4',
    postalCode: '705200',
  },
  parcels: [
    { weightKg: 1.2, lengthCm: 30, widthCm: 20, heightCm: 10 },
    { weightKg: 0.8, lengthCm: 20, widthCm: 20, heightCm: 10 },
  ],
  codBani: 19990,
  declaredValueBani: 30000,
  content: 'Încălțăminte',
  reference: 'ORD-9',
  ...over,
});

function recorder() {
  const sent: { url: string; body: Record<string, unknown> }[] = [];
  const f: ProviderFetch = (url, init) => {
    sent.push({ url, body: JSON.parse(init.body ?? '{}') });
    return fetch(url, init);
  };
  return { sent, f };
}

describe('DPD client against its emulator', () => {
  it("sends the credentials in every body (all POST) and lists the contract's client objects as pickup points", async () => {
    const { sent, f } = recorder();
    const points = await client(demo, f).pickupPoints();
    expect(sent[0].url).toMatch(/\/v1\/client\/contract$/);
    expect(sent[0].body).toMatchObject({ userName: 'demo', password: 'demo' });
    expect(points[0]).toEqual({
      id: '80100100001',
      name: 'Depozit Sibiu',
      address: 'Str. Fabricii 7, SIBIU, SIBIU',
      isDefault: true,
    });
  });

  it('bad credentials arrive inside an HTTP 200 and read as refused credentials', async () => {
    const err = await errorOf(client({ username: 'demo', password: 'x' }).verifyCredentials());
    expect(err).toMatchObject({
      provider: 'dpd',
      kind: 'refused_credentials',
      status: 200,
      providerMessage: 'Unable to find user to authenticate! (EE2)',
    });
  });

  it('reads counties, the sites of a county and streets of a site', async () => {
    const c = client();
    const counties = await c.counties();
    expect(counties).toHaveLength(42);
    const cj = counties.find((x) => x.code === 'CJ')!;
    const sites = await c.localities(cj);
    // The towns with streets first, then every other locality of the county (the bundled data's).
    expect(sites.slice(0, 4).map((s) => s.name)).toEqual(['CLUJ NAPOCA', 'TURDA', 'FLORESTI', 'DEJ']);
    expect(sites.map((s) => s.name)).toContain('APAHIDA');
    const streets = await c.streets(sites[0], 'memorandumului');
    expect(streets).toEqual([{ id: expect.any(String), name: 'strada MEMORANDUMULUI', postalCodes: [] }]);
  });

  it('creates a shipment without diacritics, COD and declared value, prints by parcel and cancels it', async () => {
    const { sent, f } = recorder();
    const c = client(demo, f);
    const awb = await c.createAwb(order({ recipient: { ...order().recipient, localityName: 'Pașcani' } }));
    const body = sent.find((s) => s.url.endsWith('/v1/shipment'))!.body as {
      recipient: Record<string, unknown>;
      content: Record<string, unknown>;
      service: Record<string, unknown>;
    };
    expect(body.recipient).toMatchObject({
      clientName: 'Stefan Turcanu',
      privatePerson: true,
      phone1: { number: '+40744111222' },
    });
    expect(body.recipient).not.toHaveProperty('contactName');
    expect(body.content).toMatchObject({ contents: 'Incaltaminte', parcelsCount: 2, totalWeight: 2 });
    expect(body.service).toMatchObject({
      serviceId: 2505,
      additionalServices: { cod: { amount: 199.9, currencyCode: 'RON' }, declaredValue: { amount: 300 } },
    });
    expect(awb.parcelNumbers).toHaveLength(2);
    expect(awb.parcelNumbers[0]).toBe(awb.awbNumber);
    const pdf = await c.awbPdf({ awbNumber: awb.awbNumber }); // parcels looked up through shipment/info
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    await c.deleteAwb(awb.awbNumber);
    expect((await h.emulator.store.get<Shipment>('shipments', awb.awbNumber))!.deleted).toBe(true);
  });

  it('a company recipient gets a contact name', async () => {
    const { sent, f } = recorder();
    await client(demo, f).createAwb(
      order({ recipient: { ...order().recipient, name: 'Firma SRL', isCompany: true, contactPerson: 'Ion Pop' } }),
    );
    expect(sent.at(-1)!.body).toMatchObject({
      recipient: { clientName: 'Firma SRL', contactName: 'Ion Pop', privatePerson: false },
    });
  });

  it("a refused shipment is an error with DPD's message, from inside a 200", async () => {
    const err = await errorOf(
      client().createAwb(order({ recipient: { ...order().recipient, localityName: 'Nicăieri' } })),
    );
    expect(err).toMatchObject({
      kind: 'rejected',
      status: 200,
      providerMessage: 'Localitatea destinatarului nu a fost gasita (recipient.address.siteId)',
    });
  });

  it('tracks 23 AWBs in three calls of at most 10, and refuses a cancel after pickup', async () => {
    let calls = 0;
    const c = client(demo, (url, init) => {
      if (url.endsWith('/track')) calls++;
      return fetch(url, init);
    });
    const a = await c.createAwb(order());
    const b = await c.createAwb(order({ recipient: { ...order().recipient, name: 'Refuz' } }));
    const many = [a.awbNumber, b.awbNumber, ...Array.from({ length: 21 }, (_, i) => String(70000000000 + i))];
    let t = await c.track(many);
    expect(calls).toBe(3);
    expect(t.slice(0, 2).map((x) => x.status)).toEqual(['created', 'created']);
    expect(t[2]).toMatchObject({ status: null, error: 'Parcel not found' });
    h.clock.advance(3 * 3600);
    expect(await errorOf(c.deleteAwb(a.awbNumber))).toMatchObject({
      kind: 'rejected',
      providerMessage: 'Shipment is ordered (shipmentId)',
    });
    h.clock.advance(3 * 24 * 3600);
    t = await c.track([a.awbNumber, b.awbNumber]);
    expect(t[0].events.map((e) => e.status)).toEqual(['created', 'pickedUp', 'in_transit', 'inDelivery', 'delivered']);
    expect(t[1].status).toBe('returned');
  });

  it('faults: a refused login, an internal error inside a 200, a 503 page, a timeout (a create sent once)', async () => {
    const c = client(demo, undefined, 300);
    h.emulator.faults.set('refused_login', 1);
    expect((await errorOf(c.pickupPoints())).kind).toBe('refused_credentials');
    h.emulator.faults.set('error_in_200', 1);
    expect(await errorOf(c.pickupPoints())).toMatchObject({ kind: 'unavailable', status: 200 });
    h.emulator.faults.set('server_error', 1);
    await expect(c.counties()).resolves.toHaveLength(42); // a read is retried
    h.emulator.faults.set('server_error', 1);
    expect(await errorOf(c.createAwb(order()))).toMatchObject({ kind: 'unavailable', status: 503 });
    h.emulator.faults.set('timeout', 1);
    expect((await errorOf(c.createAwb(order()))).kind).toBe('timeout');
    expect((await h.emulator.store.list('shipments')).length).toBe(0);
  });

  it('finds a shipment by ref1 (a lost answer included); a cancelled one is left out', async () => {
    const c = client(demo, undefined, 300);
    const since = h.clock.now() - 60;
    const kept = await c.createAwb(order({ reference: 'ORD-A' }));
    h.emulator.faults.set('answer_lost', 1);
    expect((await errorOf(c.createAwb(order({ reference: 'ORD-C' })))).kind).toBe('timeout');
    const lost = (await h.emulator.store.list<Shipment>('shipments')).find((s) => s.reference === 'ORD-C')!;
    expect(await c.findAwbsByReference({ reference: 'ORD-C', since, codBani: 0, weightKg: 1 })).toEqual([
      { awbNumber: lost.number, parcelNumbers: lost.parcelNumbers, matchedBy: 'reference' },
    ]);
    expect(await c.findAwbsByReference({ reference: 'ORD-Z', since, codBani: 0, weightKg: 1 })).toEqual([]);
    // A search that compares loosely (its rule is not documented) finds every shipment: the ref1
    // that shipment/info gives back keeps only the reference's own.
    const loose: ProviderFetch = (url, init) => {
      if (!url.endsWith('/shipment/search')) return fetch(url, init);
      const body = JSON.stringify({ barcodes: [kept.awbNumber, lost.number] });
      return Promise.resolve(new Response(body, { status: 200, headers: { 'content-type': 'application/json' } }));
    };
    expect(
      await client(demo, loose).findAwbsByReference({ reference: 'ORD-A', since, codBani: 0, weightKg: 1 }),
    ).toEqual([{ awbNumber: kept.awbNumber, parcelNumbers: kept.parcelNumbers, matchedBy: 'reference' }]);
    await c.deleteAwb(kept.awbNumber);
    expect(await c.findAwbsByReference({ reference: 'ORD-A', since, codBani: 0, weightKg: 1 })).toEqual([]);
  });
});
