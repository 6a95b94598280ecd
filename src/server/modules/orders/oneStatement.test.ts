import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobHandlers } from '../../backgroundJobs.js';
import { runDueJobs } from '../../jobs/runner.js';
import { ageInvoiceForDemo } from '../invoices/index.js';
import { order, seller, SMALL, type Seller } from '../../test/bulk.js';
import { statementCounter } from '../../test/counting.js';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { listOrders } from './list/index.js';
import { findOrderInParts, listOrdersInParts } from './oneStatement.reference.js';
import { findOrder } from './queries.js';
import { JsonText } from '../../http/jsonText.js';

/**
 * Both engines answer the order list's pages in one statement (their rows and parts as JSON), and
 * the order in one statement. Each must answer exactly what the queries in parts
 * answer, field by field, on orders with every part: lines, discounts, history, flags of
 * this company and of another, an AWB, an invoice with a storno, an unsettled AWB create.
 */
let t: TestApp;
let s: Seller;
let ids: number[];

beforeAll(async () => {
  t = await startTestApp();
  s = await seller(await t.signUp(), { smartBill: true });
  ids = [];
  for (let i = 0; i < 5; i++) ids.push(await order(s, { products: { 'CANA-1': 1 + i, 'BOL-2': 1 } }));
  const u = s.u;
  // AWBs for two orders (the bulk job, as the console makes them), an invoice and a storno for one.
  const job = await u.call('POST', '/api/v1/order-bulk', {
    body: { action: 'awb', selection: { ids: ids.slice(0, 2) }, params: { courier: 'dpd', ...SMALL } },
  });
  expect(job.statusCode, job.body).toBe(202);
  while ((await runDueJobs({ services: t.services, handlers: jobHandlers(), instanceId: 'test' }, 50)) > 0);
  const invoice = await u.call('POST', `/api/v1/order/${ids[0]}/create-invoice`);
  expect(invoice.statusCode, invoice.body).toBe(201);
  await ageInvoiceForDemo(t.db.kysely, ids[0]);
  const detail = (await u.call('GET', `/api/v1/order/${ids[0]}`)).json().data;
  const storno = await u.call('POST', `/api/v1/order/${ids[0]}/storno-invoice`, {
    body: { order_products: [{ id: detail.order_products[0].id, quantity: 1 }] },
  });
  expect(storno.statusCode, storno.body).toBe(201);
  // The customer flagged by this company and by another that sold to the same phone.
  const customer = detail.customer_detail.customer_id;
  expect(
    (await u.call('POST', `/api/v1/customer/${customer}/flag`, { body: { reason: 'Refused the parcel' } })).statusCode,
  ).toBe(201);
  const other = await seller(await t.signUp());
  const theirs = await order(other);
  const theirCustomer = (await other.u.call('GET', `/api/v1/order/${theirs}`)).json().data.customer_detail.customer_id;
  expect(theirCustomer).toBe(customer);
  expect(
    (await other.u.call('POST', `/api/v1/customer/${customer}/flag`, { body: { reason: 'No answer' } })).statusCode,
  ).toBe(201);
  // An order-wide discount and an unsettled AWB create with candidates (the parts the API writes elsewhere).
  const now = Math.floor(Date.now() / 1000);
  await t.db.kysely
    .insertInto('applied_discounts')
    .values({
      order_id: ids[2],
      order_product_id: null,
      kind: 'coupon',
      type: 'amount',
      value: 500,
      quantity: null,
      coupon: 'VARA',
      rule_id: null,
      amount: 500,
      created_at: now,
      updated_at: now,
    })
    .execute();
  await t.db.kysely
    .insertInto('shipments')
    .values({
      company_id: u.companyId,
      order_id: ids[3],
      courier: 'dpd',
      state: 'unknown',
      reference: `${ids[3]}-x`,
      cod_bani: 1000,
      weight_grams: 1000,
      awb: null,
      parcel_numbers: null,
      cost_bani: null,
      previous_status: null,
      error: 'timeout',
      created_by: null,
      created_at: now,
      updated_at: now,
      candidates: JSON.stringify([{ awb: '801', parcel_numbers: [], created_at: now, cod_bani: 1000, weight_kg: 1 }]),
      notified_at: null,
    })
    .execute();
  // A line converted from euro, a free-shipping discount (it shows no value), a product discount
  // (automatic) and an event of no user (a job's): the order's parts whose fields the database
  // writes by a rule of their own.
  const line = await t.db.kysely
    .selectFrom('order_products')
    .select('id')
    .where('order_id', '=', ids[4])
    .orderBy('id')
    .executeTakeFirstOrThrow();
  await t.db.kysely
    .updateTable('order_products')
    .set({
      original_currency: 'EUR',
      original_price: 1999,
      exchange_rate: 49_773,
      rate_date: '2026-11-20',
      rate_source: 'bnr',
    })
    .where('id', '=', line.id)
    .execute();
  const discount = { order_id: ids[4], coupon: null, rule_id: null, created_at: now, updated_at: now };
  await t.db.kysely
    .insertInto('applied_discounts')
    .values([
      {
        ...discount,
        order_product_id: null,
        kind: 'order',
        type: 'shipping',
        value: 1500,
        quantity: null,
        amount: 1500,
      },
      {
        ...discount,
        order_product_id: line.id,
        kind: 'product',
        type: 'percent',
        value: 1050,
        quantity: 1,
        amount: 333,
      },
    ])
    .execute();
  await t.db.kysely
    .insertInto('order_events')
    .values({
      order_id: ids[4],
      user_id: null,
      type: 'status',
      data: JSON.stringify({ from: 'new', to: 'pending', note: 'Ștefan „x"' }),
      created_at: now,
    })
    .execute();
}, 120_000);
afterAll(() => t.close());

