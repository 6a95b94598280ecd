import { sql } from 'kysely';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { CargusClient } from '../../providers/couriers/cargus.js';
import { SamedayClient } from '../../providers/couriers/sameday.js';
import { pdfText } from '../../test/pdfText.js';
import { localitiesOf } from '../../emulators/geo.js';
import { engineUnderTest, type TestApp, type TestUser } from '../../test/harness.js';
import {
  courierCounty,
  CJ,
  CLUJ_NAPOCA,
  MEMORANDUMULUI,
  ZORILOR,
  DEJ,
  COURIER_SIBIU,
  parcel,
  cargusBody,
  samedayBody,
  dpdBody,
  createAwb,
  orderOf,
  shippingKit,
} from '../../test/shippingKit.js';

// The AWB's create: who may call it, the checks of its payload in the spec's order, what each courier is
// sent (to an address or a locker) and its cash on delivery.
// The shared set-up is src/server/test/shippingKit.ts.
const kit = shippingKit();
const { clock, atCourier, seller } = kit;
let t: TestApp;
beforeAll(() => {
  t = kit.app();
});

describe('access', () => {
  it('answers 401 to a stranger on every AWB call', async () => {
    for (const [method, url] of [
      ['POST', '/api/v1/order/1/awb'],
      ['GET', '/api/v1/order/1/awb'],
      ['DELETE', '/api/v1/order/1/awb'],
      ['DELETE', '/api/order/1/awb'],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        headers: { 'x-company-id': '1' },
        payload: method === 'POST' ? cargusBody() : undefined,
      });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it("answers 404 for another company's order on every AWB call, and makes nothing", async () => {
    const { u, order } = await seller(['cargus']);
    const mine = await order();
    const created = await createAwb(u, mine.id, cargusBody());
    expect(created.statusCode, created.body).toBe(201);
    const { u: other } = await seller(['cargus']);
    for (const [method, body] of [
      ['POST', cargusBody()],
      ['GET', undefined],
      ['DELETE', undefined],
    ] as const) {
      const res = await other.call(method, `/api/v1/order/${mine.id}/awb`, { body });
      expect(res.statusCode, method).toBe(404);
    }
    expect((await other.call('DELETE', `/api/order/${mine.id}/awb`)).statusCode).toBe(404);
    expect(await atCourier('cargus', mine.id)).toHaveLength(1);
    expect((await orderOf(u, mine.id)).awb).toBe(created.json().data.awb);
  });
});

// ---- the ordered checks -----------------------------------------------------------------------

describe('the checks of the AWB payload, in the spec order', () => {
  const fieldError = async (u: TestUser, orderId: number, body: unknown, lang?: string) => {
    const res = await createAwb(u, orderId, body, lang ? { 'accept-language': lang } : undefined);
    expect(res.statusCode, res.body).toBe(422);
    return res.json().errors as Record<string, string[]>;
  };

  it('answers 422 on the first failing field, one at a time, and calls no courier', async () => {
    const { u, order } = await seller(['cargus', 'sameday']);
    const o = await order();
    // Everything missing: the courier comes first.
    expect(
      await fieldError(u, o.id, { ...cargusBody(), courier: undefined, county: undefined, county_id: undefined }),
    ).toEqual({ courier: ['Choose a courier.'] });
    // A courier the company has not set up.
    expect(await fieldError(u, o.id, dpdBody())).toEqual({
      courier: ['This courier is not set up and active for the company: set it up under Integrations.'],
    });
    // Then the county, then the city (the city missing too is not reported yet).
    expect(
      await fieldError(
        u,
        o.id,
        cargusBody({ county: undefined, county_id: undefined, city: undefined, city_id: undefined }),
      ),
    ).toEqual({ county: ['Choose a county.'] });
    expect(
      await fieldError(
        u,
        o.id,
        cargusBody({ city: undefined, city_id: undefined, street: undefined, street_id: undefined }),
      ),
    ).toEqual({ city: ['Choose a city.'] });
    // Cargus: a street in a city coded by street, the number when the street has several codes, the postal code.
    expect(
      await fieldError(
        u,
        o.id,
        cargusBody({ street: undefined, street_id: undefined, street_number: undefined, postal_code: undefined }),
      ),
    ).toEqual({
      street: ["Choose a street: this city's postal codes go by street."],
    });
    expect(
      await fieldError(
        u,
        o.id,
        cargusBody({
          street: 'Strada Zorilor',
          street_id: ZORILOR.id,
          street_number: undefined,
          postal_code: undefined,
        }),
      ),
    ).toEqual({
      street_number: ['Enter the street number: this street has several postal codes.'],
    });
    expect(
      await fieldError(
        u,
        o.id,
        cargusBody({
          city: 'Dej',
          city_id: DEJ.id,
          street: undefined,
          street_id: undefined,
          street_number: undefined,
          postal_code: undefined,
        }),
      ),
    ).toEqual({
      postal_code: ['The postal code is missing: choose the street and enter the number.'],
    });
    // The postal code must be the rule's for the street and number.
    expect(await fieldError(u, o.id, cargusBody({ postal_code: '400115' }))).toEqual({
      postal_code: ['The postal code does not match the street and number: it is 400114.'],
    });
    expect(
      await fieldError(
        u,
        o.id,
        cargusBody({ street: 'Strada Zorilor', street_id: ZORILOR.id, street_number: '12', postal_code: '400336' }),
        'ro',
      ),
    ).toEqual({
      postal_code: ['Codul poștal nu se potrivește cu strada și numărul: este 400335.'],
    });
    // Sameday (and the other couriers): the address.
    expect(await fieldError(u, o.id, samedayBody({ address: undefined }))).toEqual({ address: ['Enter the address.'] });
    expect(await fieldError(u, o.id, samedayBody({ address: '  ' }), 'ro')).toEqual({
      address: ['Introduceți adresa.'],
    });
    // Ids the address data does not know (a city of another county).
    expect(await fieldError(u, o.id, samedayBody({ city_id: COURIER_SIBIU.id }))).toEqual({
      city: ['This value is not valid.'],
    });
    expect(await atCourier('cargus', o.id)).toHaveLength(0);
    expect(await atCourier('sameday', o.id)).toHaveLength(0);
    expect(await orderOf(u, o.id)).toMatchObject({ status: 'new', awb: null, awb_state: null });
  });

  it('DPD needs the address too; an inactive courier counts as not set up', async () => {
    const { u, order } = await seller(['dpd']);
    const o = await order();
    expect(await fieldError(u, o.id, dpdBody({ address: undefined }))).toEqual({ address: ['Enter the address.'] });
    const setUp = (await u.call('GET', '/api/v1/company-integration'))
      .json()
      .data.find((i: { key: string }) => i.key === 'dpd');
    expect((await u.call('POST', `/api/v1/company-integration/${setUp.id}/toggle-status`)).json().data.is_active).toBe(
      false,
    );
    expect(await fieldError(u, o.id, dpdBody(), 'ro')).toEqual({
      courier: ['Acest curier nu este configurat și activ pentru companie: configurați-l la Integrări.'],
    });
    expect(await atCourier('dpd', o.id)).toHaveLength(0);
  });
});

// ---- create -----------------------------------------------------------------------------------

describe('create', () => {
  it.each([
    ['cargus', cargusBody],
    ['sameday', samedayBody],
    ['dpd', dpdBody],
  ] as const)(
    '%s: one AWB with the order total as cash on delivery; the order gets it and becomes processing',
    async (courier, body) => {
      const { u, order } = await seller([courier]);
      const o = await order();
      const res = await createAwb(u, o.id, body());
      expect(res.statusCode, res.body).toBe(201);
      const data = res.json().data;
      const [stored] = await atCourier(courier, o.id);
      expect(await atCourier(courier, o.id)).toHaveLength(1);
      expect(data).toMatchObject({
        id: o.id,
        courier,
        awb: stored.number,
        courier_status: 'created',
        status: 'processing',
        awb_state: null,
      });
      expect(stored).toMatchObject({
        codBani: Math.round(o.total_value * 100),
        reference: `${o.id}-1`,
        deleted: false,
      });
      expect(stored.recipient.name).toBe('Ion Popescu');
      expect(data.history.slice(0, 2).map((e: { type: string; data: unknown }) => [e.type, e.data])).toEqual([
        ['status_changed', { from: 'new', to: 'processing' }],
        ['awb_created', { courier, awb: stored.number }],
      ]);
      // The tab counts follow the status.
      expect((await u.call('GET', '/api/v1/order?status=processing')).json().meta.total).toBe(1);
      expect((await u.call('GET', '/api/v1/order?status=new')).json().meta.total).toBe(0);
    },
  );

  it('sends the names, the postal code of the rule and the package as the courier takes them (Cargus)', async () => {
    const { u, order } = await seller(['cargus']);
    const o = await order();
    const res = await createAwb(
      u,
      o.id,
      cargusBody({ street: 'Strada Zorilor', street_id: ZORILOR.id, street_number: '12', postal_code: undefined }),
    );
    expect(res.statusCode, res.body).toBe(422); // Cargus needs the postal code in the payload
    expect(
      (
        await createAwb(
          u,
          o.id,
          cargusBody({ street: 'Strada Zorilor', street_id: ZORILOR.id, street_number: '12', postal_code: '400335' }),
        )
      ).statusCode,
    ).toBe(201);
    const [stored] = await atCourier('cargus', o.id);
    expect(stored.recipient.lines).toEqual(['Strada Zorilor nr. 12', 'Cluj-Napoca, Cluj 400335']);
    expect(stored).toMatchObject({ weightKg: 1, content: 'Haine', observations: 'Fragil' });
  });

  it('sends the places picked with the courier’s own ids (its nomenclature’s), a village told apart by its commune', async () => {
    const { u, order } = await seller(['cargus', 'sameday']);
    const cargus = vi.spyOn(CargusClient.prototype, 'createAwb');
    const sameday = vi.spyOn(SamedayClient.prototype, 'createAwb');
    try {
      const first = await order();
      expect((await createAwb(u, first.id, cargusBody())).statusCode).toBe(201);
      expect(cargus.mock.calls[0][0].recipient).toMatchObject({
        countyId: String(CJ.id),
        localityId: String(CLUJ_NAPOCA.id),
        streetId: String(MEMORANDUMULUI.id),
        localityName: 'Cluj-Napoca',
        postalCode: '400114',
      });
      // Two villages named Lăzărești in Argeș: the one picked (Schitu Golești) is the one sent.
      const village = localitiesOf(courierCounty('AG')).find(
        (l) => l.name === 'Lăzărești' && l.commune === 'Schitu Golești',
      )!;
      const second = await order();
      const res = await createAwb(
        u,
        second.id,
        samedayBody({ county: 'Argeș', county_id: courierCounty('AG').id, city: 'Lăzărești', city_id: village.id }),
      );
      expect(res.statusCode, res.body).toBe(201);
      expect(sameday.mock.calls[0][0].recipient).toMatchObject({
        countyId: String(courierCounty('AG').id),
        localityId: String(village.id),
        localityName: 'Lăzărești',
      });
      // An id the courier does not list is refused before anything is sent.
      const third = await order();
      const unknown = await createAwb(u, third.id, cargusBody({ street_id: 999_999_999 }));
      expect(unknown.statusCode).toBe(422);
      expect(unknown.json().errors).toEqual({ street: ['This value is not valid.'] });
      expect(cargus).toHaveBeenCalledTimes(1);
    } finally {
      vi.restoreAllMocks();
    }
  });

  it('a second create answers 409 with the order, and nothing more is made', async () => {
    const { u, order } = await seller(['sameday']);
    const o = await order();
    const first = await createAwb(u, o.id, samedayBody());
    expect(first.statusCode).toBe(201);
    const again = await createAwb(u, o.id, samedayBody());
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      message: `This order already has an AWB (${first.json().data.awb}).`,
      data: { id: o.id, awb: first.json().data.awb },
    });
    expect(await atCourier('sameday', o.id)).toHaveLength(1);
  });

  it('two creates at the same moment: one 201, the other 409, one AWB at the courier', async () => {
    const { u, order } = await seller(['cargus', 'dpd']);
    for (const [courier, body] of [
      ['cargus', cargusBody()],
      ['dpd', dpdBody()],
    ] as const) {
      const o = await order();
      const answers = await Promise.all([createAwb(u, o.id, body), createAwb(u, o.id, body), createAwb(u, o.id, body)]);
      expect(answers.map((a) => a.statusCode).sort(), courier).toEqual([201, 409, 409]);
      expect(await atCourier(courier, o.id), courier).toHaveLength(1);
      expect((await orderOf(u, o.id)).awb).toBe((await atCourier(courier, o.id))[0].number);
    }
  });

  // PostgreSQL: the claim reads the order's attempts with its lock, on a snapshot taken before it
  // waited for the lock; a pending row committed meanwhile is caught by the unique index.
  it.skipIf(engineUnderTest !== 'postgres')(
    'a create that waited for the order while another claimed it answers 409 "being created", and makes nothing',
    async () => {
      const { u, order } = await seller(['dpd']);
      const o = await order();
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let locked!: () => void;
      let holder = '';
      const isLocked = new Promise<void>((resolve) => (locked = resolve));
      const now = clock.now();
      const other = t.db.transaction(async (trx) => {
        await sql`select id from orders where id = ${o.id} for update`.execute(trx);
        const { rows } = await sql<{ xid: string }>`select pg_current_xact_id()::text as xid`.execute(trx);
        holder = rows[0].xid;
        locked();
        await held;
        await sql`insert into shipments (company_id, order_id, courier, state, reference, cod_bani, weight_grams, created_at, updated_at)
          values (${u.companyId}, ${o.id}, 'dpd', 'pending', ${`${o.id}-1`}, 0, 1000, ${now}, ${now})`.execute(trx);
      });
      await isLocked;
      const create = createAwb(u, o.id, dpdBody());
      // The create's claim is waiting for the order's row when the other claim commits.
      await expect
        .poll(async () => {
          const { rows } = await sql<{ waiting: number }>`select count(*)::int as waiting from pg_locks
            where not granted and locktype = 'transactionid' and transactionid::text = ${holder}`.execute(t.db.kysely);
          return rows[0].waiting;
        })
        .toBeGreaterThan(0);
      release();
      await other;
      const res = await create;
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().message).toBe(
        'An AWB is being created for this order right now: wait a moment, then reload the order.',
      );
      expect(await atCourier('dpd', o.id)).toHaveLength(0);
    },
  );

  it("the courier's refusal is the answer (422, its own words); the order is unchanged and may try again", async () => {
    const { u, order } = await seller(['cargus']);
    const o = await order();
    // The pickup point chosen in the wizard was closed at the courier since.
    const cargusRow = t.db.kysely
      .selectFrom('company_integrations')
      .select('id')
      .where('company_id', '=', u.companyId)
      .where('integration_id', '=', (eb) => eb.selectFrom('integrations').select('id').where('key', '=', 'cargus'));
    const { configuration } = await t.db.kysely
      .selectFrom('company_integrations')
      .select('configuration')
      .where('id', '=', () => cargusRow)
      .executeTakeFirstOrThrow();
    const setConfiguration = (value: string | null) =>
      t.db.kysely
        .updateTable('company_integrations')
        .set({ configuration: value })
        .where('id', '=', () => cargusRow)
        .execute();
    await setConfiguration(JSON.stringify({ ...JSON.parse(configuration ?? '{}'), pickup_point_id: '209999' }));
    const res = await createAwb(u, o.id, cargusBody());
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('Cargus refused the request: Punctul de ridicare nu exista!');
    await setConfiguration(configuration);
    expect(await orderOf(u, o.id)).toMatchObject({ status: 'new', awb: null, courier: null, awb_state: null });
    expect((await createAwb(u, o.id, cargusBody())).statusCode).toBe(201);
    expect((await atCourier('cargus', o.id)).map((s) => s.reference)).toEqual([`${o.id}-2`]);
  });

  it('refuses a cancelled order (409)', async () => {
    const { u, order } = await seller(['sameday']);
    const o = await order();
    expect((await u.call('POST', `/api/v1/order/${o.id}/cancel`)).statusCode).toBe(200);
    const res = await createAwb(u, o.id, samedayBody());
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('The order is cancelled: restore it before creating an AWB.');
    expect(await atCourier('sameday', o.id)).toHaveLength(0);
  });
});

