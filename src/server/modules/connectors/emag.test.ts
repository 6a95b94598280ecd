import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobHandlers, scheduleRecurringJobs } from '../../backgroundJobs.js';
import { serviceContext } from '../../context.js';
import type { EmagEmulator } from '../../emulators/emag.js';
import { runDueJobs } from '../../jobs/runner.js';
import { manualClock } from '../../lib/clock.js';
import { revokePublicDocuments } from '../public-documents/index.js';
import { product, seller, type Seller } from '../../test/bulk.js';
import { engineUnderTest, startTestApp, type TestApp } from '../../test/harness.js';
import { awbFor, connectorReads } from '../../test/connectorsKit.js';
import { connectDemoEmag } from './demo.js';
import { pullConnector } from './ordersIn.js';
import { sendOutbox, STOCK_SPACING_SECONDS } from './outbox.js';
import { emagAccountOf } from './shops/emag.js';

const clock = manualClock(1_800_000_000);
let t: TestApp;
let emag: EmagEmulator;
const logLines: string[] = [];
beforeAll(async () => {
  t = await startTestApp({
    clock,
    deps: {
      logger: { level: 'info', stream: { write: (line: string) => void logLines.push(line) } } as never,
    },
  });
  emag = t.app.emulators!.emag;
  await scheduleRecurringJobs(t.db, clock.now());
});
afterAll(() => t.close());

const sys = () => serviceContext(t.services);
/**
 * The outbox sent until nothing is due: on a loaded machine two calls the client spaced may reach
 * the emulator within its second, and its 429 makes the update wait the second eMAG asks for.
 */
const drain = async () => {
  for (let i = 0; i < 6; i++) {
    await sendOutbox(sys());
    const due = await t.db.kysely
      .selectFrom('shop_outbox')
      .select('id')
      .where('state', '=', 'waiting')
      .where('next_at', '<=', clock.now() + 5)
      .execute();
    if (due.length === 0) return;
    clock.advance(2);
  }
};
const runJobs = async () => {
  await runDueJobs({ services: t.services, handlers: jobHandlers(), instanceId: 'test' }, 200);
  await drain();
};

interface Account extends Seller {
  account: string;
}

const CATALOGUE = [
  { sku: 'CANA-1', name: 'Cană de lut', price: 1999, stock: 100 },
  { sku: 'BOL-2', name: 'Bol de ceramică', price: 1250, stock: 100 },
];

/** A seller (DPD, a source, CANA-1 and BOL-2) whose source is connected to its emulated eMAG account. */
async function connected(opts: { orders?: number; pull?: boolean; smartBill?: boolean } = {}): Promise<Account> {
  const s = await seller(await t.signUp(), { smartBill: opts.smartBill });
  const account = emagAccountOf(s.source);
  await emag.prepareAccount(account, CATALOGUE, opts.orders ?? 0);
  const res = await s.u.call('POST', `/api/v1/source/${s.source}/connector`, {
    body: { type: 'emag', username: 'demo', password: 'demo' },
  });
  expect(res.statusCode, res.body).toBe(201);
  if (opts.pull !== false) await runJobs();
  return { ...s, account };
}

const { ordersOfSource, connectorRow, outbox, orderIdOf } = connectorReads(() => t.db.kysely);

/** The path of a public link (what eMAG downloads), as the app serves it. */
const pathOf = (url: string) => new URL(url).pathname;

