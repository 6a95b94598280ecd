import { PDFArray, PDFDocument, PDFRawStream, type PDFObject } from 'pdf-lib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { jobHandlers } from '../../backgroundJobs.js';
import type { DpdShipment } from '../../emulators/dpd.js';
import { runDueJobs } from '../../jobs/runner.js';
import { manualClock } from '../../lib/clock.js';
import { loadProvidersConfig } from '../../providers/config.js';
import { DPD_AWB_BODY, order, seller, SMALL, type Seller } from '../../test/bulk.js';
import { engineUnderTest, startTestApp, type TestApp, type TestUser } from '../../test/harness.js';

const clock = manualClock(1_800_000_000);
const providers = loadProvidersConfig({});
/** Long enough for any call of the emulators in process, short enough to wait for a lost answer. */
const SHORT_LIMIT_MS = 1_500;

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ clock, deps: { providers } });
});
afterAll(() => t.close());
beforeEach(() => {
  providers.timeoutMs = 15_000;
  t.app.emulators!.dpd.faults.clear();
});

/** Runs the due jobs (the bulk job's slices) as an instance's runner does, until none is left. */
async function runJobs(app: TestApp = t, instanceId = 'test'): Promise<void> {
  while ((await runDueJobs({ services: app.services, handlers: jobHandlers(), instanceId }, 50)) > 0);
}

const start = (u: TestUser, body: unknown, lang = 'en') =>
  u.call('POST', '/api/v1/order-bulk', { body, headers: { 'accept-language': lang } });
