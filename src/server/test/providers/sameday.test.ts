import { describe, expect, it } from 'vitest';
import { createSamedayEmulator } from '../../emulators/sameday.js';
import type { Shipment } from '../../emulators/shipments.js';
import { SamedayClient } from '../../providers/couriers/sameday.js';
import type { CreateAwbInput } from '../../providers/couriers/types.js';
import type { ProviderError } from '../../providers/http.js';
import type { ProviderFetch } from '../../providers/transport.js';
import { encodePhpForm, parsePhpForm } from '../../lib/phpForm.js';
import { emulatorHarness } from './setup.js';

const h = emulatorHarness(createSamedayEmulator, '');
const demo = { username: 'demo', password: 'demo' };
const client = (creds = demo, fetchImpl?: ProviderFetch, timeoutMs = 5_000) =>
  new SamedayClient(creds, {
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
  pickupPointId: '3101',
  contactPersonId: '7102',
  recipient: {
    name: 'Ștefan Țurcanu',
    phone: '0744 111 222',
    countyName: 'Cluj',
    localityName: 'Turda',
    address: 'Str. Republicii 3, ap. 4',
    postalCode: '401001',
  },
  parcels: [
    { weightKg: 1.25, lengthCm: 30, widthCm: 20, heightCm: 10 },
    { weightKg: 2, lengthCm: 10, widthCm: 10, heightCm: 10 },
  ],
  codBani: 12050,
  declaredValueBani: 0,
  content: 'Haine',
  reference: 'ORD-7',
  ...over,
});

/** Records what the client sends, then passes it on. */
function recorder() {
  const sent: { method: string; url: string; headers: Record<string, string>; body?: string }[] = [];
  const f: ProviderFetch = (url, init) => {
    sent.push({ method: init.method, url, headers: init.headers, body: init.body });
    return fetch(url, init);
  };
  return { sent, f };
}

describe('PHP-style form encoding', () => {
  it('writes brackets for nesting and indices, drops nulls, booleans as 1/0', () => {
    expect(encodePhpForm({ a: 1, r: { name: 'Ană', city: null, ok: true }, p: [{ w: 1.5 }, { w: 2 }], e: [] })).toBe(
      'a=1&r%5Bname%5D=An%C4%83&r%5Bok%5D=1&p%5B0%5D%5Bw%5D=1.5&p%5B1%5D%5Bw%5D=2',
    );
    expect(parsePhpForm('a=1&r%5Bname%5D=An%C4%83&p%5B0%5D%5Bw%5D=1.5')).toEqual({
      a: '1',
      r: { name: 'Ană' },
      p: { 0: { w: '1.5' } },
    });
  });
});

