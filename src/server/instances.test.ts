import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scheduleRecurringJobs } from './backgroundJobs.js';
import { runDueJobs, type JobHandlers } from './jobs/runner.js';
import { manualClock } from './lib/clock.js';
import { TRACKING_JOB } from './modules/tracking/index.js';
import { engineUnderTest, startTestApp, type TestApp, type TestUser } from './test/harness.js';

/**
 * Two instances of the server on one database, as behind a load balancer (PostgreSQL; on the
 * SQLite engine, one file opened by both, as the CLI shares it with the server): requests alternate
 * between them and each keeps only what the other can invalidate.
 */
describe(`two instances on one database (${engineUnderTest})`, () => {
  const clock = manualClock(1_800_000_000);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-instances-'));
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await startTestApp({
      clock,
      ...(engineUnderTest === 'sqlite' ? { sqliteFile: path.join(dir, 'app.db') } : {}),
    });
    b = await startTestApp({ clock, instanceOf: a });
  });
  afterAll(async () => {
    await b.close();
    await a.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const onB = (u: TestUser) => b.as(u);

  it('a sign-out on one instance is refused on the other within the 5 seconds each remembers a session', async () => {
    const u = await a.signUp();
    expect((await onB(u).call('GET', '/api/v1/me', { company: null })).statusCode).toBe(200);
    expect((await u.call('GET', '/api/v1/logout', { company: null })).statusCode).toBe(200);
    expect((await u.call('GET', '/api/v1/me', { company: null })).statusCode).toBe(401);
    clock.advance(6);
    expect((await onB(u).call('GET', '/api/v1/me', { company: null })).statusCode).toBe(401);
  });

  it("a list one instance keeps in memory shows the other instance's write", async () => {
    const u = await a.signUp();
    const list = async () =>
      (await onB(u).call('GET', '/api/v1/source')).json().data.map((s: { source: string }) => s.source);
    expect(await list()).toEqual([]);
    expect(
      (await u.call('POST', '/api/v1/source', { body: { company_id: u.companyId, source: 'eMAG' } })).statusCode,
    ).toBe(201);
    let seen: string[] = [];
    for (let i = 0; i < 40 && !seen.includes('eMAG'); i++) {
      seen = await list();
      if (!seen.includes('eMAG')) await new Promise((r) => setTimeout(r, 50));
    }
    expect(seen).toEqual(['eMAG']);
  });

  it('the recurring jobs exist once and run once, both instances claiming them at the same moment', async () => {
    await Promise.all([scheduleRecurringJobs(a.db, clock.now()), scheduleRecurringJobs(b.db, clock.now())]);
    const rows = await a.db.kysely.selectFrom('jobs').select('key').where('kind', '=', TRACKING_JOB.kind).execute();
    expect(rows).toHaveLength(1);
    let runs = 0;
    const handlers: JobHandlers = { [TRACKING_JOB.kind]: { run: async () => void runs++ } };
    await Promise.all([
      runDueJobs({ services: a.services, handlers, instanceId: 'a' }),
      runDueJobs({ services: b.services, handlers, instanceId: 'b' }),
    ]);
    expect(runs).toBe(1);
  });

  it('two AWB creates for one order, one through each instance at the same moment, make one AWB', async () => {
    const u = await a.signUp();
    const login = await u.call('POST', `/api/v1/sameday/company/${u.companyId}/login`, {
      body: { username: 'demo', password: 'demo' },
    });
    expect(login.statusCode, login.body).toBe(200);
    const pick = await u.call('POST', `/api/v1/sameday/company/${u.companyId}/pickup-points`, {
      body: { pickup_point_id: '3101', contact_person_id: '7101' },
    });
    expect(pick.statusCode, pick.body).toBe(200);
    const src = (await u.call('POST', '/api/v1/source', { body: { company_id: u.companyId, source: 'Shop' } })).json()
      .data.id;
    const product = await u.call('POST', '/api/v1/product', {
      body: {
        company_id: u.companyId,
        sku: 'I-1',
        name: 'Ibric',
        sale_type: 'Bucata',
        stock: 5,
        selling_price: 30,
        buying_price: 1,
        currency: 'RON',
      },
    });
    expect(product.statusCode, product.body).toBe(201);
    const order = await u.call('POST', '/api/v1/order', {
      body: {
        name: 'Ion Popescu',
        phone_number: '0744 123 456',
        county: 'Cluj',
        city: 'Dej',
        street: 'Strada Republicii',
        number: '3',
        source: src,
        products: { 'I-1': 1 },
      },
    });
    expect(order.statusCode, order.body).toBe(201);
    const id = order.json().data.id;
    const body = {
      courier: 'sameday',
      name: 'Ion Popescu',
      phone_number: '0744 123 456',
      county: 'Cluj',
      city: 'Dej',
      address: 'Strada Republicii 3',
      package_width: 25,
      package_height: 10,
      package_length: 25,
      package_weight: 1,
    };
    const answers = await Promise.all([
      u.call('POST', `/api/v1/order/${id}/awb`, { body }),
      onB(u).call('POST', `/api/v1/order/${id}/awb`, { body }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const shipments = await a.db.kysely
      .selectFrom('shipments')
      .select(['state', 'awb'])
      .where('order_id', '=', id)
      .execute();
    expect(shipments.filter((s) => s.state === 'created')).toHaveLength(1);
    expect(shipments.every((s) => s.state === 'created')).toBe(true);
  });
});
