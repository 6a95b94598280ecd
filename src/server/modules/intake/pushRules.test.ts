import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../lib/clock.js';
import { engineUnderTest, startTestApp, type TestApp, type TestUser } from '../../test/harness.js';
import { push, sellerWithIntakeKey, shopOrder, type IntakeKey } from '../../test/intake.js';

/**
 * The rules of a push that the intake takes from the order form: every field checked, a coupon
 * applied as the order page applies it, the source's automatic discount, prices in euros converted
 * at the day's rate, an order the shop changes after its invoice or its cancellation left as it is,
 * and a push whose processing never finished kept for a retry.
 */
const clock = manualClock(1_800_000_000);
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ clock });
});
afterAll(() => t.close());

const shop = async () => sellerWithIntakeKey(await t.signUp());
const send = (key: IntakeKey, body: unknown, lang = 'en') =>
  push(t.app, key, body, { now: clock.now(), headers: { 'accept-language': lang } });
const orderOf = async (u: TestUser, id: number) => {
  const res = await u.call('GET', `/api/v1/order/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const ordersOf = async (companyId: number) =>
  Number(
    (
      await t.db.kysely
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('company_id', '=', companyId)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe(`a push's fields (${engineUnderTest})`, () => {
  it('names every missing or malformed field with its own message (422), nothing stored', async () => {
    const s = await shop();
    const noParts = await send(s.key, {
      external_id: 'F-1',
      customer: { name: 'Ioana' },
      shipping_address: { street: 'Str. Zorilor' },
      lines: [{ quantity: 1, unit_price: 'doi lei' }],
    });
    expect(noParts.statusCode, noParts.body).toBe(422);
    expect(noParts.json().errors).toEqual({
      'customer.phone_number': ['This field is required.'],
      'shipping_address.county': ['This field is required.'],
      'shipping_address.city': ['This field is required.'],
      'shipping_address.number': ['This field is required.'],
      'lines.0.sku': ['This field is required.'],
      'lines.0.unit_price': [expect.any(String)],
    });
    // No customer and no address at all: each named, in the language asked.
    const none = await send(s.key, { external_id: 'F-2', lines: [{ sku: 'CANA-1', quantity: 1 }] }, 'ro');
    expect(none.statusCode).toBe(422);
    expect(none.json().errors).toEqual({
      customer: ['Câmpul este obligatoriu.'],
      shipping_address: ['Câmpul este obligatoriu.'],
    });
    expect(await ordersOf(s.u.companyId)).toBe(0);
  });
});