describe('Sameday client against its emulator', () => {
  it('authenticates with the credentials in headers and lists pickup points with contact persons', async () => {
    const { sent, f } = recorder();
    const c = client(demo, f);
    const points = await c.pickupPoints();
    expect(sent[0]).toMatchObject({ method: 'POST', body: 'remember_me=1' });
    expect(sent[0].headers).toMatchObject({ 'X-Auth-Username': 'demo', 'X-Auth-Password': 'demo' });
    expect(sent[1].headers['X-AUTH-TOKEN']).toBeTruthy();
    expect(points[0]).toMatchObject({ id: '3101', name: 'Depozit București', isDefault: true });
    expect(points[0].contact_persons).toEqual([
      { id: '7101', name: 'Ana Pop', position: null, phoneNumber: '0722000111', defaultContactPerson: true },
      { id: '7102', name: 'Radu Ene', position: null, phoneNumber: '0722000222', defaultContactPerson: false },
    ]);
  });

  it("refuses wrong credentials as refused credentials with Sameday's message", async () => {
    const err = await errorOf(client({ username: 'demo', password: 'nope' }).verifyCredentials());
    expect(err).toMatchObject({
      provider: 'sameday',
      kind: 'refused_credentials',
      status: 401,
      providerMessage: 'Bad credentials.',
    });
  });

  it("reads every page of counties and a county's localities; no streets", async () => {
    const c = client();
    const counties = await c.counties();
    expect(counties).toHaveLength(42);
    const cj = counties.find((x) => x.code === 'CJ')!;
    const localities = await c.localities(cj);
    expect(localities.map((l) => l.name)).toContain('Turda');
    expect(await c.streets()).toEqual([]);
  });

  it('creates an AWB with a form-encoded body with bracketed keys, prints it and deletes it', async () => {
    const { sent, f } = recorder();
    const c = client(demo, f);
    const awb = await c.createAwb(order());
    const post = sent.find((s) => s.url.endsWith('/api/awb'))!;
    expect(post.headers['Content-Type']).toBe('application/x-www-form-urlencoded');
    expect(post.body).toContain('awbRecipient%5BcityString%5D=Turda');
    expect(post.body).toContain('parcels%5B1%5D%5Bweight%5D=2');
    expect(post.body).not.toContain('awbRecipient%5Bcity%5D=');
    expect(awb.parcelNumbers).toEqual([`${awb.awbNumber}001`, `${awb.awbNumber}002`]);
    const stored = (await h.emulator.store.get<Shipment>('shipments', awb.awbNumber))!;
    expect(stored).toMatchObject({ contactPersonId: 7102, codBani: 12050, weightKg: 3.25, reference: 'ORD-7' });
    const pdf = await c.awbPdf(awb, 'A6');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    await c.deleteAwb(awb.awbNumber);
    expect((await h.emulator.store.get<Shipment>('shipments', awb.awbNumber))!.deleted).toBe(true);
  });

  it('sends an AWB to an easybox with the locker service (LN) and lockerLastMile; the label names the locker', async () => {
    const { sent, f } = recorder();
    const c = client(demo, f);
    const locker = (await c.lockers())[3]!;
    const recipient = { ...order().recipient, countyName: '', localityName: '', address: '' };
    const awb = await c.createAwb(order({ lockerId: locker.id, recipient }));
    const post = sent.find((s) => s.url.endsWith('/api/awb'))!;
    expect(post.body).toContain(`lockerLastMile=${locker.id}`);
    expect(post.body).toContain('service=15');
    const stored = (await h.emulator.store.get<Shipment>('shipments', awb.awbNumber))!;
    expect(stored).toMatchObject({ service: 'Locker NextDay', recipientLocality: locker.city });
    expect(stored.recipient.lines[0]).toBe(locker.name);
    const unknown = await errorOf(c.createAwb(order({ lockerId: '99', recipient })));
    expect(unknown.kind).toBe('rejected');
  });

  it('turns a 400 with nested errors into field errors', async () => {
    const err = await errorOf(
      client().createAwb(order({ recipient: { ...order().recipient, localityName: 'Nicăieri', phone: 'x' } })),
    );
    expect(err.kind).toBe('rejected');
    expect(err.fieldErrors).toEqual([
      { path: 'awbRecipient.city', messages: ['Invalid city.'] },
      { path: 'awbRecipient.phoneNumber', messages: ['Invalid phone number.'] },
    ]);
    expect(err.providerMessage).toBe(
      'awbRecipient.city: Invalid city.; awbRecipient.phoneNumber: Invalid phone number.',
    );
  });

  it('tracks several AWBs (one status read each), advancing with the clock; delete refused after pickup', async () => {
    const c = client();
    const a = await c.createAwb(order());
    const b = await c.createAwb(order({ recipient: { ...order().recipient, name: 'Refuz Total' } }));
    let t = await c.track([a.awbNumber, b.awbNumber, '1ONB0']);
    expect(t.map((x) => x.status)).toEqual(['created', 'created', null]);
    expect(t[2].error).toBe('Awb not found.');
    h.clock.advance(3 * 3600);
    const err = await errorOf(c.deleteAwb(a.awbNumber));
    expect(err).toMatchObject({ kind: 'rejected', status: 400 });
    expect(err.providerMessage).toMatch(/preluat de curier/);
    h.clock.advance(2 * 24 * 3600);
    t = await c.track([a.awbNumber, b.awbNumber]);
    expect(t[0].status).toBe('delivered');
    expect(t[0].events.map((e) => e.status)).toEqual(['created', 'pickedUp', 'in_transit', 'inDelivery', 'delivered']);
    expect(t[1].status).toBe('returned');
  });

  it('keeps the token until expire_at and logs in again after', async () => {
    const c = client();
    await c.counties();
    await c.pickupPoints();
    expect((await h.emulator.store.list('tokens')).length).toBe(1);
    h.clock.advance(12 * 3600);
    await c.pickupPoints();
    expect((await h.emulator.store.list('tokens')).length).toBe(2);
  });

  it('re-authenticates once when the token is refused as expired, and a create is not duplicated', async () => {
    const c = client();
    await c.pickupPoints();
    h.emulator.faults.set('expired_token', 1);
    await c.createAwb(order());
    expect((await h.emulator.store.list('shipments')).length).toBe(1);
    expect((await h.emulator.store.list('tokens')).length).toBe(2);
    h.emulator.faults.set('expired_token', 1);
    h.emulator.faults.set('refused_login', 1);
    expect((await errorOf(c.pickupPoints())).kind).toBe('refused_credentials');
  });

  it('timeouts: reads retried, a create sent once', async () => {
    const c = client(demo, undefined, 300);
    await c.pickupPoints();
    h.emulator.faults.set('timeout', 1);
    await expect(c.counties()).resolves.toHaveLength(42);
    await c.createAwb(order()); // loads the services list first
    h.emulator.faults.set('timeout', 1);
    expect((await errorOf(c.createAwb(order()))).kind).toBe('timeout');
    expect((await h.emulator.store.list('shipments')).length).toBe(1);
  });

  it('a 5xx on a create is unavailable and nothing is created; an error inside a 200 is caught', async () => {
    const c = client();
    await c.createAwb(order());
    h.emulator.faults.set('server_error', 1);
    expect(await errorOf(c.createAwb(order()))).toMatchObject({ kind: 'unavailable', status: 500 });
    expect((await h.emulator.store.list('shipments')).length).toBe(1);
    h.emulator.faults.set('error_in_200', 1);
    expect(await errorOf(c.pickupPoints())).toMatchObject({
      kind: 'unavailable',
      providerMessage: 'Serviciul este temporar indisponibil.',
    });
    h.emulator.faults.set('error_in_200', 1);
    expect((await errorOf(client().verifyCredentials())).kind).toBe('unavailable');
  });

  it('finds a lost AWB through status-sync windows by the clientInternalReference its status read gives back', async () => {
    const c = client(demo, undefined, 300);
    const since = h.clock.now() - 300;
    await c.createAwb(order({ codBani: 5000, reference: 'ORD-A' }));
    h.clock.advance(3 * 3600); // a second status-sync window
    const made = h.clock.now();
    h.emulator.faults.set('answer_lost', 1);
    expect((await errorOf(c.createAwb(order({ reference: 'ORD-C' })))).kind).toBe('timeout');
    // A twin: same cash on delivery and weight, another order's reference.
    const twin = await c.createAwb(order({ reference: 'ORD-D' }));
    const lost = (await h.emulator.store.list<Shipment>('shipments')).find((s) => s.reference === 'ORD-C')!;
    const probe = { reference: 'ORD-C', since, codBani: 12050, weightKg: 3.25 };
    expect(await c.findAwbsByReference(probe)).toEqual([
      {
        awbNumber: lost.number,
        parcelNumbers: lost.parcelNumbers,
        matchedBy: 'reference',
        createdAt: made,
        codBani: 12050,
        weightKg: 3.25,
      },
    ]);
    expect((await c.findAwbsByReference({ ...probe, reference: 'ORD-D' })).map((f) => f.awbNumber)).toEqual([
      twin.awbNumber,
    ]);
    // A create that never reached Sameday: the twins carry other references, so neither is it.
    expect(await c.findAwbsByReference({ ...probe, reference: 'ORD-Z' })).toEqual([]);
    await c.deleteAwb(lost.number);
    expect(await c.findAwbsByReference(probe)).toEqual([]);
  });

  it('falls back on cash on delivery and weight when no answer carries a reference', async () => {
    const c = client(demo, undefined, 300);
    const since = h.clock.now() - 300;
    const other = await c.createAwb(order({ codBani: 5000, reference: 'ORD-A' }));
    const first = await c.createAwb(order({ reference: 'ORD-C' }));
    const second = await c.createAwb(order({ reference: 'ORD-D' }));
    // As a Sameday whose reads do not give the reference back (or AWBs made in its own site).
    for (const s of await h.emulator.store.list<Shipment>('shipments'))
      await h.emulator.store.put('shipments', s.number, { ...s, reference: null });
    const probe = { reference: 'ORD-C', since, codBani: 12050, weightKg: 3.25 };
    const found = await c.findAwbsByReference(probe);
    expect(found.map((f) => [f.awbNumber, f.matchedBy, f.codBani, f.weightKg])).toEqual([
      [first.awbNumber, 'contents', 12050, 3.25],
      [second.awbNumber, 'contents', 12050, 3.25],
    ]);
    expect(await c.findAwbsByReference({ ...probe, codBani: 5000 })).toEqual([
      {
        awbNumber: other.awbNumber,
        parcelNumbers: other.parcelNumbers,
        matchedBy: 'contents',
        createdAt: h.clock.now(),
        codBani: 5000,
        weightKg: 3.25,
      },
    ]);
    expect(await c.findAwbsByReference({ ...probe, codBani: 1 })).toEqual([]);
  });
});