const read = async (u: TestUser, id: number) => {
  const res = await u.call('GET', `/api/v1/order-bulk/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    status: string;
    total: number;
    done: number;
    skipped: number;
    failed: number;
    items: { order_id: number; outcome: string; reason: string | null; awb?: string }[];
  };
};

/** The live (not deleted) AWBs DPD holds, by order (our reference is `<order id>-<attempt>`). */
async function dpdAwbsByOrder(app: TestApp = t): Promise<Map<number, string[]>> {
  const all = await app.app.emulators!.dpd.store.list<DpdShipment>('shipments');
  const by = new Map<number, string[]>();
  for (const s of all) {
    if (s.deleted || !s.reference) continue;
    const orderId = Number(s.reference.split('-')[0]);
    by.set(orderId, [...(by.get(orderId) ?? []), s.number]);
  }
  return by;
}

async function sellerWithOrders(n: number, u?: TestUser): Promise<{ s: Seller; ids: number[] }> {
  const s = await seller(u ?? (await t.signUp()));
  const ids: number[] = [];
  for (let i = 0; i < n; i++) ids.push(await order(s));
  return { s, ids };
}

/**
 * An order to a city neither the address data nor DPD knows, the address confirmed by the seller
 * (so the bulk job does not skip it as "to check"): DPD refuses its AWB in its own words.
 */
async function orderDpdRefuses(s: Seller): Promise<number> {
  const id = await order(s, { city: 'Atlantida' });
  const confirmed = await s.u.call('POST', `/api/v1/order/${id}/address-check`, { body: { confirm: true } });
  expect(confirmed.statusCode, confirmed.body).toBeLessThan(300);
  return id;
}

const awbJob = (ids: number[]) => ({ action: 'awb', selection: { ids }, params: { courier: 'dpd', ...SMALL } });

describe(`bulk actions: who may call, and what is refused before anything starts (${engineUnderTest})`, () => {
  it('refuses a stranger (401) and answers another company job or order as not found (404)', async () => {
    const { s, ids } = await sellerWithOrders(2);
    const other = await t.signUp();
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/order-bulk', payload: awbJob(ids) });
    expect(res.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/order-bulk' })).statusCode).toBe(401);

    // Another company's order among the ids: 404 for the whole, and no job was made.
    const mixed = await start(other, awbJob([ids[0]]));
    expect(mixed.statusCode, mixed.body).toBe(404);
    expect((await other.call('GET', '/api/v1/order-bulk')).json().data).toEqual([]);

    const job = await start(s.u, awbJob(ids));
    expect(job.statusCode, job.body).toBe(202);
    const id = job.json().data.id;
    expect(job.json().data).toMatchObject({ action: 'awb', status: 'queued', total: 2 });
    for (const path of ['', '/labels', '/picking-list'])
      expect((await other.call('GET', `/api/v1/order-bulk/${id}${path}`)).statusCode).toBe(404);
    expect((await other.call('POST', `/api/v1/order-bulk/${id}/retry`)).statusCode).toBe(404);
    expect((await s.u.call('GET', '/api/v1/order-bulk')).json().data.map((j: { id: number }) => j.id)).toEqual([id]);
  });

  it('answers 422 per field, in the language asked: action, selection, courier, package, status', async () => {
    const { s, ids } = await sellerWithOrders(1);
    const bad = await start(s.u, { action: 'shred', selection: {} }, 'ro');
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['action', 'selection']);
    expect(bad.json().errors.action[0]).toMatch(/^Alegeți una dintre: awb, invoice, status, labels, picking_list/);
    expect(bad.json().errors.selection[0]).toBe('Selectați cel puțin o comandă.');

    const noSize = await start(s.u, { action: 'awb', selection: { ids }, params: { courier: 'fedex' } });
    expect(noSize.statusCode).toBe(422);
    expect(Object.keys(noSize.json().errors).sort()).toEqual(
      ['courier', 'package_height', 'package_length', 'package_weight', 'package_width'].sort(),
    );
    const strangerPackage = await start(s.u, {
      action: 'awb',
      selection: { ids },
      params: { courier: 'dpd', package_id: 999999 },
    });
    expect(strangerPackage.statusCode).toBe(422);
    expect(Object.keys(strangerPackage.json().errors)).toEqual(['package_id']);

    const status = await start(s.u, { action: 'status', selection: { ids }, params: { status: 'completed' } });
    expect(status.statusCode).toBe(422);
    expect(Object.keys(status.json().errors)).toEqual(['status']);
    // A status cleared in the form (empty), none sent, or one that is not a move a person may make:
    // one message naming the choices in words, in the language asked, never the raw values.
    for (const params of [{ status: '' }, {}, { status: null }, { status: 'completed' }]) {
      const en = await start(s.u, { action: 'status', selection: { ids }, params });
      expect(en.statusCode, JSON.stringify(params)).toBe(422);
      expect(en.json().errors, JSON.stringify(params)).toEqual({
        status: ['Choose the status to move the orders to: Cancelled or New.'],
      });
      const ro = await start(s.u, { action: 'status', selection: { ids }, params }, 'ro');
      expect(ro.json().errors, JSON.stringify(params)).toEqual({
        status: ['Alegeți starea în care trec comenzile: Anulată sau Nouă.'],
      });
    }

    const tooMany = await start(s.u, {
      action: 'labels',
      selection: { ids: Array.from({ length: 10_001 }, (_, i) => i + 1) },
    });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().errors.selection).toEqual(['At most 10,000 orders at once: narrow the selection.']);
    expect((await s.u.call('GET', '/api/v1/order-bulk')).json().data).toEqual([]);
  });

  it('a selection by filter whose count changed since the user saw it is refused with the count now (409)', async () => {
    const { s } = await sellerWithOrders(3);
    const changed = await start(s.u, { action: 'labels', selection: { filter: { status: 'new' }, expected: 2 } });
    expect(changed.statusCode).toBe(409);
    expect(changed.json().message).toMatch(/^3 orders match the filter now, not 2/);
    expect((await s.u.call('GET', '/api/v1/order-bulk')).json().data).toEqual([]);
    const same = await start(s.u, { action: 'labels', selection: { filter: { status: 'new' }, expected: 3 } });
    expect(same.statusCode, same.body).toBe(202);
    expect(same.json().data.total).toBe(3);
  });

  it('a selection by filter takes the JSON numbers and yes/no values as the query text they stand for', async () => {
    const { s, ids } = await sellerWithOrders(3);
    await start(s.u, awbJob([ids[0]]));
    await runJobs();
    const other = await seller(await t.signUp());
    const jobOf = (filter: Record<string, unknown>, expected: number, lang = 'en') =>
      start(s.u, { action: 'labels', selection: { filter, expected } }, lang);
    for (const filter of [
      { source: s.source, has_awb: false },
      { source: String(s.source), has_awb: '0' },
      { source: s.source, has_awb: 0 },
    ]) {
      const res = await jobOf(filter, 2);
      expect(res.statusCode, res.body).toBe(202);
      const job = await read(s.u, res.json().data.id);
      expect(job.items.map((i) => i.order_id).sort()).toEqual([ids[1], ids[2]].sort());
    }
    const withAwb = await jobOf({ source: s.source, has_awb: true }, 1);
    expect((await read(s.u, withAwb.json().data.id)).items.map((i) => i.order_id)).toEqual([ids[0]]);
    // Another company's source, as a number, matches none of this company's orders.
    const foreign = await jobOf({ source: other.source }, 0);
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors.selection).toEqual(['Select at least one order.']);
    // A number is checked as its text is; a yes/no is no source: 422 on each field, in the language asked.
    const bad = await jobOf({ source: 2.5, has_awb: 2 }, 2, 'ro');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.source).toEqual(['Valoarea nu este validă.']);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['has_awb', 'source']);
    const yesNoSource = await jobOf({ source: true }, 2);
    expect(yesNoSource.json().errors).toEqual({ source: ['This value is not valid.'] });
  });

  it('a double submission with one Idempotency-Key starts one job', async () => {
    const { s, ids } = await sellerWithOrders(1);
    const headers = { 'idempotency-key': 'bulk-once-1' };
    const a = await s.u.call('POST', '/api/v1/order-bulk', { body: awbJob(ids), headers });
    const b = await s.u.call('POST', '/api/v1/order-bulk', { body: awbJob(ids), headers });
    expect(a.statusCode).toBe(202);
    expect(b.json().data.id).toBe(a.json().data.id);
    expect((await s.u.call('GET', '/api/v1/order-bulk')).json().data).toHaveLength(1);
  });
});

describe(`a bulk AWB job (${engineUnderTest})`, () => {
  it('takes up an order its killed run was making: the cut-off create is asked about at once, not left "being created"', async () => {
    const { s, ids } = await sellerWithOrders(3);
    const stranger = await t.signUp({ companies: [s.u.companyId] });
    const id = (await start(s.u, awbJob(ids))).json().data.id;
    const now = clock.now();
    // The run that was killed: it had begun each order (attempt 1) and left a pending create each,
    // claimed since its try began by the job's user, except the second one's, which the other
    // user of the company is making by hand, and the third's, claimed before that try began.
    await t.db.kysely
      .updateTable('bulk_job_items')
      .set({ attempts: 1, started_at: now - 5 })
      .where('job_id', '=', id)
      .execute();
    const pending = (orderId: number, by: number, at: number) => ({
      company_id: s.u.companyId,
      order_id: orderId,
      courier: 'dpd',
      state: 'pending',
      reference: `${orderId}-1`,
      cod_bani: 0,
      weight_grams: 1000,
      created_by: by,
      created_at: at,
      updated_at: at,
    });
    await t.db.kysely
      .insertInto('shipments')
      .values([
        pending(ids[0], s.u.id, now - 4),
        pending(ids[1], stranger.id, now - 4),
        pending(ids[2], s.u.id, now - 6),
      ])
      .execute();
    await runJobs();
    const r = await read(s.u, id);
    // The courier has no AWB of the cut-off create (`<order>-1`): it fails, and the job makes one.
    expect(r.items[0]).toMatchObject({ outcome: 'done', awb: expect.any(String) });
    const byOrder = await dpdAwbsByOrder();
    expect(byOrder.get(ids[0])).toEqual([r.items[0].awb]);
    const rows = await t.db.kysely
      .selectFrom('shipments')
      .select(['reference', 'state'])
      .where('order_id', '=', ids[0])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { reference: `${ids[0]}-1`, state: 'failed' },
      { reference: `${ids[0]}-2`, state: 'created' },
    ]);
    // Creates this job's try did not claim are left to the protocol, as before.
    for (const item of r.items.slice(1)) expect(item).toMatchObject({ outcome: 'skipped' });
    expect(byOrder.get(ids[1])).toBeUndefined();
    expect(byOrder.get(ids[2])).toBeUndefined();
  });

  it('over 200 orders with courier refusals and lost answers ends with an outcome per order and one AWB per done order', async () => {
    const s = await seller(await t.signUp());
    const ids: number[] = [];
    const refused = new Set<number>();
    for (let i = 0; i < 200; i++) {
      // Every 25th order goes to a city DPD does not know: DPD refuses its AWB in its own words.
      const id = i % 25 === 3 ? await orderDpdRefuses(s) : await order(s);
      if (i % 25 === 3) refused.add(id);
      ids.push(id);
    }
    // Orders the job must skip: one cancelled, one with an AWB already.
    expect((await s.u.call('POST', `/api/v1/order/${ids[10]}/cancel`)).statusCode).toBe(200);
    const single = await start(s.u, awbJob([ids[20]]));
    await runJobs();
    const before = (await read(s.u, single.json().data.id)).items[0].awb;
    expect(before).toBeTruthy();

    providers.timeoutMs = SHORT_LIMIT_MS;
    // Lost answers: DPD makes the AWB but its answer never comes; a few requests time out before it does anything.
    t.app.emulators!.dpd.faults.set('answer_lost', 4);
    const job = await start(s.u, awbJob(ids));
    expect(job.statusCode, job.body).toBe(202);
    const id = job.json().data.id;
    await runJobs();

    const r = await read(s.u, id);
    expect(r.status).toBe('done');
    expect(r.items.map((i) => i.order_id)).toEqual(ids);
    expect(r.items.every((i) => ['done', 'skipped', 'failed'].includes(i.outcome))).toBe(true);
    expect(r.done + r.skipped + r.failed).toBe(200);

    const byOrder = new Map(r.items.map((i) => [i.order_id, i]));
    expect(byOrder.get(ids[10])).toMatchObject({ outcome: 'skipped', reason: 'The order is cancelled.' });
    expect(byOrder.get(ids[20])).toMatchObject({
      outcome: 'skipped',
      reason: `This order already has an AWB (${before}).`,
    });
    for (const o of refused) {
      expect(byOrder.get(o)!.outcome).toBe('failed');
      expect(byOrder.get(o)!.reason).toContain('Localitatea destinatarului nu a fost gasita');
    }
    expect(r.failed).toBe(refused.size);
    expect(r.skipped).toBe(2);
    expect(r.done).toBe(200 - 2 - refused.size);

    // Exactly one AWB at DPD per done order (the lost answers' AWBs adopted, none made twice), none for the rest.
    const atDpd = await dpdAwbsByOrder();
    for (const item of r.items) {
      const made = atDpd.get(item.order_id) ?? [];
      if (item.outcome === 'done') expect(made).toEqual([item.awb]);
      else if (item.order_id === ids[20]) expect(made).toEqual([before]);
      else expect(made).toEqual([]);
    }

    // The merged labels: one page per label (DPD's label is one page), in selection order.
    const labels = await s.u.call('GET', `/api/v1/order-bulk/${id}/labels`);
    expect(labels.statusCode, labels.body).toBe(200);
    expect(labels.headers['content-type']).toBe('application/pdf');
    const merged = await PDFDocument.load(labels.rawPayload);
    expect(merged.getPageCount()).toBe(r.done);
  }, 300_000);

  it('resumes after a restart in the middle without a second AWB, the order cut off mid-create included', async () => {
    const { s, ids } = await sellerWithOrders(12);
    const job = await start(s.u, awbJob(ids));
    const id = job.json().data.id;
    // The first slice runs (4 orders), as the runner would, then the process stops...
    const { runBulkSlice } = await import('./service.js');
    const { serviceContext } = await import('../../context.js');
    expect(await runBulkSlice(serviceContext(t.services), id, { items: 4 })).toEqual({ again: 0 });
    // ...while the fifth order was being made: the courier made its AWB, the outcome was never written.
    const { startItem, waitingItems } = await import('./queries.js');
    const [cut] = await waitingItems(t.db.kysely, id, 1);
    await startItem(t.db.kysely, cut, clock.now());
    const made = await s.u.call('POST', `/api/v1/order/${cut.order_id}/awb`, { body: DPD_AWB_BODY });
    expect(made.statusCode, made.body).toBe(201);

    const old = t;
    await old.app.close();
    const restarted = await startTestApp({ clock, deps: { providers }, restartOf: t });
    try {
      await runJobs(restarted, 'after-restart');
      const r = await read(restarted.as(s.u), id);
      expect(r.status).toBe('done');
      expect(r.done).toBe(12);
      expect(r.items.find((i) => i.order_id === cut.order_id)).toMatchObject({
        outcome: 'done',
        awb: made.json().data.awb,
      });
      const atDpd = await dpdAwbsByOrder(restarted);
      for (const item of r.items) expect(atDpd.get(item.order_id)).toEqual([item.awb]);
    } finally {
      await restarted.close();
      await old.close();
      t = await startTestApp({ clock, deps: { providers } });
    }
  }, 60_000);

  it('two jobs over the same orders, run by two instances at once, make one AWB per order', async () => {
    const { s, ids } = await sellerWithOrders(16);
    const a = (await start(s.u, awbJob(ids))).json().data.id;
    const b = (await start(s.u, awbJob([...ids].reverse()))).json().data.id;
    await Promise.all([runJobs(t, 'instance-a'), runJobs(t, 'instance-b')]);
    const [ra, rb] = [await read(s.u, a), await read(s.u, b)];
    expect(ra.status).toBe('done');
    expect(rb.status).toBe('done');
    expect(ra.done + rb.done).toBe(16);
    expect(ra.failed + rb.failed).toBe(0);
    const atDpd = await dpdAwbsByOrder();
    for (const o of ids) expect(atDpd.get(o)).toHaveLength(1);
  }, 60_000);

  it('a failed order is retried from the report and then done', async () => {
    const s = await seller(await t.signUp());
    const ids = [await orderDpdRefuses(s)];
    const id = (await start(s.u, awbJob(ids))).json().data.id;
    await runJobs();
    const first = await read(s.u, id);
    expect(first.items[0]).toMatchObject({ outcome: 'failed' });
    expect((await dpdAwbsByOrder()).get(ids[0]) ?? []).toEqual([]);
    // The seller corrects the address, then retries the failed order from the report.
    const fix = await s.u.call('POST', `/api/v1/customer-detail/${ids[0]}`, { body: { city: 'Sibiu' } });
    expect(fix.statusCode, fix.body).toBe(200);
    const retry = await s.u.call('POST', `/api/v1/order-bulk/${id}/retry`);
    expect(retry.statusCode, retry.body).toBe(202);
    await runJobs();
    const again = await read(s.u, id);
    expect(again.items[0]).toMatchObject({ outcome: 'done' });
    expect(again).toMatchObject({ done: 1, failed: 0, status: 'done' });
    expect((await s.u.call('POST', `/api/v1/order-bulk/${id}/retry`)).statusCode).toBe(409);
  }, 60_000);
});

/** The bytes of each page's content, to compare a merged page with the label it came from. */
async function pageContents(pdf: Uint8Array): Promise<string[]> {
  const doc = await PDFDocument.load(pdf);
  const bytes = (o: PDFObject | undefined): string => {
    const v = o ? doc.context.lookup(o) : undefined;
    if (v instanceof PDFRawStream) return Buffer.from(v.contents).toString('latin1');
    if (v instanceof PDFArray) return v.asArray().map(bytes).join('');
    return '';
  };
  return doc.getPages().map((p) => bytes(p.node.Contents()));
}

describe(`labels and the picking list (${engineUnderTest})`, () => {
  it('a labels job merges the orders labels in selection order, and skips an order without AWB', async () => {
    const { s, ids } = await sellerWithOrders(4);
    await start(s.u, awbJob(ids.slice(0, 3)));
    await runJobs();
    const chosen = [ids[2], ids[3], ids[0], ids[1]];
    const id = (await start(s.u, { action: 'labels', selection: { ids: chosen } })).json().data.id;
    await runJobs();
    const r = await read(s.u, id);
    expect(r.items.map((i) => i.outcome)).toEqual(['done', 'skipped', 'done', 'done']);
    expect(r.items[1].reason).toBe('The order has no AWB.');
    const merged = await s.u.call('GET', `/api/v1/order-bulk/${id}/labels`);
    expect(merged.statusCode, merged.body).toBe(200);
    const pages = await pageContents(merged.rawPayload);
    const singles = [];
    for (const o of [ids[2], ids[0], ids[1]])
      singles.push(...(await pageContents((await s.u.call('GET', `/api/v1/order/${o}/awb`)).rawPayload)));
    expect(pages).toHaveLength(3);
    expect(pages).toEqual(singles);
    expect(new Set(pages).size).toBe(3);
  }, 60_000);

  it('refuses to merge a label the courier sent that is not a PDF', async () => {
    const { s, ids } = await sellerWithOrders(1);
    const id = (await start(s.u, awbJob(ids))).json().data.id;
    await runJobs();
    const dpd = t.app.emulators!.dpd;
    dpd.faults.set('error_in_200', 1);
    const res = await s.u.call('GET', `/api/v1/order-bulk/${id}/labels`);
    expect(res.statusCode).not.toBe(200);
    expect(res.headers['content-type']).toMatch(/json/);
  });

  it('the picking list sums each SKU over the orders, sorted by SKU, with the order count (CSV and PDF)', async () => {
    const s = await seller(await t.signUp());
    const ids = [
      await order(s, { products: { 'CANA-1': 2, 'BOL-2': 1 } }),
      await order(s, { products: { 'CANA-1': 3 } }),
      await order(s, { products: { 'BOL-2': 4 } }),
      await order(s, { products: { 'CANA-1': 50 } }),
    ];
    expect((await s.u.call('POST', `/api/v1/order/${ids[3]}/cancel`)).statusCode).toBe(200);
    const id = (await start(s.u, { action: 'picking_list', selection: { ids } })).json().data.id;
    await runJobs();
    expect((await read(s.u, id)).items.map((i) => i.outcome)).toEqual(['done', 'done', 'done', 'skipped']);
    const csv = await s.u.call('GET', `/api/v1/order-bulk/${id}/picking-list?format=csv`, {
      headers: { 'accept-language': 'ro' },
    });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(
      csv.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n'),
    ).toEqual([
      '"SKU","Denumire","Variație","Cantitate","Comenzi"',
      '"BOL-2","Bol de ceramică","","5","2"',
      '"CANA-1","Cană de lut","","5","2"',
    ]);
    const pdf = await s.u.call('GET', `/api/v1/order-bulk/${id}/picking-list`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await s.u.call('GET', `/api/v1/order-bulk/${id}/picking-list?format=xls`)).statusCode).toBe(422);
  });
});

describe(`a bulk status change (${engineUnderTest})`, () => {
  it('cancels under the single order rules, marks the history as a bulk change, and skips what may not move', async () => {
    const s = await seller(await t.signUp());
    const ids = [await order(s), await order(s), await order(s)];
    await start(s.u, awbJob([ids[1]]));
    await runJobs();
    expect((await s.u.call('POST', `/api/v1/order/${ids[2]}/cancel`)).statusCode).toBe(200);
    const id = (await start(s.u, { action: 'status', selection: { ids }, params: { status: 'cancelled' } })).json().data
      .id;
    await runJobs();
    const r = await read(s.u, id);
    expect(r.items.map((i) => i.outcome)).toEqual(['done', 'skipped', 'skipped']);
    expect(r.items[1].reason).toMatch(/^The status cannot change this way: /);
    const events = await t.db.kysely
      .selectFrom('order_events')
      .select(['type', 'data'])
      .where('order_id', '=', ids[0])
      .where('type', '=', 'cancelled')
      .execute();
    expect(events).toHaveLength(1);
    expect(JSON.parse(events[0].data as unknown as string)).toMatchObject({
      from: 'new',
      to: 'cancelled',
      bulk_job: id,
    });
    expect((await s.u.call('GET', `/api/v1/order/${ids[0]}`)).json().data.status).toBe('cancelled');
  });
});