// ---- delivery to a locker or pick-up point ------------------------------------------------------

describe('an AWB to a locker (Sameday easybox, Cargus Ship & Go)', () => {
  const lockersOf = async (u: TestUser, courier: 'sameday' | 'cargus', county = 'Cluj') =>
    (await u.call('GET', `/api/v1/${courier}/lockers?county=${county}`)).json().data as {
      id: string;
      name: string;
      city: string;
      cash_on_delivery: boolean;
    }[];
  // The locker's place stands for the address: county, city and street are not sent.
  const toLocker = (courier: 'sameday' | 'cargus', lockerId: string) => ({ ...parcel, courier, locker_id: lockerId });

  it('sends a Sameday AWB to the easybox chosen, with the locker service', async () => {
    const { u, order } = await seller(['sameday']);
    const o = await order();
    const locker = (await lockersOf(u, 'sameday'))[0]!;
    const res = await createAwb(u, o.id, toLocker('sameday', locker.id));
    expect(res.statusCode, res.body).toBe(201);
    const [shipment] = await atCourier('sameday', o.id);
    expect(shipment!.recipientLocality).toBe(locker.city);
    expect(shipment!.recipient.lines.join(' ')).toContain(locker.name);
    expect(shipment!.codBani).toBe(Math.round(o.total_value * 100));
  });

  it('sends a Cargus AWB to the Ship & Go point chosen', async () => {
    const { u, order } = await seller(['cargus']);
    const o = await order();
    const point = (await lockersOf(u, 'cargus')).find((p) => p.cash_on_delivery)!;
    const res = await createAwb(u, o.id, toLocker('cargus', point.id));
    expect(res.statusCode, res.body).toBe(201);
    const [shipment] = await atCourier('cargus', o.id);
    expect(shipment!.service).toBe('Ship & Go');
    expect(shipment!.recipient.lines[0]).toBe(point.name);
  });

  it('refuses cash on delivery at a point that collects none, in both languages, and makes nothing', async () => {
    const { u, order } = await seller(['cargus']);
    const o = await order();
    const all = [
      ...(await lockersOf(u, 'cargus')),
      ...(await lockersOf(u, 'cargus', 'Ilfov')),
      ...(await lockersOf(u, 'cargus', 'Timi%C8%99')),
    ];
    const point = all.find((p) => !p.cash_on_delivery)!;
    expect(point).toBeDefined();
    const res = await createAwb(u, o.id, toLocker('cargus', point.id));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      locker_id: [
        'This locker does not collect cash on delivery: choose no cash on delivery or deliver to the address.',
      ],
    });
    const ro = await createAwb(u, o.id, toLocker('cargus', point.id), { 'accept-language': 'ro' });
    expect(ro.json().errors).toEqual({
      locker_id: ['Acest locker nu încasează ramburs: alegeți fără ramburs sau livrați la adresă.'],
    });
    expect(await atCourier('cargus', o.id)).toEqual([]);
  });

  it('refuses a point the courier does not list, and a locker for DPD', async () => {
    const { u, order } = await seller(['sameday', 'dpd']);
    const o = await order();
    const unknown = await createAwb(u, o.id, toLocker('sameday', '999999999'));
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({ locker_id: ['This locker is not in the courier’s list: choose another.'] });
    const dpd = await createAwb(u, o.id, { ...parcel, courier: 'dpd', locker_id: '1000' });
    expect(dpd.statusCode).toBe(422);
    expect(dpd.json().errors).toEqual({
      locker_id: ['This courier does not deliver to lockers: deliver to the address.'],
    });
    const ro = await createAwb(u, o.id, { ...parcel, courier: 'dpd', locker_id: '1000' }, { 'accept-language': 'ro' });
    expect(ro.json().errors).toEqual({ locker_id: ['Acest curier nu livrează la lockere: livrați la adresă.'] });
    expect(await atCourier('dpd', o.id)).toEqual([]);
  });
});

