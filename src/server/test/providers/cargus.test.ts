import { describe, expect, it } from 'vitest';
import { createCargusEmulator } from '../../emulators/cargus.js';
import { TIMELINE, type Shipment } from '../../emulators/shipments.js';
import { CargusClient } from '../../providers/couriers/cargus.js';
import type { CreateAwbInput } from '../../providers/couriers/types.js';
import { ProviderError } from '../../providers/http.js';
import { emulatorHarness } from './setup.js';

const h = emulatorHarness(createCargusEmulator, '/api');
const demo = { username: 'demo', password: 'demo', api_key: 'demo' };
const client = (creds = demo, extra = {}) => new CargusClient(creds, h.deps(extra));

const order = (over: Partial<CreateAwbInput> = {}): CreateAwbInput => ({
  pickupPointId: '201001',
  recipient: {
    name: 'Ștefan Țurcanu',
    phone: '0744111222',
    countyName: 'Brașov',
    localityName: 'Făgăraș',
    address: 'Str. Mihai Eminescu nr. 3',
    postalCode: '505200',
  },
  parcels: [{ weightKg: 1.4, lengthCm: 30, widthCm: 20, heightCm: 10 }],
  codBani: 19990,
  declaredValueBani: 0,
  content: 'Haine',
  reference: 'ORD-1',
  ...over,
});

const errorOf = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error('expected a ProviderError');
    },
    (e: unknown) => e as ProviderError,
  );