describe(`eMAG connector: setting it (${engineUnderTest})`, () => {
  it('checks the login at eMAG (its words when refused, 422 per field), never answers a secret; 404 for another company, 401 for a stranger', async () => {
    const s = await seller(await t.signUp());
    const path = `/api/v1/source/${s.source}/connector`;
    const body = { type: 'emag', username: 'demo', password: 'demo' };

    expect((await t.app.inject({ method: 'POST', url: path, payload: body })).statusCode).toBe(401);
    const other = await t.signUp();
    expect((await other.call('POST', path, { body })).statusCode).toBe(404);
    expect((await other.call('GET', path)).statusCode).toBe(404);

    let res = await s.u.call('POST', path, { body: { type: 'emag' }, headers: { 'accept-language': 'ro' } });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['password', 'username']);
    res = await s.u.call('POST', path, { body: { ...body, password: 'wrong' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.username[0]).toBe('eMAG refused the login: Invalid username or password!');
    res = await s.u.call('POST', path, { body: { ...body, password: 'wrong' }, headers: { 'accept-language': 'ro' } });
    expect(res.json().errors.username[0]).toBe('eMAG a refuzat autentificarea: Invalid username or password!');
    expect(
      await t.db.kysely.selectFrom('shop_connectors').select('id').where('source_id', '=', s.source).execute(),
    ).toEqual([]);

    res = await s.u.call('POST', path, { body });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ type: 'emag', store_url: 'emag:demo', emulated: true, state: 'ok' });
    // eMAG has no webhooks: no address to show or paste.
    expect(res.json().data.webhook_url).toBeNull();
    // Nor an address of its own: a delivery there is answered as a path that does not exist, nothing stored.
    const post = (kind: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/hooks/${kind}/${s.source}`,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ order_id: 1 }),
      });
    const [hook, nowhere] = [await post('emag'), await post('no-such-shop')];
    expect(hook.statusCode).toBeGreaterThanOrEqual(400);
    expect([hook.statusCode, hook.body]).toEqual([nowhere.statusCode, nowhere.body]);
    const events = t.db.kysely
      .selectFrom('shop_events')
      .select('id')
      .where('connector_id', '=', (await connectorRow(s.source)).id);
    expect(await events.execute()).toEqual([]);
    const row = await connectorRow(s.source);
    const shown = (await s.u.call('GET', path)).body;
    expect(shown).not.toContain(row.credentials);
    expect(row.credentials).not.toContain('"password"');
    expect((await s.u.call('DELETE', path)).statusCode).toBe(200);
  });
});

describe(`eMAG connector: orders in (${engineUnderTest})`, () => {
  it('a first pull brings the account’s new orders, each acknowledged at eMAG once stored; card never cash on delivery', async () => {
    const s = await connected({ orders: 4 });
    const here = await ordersOfSource(s.source);
    const there = await emag.orders(s.account);
    expect(here.map((o) => o.external_id).sort()).toEqual(there.map((o) => String(o.id)).sort());
    expect(there.map((o) => o.status)).toEqual([2, 2, 2, 2]);
    for (const o of there) {
      const mine = here.find((x) => x.external_id === String(o.id))!;
      expect(mine.payment_method).toBe(o.payment_mode_id === 1 ? 'cash_on_delivery' : 'card');
    }
    const view = (await s.u.call('GET', `/api/v1/source/${s.source}/connector`)).json().data;
    expect(view).toMatchObject({ state: 'ok', orders_in: 4, last_error: null });

    // eMAG failing the read: nothing taken, so nothing acknowledged; the next pull takes it, then acknowledges it.
    const [late] = await emag.takeOrders(s.account, 1);
    emag.faults.set('server_error', 3);
    await pullConnector(sys(), (await connectorRow(s.source)).id);
    expect((await emag.order(s.account, late.id))!.status).toBe(1);
    expect((await ordersOfSource(s.source)).map((o) => o.external_id)).not.toContain(String(late.id));
    await pullConnector(sys(), (await connectorRow(s.source)).id);
    expect((await emag.order(s.account, late.id))!.status).toBe(2);
    expect(await ordersOfSource(s.source)).toHaveLength(5);
  });

  it('the same order pulled twice is one order', async () => {
    const s = await connected();
    await emag.takeOrders(s.account, 2);
    const id = (await connectorRow(s.source)).id;
    await pullConnector(sys(), id);
    const items = async () =>
      (await t.db.kysely.selectFrom('intake_items').select('id').where('source_id', '=', s.source).execute()).length;
    const before = await items();
    clock.advance(30);
    await pullConnector(sys(), id);
    await pullConnector(sys(), id);
    expect(await ordersOfSource(s.source)).toHaveLength(2);
    expect(await items()).toBe(before);
  });

  it('a pull whose third page fails leaves the cursor before it; the next pull completes', async () => {
    const s = await connected({ orders: 25, pull: false });
    const connector = await connectorRow(s.source);
    // As often as a read is tried.
    emag.failOrderRead(3, 3);
    await pullConnector(sys(), connector.id, { perPage: 10 });
    let row = await connectorRow(s.source);
    expect(row.state).toBe('error');
    expect(row.last_error).toContain('Internal Server Error');
    expect(row.cursor).toBeNull();
    expect(await ordersOfSource(s.source)).toHaveLength(20);
    expect((await emag.orders(s.account)).filter((o) => o.status === 1)).toHaveLength(5);

    clock.advance(60);
    await pullConnector(sys(), connector.id, { perPage: 10 });
    row = await connectorRow(s.source);
    expect(row.state).toBe('ok');
    expect(await ordersOfSource(s.source)).toHaveLength(25);
    expect((await emag.orders(s.account)).every((o) => o.status === 2)).toBe(true);
    expect(row.cursor).toBe(new Date(clock.now() * 1000).toISOString().slice(0, 19));
  });

  it('an order cancelled at eMAG is cancelled here (and not sent back); with an AWB it is the seller’s, told once', async () => {
    const s = await connected();
    const [a, shipped] = await emag.takeOrders(s.account, 2);
    await pullConnector(sys(), (await connectorRow(s.source)).id);
    await awbFor(s, await orderIdOf(s.source, shipped.id));
    clock.advance(60);
    await emag.cancelInShop(s.account, a.id);
    await emag.cancelInShop(s.account, shipped.id);
    clock.advance(60);
    await pullConnector(sys(), (await connectorRow(s.source)).id);
    const orders = await ordersOfSource(s.source);
    expect(orders.find((o) => o.external_id === String(a.id))!.status).toBe('cancelled');
    expect(orders.find((o) => o.external_id === String(shipped.id))!.status).toBe('processing');
    await drain();
    expect((await outbox(s.source)).filter((u) => u.kind === 'order_status')).toEqual([]);
    // Read again by the next pull: still told once.
    clock.advance(300);
    await pullConnector(sys(), (await connectorRow(s.source)).id);
    const notes = await t.db.kysely
      .selectFrom('notifications')
      .select('message_key')
      .where('company_id', '=', s.u.companyId)
      .where('message_key', '=', 'shop_cancelled_with_documents')
      .execute();
    expect(notes).toHaveLength(1);
    const view = (await s.u.call('GET', `/api/v1/source/${s.source}/connector`)).json().data;
    expect(view.updates_failed.map((u: { kind: string; ref: string }) => [u.kind, u.ref])).toContainEqual([
      'shop_cancel',
      String(shipped.id),
    ]);
  });
});

describe(`eMAG connector: what goes back (${engineUnderTest})`, () => {
  it('AWB → a type 10 attachment with a public label link and prepared; delivered → finalized; cancelled here → cancelled', async () => {
    const s = await connected();
    const [a, b] = await emag.takeOrders(s.account, 2, { payment: 'cod' });
    await pullConnector(sys(), (await connectorRow(s.source)).id);
    const orderA = await orderIdOf(s.source, a.id);
    await awbFor(s, orderA);
    const awb = (await ordersOfSource(s.source)).find((o) => o.id === orderA)!.awb!;
    await drain();
    let there = (await emag.order(s.account, a.id))!;
    expect(there.status).toBe(3);
    expect(there.attachments).toHaveLength(1);
    expect(there.attachments[0]).toMatchObject({ type: 10, name: `AWB DPD ${awb}` });

    // The link works without a session and serves the label; anything else is 404.
    const link = pathOf(there.attachments[0].url);
    expect(link).toMatch(/^\/api\/v1\/public\/documents\/[A-Za-z0-9_-]{43}\.pdf$/);
    const pdf = await t.app.inject({ method: 'GET', url: link });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    for (const wrong of [
      link.replace(/[A-Za-z](?=[^/]*$)/, (c) => (c === 'A' ? 'B' : 'A')),
      '/api/v1/public/documents/x.pdf',
    ])
      expect((await t.app.inject({ method: 'GET', url: wrong })).statusCode).toBe(404);

    // The send again (an answer lost): no second attachment.
    const [note] = (await outbox(s.source)).filter((u) => u.kind === 'order_note');
    await t.db.kysely.updateTable('shop_outbox').set({ state: 'waiting' }).where('id', '=', note.id).execute();
    await drain();
    expect((await emag.order(s.account, a.id))!.attachments).toHaveLength(1);

    // Delivered (the courier's news, by the tracking job): finalized at eMAG.
    clock.advance(2 * 3600);
    await runJobs();
    expect((await ordersOfSource(s.source)).find((o) => o.id === orderA)!.status).toBe('completed');
    clock.advance(60);
    await runJobs();
    there = (await emag.order(s.account, a.id))!;
    expect(there.status).toBe(4);

    const cancel = await s.u.call('POST', `/api/v1/order/${await orderIdOf(s.source, b.id)}/cancel`);
    expect(cancel.statusCode, cancel.body).toBe(200);
    await drain();
    expect((await emag.order(s.account, b.id))!).toMatchObject({ status: 0, reason_cancellation: 24 });
    expect((await outbox(s.source)).every((u) => u.state === 'sent')).toBe(true);

    // A link revoked answers as an unknown one.
    await revokePublicDocuments(serviceContext(t.services, { companyId: s.u.companyId }), orderA);
    expect((await t.app.inject({ method: 'GET', url: link })).statusCode).toBe(404);
  });

  it('an invoice issued here is attached once (type 1, a public link to its PDF), even when the send runs twice', async () => {
    const s = await connected({ smartBill: true });
    const [a] = await emag.takeOrders(s.account, 1, { payment: 'card' });
    await pullConnector(sys(), (await connectorRow(s.source)).id);
    const orderA = await orderIdOf(s.source, a.id);
    const res = await s.u.call('POST', `/api/v1/order/${orderA}/create-invoice`);
    expect(res.statusCode, res.body).toBe(201);
    const bill = res.json().data.bill_number as string;
    const [row] = (await outbox(s.source)).filter((u) => u.kind === 'invoice');
    expect(row).toMatchObject({ state: 'waiting', ref: String(a.id), order_id: orderA });
    await drain();
    let there = (await emag.order(s.account, a.id))!;
    expect(there.attachments).toEqual([expect.objectContaining({ type: 1, name: `Factura ${bill}` })]);
    // The job again with the same row (its outcome unknown): eMAG's order is read first, nothing sent twice.
    await t.db.kysely.updateTable('shop_outbox').set({ state: 'waiting' }).where('id', '=', row.id).execute();
    await drain();
    there = (await emag.order(s.account, a.id))!;
    expect(there.attachments).toHaveLength(1);
    const pdf = await t.app.inject({ method: 'GET', url: pathOf(there.attachments[0].url) });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('a storno of that invoice is attached the same way (type 1, a public link to its PDF), once', async () => {
    const s = await connected({ smartBill: true });
    const [a] = await emag.takeOrders(s.account, 1, { payment: 'card' });
    await pullConnector(sys(), (await connectorRow(s.source)).id);
    const orderA = await orderIdOf(s.source, a.id);
    const res = await s.u.call('POST', `/api/v1/order/${orderA}/create-invoice`);
    expect(res.statusCode, res.body).toBe(201);
    const bill = res.json().data.bill_number as string;
    await drain();
    // A storno only for an invoice more than a day old.
    clock.advance(86_400 + 60);
    const lines = (await s.u.call('GET', `/api/v1/order/${orderA}`)).json().data.order_products as {
      id: number;
      quantity: number;
    }[];
    const rev = await s.u.call('POST', `/api/v1/order/${orderA}/storno-invoice`, {
      body: { order_products: lines.map((l) => ({ id: l.id, quantity: l.quantity })) },
    });
    expect(rev.statusCode, rev.body).toBe(201);
    // Written with the storno, in its transaction.
    const [row] = (await outbox(s.source)).filter((u) => u.kind === 'storno');
    expect(row).toMatchObject({ state: 'waiting', ref: String(a.id), order_id: orderA });
    const number = JSON.parse(row.data).storno as string;
    expect(number).toMatch(/^\S+ \d+$/);
    expect(number).not.toBe(bill);
    await drain();
    let there = (await emag.order(s.account, a.id))!;
    expect(there.attachments.map((x) => [x.type, x.name])).toEqual([
      [1, `Factura ${bill}`],
      [1, `Storno ${number}`],
    ]);
    expect(there.attachments[1].url).not.toBe(there.attachments[0].url);
    // The job again with the same row: eMAG's order is read first, nothing attached twice.
    await t.db.kysely.updateTable('shop_outbox').set({ state: 'waiting' }).where('id', '=', row.id).execute();
    await drain();
    there = (await emag.order(s.account, a.id))!;
    expect(there.attachments).toHaveLength(2);
    expect((await outbox(s.source)).find((u) => u.id === row.id)!.state).toBe('sent');
    // eMAG downloads the storno's own PDF by its link, without a session.
    const pdf = await t.app.inject({ method: 'GET', url: pathOf(there.attachments[1].url) });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('stock: the offer of the SKU gets the latest quantity, one call per SKU per minute; a SKU eMAG lacks is told once', async () => {
    const s = await connected();
    const setStock = async (sku: string, stock: number) => {
      const found = (await s.u.call('GET', `/api/v1/product?search=${sku}`)).json().data[0];
      const p = (await s.u.call('GET', `/api/v1/product/${found.id}`)).json().data;
      const res = await s.u.call('POST', `/api/v1/product/${found.id}`, {
        body: {
          company_id: s.u.companyId,
          sku: p.sku,
          name: p.name,
          sale_type: p.sale_type,
          selling_price: p.selling_price,
          buying_price: p.buying_price,
          currency: p.currency,
          stock,
        },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    const level = async () => (await emag.offer(s.account, 'CANA-1'))!.stock;
    await setStock('CANA-1', 37);
    await setStock('CANA-1', 33);
    expect((await outbox(s.source)).filter((u) => u.kind === 'stock' && u.state === 'waiting')).toHaveLength(1);
    await drain();
    expect(await level()).toEqual([{ warehouse_id: 1, value: 33 }]);

    // Within the minute: it waits, then goes with the latest quantity.
    await setStock('CANA-1', 30);
    await drain();
    expect(await level()).toEqual([{ warehouse_id: 1, value: 33 }]);
    clock.advance(STOCK_SPACING_SECONDS);
    await drain();
    expect(await level()).toEqual([{ warehouse_id: 1, value: 30 }]);

    // A product with no offer at eMAG: told once, not asked again.
    await product(s.u, 'NOU-9', 'Farfurie');
    await setStock('NOU-9', 5);
    await drain();
    clock.advance(STOCK_SPACING_SECONDS);
    await setStock('NOU-9', 4);
    await drain();
    const missing = await t.db.kysely
      .selectFrom('notifications')
      .select('id')
      .where('company_id', '=', s.u.companyId)
      .where('message_key', '=', 'shop_product_missing')
      .execute();
    expect(missing).toHaveLength(1);
    expect((await outbox(s.source)).filter((u) => u.ref === 'NOU-9').map((u) => u.state)).toEqual([
      'skipped',
      'skipped',
    ]);
  });

  it('cancelled here with the connector’s “cancel in the shop” off (on by default): the eMAG order is left', async () => {
    const s = await connected();
    const path = `/api/v1/source/${s.source}/connector`;
    expect((await s.u.call('GET', path)).json().data.cancel_in_shop).toBe(true);
    const off = await s.u.call('POST', `${path}/settings`, { body: { cancel_in_shop: false } });
    expect(off.statusCode, off.body).toBe(200);
    const [a] = await emag.takeOrders(s.account, 1, { payment: 'cod' });
    await pullConnector(sys(), (await connectorRow(s.source)).id);
    const cancel = await s.u.call('POST', `/api/v1/order/${await orderIdOf(s.source, a.id)}/cancel`);
    expect(cancel.statusCode, cancel.body).toBe(200);
    await drain();
    expect((await outbox(s.source)).filter((u) => u.kind === 'order_status')).toEqual([]);
    expect((await emag.order(s.account, a.id))!.status).toBe(2);
  });

  it('holds eMAG’s limits: the emulator refuses excess calls, a pull of 30 orders (each acknowledged) never gets there', async () => {
    const auth = `Basic ${Buffer.from('demo:demo').toString('base64')}`;
    const calls = await Promise.all(
      Array.from({ length: 16 }, () =>
        t.app.emulatorHost!.inject({
          method: 'POST',
          url: `/emulators/emag/accounts/burst-${engineUnderTest}/api-3/order/count`,
          headers: { authorization: auth, 'content-type': 'application/json' },
          payload: '{}',
        }),
      ),
    );
    expect(calls.filter((c) => c.statusCode === 429).length).toBeGreaterThan(0);
    expect(emag.refused(`burst-${engineUnderTest}`)).toBeGreaterThan(0);

    const s = await connected({ pull: false });
    await emag.takeOrders(s.account, 30);
    await pullConnector(sys(), (await connectorRow(s.source)).id, { perPage: 10 });
    expect(await ordersOfSource(s.source)).toHaveLength(30);
    expect(emag.refused(s.account)).toBe(0);
  });

  // An hour away: every job of the file's sellers falls due (tracking, the outbox), slow on a loaded machine.
  it('eMAG down then back: nothing lost, the outbox drained', async () => {
    const s = await connected();
    const [a] = await emag.takeOrders(s.account, 1, { payment: 'card' });
    await pullConnector(sys(), (await connectorRow(s.source)).id);
    emag.faults.set('server_error');
    const [b] = await emag.takeOrders(s.account, 1, { payment: 'cod' });
    await awbFor(s, await orderIdOf(s.source, a.id));
    clock.advance(300);
    await runJobs();
    expect((await connectorRow(s.source)).state).toBe('error');
    expect(await ordersOfSource(s.source)).toHaveLength(1);
    const [note] = (await outbox(s.source)).filter((u) => u.kind === 'order_note');
    expect(note).toMatchObject({ state: 'waiting', attempts: 1 });

    emag.faults.clear();
    clock.advance(3600);
    await runJobs();
    expect((await ordersOfSource(s.source)).map((o) => o.external_id)).toEqual([String(a.id), String(b.id)]);
    expect((await outbox(s.source)).map((u) => u.state)).not.toContain('waiting');
    // Prepared, and by now delivered (the hour away): finalized.
    const there = (await emag.order(s.account, a.id))!;
    expect(there.attachments.map((x) => x.type)).toEqual([10]);
    expect(there.status).toBeGreaterThanOrEqual(3);
    expect((await connectorRow(s.source)).state).toBe('ok');
  }, 60_000);

  it('writes no secret to the log', () => {
    const log = logLines.join('\n');
    expect(log.length).toBeGreaterThan(0);
    expect(log).not.toContain(Buffer.from('demo:demo').toString('base64'));
  });
});

describe(`eMAG connector: the demo (${engineUnderTest})`, () => {
  it('the demo’s eMAG source is an emulated account taking new orders at every pull', async () => {
    const s = await seller(await t.signUp());
    expect(await connectDemoEmag(serviceContext(t.services, { companyId: s.u.companyId }), s.source)).toBe(true);
    await runJobs();
    const first = await ordersOfSource(s.source);
    expect(first.length).toBeGreaterThanOrEqual(4);
    clock.advance(300);
    await runJobs();
    expect((await ordersOfSource(s.source)).length).toBe(first.length + 2);
  });
});
