// Imported first: it counts the statements of the database clients the app opens after it.
import { statementsOf } from '../../test/statements.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDueJobs } from '../../jobs/runner.js';
import { order, seller, SMALL, type Seller } from '../../test/bulk.js';
import { engineUnderTest, startTestApp, type TestApp } from '../../test/harness.js';
import { bulkJobs } from './index.js';

/**
 * What a bulk AWB job asks of the database for each order, held here so it cannot creep back: the
 * order is read three times (what the AWB needs of it, the claim's lock, the record's lock), plus
 * the lifecycle's read of its places before the AWB's update (the kept counts' "before"); the
 * company's set-ups and sealed login are read once a slice, not once an order.
 */

let t: TestApp;
let s: Seller;
beforeAll(async () => {
  t = await startTestApp();
  s = await seller(await t.signUp());
});
afterAll(() => t.close());

/** The bulk job's slices alone (the shipping SMS each AWB schedules is a job of its own, left queued). */
async function runBulkJobs(): Promise<void> {
  while ((await runDueJobs({ services: t.services, handlers: bulkJobs, instanceId: 'test' }, 50)) > 0);
}

async function awbJob(ids: number[]): Promise<number> {
  const res = await s.u.call('POST', '/api/v1/order-bulk', {
    body: { action: 'awb', selection: { ids }, params: { courier: 'dpd', ...SMALL } },
  });
  expect(res.statusCode, res.body).toBe(202);
  return res.json().data.id;
}

const readsOrders = (q: string) => /^\s*select\b/i.test(q) && /\b(from|join)\s+"orders"(?![\w"])/.test(q);

describe(`a bulk AWB job's statements (${engineUnderTest})`, () => {
  it('reads each order three times (and the kept counts once), the set-ups never once an order', async () => {
    await awbJob([await order(s)]);
    await runBulkJobs(); // the first of the company: statements prepared, emulator warmed up
    const ids = [await order(s), await order(s), await order(s), await order(s), await order(s)];
    const id = await awbJob(ids);
    const statements = await statementsOf(runBulkJobs);
    const job = (await s.u.call('GET', `/api/v1/order-bulk/${id}`)).json().data;
    expect(job.done).toBe(ids.length);

    const reads = statements.filter(readsOrders);
    const each = (re: RegExp) => reads.filter((q) => re.test(q)).length / ids.length;
    // What the AWB needs of the order (its recipient, address, sender), never its whole answer.
    expect(each(/"cc"\."phone_number"/)).toBe(1);
    expect(reads.filter((q) => /json_(build_)?object\('id'/.test(q))).toHaveLength(0);
    // The claim's lock (with the order's attempts) and the record's lock.
    expect(each(/from "orders" as "o" left join "shipments"/)).toBe(1);
    expect(each(/^select \* from "orders" where "id"/)).toBe(1);
    // The lifecycle's places before the AWB's update: the kept counts' "before".
    expect(each(/from "orders" as "o" inner join "customers"/)).toBe(1);
    expect(reads.length / ids.length, reads.join('\n')).toBe(4);
    // The slice read the set-ups (kept in memory) and opened the login once: no read of them an order.
    expect(statements.filter((q) => /from "company_integrations"/.test(q))).toHaveLength(0);
  });
});