describe('Cargus client against its emulator', () => {
  it('logs in with the demo account and lists the pickup points', async () => {
    const c = client();
    await c.verifyCredentials();
    const points = await c.pickupPoints();
    expect(points.map((p) => p.id)).toEqual(['201001', '201002']);
    expect(points[0]).toMatchObject({ name: 'Depozit Cluj', address: 'Strada Fabricii nr. 12, Cluj-Napoca, Cluj' });
  });

  it('refuses a wrong password and a wrong subscription key as refused credentials', async () => {
    const wrongPassword = await errorOf(client({ ...demo, password: 'x' }).verifyCredentials());
    expect(wrongPassword).toMatchObject({
      provider: 'cargus',
      kind: 'refused_credentials',
      providerMessage: 'Failed to authenticate!',
    });
    const wrongKey = await errorOf(client({ ...demo, api_key: 'nope' }).pickupPoints());
    expect(wrongKey.kind).toBe('refused_credentials');
    expect(wrongKey.providerMessage).toMatch(/invalid subscription key/);
  });

  it('reads counties, localities (street-coded cities have no postal code) and streets with their ranges', async () => {
    const c = client();
    const counties = await c.counties();
    expect(counties).toHaveLength(42);
    const cluj = counties.find((x) => x.code === 'CJ')!;
    const localities = await c.localities(cluj);
    const clujNapoca = localities.find((l) => l.name === 'Cluj-Napoca')!;
    expect(clujNapoca.postalCode).toBeNull();
    expect(localities.find((l) => l.name === 'Turda')!.postalCode).toBe('401001');
    // The courier's own streets and those of the bundled data it also knows (1 Decembrie 1918).
    const streets = await c.streets(clujNapoca, 'decembrie');
    expect(streets.map((s) => s.name).sort()).toEqual(['Bulevardul 1 Decembrie 1918', 'Bulevardul 21 Decembrie 1989']);
    expect(streets.find((s) => s.name === 'Bulevardul 21 Decembrie 1989')!.postalCodes).toEqual([
      { fromNumber: 1, toNumber: 77, postalCode: '400105' },
      { fromNumber: 78, toNumber: 150, postalCode: '400604' },
    ]);
  });

  it('lists the Ship & Go points with their address and whether each takes cash on delivery', async () => {
    const points = await client().lockers();
    expect(points.length).toBeGreaterThan(84);
    const cluj = points.filter((p) => p.city === 'Cluj-Napoca');
    expect(cluj).toHaveLength(2);
    expect(cluj[0]).toMatchObject({
      id: expect.stringMatching(/^\d+$/),
      name: expect.stringMatching(/^Ship & Go Cluj-Napoca /),
      county: 'Cluj',
      postalCode: expect.stringMatching(/^\d{6}$/),
    });
    expect(cluj[0]!.address).toMatch(/^\S.* \d+$/);
    // Some points take no cash on delivery: an AWB with COD cannot go there.
    expect(points.some((p) => p.cod === false)).toBe(true);
    expect(points.some((p) => p.cod === true)).toBe(true);
    const wrongKey = await errorOf(client({ ...demo, api_key: 'nope' }).lockers());
    expect(wrongKey.kind).toBe('refused_credentials');
  });

  it('sends an AWB to a Ship & Go point (service 38); a point without cash on delivery refuses COD', async () => {
    const c = client();
    const points = await c.lockers();
    const withCod = points.find((p) => p.cod === true)!;
    const withoutCod = points.find((p) => p.cod === false)!;
    // The recipient's own address does not matter: the point is where the parcel goes.
    const recipient = { ...order().recipient, countyName: '', localityName: '', address: '' };
    const awb = await c.createAwb(order({ lockerId: withCod.id, recipient }));
    expect(awb.awbNumber).toMatch(/^\d{10}$/);
    const refused = await errorOf(c.createAwb(order({ lockerId: withoutCod.id, recipient })));
    expect(refused.kind).toBe('rejected');
    expect(refused.providerMessage).toMatch(/nu accepta plata ramburs/);
    const prepaid = await c.createAwb(order({ lockerId: withoutCod.id, recipient, codBani: 0 }));
    expect(prepaid.awbNumber).toMatch(/^\d{10}$/);
    const unknown = await errorOf(c.createAwb(order({ lockerId: '1', recipient, codBani: 0 })));
    expect(unknown.providerMessage).toMatch(/Ship & Go nu exista/);
    // The label names the point as the recipient's address.
    const stored = (await h.emulator.store.get<Shipment>('shipments', awb.awbNumber))!;
    expect(stored.recipient.lines[0]).toBe(withCod.name);
    expect(stored).toMatchObject({ service: 'Ship & Go', recipientLocality: withCod.city, codBani: 19990 });
  });

  it('creates an AWB by names, prints it as a PDF with its barcode and deletes it before pickup', async () => {
    const c = client();
    const awb = await c.createAwb(order());
    expect(awb.awbNumber).toMatch(/^\d{10}$/);
    expect(awb.parcelNumbers).toHaveLength(1);
    expect(awb.costBani).toBeGreaterThan(0);
    const pdf = await c.awbPdf(awb, 'A6');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const stored = (await h.emulator.store.get<Shipment>('shipments', awb.awbNumber))!;
    expect(stored).toMatchObject({ weightKg: 2, codBani: 19990, reference: 'ORD-1' }); // whole kg, rounded up
    await c.deleteAwb(awb.awbNumber);
    expect((await h.emulator.store.get<Shipment>('shipments', awb.awbNumber))!.deleted).toBe(true);
    expect((await c.track([awb.awbNumber]))[0].error).toBeTruthy();
  });

  it("answers Cargus's own reason when the recipient's locality does not match", async () => {
    const err = await errorOf(
      client().createAwb(order({ recipient: { ...order().recipient, localityName: 'Nicăieri' } })),
    );
    expect(err).toMatchObject({
      kind: 'rejected',
      status: 400,
      providerMessage: "The recipient's locality could not be matched!",
    });
  });

  it('tracks many AWBs in one call as the clock moves, and refuses a delete after pickup', async () => {
    const c = client();
    const a = await c.createAwb(order());
    const b = await c.createAwb(order({ recipient: { ...order().recipient, name: 'Client Refuz' } }));
    let t = await c.track([a.awbNumber, b.awbNumber, '999']);
    expect(t.map((x) => x.status)).toEqual([null, null, null]);
    expect(t[2].error).toMatch(/not found/);
    h.clock.advance(3 * 3600);
    const err = await errorOf(c.deleteAwb(a.awbNumber));
    expect(err.kind).toBe('rejected');
    expect(err.providerMessage).toMatch(/nu mai poate fi sters/);
    h.clock.advance(2 * 24 * 3600);
    t = await c.track([a.awbNumber, b.awbNumber]);
    expect(t[0].status).toBe('delivered');
    expect(t[0].events.map((e) => e.status)).toEqual(['pickedUp', 'in_transit', 'inDelivery', 'delivered']);
    expect(t[0].events[0].at).toBe(
      (await h.emulator.store.get<Shipment>('shipments', a.awbNumber))!.createdAt + TIMELINE.delivered[0][1],
    );
    expect(t[1].status).toBe('returned');
    expect(t[1].events.map((e) => e.status)).toContain('refused');
  });

  it('batches tracking: 120 AWBs take three AwbTrace calls', async () => {
    const c = client();
    const awb = await c.createAwb(order());
    let traces = 0;
    const counting = new CargusClient(demo, {
      ...h.deps(),
      http: {
        ...h.deps().http,
        fetch: (url, init) => {
          if (url.includes('AwbTrace')) traces++;
          return fetch(url, init);
        },
      },
    });
    const many = [awb.awbNumber, ...Array.from({ length: 119 }, (_, i) => String(500000000 + i))];
    const result = await counting.track(many);
    expect(traces).toBe(3);
    expect(result).toHaveLength(120);
    expect(result[0].awbNumber).toBe(awb.awbNumber);
  });

  it('caches the token: one login for many calls, and a new one after 24 hours', async () => {
    const c = client();
    await c.counties();
    await c.pickupPoints();
    expect((await h.emulator.store.list('tokens')).length).toBe(1);
    h.clock.advance(24 * 3600);
    await c.pickupPoints();
    expect((await h.emulator.store.list('tokens')).length).toBe(2);
  });

  it('logs in once more when the server says the token expired, then succeeds', async () => {
    const c = client();
    await c.pickupPoints();
    h.emulator.faults.set('expired_token', 1);
    await expect(c.pickupPoints()).resolves.toHaveLength(2);
    expect((await h.emulator.store.list('tokens')).length).toBe(2);
  });

  it('a create whose token expired is sent again after the re-login, and only one AWB exists', async () => {
    const c = client();
    await c.pickupPoints();
    h.emulator.faults.set('expired_token', 1);
    await c.createAwb(order());
    expect((await h.emulator.store.list('shipments')).length).toBe(1);
  });

  it('stops after one re-login when the login is then refused', async () => {
    const c = client();
    await c.pickupPoints();
    h.emulator.faults.set('expired_token', 1);
    h.emulator.faults.set('refused_login', 1);
    expect((await errorOf(c.pickupPoints())).kind).toBe('refused_credentials');
  });

  it('a refused login fault reads as refused credentials', async () => {
    h.emulator.faults.set('refused_login', 1);
    expect((await errorOf(client().verifyCredentials())).kind).toBe('refused_credentials');
  });

  it('times out a read (retried once) and a create (never retried: no second AWB)', async () => {
    const c = client(demo, { timeoutMs: 300 });
    await c.pickupPoints();
    h.emulator.faults.set('timeout', 2);
    expect((await errorOf(c.counties())).kind).toBe('timeout');
    h.emulator.faults.set('timeout', 1);
    expect((await errorOf(c.createAwb(order()))).kind).toBe('timeout');
    expect((await h.emulator.store.list('shipments')).length).toBe(0);
    h.emulator.faults.clear();
    await expect(c.counties()).resolves.toHaveLength(42);
  });

  it('a 5xx is retried for reads and reported unavailable for a create', async () => {
    const c = client();
    await c.pickupPoints();
    h.emulator.faults.set('server_error', 1);
    await expect(c.counties()).resolves.toHaveLength(42);
    h.emulator.faults.set('server_error', 1);
    const err = await errorOf(c.createAwb(order()));
    expect(err).toMatchObject({ kind: 'unavailable', status: 500 });
    expect((await h.emulator.store.list('shipments')).length).toBe(0);
  });

  it("an error inside a 200 is an error, with Cargus's text", async () => {
    const c = client();
    await c.pickupPoints();
    h.emulator.faults.set('error_in_200', 1);
    const err = await errorOf(c.pickupPoints());
    expect(err).toMatchObject({ kind: 'rejected', providerMessage: 'Eroare interna. Va rugam reveniti.' });
    h.emulator.faults.set('error_in_200', 1);
    expect((await errorOf(client().verifyCredentials())).kind).toBe('refused_credentials');
  });

  it('finds an AWB by its reference among the AWBs of the days since (a lost answer included); deleted ones are gone', async () => {
    const c = client(demo, { timeoutMs: 300 });
    const since = h.clock.now() - 60;
    const kept = await c.createAwb(order({ reference: 'ORD-A' }));
    await c.createAwb(order({ reference: 'ORD-B' }));
    h.emulator.faults.set('answer_lost', 1);
    expect((await errorOf(c.createAwb(order({ reference: 'ORD-C' })))).kind).toBe('timeout');
    expect((await h.emulator.store.list('shipments')).length).toBe(3);
    const lost = (await h.emulator.store.list<Shipment>('shipments')).find((s) => s.reference === 'ORD-C')!;
    expect(await c.findAwbsByReference({ reference: 'ORD-C', since, codBani: 19990, weightKg: 1.4 })).toEqual([
      { awbNumber: lost.number, parcelNumbers: lost.parcelNumbers, matchedBy: 'reference' },
    ]);
    expect(await c.findAwbsByReference({ reference: 'ORD-A', since, codBani: 0, weightKg: 1 })).toEqual([
      { awbNumber: kept.awbNumber, parcelNumbers: kept.parcelNumbers, matchedBy: 'reference' },
    ]);
    expect(await c.findAwbsByReference({ reference: 'ORD-Z', since, codBani: 0, weightKg: 1 })).toEqual([]);
    await c.deleteAwb(kept.awbNumber);
    expect(await c.findAwbsByReference({ reference: 'ORD-A', since, codBani: 0, weightKg: 1 })).toEqual([]);
    // Cargus reads whole days: an AWB of yesterday is found from yesterday's date on.
    h.clock.advance(24 * 3600);
    expect(await c.findAwbsByReference({ reference: 'ORD-C', since, codBani: 0, weightKg: 1 })).toHaveLength(1);
    expect(await c.findAwbsByReference({ reference: 'ORD-C', since: h.clock.now(), codBani: 0, weightKg: 1 })).toEqual(
      [],
    );
  });
});
