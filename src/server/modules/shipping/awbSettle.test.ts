import { beforeAll, describe, expect, it } from 'vitest';
import type { Shipment } from '../../emulators/shipments.js';
import { scheduleJob } from '../../jobs/queue.js';
import { pdfText } from '../../test/pdfText.js';
import { SETTLE_JOB } from './service.js';
import type { TestApp, TestUser } from '../../test/harness.js';
import {
  NORMAL_LIMIT_MS,
  SHORT_LIMIT_MS,
  cargusBody,
  samedayBody,
  dpdBody,
  DEMO,
  createAwb,
  orderOf,
  shippingKit,
} from '../../test/shippingKit.js';

// After an AWB's create: a create whose answer was lost and how it settles (by itself or by the seller's
// choice), the label and the delete, and the labels of the seller's own emulated account.
// The shared set-up is src/server/test/shippingKit.ts.
const kit = shippingKit();
const { clock, providers, emulators, atCourier, seller, runJobs } = kit;
let t: TestApp;
beforeAll(() => {
  t = kit.app();
});

// ---- no answer --------------------------------------------------------------------------------

describe('a create whose answer never came', () => {
  it('the courier made it: 504, the order shows unknown and cannot be cancelled; the next create adopts that AWB (409), never a second', async () => {
    const { u, order } = await seller(['cargus']);
    const o = await order();
    providers.timeoutMs = SHORT_LIMIT_MS;
    emulators().cargus.faults.set('answer_lost', 1);
    const lost = await createAwb(u, o.id, cargusBody(), { 'accept-language': 'ro' });
    expect(lost.statusCode).toBe(504);
    expect(lost.json().message).toMatch(/^Cargus nu a răspuns la timp, deci nu se știe dacă AWB-ul a fost creat\./);
    expect(await atCourier('cargus', o.id)).toHaveLength(1);
    expect(await orderOf(u, o.id)).toMatchObject({ awb: null, awb_state: 'unknown', status: 'new' });
    expect(
      (await u.call('GET', '/api/v1/order')).json().data.find((r: { id: number }) => r.id === o.id).awb_state,
    ).toBe('unknown');
    // While unknown: no cancel, no delete of the order, no delete of an AWB.
    expect((await u.call('POST', `/api/v1/order/${o.id}/cancel`)).json().message).toBe(
      'An AWB is being created or checked with the courier for this order: wait until it is settled.',
    );
    expect((await u.call('DELETE', `/api/v1/order/${o.id}`)).statusCode).toBe(409);
    expect((await u.call('DELETE', `/api/v1/order/${o.id}/awb`)).statusCode).toBe(409);

    providers.timeoutMs = NORMAL_LIMIT_MS;
    const next = await createAwb(u, o.id, cargusBody());
    const made = await atCourier('cargus', o.id);
    expect(made).toHaveLength(1);
    expect(next.statusCode).toBe(409);
    expect(next.json().message).toBe(
      `This order already has an AWB: Cargus had made ${made[0].number} although its answer never came. No second AWB was made.`,
    );
    expect(next.json().data).toMatchObject({
      awb: made[0].number,
      courier: 'cargus',
      courier_status: 'created',
      status: 'processing',
      awb_state: null,
    });
    expect(next.json().data.history.find((e: { type: string }) => e.type === 'awb_created').data).toEqual({
      courier: 'cargus',
      awb: made[0].number,
      found_after_timeout: true,
    });
  });

  it('the courier did not make it: the next create finds nothing, goes ahead, and one AWB exists', async () => {
    const { u, order } = await seller(['dpd']);
    const o = await order();
    providers.timeoutMs = SHORT_LIMIT_MS;
    emulators().dpd.faults.set('timeout', 1); // DPD has no login: the held request is the create itself
    const lost = await createAwb(u, o.id, dpdBody());
    expect(lost.statusCode).toBe(504);
    expect(lost.json().message).toMatch(/^DPD did not answer in time, so it is not known whether the AWB was made\./);
    expect(await atCourier('dpd', o.id)).toHaveLength(0);
    expect((await orderOf(u, o.id)).awb_state).toBe('unknown');
    providers.timeoutMs = NORMAL_LIMIT_MS;
    const next = await createAwb(u, o.id, dpdBody());
    expect(next.statusCode, next.body).toBe(201);
    expect((await atCourier('dpd', o.id)).map((s) => s.reference)).toEqual([`${o.id}-2`]);
    expect(next.json().data).toMatchObject({ awb: (await atCourier('dpd', o.id))[0].number, awb_state: null });
  });

  it('while the courier cannot be asked, the next create answers 409 "still being checked" and makes nothing', async () => {
    const { u, order } = await seller(['dpd']);
    const o = await order();
    providers.timeoutMs = SHORT_LIMIT_MS;
    emulators().dpd.faults.set('answer_lost', 1);
    expect((await createAwb(u, o.id, dpdBody())).statusCode).toBe(504);
    emulators().dpd.faults.set('server_error'); // every read of the lookup fails
    const next = await createAwb(u, o.id, dpdBody());
    expect(next.statusCode).toBe(409);
    expect(next.json().message).toBe(
      'DPD did not answer the previous AWB request, and it is still being checked with the courier. Try again in a few minutes.',
    );
    expect(next.json().data.awb_state).toBe('unknown');
    emulators().dpd.faults.clear();
    expect(await atCourier('dpd', o.id)).toHaveLength(1);
  });

  it('the background check settles an unknown create without anyone asking: the order gets the AWB', async () => {
    const { u, order } = await seller(['sameday']);
    const o = await order();
    providers.timeoutMs = SHORT_LIMIT_MS;
    emulators().sameday.faults.set('answer_lost', 1);
    expect((await createAwb(u, o.id, samedayBody())).statusCode).toBe(504);
    providers.timeoutMs = NORMAL_LIMIT_MS;
    expect((await orderOf(u, o.id)).awb_state).toBe('unknown');
    await runJobs(); // not due yet
    expect((await orderOf(u, o.id)).awb_state).toBe('unknown');
    clock.advance(61);
    await runJobs();
    const settled = await orderOf(u, o.id);
    expect(await atCourier('sameday', o.id)).toHaveLength(1);
    expect(settled).toMatchObject({
      awb: (await atCourier('sameday', o.id))[0].number,
      courier: 'sameday',
      status: 'processing',
      awb_state: null,
    });
    // Its check is done with.
    const shipment = await t.db.kysely
      .selectFrom('shipments')
      .select(['id', 'state'])
      .where('order_id', '=', o.id)
      .executeTakeFirstOrThrow();
    expect(shipment.state).toBe('created');
    expect(
      await t.db.kysely.selectFrom('jobs').select('key').where('key', '=', `${SETTLE_JOB}:${shipment.id}`).execute(),
    ).toEqual([]);
  });

  it('Sameday: identical orders whose answers were lost each settle to their own AWB by reference; one that never reached Sameday fails', async () => {
    const { u, order } = await seller(['sameday']);
    // The same total, parcel and address: only the reference tells their AWBs apart.
    const [a, b, c] = [await order(), await order(), await order()];
    providers.timeoutMs = SHORT_LIMIT_MS;
    for (const o of [a, b, c]) {
      emulators().sameday.faults.set('answer_lost', 1);
      expect((await createAwb(u, o.id, samedayBody())).statusCode).toBe(504);
    }
    providers.timeoutMs = NORMAL_LIMIT_MS;
    // The third create never reached Sameday.
    const [neverMade] = await atCourier('sameday', c.id);
    await emulators().sameday.store.remove('shipments', neverMade.number);
    const [madeA] = await atCourier('sameday', a.id);
    const [madeB] = await atCourier('sameday', b.id);
    expect([madeA.codBani, madeA.weightKg]).toEqual([madeB.codBani, madeB.weightKg]);

    clock.advance(61);
    await runJobs();
    for (const [o, made] of [
      [a, madeA],
      [b, madeB],
    ] as const) {
      const settled = await orderOf(u, o.id);
      expect(settled).toMatchObject({ awb: made.number, courier: 'sameday', status: 'processing', awb_state: null });
      expect(settled.history.find((e: { type: string }) => e.type === 'awb_created').data).toEqual({
        courier: 'sameday',
        awb: made.number,
        found_after_timeout: true,
      });
    }
    expect(await orderOf(u, c.id)).toMatchObject({ awb: null, awb_state: null, status: 'new' });
    // Every check is done with.
    expect(await t.db.kysely.selectFrom('jobs').select('key').where('kind', '=', SETTLE_JOB).execute()).toEqual([]);
    const again = await createAwb(u, c.id, samedayBody());
    expect(again.statusCode, again.body).toBe(201);
    expect((await atCourier('sameday', c.id)).map((s) => s.reference)).toEqual([`${c.id}-2`]);
  });

  it('a create still unknown 30 minutes after it was sent is told to the company once; the checks stop once it settles', async () => {
    const { u, order } = await seller(['sameday']);
    const o = await order();
    providers.timeoutMs = SHORT_LIMIT_MS;
    emulators().sameday.faults.set('answer_lost', 1);
    expect((await createAwb(u, o.id, samedayBody())).statusCode).toBe(504);
    providers.timeoutMs = NORMAL_LIMIT_MS;
    const row = await t.db.kysely
      .selectFrom('shipments')
      .select(['id', 'created_at'])
      .where('order_id', '=', o.id)
      .executeTakeFirstOrThrow();
    const notices = async (lang = 'en') =>
      (await u.call('GET', '/api/v1/notifications', { headers: { 'accept-language': lang } }))
        .json()
        .data.filter((n: { title: string }) => ['AWB not confirmed', 'AWB neconfirmat'].includes(n.title));
    const checks = () =>
      t.db.kysely.selectFrom('jobs').select('run_at').where('key', '=', `${SETTLE_JOB}:${row.id}`).execute();
    // Sameday cannot be asked: the create stays unknown and is asked again every few minutes.
    emulators().sameday.faults.set('server_error');
    const at = (seconds: number) => clock.advance(Number(row.created_at) + seconds - clock.now());
    for (const seconds of [61, 400, 1000, 1500, 1799]) {
      at(seconds);
      await runJobs();
      expect(await notices(), `${seconds} s after the create`).toEqual([]);
    }
    expect((await orderOf(u, o.id)).awb_state).toBe('unknown');
    // The check comes back at the bound, not later.
    expect((await checks()).map((j) => Number(j.run_at))).toEqual([Number(row.created_at) + 1800]);
    at(1800);
    await runJobs();
    expect(await notices()).toMatchObject([
      {
        type: 'warning',
        description: `Sameday has still not confirmed whether it made the AWB of order #${o.id}. It is checked again regularly, and the order can get no other AWB meanwhile; you can also look for it on the courier’s site.`,
      },
    ]);
    expect((await notices('ro'))[0].description).toBe(
      `Sameday încă nu a confirmat dacă a creat AWB-ul comenzii #${o.id}. Se verifică din nou periodic, iar între timp comanda nu poate primi alt AWB; îl puteți căuta și pe site-ul curierului.`,
    );
    // Asked again later: told once.
    at(3 * 3600);
    await runJobs();
    expect(await notices()).toHaveLength(1);
    expect(await checks()).toHaveLength(1);
    // Sameday answers again: the AWB is adopted and the checks stop.
    emulators().sameday.faults.clear();
    at(4 * 3600);
    await runJobs();
    expect(await orderOf(u, o.id)).toMatchObject({
      awb: (await atCourier('sameday', o.id))[0].number,
      awb_state: null,
    });
    expect(await checks()).toEqual([]);
    expect(await notices()).toHaveLength(1);
  });

  it('a pending create whose request died is checked once stale: an AWB made with its reference is adopted', async () => {
    const { u, order } = await seller(['sameday']);
    const o = await order();
    // As if the process stopped right after sending: the row is pending and the courier has the AWB.
    const row = await t.db.kysely
      .insertInto('shipments')
      .values({
        company_id: u.companyId,
        order_id: o.id,
        courier: 'sameday',
        state: 'pending',
        reference: `${o.id}-1`,
        cod_bani: Math.round(o.total_value * 100),
        weight_grams: 1000,
        awb: null,
        parcel_numbers: null,
        cost_bani: null,
        previous_status: null,
        error: null,
        created_by: null,
        created_at: clock.now(),
        updated_at: clock.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await scheduleJob(
      t.db.kysely,
      { kind: SETTLE_JOB, key: `${SETTLE_JOB}:${row.id}`, payload: { id: row.id }, runAt: clock.now() + 60 },
      clock.now(),
    );
    const made = await t.services.providers
      .courier('sameday', DEMO.sameday as { username: string; password: string })
      .createAwb({
        pickupPointId: '3101',
        recipient: {
          name: 'Ion Popescu',
          phone: '+40744123456',
          countyName: 'Cluj',
          localityName: 'Dej',
          address: 'Strada Republicii 3',
        },
        parcels: [{ weightKg: 1, lengthCm: 25, widthCm: 25, heightCm: 10 }],
        codBani: Math.round(o.total_value * 100),
        declaredValueBani: 0,
        content: 'Haine',
        reference: `${o.id}-1`,
      });
    expect((await createAwb(u, o.id, samedayBody())).statusCode).toBe(409); // pending: being created
    clock.advance(61);
    await runJobs();
    expect((await orderOf(u, o.id)).awb_state).toBe('pending'); // still young
    clock.advance(10 * 60);
    await runJobs();
    expect(await orderOf(u, o.id)).toMatchObject({ awb: made.awbNumber, awb_state: null, status: 'processing' });
    expect(await atCourier('sameday', o.id)).toHaveLength(1);
  });
});

// ---- label, delete ----------------------------------------------------------------------------

describe('label and delete', () => {
  it('answers the label as a PDF attachment named by the AWB; 404 without an AWB', async () => {
    const { u, order } = await seller(['cargus', 'dpd']);
    const none = await order();
    const missing = await u.call('GET', `/api/v1/order/${none.id}/awb`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('This order has no AWB.');
    for (const [courier, body] of [
      ['cargus', cargusBody()],
      ['dpd', dpdBody()],
    ] as const) {
      const o = await order();
      const awb = (await createAwb(u, o.id, body)).json().data.awb;
      const res = await u.call('GET', `/api/v1/order/${o.id}/awb`);
      expect(res.statusCode, courier).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="AWB-${awb}.pdf"`);
      expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    }
  });

  it('deletes at the courier, clears the AWB and puts back the status it had (both addresses of the call)', async () => {
    const { u, order } = await seller(['sameday', 'cargus']);
    for (const [url, courier, body] of [
      ['/api/v1/order/%/awb', 'sameday', samedayBody()],
      ['/api/order/%/awb', 'cargus', cargusBody()],
    ] as const) {
      const o = await order();
      const awb = (await createAwb(u, o.id, body)).json().data.awb;
      const res = await u.call('DELETE', url.replace('%', String(o.id)));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({
        awb: null,
        courier: null,
        courier_status: null,
        status: 'new',
        awb_state: null,
      });
      expect(
        res
          .json()
          .data.history.slice(0, 2)
          .map((e: { type: string; data: unknown }) => [e.type, e.data]),
      ).toEqual([
        ['status_changed', { from: 'processing', to: 'new' }],
        ['awb_deleted', { courier, awb }],
      ]);
      expect((await atCourier(courier, o.id))[0].deleted).toBe(true);
      // A new AWB may be made after a delete.
      expect((await createAwb(u, o.id, body)).statusCode).toBe(201);
    }
  });

  it('with no AWB: 404 "No AWB found to delete", in both languages', async () => {
    const { u, order } = await seller(['sameday']);
    const o = await order();
    const en = await u.call('DELETE', `/api/v1/order/${o.id}/awb`);
    expect(en.statusCode).toBe(404);
    expect(en.json().message).toBe('No AWB found to delete');
    const ro = await u.call('DELETE', `/api/order/${o.id}/awb`, { headers: { 'accept-language': 'ro' } });
    expect(ro.json().message).toBe('Nu a fost găsit niciun AWB de șters');
  });

  it('a courier that refuses (already picked up) answers 422 with its words and nothing changes; a timeout answers 504 and nothing changes', async () => {
    const { u, order } = await seller(['cargus', 'dpd']);
    const o = await order();
    const awb = (await createAwb(u, o.id, cargusBody())).json().data.awb;
    const d = await order();
    const dpdAwb = (await createAwb(u, d.id, dpdBody())).json().data.awb;

    providers.timeoutMs = SHORT_LIMIT_MS;
    emulators().dpd.faults.set('timeout', 1);
    const timedOut = await u.call('DELETE', `/api/v1/order/${d.id}/awb`);
    expect(timedOut.statusCode).toBe(504);
    expect(timedOut.json().message).toBe(
      'DPD did not answer in time: the AWB was not deleted here. Check it with the courier and try again.',
    );
    expect(await orderOf(u, d.id)).toMatchObject({ awb: dpdAwb, status: 'processing' });
    providers.timeoutMs = NORMAL_LIMIT_MS;

    clock.advance(3 * 3600); // the courier has picked the parcels up
    const refused = await u.call('DELETE', `/api/v1/order/${o.id}/awb`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(
      'Cargus refused the request: AWB-ul nu mai poate fi sters: expeditia a fost preluata de curier!',
    );
    expect(await orderOf(u, o.id)).toMatchObject({
      awb,
      courier: 'cargus',
      courier_status: 'created',
      status: 'processing',
    });
    expect((await atCourier('cargus', o.id))[0].deleted).toBe(false);
  });

  it('an order with an AWB can be neither cancelled nor deleted nor changed (409)', async () => {
    const { u, order } = await seller(['dpd']);
    const o = await order();
    expect((await createAwb(u, o.id, dpdBody())).statusCode).toBe(201);
    const cancel = await u.call('POST', `/api/v1/order/${o.id}/cancel`);
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().message).toBe('The order has an AWB: delete the AWB before cancelling the order.');
    const del = await u.call('DELETE', `/api/v1/order/${o.id}`, { headers: { 'accept-language': 'ro' } });
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toBe('Comanda are un AWB: ștergeți AWB-ul înainte de a șterge comanda.');
    expect((await orderOf(u, o.id)).status).toBe('processing');
    // Its cash on delivery is the order's total: products and discounts are fixed while it exists.
    const line = (await orderOf(u, o.id)).order_products[0].id;
    for (const res of [
      await u.call('POST', `/api/v1/order-product/${line}`, { body: { quantity: 5 } }),
      await u.call('POST', `/api/v1/applied-discount/${o.id}/add`, { body: { type: 'percentage', value: 10 } }),
    ]) {
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().message).toBe(
        'The order has an AWB (its parcel and cash on delivery are at the courier): delete the AWB before changing products or discounts.',
      );
    }
    expect((await orderOf(u, o.id)).total_value).toBe(o.total_value);
    // Once the AWB is deleted, all of it is allowed again.
    expect((await u.call('DELETE', `/api/v1/order/${o.id}/awb`)).statusCode).toBe(200);
    expect((await u.call('POST', `/api/v1/order-product/${line}`, { body: { quantity: 3 } })).statusCode).toBe(200);
    expect((await u.call('DELETE', `/api/v1/order/${o.id}`)).statusCode).toBe(200);
  });
});

// ---- a create the courier cannot settle: the seller chooses ------------------------------------

describe('a lost create the courier cannot tell apart: the seller chooses', () => {
  const resolve = (u: TestUser, orderId: number, body: unknown, lang = 'en') =>
    u.call('POST', `/api/v1/order/${orderId}/awb/resolve`, { body, headers: { 'accept-language': lang } });
  const notices = async (u: TestUser, title: string, lang = 'en') =>
    (await u.call('GET', '/api/v1/notifications', { headers: { 'accept-language': lang } }))
      .json()
      .data.filter((n: { title: string }) => n.title === title);
  const shipmentOf = (orderId: number) =>
    t.db.kysely
      .selectFrom('shipments')
      .select(['id', 'created_at'])
      .where('order_id', '=', orderId)
      .orderBy('id')
      .executeTakeFirstOrThrow();

  /** Creates whose answers are lost, on a clock past every earlier AWB's moves (status-sync sees only these). */
  async function lostCreates(u: TestUser, orders: { id: number }[]): Promise<string[]> {
    clock.advance(3 * 3600);
    providers.timeoutMs = SHORT_LIMIT_MS;
    for (const o of orders) {
      emulators().sameday.faults.set('answer_lost', 1);
      expect((await createAwb(u, o.id, samedayBody())).statusCode).toBe(504);
    }
    providers.timeoutMs = NORMAL_LIMIT_MS;
    return Promise.all(orders.map(async (o) => (await atCourier('sameday', o.id))[0].number));
  }

  /** As a Sameday whose answers give no reference back: nothing but cash on delivery and weight tells its AWBs apart. */
  async function samedayForgetsReferences(): Promise<void> {
    const store = emulators().sameday.store;
    for (const s of await store.list<Shipment>('shipments'))
      if (s.reference) await store.put('shipments', s.number, { ...s, reference: null });
  }

  it('shows the candidates; the seller picks one (422 for another AWB, 409 once settled); twins wait for the seller; the order can then lose its AWB and be cancelled', async () => {
    const { u, order } = await seller(['sameday']);
    const [a, c, e] = [await order(), await order(), await order()];
    const [x, y, neverMade] = await lostCreates(u, [a, c, e]);
    await emulators().sameday.store.remove('shipments', neverMade); // e's create never reached Sameday
    await samedayForgetsReferences();
    const sentAt = Number((await shipmentOf(a.id)).created_at);

    clock.advance(61);
    await runJobs();
    const shown = await orderOf(u, a.id);
    expect(shown).toMatchObject({ awb: null, awb_state: 'unknown', status: 'new' });
    expect(shown.awb_candidates).toEqual([
      { awb: x, courier: 'sameday', created_at: sentAt, cod: a.total_value, weight: 1 },
      { awb: y, courier: 'sameday', created_at: sentAt, cod: a.total_value, weight: 1 },
    ]);
    expect((await orderOf(u, e.id)).awb_candidates.map((k: { awb: string }) => k.awb)).toEqual([x, y]);
    // Still unknown: no cancel, no delete, no other create.
    expect((await u.call('POST', `/api/v1/order/${a.id}/cancel`)).statusCode).toBe(409);
    const another = await createAwb(u, a.id, samedayBody(), { 'accept-language': 'ro' });
    expect(another.statusCode).toBe(409);
    expect(another.json().message).toBe(
      'Sameday nu poate spune care dintre AWB-urile sale a fost creat de cererea anterioară: alegeți-l pe comandă sau indicați că niciunul nu este al acestei comenzi, înainte de a genera altul.',
    );

    // The body: an AWB, or null.
    const empty = await resolve(u, a.id, {});
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({ awb: ["Choose one of the AWBs, or say none is this order's."] });
    const stranger = await resolve(u, a.id, { awb: '1ONB99999999' }, 'ro');
    expect(stranger.statusCode).toBe(422);
    expect(stranger.json().errors).toEqual({ awb: ['Alegeți unul dintre AWB-urile afișate pentru această comandă.'] });

    const picked = await resolve(u, a.id, { awb: x });
    expect(picked.statusCode, picked.body).toBe(200);
    expect(picked.json().data).toMatchObject({
      awb: x,
      courier: 'sameday',
      courier_status: 'created',
      status: 'processing',
      awb_state: null,
      awb_candidates: [],
    });
    expect(picked.json().data.history.find((ev: { type: string }) => ev.type === 'awb_created').data).toEqual({
      courier: 'sameday',
      awb: x,
      found_after_timeout: true,
      chosen_by_seller: true,
    });
    // y may still be c's or e's: not listed as left over.
    expect(await notices(u, 'AWBs to check at the courier')).toEqual([]);
    // Settled: nothing to choose any more (409 with the order as it is).
    const again = await resolve(u, a.id, { awb: y });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      message:
        'There is no AWB to choose for this order: its AWB create is settled, or was never in doubt. Reload the order.',
      data: { id: a.id, awb: x },
    });
    // c still lists x until its next check; x is a's now.
    const taken = await resolve(u, c.id, { awb: x });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual({
      awb: [`AWB ${x} is already another order's: choose another, or say none is this order's.`],
    });

    // a has its AWB like any other: deleted at the courier (before pickup), then the order cancelled.
    expect((await u.call('DELETE', `/api/v1/order/${a.id}/awb`)).statusCode).toBe(200);
    expect((await u.call('POST', `/api/v1/order/${a.id}/cancel`)).statusCode).toBe(200);

    // At the notice bound c and e are asked again: y alone could be either's, so neither takes it,
    // and the company is told to choose.
    clock.advance(sentAt + 1800 - clock.now());
    await runJobs();
    for (const o of [c, e])
      expect(await orderOf(u, o.id)).toMatchObject({ awb: null, awb_state: 'unknown', awb_candidates: [{ awb: y }] });
    expect((await notices(u, 'Choose the AWB')).map((n: { description: string }) => n.description).sort()).toEqual(
      [c, e].map(
        (o) =>
          `Sameday cannot tell which of its AWBs is the AWB of order #${o.id}. Open the order to choose it among those that could be, or to say none is.`,
      ),
    );
    expect((await notices(u, 'Alegeți AWB-ul', 'ro')).map((n: { description: string }) => n.description)).toContain(
      `Sameday nu poate spune care dintre AWB-urile sale este AWB-ul comenzii #${c.id}. Deschideți comanda pentru a-l alege dintre cele posibile sau pentru a indica că niciunul nu este.`,
    );
    expect((await resolve(u, c.id, { awb: y })).statusCode).toBe(200);
    expect((await orderOf(u, c.id)).awb).toBe(y);

    // e's next check finds nothing left: it fails, its checks end, and it can be cancelled.
    clock.advance(3600);
    await runJobs();
    expect(await orderOf(u, e.id)).toMatchObject({ awb: null, awb_state: null, awb_candidates: [] });
    expect(await t.db.kysely.selectFrom('jobs').select('key').where('kind', '=', SETTLE_JOB).execute()).toEqual([]);
    expect((await u.call('POST', `/api/v1/order/${e.id}/cancel`)).statusCode).toBe(200);
    expect(await notices(u, 'Choose the AWB')).toHaveLength(2); // told once each
  });

  it('"none of these": the create fails, the order may get a new AWB; the candidates no order holds are listed to cancel', async () => {
    const { u, order } = await seller(['sameday']);
    const [b, d] = [await order(), await order()];
    const [x, neverMade] = await lostCreates(u, [b, d]);
    await emulators().sameday.store.remove('shipments', neverMade); // d's create never reached Sameday
    // An AWB made in Sameday's own site for the same amount and weight.
    const outside = await t.services.providers
      .courier('sameday', DEMO.sameday as { username: string; password: string })
      .createAwb({
        pickupPointId: '3101',
        recipient: {
          name: 'Ana Pop',
          phone: '+40744000111',
          countyName: 'Cluj',
          localityName: 'Dej',
          address: 'Strada Lungă 1',
        },
        parcels: [{ weightKg: 1, lengthCm: 25, widthCm: 25, heightCm: 10 }],
        codBani: Math.round(b.total_value * 100),
        declaredValueBani: 0,
        content: 'Haine',
        reference: '',
      });
    const z = outside.awbNumber;
    await samedayForgetsReferences();
    clock.advance(61);
    await runJobs();
    expect((await orderOf(u, d.id)).awb_candidates.map((k: { awb: string }) => k.awb)).toEqual([x, z]);

    const none = await resolve(u, d.id, { awb: null });
    expect(none.statusCode, none.body).toBe(200);
    expect(none.json().data).toMatchObject({ awb: null, awb_state: null, awb_candidates: [], status: 'new' });
    expect(none.json().data.history[0]).toMatchObject({
      type: 'awb_candidates_dismissed',
      data: { courier: 'sameday', awbs: [x, z] },
    });
    // x and z may still be b's: nothing listed yet.
    expect(await notices(u, 'AWBs to check at the courier')).toEqual([]);
    const fresh = await createAwb(u, d.id, samedayBody());
    expect(fresh.statusCode, fresh.body).toBe(201);
    expect((await atCourier('sameday', d.id)).map((s) => s.reference)).toEqual([`${d.id}-2`]);

    // b takes x; z is nobody's here: listed to cancel if the seller did not make it.
    expect((await resolve(u, b.id, { awb: x })).statusCode).toBe(200);
    expect(
      (await notices(u, 'AWBs to check at the courier')).map((n: { description: string }) => n.description),
    ).toEqual([
      `Sameday also holds AWB ${z}, which could have been the AWB of order #${b.id} and is no order’s here. If you did not make it yourself, cancel it on the courier’s site.`,
    ]);
    expect((await notices(u, 'AWB-uri de verificat la curier', 'ro'))[0].description).toBe(
      `La Sameday există și AWB-ul ${z}, care ar fi putut fi AWB-ul comenzii #${b.id} și nu aparține niciunei comenzi de aici. Dacă nu l-ați creat chiar dumneavoastră, anulați-l pe site-ul curierului.`,
    );
    // Nothing was cancelled at Sameday.
    const held = await emulators().sameday.store.get<Shipment>('shipments', z);
    expect(held?.deleted).toBe(false);
  });
});

describe("emulated Sameday and DPD labels name the seller's own account", () => {
  const SEAT = { address: 'Str. Memorandumului nr. 28', city: 'Cluj-Napoca', county: 'Cluj' };

  /**
   * A seller whose company has its seat in its settings, with `courier` set up as its wizard shows
   * it: the login the catalogue gives this company, then the (only) pickup point of that account.
   */
  async function ownAccountSeller(courier: 'sameday' | 'dpd', name: string) {
    const companyId = await t.createCompany(name);
    await t.db.kysely.updateTable('companies').set(SEAT).where('id', '=', companyId).execute();
    const u = await t.signUp({ companies: [companyId] });
    const catalogue = (await u.call('GET', '/api/v1/integrations')).json().data as {
      key: string;
      demo_credentials: Record<string, string>;
    }[];
    const login = catalogue.find((i) => i.key === courier)!.demo_credentials;
    expect(login.username).toBe(`demo-company-${companyId}`);
    const wizard = (step: string) => `/api/v1/${courier}/company/${companyId}/${step}`;
    expect((await u.call('POST', wizard('login'), { body: login })).statusCode).toBe(200);
    const points = (await u.call('GET', wizard('pickup-points'))).json().data as {
      id: string;
      name: string;
      address: string;
      contact_persons?: { id: string }[];
    }[];
    // The account's one pickup point is at the company's seat.
    expect(points).toHaveLength(1);
    expect(points[0].address).toContain(SEAT.address);
    // (DPD writes its site names in capitals.)
    expect(points[0].address.toLowerCase()).toContain(SEAT.city.toLowerCase());
    const pick = await u.call('POST', wizard('pickup-points'), {
      body: {
        pickup_point_id: points[0].id,
        ...(courier === 'sameday' ? { contact_person_id: points[0].contact_persons![0].id } : {}),
      },
    });
    expect(pick.statusCode, pick.body).toBe(200);
    expect(pick.json().data.configured).toBe(true);
    const s = await seller([], u);
    return { ...s, login, name };
  }

  for (const courier of ['sameday', 'dpd'] as const) {
    const body = courier === 'sameday' ? samedayBody : dpdBody;
    it(`${courier}: each company's label names the company at its seat, never the demo account's holder`, async () => {
      const a = await ownAccountSeller(courier, `Ceramică Alfa ${courier} SRL`);
      const b = await ownAccountSeller(courier, `Textile Beta ${courier} SRL`);
      const labels: Record<string, string> = {};
      for (const s of [a, b]) {
        const o = await s.order();
        const res = await createAwb(s.u, o.id, body());
        expect(res.statusCode, res.body).toBe(201);
        const [stored] = await atCourier(courier, o.id);
        expect(stored.account).toBe(s.login.username);
        expect(stored.sender.name).toBe(s.name);
        const label = await s.u.call('GET', `/api/v1/order/${o.id}/awb`);
        expect(label.statusCode).toBe(200);
        labels[s.name] = pdfText(label.rawPayload);
        expect(labels[s.name]).toContain(s.name);
        expect(labels[s.name]).toContain(SEAT.address);
        expect(labels[s.name]).toContain(SEAT.city);
        expect(labels[s.name]).not.toMatch(/magazin demo/i);
      }
      expect(labels[a.name]).not.toContain(b.name);
      expect(labels[b.name]).not.toContain(a.name);
    });

    it(`${courier}: a company's own account does not see another company's parcels`, async () => {
      const a = await ownAccountSeller(courier, `Lemn Gama ${courier} SRL`);
      const b = await ownAccountSeller(courier, `Sticlă Delta ${courier} SRL`);
      const o = await b.order();
      expect((await createAwb(b.u, o.id, body())).statusCode).toBe(201);
      const awb = (await orderOf(b.u, o.id)).awb as string;
      const asA = t.services.providers.courier(courier, { username: a.login.username, password: a.login.password });
      const asB = t.services.providers.courier(courier, { username: b.login.username, password: b.login.password });
      expect((await asB.awbPdf({ awbNumber: awb })).subarray(0, 4).toString()).toBe('%PDF');
      await expect(asA.awbPdf({ awbNumber: awb })).rejects.toMatchObject({ kind: expect.any(String) });
      // Nor does the shared demo account, nor A's login with another password.
      const demo = t.services.providers.courier(courier, DEMO[courier] as { username: string; password: string });
      await expect(demo.awbPdf({ awbNumber: awb })).rejects.toBeDefined();
      await expect(
        t.services.providers.courier(courier, { username: b.login.username, password: 'demo' }).verifyCredentials(),
      ).rejects.toBeDefined();
    });
  }

  it('the account is opened once: the catalogue shows a company the same login each time, another company another', async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    const loginOf = async (u: TestUser, key: string) =>
      ((await u.call('GET', '/api/v1/integrations')).json().data as { key: string; demo_credentials: unknown }[]).find(
        (i) => i.key === key,
      )!.demo_credentials as Record<string, string>;
    for (const key of ['sameday', 'dpd']) {
      const first = await loginOf(a, key);
      expect(await loginOf(a, key)).toEqual(first);
      expect((await loginOf(b, key)).username).not.toBe(first.username);
      expect((await loginOf(b, key)).password).not.toBe(first.password);
    }
    // Cargus names the sender in its create: its shared demo account stays.
    expect(await loginOf(a, 'cargus')).toEqual(DEMO.cargus);
  });
});