describe(`a pushed order's discounts and currency (${engineUnderTest})`, () => {
  it('applies a coupon code as the order page does (a use taken); an unknown one holds the order', async () => {
    const s = await shop();
    const made = await s.u.call('POST', '/api/v1/coupon', {
      body: { code: 'VARA10', type: 'percentage', value: 10, uses_allowed: 1 },
    });
    expect(made.statusCode, made.body).toBe(201);
    const res = await send(
      s.key,
      shopOrder('CP-1', { lines: [{ sku: 'CANA-1', quantity: 2, unit_price: '50.00' }], coupon_code: 'VARA10' }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const o = await orderOf(s.u, res.json().data.order_id);
    expect(o).toMatchObject({ coupon_code: 'VARA10', value: 100, discount: 10 });
    const coupon = (await s.u.call('GET', '/api/v1/coupon')).json().data[0];
    expect(coupon.uses).toBe(1);

    // Used up, or one the company does not have: the customer's cash on delivery would be wrong.
    for (const [number, code] of [
      ['CP-2', 'VARA10'],
      ['CP-3', 'NU-EXISTA'],
    ]) {
      const held = await send(s.key, shopOrder(number!, { coupon_code: code }));
      expect(held.statusCode, held.body).toBe(202);
      expect(held.json().data.problems).toMatchObject([{ field: 'coupon_code' }]);
    }
    expect(await ordersOf(s.u.companyId)).toBe(1);
  });

  it("takes the source's automatic order discount as the order form computes it", async () => {
    const s = await shop();
    const rule = await s.u.call('POST', '/api/v1/order-discount', {
      body: { company_id: s.u.companyId, source_id: s.source, type: 'amount', order_value: 50, value: 5 },
    });
    expect(rule.statusCode, rule.body).toBe(201);
    const small = await send(s.key, shopOrder('AD-1', { lines: [{ sku: 'CANA-1', quantity: 1, unit_price: '40' }] }));
    expect(await orderOf(s.u, small.json().data.order_id)).toMatchObject({ value: 40, discount: 0 });
    const big = await send(s.key, shopOrder('AD-2', { lines: [{ sku: 'CANA-1', quantity: 2, unit_price: '40' }] }));
    const o = await orderOf(s.u, big.json().data.order_id);
    expect(o).toMatchObject({ value: 80, discount: 5 });
    expect(o.applied_discounts).toMatchObject([{ kind: 'order', automatic: true, type: 'amount', amount: 5 }]);
  });

  it("converts prices in euros at the day's rate (the line keeps the euros); without a rate it waits, and a retry takes it", async () => {
    await t.db.kysely.deleteFrom('exchange_rates').execute();
    const s = await shop();
    const body = shopOrder('EUR-1', {
      currency: 'EUR',
      lines: [{ sku: 'CANA-1', quantity: 2, unit_price: '10.00' }],
      shipping_cost: '3.00',
    });
    const held = await send(s.key, body);
    expect(held.statusCode, held.body).toBe(202);
    expect(held.json().data.problems.map((p: { code: string }) => p.code)).toContain('no_exchange_rate');

    const c = (await s.u.call('GET', `/api/v1/company/${s.u.companyId}`)).json().data;
    const set = await s.u.call('POST', `/api/v1/company/${s.u.companyId}`, {
      body: { name: c.name, vat_number: c.vat_number, administrator_name: c.administrator_name, eur_rate: '5.0000' },
    });
    expect(set.statusCode, set.body).toBe(200);
    const retried = await s.u.call('POST', `/api/v1/intake/${held.json().data.intake_id}/retry`);
    expect(retried.json().data, retried.body).toMatchObject({ status: 'created' });
    const o = await orderOf(s.u, retried.json().data.order_id);
    expect(o).toMatchObject({ value: 100, client_shipping_cost: 15 });
    const line = await t.db.kysely
      .selectFrom('order_products')
      .select(['price', 'original_currency', 'original_price'])
      .where('order_id', '=', o.id)
      .executeTakeFirstOrThrow();
    expect({ ...line, price: Number(line.price), original_price: Number(line.original_price) }).toEqual({
      price: 5000,
      original_currency: 'EUR',
      original_price: 1000,
    });
  });
});

describe(`a shop's change of an order that is past changing (${engineUnderTest})`, () => {
  it('after its invoice, or once cancelled, is kept as a problem (202) and the order is left as it is', async () => {
    const s = await shop();
    const invoiced = (await send(s.key, shopOrder('INV-1'))).json().data.order_id;
    // An invoice issued: what the invoices module writes on the order (its number and state).
    await t.db.kysely
      .updateTable('orders')
      .set({ bill_number: 'FCT-0001', invoice_status: 'issued' })
      .where('id', '=', invoiced)
      .execute();
    const cancelled = (await send(s.key, shopOrder('CAN-1'))).json().data.order_id;
    expect((await s.u.call('POST', `/api/v1/order/${cancelled}/cancel`)).statusCode).toBe(200);

    for (const [number, id, code] of [
      ['INV-1', invoiced, 'intake_changed_after_documents'],
      ['CAN-1', cancelled, 'intake_changed_cancelled'],
    ] as const) {
      const before = await orderOf(s.u, id);
      const changed = await send(s.key, shopOrder(number, { lines: [{ sku: 'CANA-1', quantity: 5 }] }));
      expect(changed.statusCode, changed.body).toBe(202);
      expect(changed.json().data).toMatchObject({ status: 'held', problems: [{ code }] });
      const after = await orderOf(s.u, id);
      expect(after.order_products).toEqual(before.order_products);
      expect(after.history.map((e: { type: string }) => e.type)).not.toContain('changed_in_shop');
    }
  });
});

describe(`a push whose processing never finished (${engineUnderTest})`, () => {
  it('is in the inbox as received (counted apart, saying so), and a retry makes its order: nothing is lost', async () => {
    const s = await shop();
    const held = (await send(s.key, shopOrder('CR-1', { lines: [{ sku: 'NOU-9', quantity: 1 }] }))).json().data;
    // What a crash between the write and the work leaves: the item as received, nothing decided.
    await t.db.kysely
      .updateTable('intake_items')
      .set({ status: 'received', problems: null })
      .where('id', '=', held.intake_id)
      .execute();
    expect((await s.u.call('GET', '/api/v1/intake/counts')).json().data).toEqual({ held: 0, received: 1 });
    const listed = (await s.u.call('GET', '/api/v1/intake', { headers: { 'accept-language': 'ro' } })).json().data;
    expect(listed).toMatchObject([
      {
        id: held.intake_id,
        status: 'received',
        problems: [
          {
            code: 'intake_not_received',
            message: 'Elementul a fost păstrat așa cum a sosit, dar procesarea lui nu s-a încheiat: reîncercați-l.',
          },
        ],
      },
    ]);
    await s.u.call('POST', '/api/v1/product', {
      body: {
        company_id: s.u.companyId,
        sku: 'NOU-9',
        name: 'Produs nou',
        sale_type: 'Bucata',
        stock: 5,
        selling_price: 10,
        buying_price: 1,
        currency: 'RON',
      },
    });
    const retried = await s.u.call('POST', `/api/v1/intake/${held.intake_id}/retry`);
    expect(retried.json().data, retried.body).toMatchObject({ status: 'created', order_id: expect.any(Number) });
    expect((await s.u.call('GET', '/api/v1/intake/counts')).json().data).toEqual({ held: 0, received: 0 });
  });
});
