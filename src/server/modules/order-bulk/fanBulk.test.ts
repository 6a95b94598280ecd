import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobHandlers } from '../../backgroundJobs.js';
import { runDueJobs } from '../../jobs/runner.js';
import { manualClock } from '../../lib/clock.js';
import { loadProvidersConfig } from '../../providers/config.js';
import { order, product, type Seller } from '../../test/bulk.js';
import { FAN_BULK_PARAMS, fanAwbsByOrder, setUpFan } from '../../test/fan.js';
import { engineUnderTest, startTestApp, type TestApp } from '../../test/harness.js';

const clock = manualClock(1_800_000_000);
const providers = loadProvidersConfig({});
/** Long enough for any call of the emulators in process, short enough to wait for a lost answer. */
const SHORT_LIMIT_MS = 1_500;

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ clock, deps: { providers } });
});
afterAll(() => t.close());

async function runJobs(): Promise<void> {
  while ((await runDueJobs({ services: t.services, handlers: jobHandlers(), instanceId: 'test' }, 50)) > 0);
}

async function fanSeller(): Promise<Seller> {
  const u = await t.signUp();
  await setUpFan(u);
  const src = await u.call('POST', '/api/v1/source', { body: { company_id: u.companyId, source: 'Shop' } });
  expect(src.statusCode, src.body).toBe(201);
  await product(u, 'CANA-1', 'Cană de lut');
  return { u, source: src.json().data.id };
}

/** An order to a city FAN does not know, its address confirmed by the seller: FAN refuses its AWB in its own words. */
async function orderFanRefuses(s: Seller): Promise<number> {
  const id = await order(s, { city: 'Atlantida' });
  const confirmed = await s.u.call('POST', `/api/v1/order/${id}/address-check`, { body: { confirm: true } });
  expect(confirmed.statusCode, confirmed.body).toBeLessThan(300);
  return id;
}

describe(`a bulk AWB job at FAN Courier (${engineUnderTest})`, () => {
  it('over 200 orders with refusals, lost answers, timeouts and expired tokens: an outcome per order and one AWB per done order, their labels merged in A6', async () => {
    const s = await fanSeller();
    // A thermal printer's labels: the merged PDF is one A6 page per parcel.
    const format = await s.u.call('POST', `/api/v1/company/${s.u.companyId}/shipping`, {
      body: { label_format: 'A6' },
      company: null,
    });
    expect(format.statusCode, format.body).toBe(200);
    const ids: number[] = [];
    const refused = new Set<number>();
    for (let i = 0; i < 200; i++) {
      const id = i % 25 === 3 ? await orderFanRefuses(s) : await order(s);
      if (i % 25 === 3) refused.add(id);
      ids.push(id);
    }
    // Orders the job must skip: one cancelled.
    expect((await s.u.call('POST', `/api/v1/order/${ids[10]}/cancel`)).statusCode).toBe(200);

    providers.timeoutMs = SHORT_LIMIT_MS;
    const fan = t.app.emulators!.fan;
    // Lost answers (FAN made the AWB, its answer never came), requests held before FAN did
    // anything, and tokens found expired (one re-login each, the call sent again).
    fan.faults.set('answer_lost', 4);
    fan.faults.set('timeout', 2);
    fan.faults.set('expired_token', 2);
    const job = await s.u.call('POST', '/api/v1/order-bulk', {
      body: { action: 'awb', selection: { ids }, params: FAN_BULK_PARAMS },
    });
    expect(job.statusCode, job.body).toBe(202);
    const jobId = job.json().data.id;
    await runJobs();
    providers.timeoutMs = 15_000;
    fan.faults.clear();

    const res = await s.u.call('GET', `/api/v1/order-bulk/${jobId}`);
    const r = res.json().data as {
      status: string;
      done: number;
      skipped: number;
      failed: number;
      items: { order_id: number; outcome: string; reason: string | null; awb?: string }[];
    };
    expect(r.status).toBe('done');
    expect(r.items.map((i) => i.order_id)).toEqual(ids);
    expect(r.done + r.skipped + r.failed).toBe(200);
    const byOrder = new Map(r.items.map((i) => [i.order_id, i]));
    expect(byOrder.get(ids[10])).toMatchObject({ outcome: 'skipped', reason: 'The order is cancelled.' });
    for (const o of refused) {
      expect(byOrder.get(o)!.outcome).toBe('failed');
      expect(byOrder.get(o)!.reason).toContain('Localitatea nu a fost găsită');
    }
    expect(r.items.filter((i) => i.outcome === 'failed' && !refused.has(i.order_id)).map((i) => i.reason)).toEqual([]);
    expect(r.failed).toBe(refused.size);
    expect(r.done).toBe(200 - 1 - refused.size);

    // Exactly one AWB at FAN per done order (the lost answers' AWBs adopted, none made twice), none for the rest.
    const atFan = await fanAwbsByOrder(fan);
    for (const item of r.items) {
      const made = atFan.get(item.order_id) ?? [];
      if (item.outcome === 'done') expect(made).toEqual([item.awb]);
      else expect(made).toEqual([]);
    }

    // The merged labels: one page per AWB, each a label page (no wider than 106 mm, no taller than 151 mm), never A4.
    const labels = await s.u.call('GET', `/api/v1/order-bulk/${jobId}/labels`);
    expect(labels.statusCode, labels.body).toBe(200);
    expect(labels.headers['content-type']).toBe('application/pdf');
    const merged = await PDFDocument.load(labels.rawPayload);
    expect(merged.getPageCount()).toBe(r.done);
    const mm = (pt: number) => (pt * 25.4) / 72;
    const notLabels = merged
      .getPages()
      .map((p, i) => ({ page: i + 1, w: mm(p.getWidth()), h: mm(p.getHeight()) }))
      .filter(({ w, h }) => w > 106 || h > 151 || h < 135);
    expect(notLabels).toEqual([]);
  }, 300_000);
});