describe('the order list and the order in one statement', () => {
  it('every page answers what the queries in parts answer', async () => {
    const pages = [
      { page: 1, items: 10, sort: '-created_at' },
      { page: 2, items: 2, sort: '-created_at' },
      { page: 1, items: 3, sort: 'created_at' },
      { page: 9, items: 10, sort: '-created_at' },
      { page: 1, items: 10, sort: '-created_at', status: 'new' },
      { page: 1, items: 10, sort: '-created_at', invoice_status: 'partially_storno' },
    ] as const;
    for (const p of pages) {
      const one = await listOrders(t.db.kysely, t.db.engine, s.u.companyId, { ...p, search: '' } as never);
      const parts = await listOrdersInParts(t.db.kysely, s.u.companyId, p as never);
      expect({ ...one, data: one.data.value() }, JSON.stringify(p)).toEqual(parts);
    }
    const all = await listOrdersInParts(t.db.kysely, s.u.companyId, { page: 1, items: 10, sort: '-created_at' });
    expect(all.data.map((o) => o.id)).toEqual([...ids].reverse());
    expect(all.data.find((o) => o.id === ids[0])!.customer_detail.flags).toHaveLength(2);
    expect(all.data.find((o) => o.id === ids[3])!.awb_state).toBe('unknown');
  });

  it('a searched page reads its rows and flags as the plain page does', async () => {
    const searched = await listOrders(t.db.kysely, t.db.engine, s.u.companyId, {
      page: 1,
      items: 10,
      sort: '-created_at',
      search: 'Popescu',
    } as never);
    const parts = await listOrdersInParts(t.db.kysely, s.u.companyId, { page: 1, items: 10, sort: '-created_at' });
    expect(searched.data.value()).toEqual(parts.data);
  });

  it('a search its walk answers (more matches than it counts) reads the page in the same statement on PostgreSQL', async () => {
    const statements = statementCounter();
    const counted = t.db.kysely.withPlugin(statements.plugin);
    // Every order is Popescu's: with a window of 1 a page of 2 counts 2 matches and the walk finds 3.
    for (const p of [
      { page: 1, items: 2, sort: '-created_at' },
      { page: 2, items: 2, sort: '-created_at' },
      { page: 1, items: 2, sort: 'created_at' },
    ] as const) {
      statements.count = 0;
      const searched = await listOrders(counted, t.db.engine, s.u.companyId, { ...p, search: 'Popescu' } as never, {
        window: 1,
      });
      const parts = await listOrdersInParts(t.db.kysely, s.u.companyId, p as never);
      expect(searched.data.value(), JSON.stringify(p)).toEqual(parts.data);
      expect(searched.meta.total_exact, JSON.stringify(p)).toBe(false);
      if (t.db.engine === 'postgres') expect(statements.count, JSON.stringify(p)).toBe(1);
    }
  });

  it('the order answers what the queries in parts answer, and nothing for another company', async () => {
    for (const id of ids) {
      const one = await findOrder(t.db.kysely, s.u.companyId, id);
      const parts = await findOrderInParts(t.db.kysely, s.u.companyId, id);
      // The order is the JSON text the database wrote, the AWB candidates and invoices added by the server.
      expect(one).toBeInstanceOf(JsonText);
      expect(one!.value()).toEqual(parts);
    }
    const first = (await findOrder(t.db.kysely, s.u.companyId, ids[0]))!.value();
    expect(first.invoice?.stornos).toHaveLength(1);
    expect(first.invoice?.lines.length).toBeGreaterThan(0);
    expect(first.history.length).toBeGreaterThan(2);
    expect((await findOrder(t.db.kysely, s.u.companyId, ids[2]))!.value().applied_discounts).toHaveLength(1);
    expect((await findOrder(t.db.kysely, s.u.companyId, ids[3]))!.value().awb_candidates).toHaveLength(1);
    const converted = (await findOrder(t.db.kysely, s.u.companyId, ids[4]))!.value();
    expect(converted.order_products[0].conversion).toEqual({
      currency: 'EUR',
      price: 19.99,
      rate: 4.9773,
      rate_date: '2026-11-20',
      source: 'bnr',
    });
    expect(converted.order_products[1].conversion).toBeNull();
    expect(converted.applied_discounts.map((d) => [d.type, d.value, d.automatic])).toEqual([
      ['shipping', null, true],
      ['percent', 10.5, true],
    ]);
    expect(converted.history[0].user).toBeNull();
    expect(converted.history[0].data).toEqual({ from: 'new', to: 'pending', note: 'Ștefan „x"' });
    expect(converted.history.at(-1)!.user).toEqual({ id: s.u.id, name: expect.any(String) });
    expect(await findOrder(t.db.kysely, s.u.companyId + 1000, ids[0])).toBeUndefined();
  });

  it('the order is one statement', async () => {
    const statements = statementCounter();
    const counted = t.db.kysely.withPlugin(statements.plugin);
    expect((await findOrder(counted, s.u.companyId, ids[0]))!.value().invoice?.stornos).toHaveLength(1);
    expect(statements.count).toBe(1);
    statements.count = 0;
    await findOrderInParts(counted, s.u.companyId, ids[0]);
    expect(statements.count).toBeGreaterThan(5);
  });
});
