import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { createFanEmulator, FAN_DEMO_LOGIN, FAN_NO_COLLECTOR_LOGIN, type FanShipment } from '../../emulators/fan.js';
import { FanClient } from '../../providers/couriers/fan.js';
import type { CourierCredentials, CreateAwbInput } from '../../providers/couriers/types.js';
import type { ProviderError } from '../../providers/http.js';
import type { ProviderFetch } from '../../providers/transport.js';
import { emulatorHarness } from './setup.js';

const h = emulatorHarness(createFanEmulator, '');
const demo: CourierCredentials = { ...FAN_DEMO_LOGIN };
const client = (creds: CourierCredentials = demo, fetchImpl?: ProviderFetch, timeoutMs = 5_000) =>
  new FanClient(creds, {
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
  pickupPointId: '',
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
  parcels: [{ weightKg: 1.5, lengthCm: 30, widthCm: 20, heightCm: 10 }],
  codBani: 19990,
  declaredValueBani: 0,
  content: 'Încălțăminte',
  reference: '12-1',
  serviceId: 'Cont Colector',
  ...over,
});

function recorder() {
  const sent: { url: string; method: string; headers: Record<string, string>; body: string }[] = [];
  const f: ProviderFetch = (url, init) => {
    sent.push({ url, method: init.method ?? 'GET', headers: { ...(init.headers ?? {}) }, body: init.body ?? '' });
    return fetch(url, init);
  };
  return { sent, f };
}

const pageSizeMm = async (pdf: Buffer) => {
  const doc = await PDFDocument.load(pdf);
  return doc.getPages().map((p) => [Math.round((p.getWidth() * 25.4) / 72), Math.round((p.getHeight() * 25.4) / 72)]);
};