describe("the AWB's cash on delivery: the order's payment method, or the form's choice", () => {
  /** The seller's order paid the given way (the new-order form's choice). */
  async function paidOrder(payment: string | undefined, couriers: ('cargus' | 'sameday' | 'dpd')[] = ['cargus']) {
    const s = await seller(couriers);
    const o = await s.order();
    if (payment) {
      const res = await s.u.call('POST', `/api/v1/order/${o.id}`, { body: { payment_method: payment } });
      expect(res.statusCode, res.body).toBe(200);
    }
    return { ...s, o };
  }
  const storedCod = async (orderId: number) =>
    (await t.db.kysely.selectFrom('shipments').select('cod_bani').where('order_id', '=', orderId).execute()).map((r) =>
      Number(r.cod_bani),
    );

  it('a prepaid order (card, bank transfer) ships without cash on delivery, at the courier and on the shipment', async () => {
    for (const payment of ['card', 'bank_transfer']) {
      const { u, o } = await paidOrder(payment);
      expect((await orderOf(u, o.id)).payment_method).toBe(payment);
      const res = await createAwb(u, o.id, cargusBody());
      expect(res.statusCode, res.body).toBe(201);
      const [stored] = await atCourier('cargus', o.id);
      expect(stored!.codBani).toBe(0);
      expect(await storedCod(o.id)).toEqual([0]);
    }
  });

  it("a cash-on-delivery order (the default) collects the order's total", async () => {
    const { u, o } = await paidOrder(undefined, ['sameday']);
    expect((await orderOf(u, o.id)).payment_method).toBe('cash_on_delivery');
    expect((await createAwb(u, o.id, samedayBody())).statusCode).toBe(201);
    const total = Math.round(o.total_value * 100);
    expect(total).toBeGreaterThan(0);
    expect((await atCourier('sameday', o.id))[0]!.codBani).toBe(total);
    expect(await storedCod(o.id)).toEqual([total]);
  });

  it("the form's choice wins: none on a cash-on-delivery order, the total on a prepaid one", async () => {
    const cod = await paidOrder(undefined, ['dpd']);
    expect((await createAwb(cod.u, cod.o.id, dpdBody({ cash_on_delivery: false }))).statusCode).toBe(201);
    expect((await atCourier('dpd', cod.o.id))[0]!.codBani).toBe(0);
    const card = await paidOrder('card');
    expect((await createAwb(card.u, card.o.id, cargusBody({ cash_on_delivery: true }))).statusCode).toBe(201);
    expect(await storedCod(card.o.id)).toEqual([Math.round(card.o.total_value * 100)]);
  });

  it('a point that collects no cash on delivery takes the parcel without it', async () => {
    const { u, o } = await paidOrder(undefined);
    const lockers = async (county: string) =>
      (await u.call('GET', `/api/v1/cargus/lockers?county=${county}`)).json().data as {
        id: string;
        cash_on_delivery: boolean;
      }[];
    const point = [...(await lockers('Cluj')), ...(await lockers('Ilfov')), ...(await lockers('Timi%C8%99'))].find(
      (p) => !p.cash_on_delivery,
    )!;
    const res = await createAwb(u, o.id, {
      ...parcel,
      courier: 'cargus',
      locker_id: point.id,
      cash_on_delivery: false,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect((await atCourier('cargus', o.id))[0]!.codBani).toBe(0);
  });

  it('422 on a choice that is not yes or no, in both languages, and nothing is made', async () => {
    const { u, o } = await paidOrder(undefined);
    const res = await createAwb(u, o.id, cargusBody({ cash_on_delivery: 'maybe' }));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ cash_on_delivery: ["Choose cash on delivery (the order's total) or none."] });
    const ro = await createAwb(u, o.id, cargusBody({ cash_on_delivery: 12 }), { 'accept-language': 'ro' });
    expect(ro.json().errors).toEqual({ cash_on_delivery: ['Alegeți ramburs (totalul comenzii) sau fără ramburs.'] });
    expect(await atCourier('cargus', o.id)).toEqual([]);
  });

  it("401 to a stranger, 404 for another company's order, whatever the choice", async () => {
    const { o } = await paidOrder('card');
    const stranger = await t.app.inject({
      method: 'POST',
      url: `/api/v1/order/${o.id}/awb`,
      headers: { 'x-company-id': '1' },
      payload: cargusBody({ cash_on_delivery: false }),
    });
    expect(stranger.statusCode).toBe(401);
    const { u: other } = await seller(['cargus']);
    expect((await createAwb(other, o.id, cargusBody({ cash_on_delivery: 'maybe' }))).statusCode).toBe(404);
    expect(await atCourier('cargus', o.id)).toEqual([]);
  });

  it("the label names the seller's company as the sender, at its pickup point (Cargus)", async () => {
    const { u, o } = await paidOrder(undefined);
    const company = await t.db.kysely
      .selectFrom('companies')
      .select('name')
      .where('id', '=', u.companyId)
      .executeTakeFirstOrThrow();
    expect((await createAwb(u, o.id, cargusBody())).statusCode).toBe(201);
    const [stored] = await atCourier('cargus', o.id);
    expect(stored!.sender.name).toBe(company.name);
    expect(stored!.sender.lines.join(' ')).toContain('Cluj-Napoca');
    const label = await u.call('GET', `/api/v1/order/${o.id}/awb`);
    expect(label.statusCode).toBe(200);
    expect(pdfText(label.rawPayload)).toContain(company.name);
  });
});