describe('FAN Courier client against its emulator', () => {
  it('logs in with a form body, then sends the 24-hour token as a Bearer header and clientId in every call', async () => {
    const { sent, f } = recorder();
    const c = client(demo, f);
    await c.counties();
    await c.localities({ id: 'Cluj', name: 'Cluj' });
    expect(sent.map((s) => `${s.method} ${new URL(s.url).pathname}`)).toEqual([
      'POST /emulators/fan/login',
      'GET /emulators/fan/reports/counties',
      'GET /emulators/fan/reports/localities',
    ]);
    expect(sent[0].headers['Content-Type']).toBe('application/x-www-form-urlencoded');
    expect(new URLSearchParams(sent[0].body).get('username')).toBe('clienttest');
    expect(sent[1].headers.Authorization).toMatch(/^Bearer \d+\|/);
    expect(sent[2].headers.Authorization).toBe(sent[1].headers.Authorization);
    expect(new URL(sent[2].url).searchParams.get('clientId')).toBe('7032158');
    expect(new URL(sent[2].url).searchParams.get('county')).toBe('Cluj');
  });

  it('logs in again once the day is over, and once when FAN says a token expired, then sends the call again', async () => {
    const { sent, f } = recorder();
    const c = client(demo, f);
    await c.counties();
    h.clock.advance(24 * 3600);
    await c.counties();
    expect(sent.filter((s) => s.url.endsWith('/login'))).toHaveLength(2);
    h.emulator.faults.set('expired_token', 1);
    const counties = await c.counties();
    expect(counties.length).toBeGreaterThan(40);
    expect(sent.filter((s) => s.url.endsWith('/login'))).toHaveLength(3);
  });

  it('refuses a wrong password, and a client number that is not one of the account', async () => {
    expect(await errorOf(client({ ...demo, password: 'x' }).verifyCredentials())).toMatchObject({
      provider: 'fan',
      kind: 'refused_credentials',
      status: 401,
      providerMessage: 'Datele de autentificare sunt incorecte.',
    });
    const other = await errorOf(client({ ...demo, client_id: '999' }).verifyCredentials());
    expect(other.kind).toBe('refused_credentials');
    expect(other).toMatchObject({ status: 403, providerMessage: 'Nu aveți acces la clientul 999.' });
    await expect(client().verifyCredentials()).resolves.toBeUndefined();
    const points = await client().pickupPoints();
    expect(points.map((p) => [p.id, p.isDefault])).toEqual([
      ['7032158', true],
      ['7032159', false],
    ]);
  });

  it("lists the contract's services, saying which collect cash on delivery", async () => {
    const full = await client().contractServices();
    expect(full.map((s) => [s.id, s.collectsCod])).toEqual([
      ['Standard', false],
      ['Cont Colector', true],
      ['Red Code', false],
      ['FANbox', false],
      ['FANbox Cont Colector', true],
    ]);
    const none = await client({ ...FAN_NO_COLLECTOR_LOGIN }).contractServices();
    expect(none.some((s) => s.collectsCod)).toBe(false);
  });

  it('reads counties, localities and streets by name, with postal codes by number range', async () => {
    const c = client();
    const counties = await c.counties();
    const cluj = counties.find((x) => x.name === 'Cluj')!;
    expect(cluj).toEqual({ id: 'Cluj', name: 'Cluj', code: null });
    const localities = await c.localities(cluj);
    const city = localities.find((l) => l.name === 'Cluj-Napoca')!;
    expect(city).toMatchObject({ countyId: 'Cluj', postalCode: null });
    const streets = await c.streets({ ...city, countyId: cluj.id }, 'memorandumului');
    expect(streets.length).toBeGreaterThan(0);
    expect(streets[0].name).toMatch(/Memorandumului/);
    expect(streets[0].postalCodes[0].postalCode).toMatch(/^\d{6}$/);
  });

  it('makes a domestic AWB with cash on delivery: the collector service, ePOD, the reference first in the content', async () => {
    const { sent, f } = recorder();
    const made = await client(demo, f).createAwb(order());
    expect(made.awbNumber).toMatch(/^\d{13}$/);
    expect(made.parcelNumbers).toEqual([made.awbNumber]);
    expect(made.costBani).toBeGreaterThan(0);
    const body = JSON.parse(sent.at(-1)!.body);
    expect(body.clientId).toBe(7032158);
    expect(body.shipments[0].info).toMatchObject({
      service: 'Cont Colector',
      cod: 199.9,
      options: ['X'],
      payment: 'sender',
      content: '12-1 · Încălțăminte',
      packages: { parcel: 1, envelope: 0 },
    });
    expect(body.shipments[0].recipient.address).toMatchObject({ county: 'Iași', locality: 'Pașcani', streetNo: '3' });
    const stored = await h.emulator.store.get<FanShipment>('shipments', made.awbNumber);
    expect(stored).toMatchObject({ codBani: 19990, epod: true, service: 'Cont Colector' });
  });

  it('sends the street and number once: the address line goes to `building` without the street and number it begins with', async () => {
    const { sent, f } = recorder();
    const recipient = {
      ...order().recipient,
      streetName: 'Strada Gării',
      streetNumber: '3',
      address: 'Strada Garii, nr. 3, bl. A, sc. 1, ap. 4',
    };
    const made = await client(demo, f).createAwb(order({ recipient }));
    expect(JSON.parse(sent.at(-1)!.body).shipments[0].recipient.address).toMatchObject({
      street: 'Strada Gării',
      streetNo: '3',
      building: 'bl. A, sc. 1, ap. 4',
    });
    const stored = await h.emulator.store.get<FanShipment>('shipments', made.awbNumber);
    expect(stored?.recipient.lines[0]).toBe('Strada Gării, nr. 3, bl. A, sc. 1, ap. 4');

    // A line that does not begin with the street is sent whole: nothing typed is lost.
    const other = await client().createAwb(order({ recipient: { ...recipient, address: 'Bl. A, Strada Gării 3' } }));
    expect((await h.emulator.store.get<FanShipment>('shipments', other.awbNumber))?.recipient.lines[0]).toBe(
      'Strada Gării, nr. 3, Bl. A, Strada Gării 3',
    );
  });

  it('makes a prepaid AWB with the chosen service, and refuses cash on delivery without a collector service before any call', async () => {
    const prepaid = await client().createAwb(order({ codBani: 0, serviceId: 'Standard' }));
    expect((await h.emulator.store.get<FanShipment>('shipments', prepaid.awbNumber))?.codBani).toBe(0);
    const { sent, f } = recorder();
    const err = await errorOf(client(demo, f).createAwb(order({ serviceId: 'Standard' })));
    expect(err.kind).toBe('rejected');
    expect(err.providerMessage).toMatch(/does not collect cash on delivery/);
    expect(sent).toEqual([]);
  });

  it("reads FAN's refusal of a shipment inside an HTTP 200, field by field", async () => {
    const err = await errorOf(
      client().createAwb(order({ recipient: { ...order().recipient, localityName: 'Atlantida' } })),
    );
    expect(err).toMatchObject({ kind: 'rejected', status: 200 });
    expect(err.providerMessage).toBe('recipient.address.locality: Localitatea nu a fost găsită.');
    expect(err.fieldErrors).toEqual([
      { path: 'recipient.address.locality', messages: ['Localitatea nu a fost găsită.'] },
    ]);
  });

  it('prints the label as a PDF on A4 or as an A6 page; FAN prints A6 only for ePOD AWBs', async () => {
    const c = client();
    const { awbNumber } = await c.createAwb(order());
    const a4 = await c.awbPdf({ awbNumber }, 'A4');
    expect(a4.subarray(0, 4).toString()).toBe('%PDF');
    expect(await pageSizeMm(a4)).toEqual([[210, 297]]);
    const a6 = await c.awbPdf({ awbNumber }, 'A6');
    const [[w, hMm]] = await pageSizeMm(a6);
    expect(w).toBeLessThanOrEqual(106);
    expect(hMm).toBeLessThanOrEqual(151);
    // An AWB made without ePOD (in FAN's own site, say) has no A6 label: FAN's JSON refusal is read.
    const stored = (await h.emulator.store.get<FanShipment>('shipments', awbNumber))!;
    await h.emulator.store.put('shipments', awbNumber, { ...stored, epod: false });
    const err = await errorOf(c.awbPdf({ awbNumber }, 'A6'));
    expect(err.kind).toBe('rejected');
    expect(err.providerMessage).toMatch(/ePOD/);
    expect((await errorOf(c.awbPdf({ awbNumber: '2332399999999' }))).kind).toBe('not_found');
  });

  it('deletes an AWB before pickup; after it the refusal is rejected, an unknown one not found', async () => {
    const c = client();
    const first = await c.createAwb(order());
    await c.deleteAwb(first.awbNumber);
    expect((await h.emulator.store.get<FanShipment>('shipments', first.awbNumber))?.deleted).toBe(true);
    expect((await errorOf(c.deleteAwb(first.awbNumber))).kind).toBe('not_found');
    const second = await c.createAwb(order());
    h.clock.advance(11 * 60);
    const late = await errorOf(c.deleteAwb(second.awbNumber));
    expect(late.kind).toBe('rejected');
    expect(late.providerMessage).toMatch(/preluată de curier/);
  });

  it("tracks many AWBs at once: FAN's unsorted events by date, through the status table", async () => {
    const c = client();
    const delivered = await c.createAwb(order({ recipient: { ...order().recipient, name: 'Livrat Ion' } }));
    const refused = await c.createAwb(order({ recipient: { ...order().recipient, name: 'Refuz Ana' } }));
    const fresh0 = await c.createAwb(order());
    expect((await c.track([fresh0.awbNumber]))[0]).toEqual({ awbNumber: fresh0.awbNumber, status: null, events: [] });
    h.clock.advance(2 * 3600);
    const [d, r, unknown] = await c.track([delivered.awbNumber, refused.awbNumber, '2332399999999']);
    expect(d.events.map((e) => e.code)).toEqual(['C0', 'H10', 'S1', 'S2']);
    expect(d.status).toBe('delivered');
    expect(r.events.map((e) => [e.code, e.status, e.attention])).toEqual([
      ['C0', 'pickedUp', null],
      ['H10', 'in_transit', null],
      ['S1', 'inDelivery', null],
      ['S6', 'refused', 'refused'],
      ['S33', 'returning', 'returning'],
      ['S43', 'returned', 'returning'],
    ]);
    expect(unknown).toMatchObject({ status: null, events: [], error: 'AWB not found at FAN Courier' });
  });

  it('reads the cash on delivery FAN transferred, day by day', async () => {
    const c = client();
    const made = await c.createAwb(order({ recipient: { ...order().recipient, name: 'Livrat Ion' } }));
    h.clock.advance(5 * 86400);
    const day = new Date(h.clock.now() * 1000).toISOString().slice(0, 10);
    const from = new Date((h.clock.now() - 6 * 86400) * 1000).toISOString().slice(0, 10);
    const paid = await c.codRepayments({ from, to: day });
    const mine = paid.filter((p) => p.awbNumber === made.awbNumber);
    expect(mine).toHaveLength(1);
    expect(mine[0].paidBani).toBeGreaterThan(0);
    expect(mine[0].paidOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('finds a create whose answer was lost by its reference, never by a longer one that begins alike', async () => {
    const c = client(demo, undefined, 500);
    const since = h.clock.now() - 600;
    await c.createAwb(order({ reference: '112-1' }));
    await c.createAwb(order({ reference: '12-10' }));
    h.emulator.faults.set('answer_lost', 1);
    const lost = await errorOf(c.createAwb(order({ reference: '12-1' })));
    expect(lost.kind).toBe('timeout');
    const found = await c.findAwbsByReference({ reference: '12-1', since, codBani: 19990, weightKg: 1.5 });
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ matchedBy: 'reference', codBani: 19990, weightKg: 1.5 });
    const stored = await h.emulator.store.get<FanShipment>('shipments', found[0].awbNumber);
    expect(stored?.content).toBe('12-1 · Încălțăminte');
    expect(await c.findAwbsByReference({ reference: '99-1', since, codBani: 0, weightKg: 1 })).toEqual([]);
  });

  it('a 5xx on a read is retried; on a create it is not, and the outcome is unknown', async () => {
    const { sent, f } = recorder();
    const c = client(demo, f);
    await c.counties();
    h.emulator.faults.set('server_error', 1);
    expect((await c.counties()).length).toBeGreaterThan(0);
    h.emulator.faults.set('server_error', 1);
    const err = await errorOf(c.createAwb(order()));
    expect(err.kind).toBe('unavailable');
    expect(sent.filter((s) => s.url.endsWith('/intern-awb'))).toHaveLength(1);
  });
});
