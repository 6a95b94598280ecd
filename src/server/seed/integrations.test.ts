import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceContext } from '../context.js';
import { hashToken, newToken } from '../http/auth.js';
import { manualClock } from '../lib/clock.js';
import { connectDemoIntegrations } from '../modules/integrations/index.js';
import { loadProvidersConfig } from '../providers/config.js';
import { createProviderRegistry } from '../providers/registry.js';
import { engineUnderTest, startTestApp, type TestApp, type TestUser } from '../test/harness.js';
import { cargusBody, createAwb, dpdBody } from '../test/shippingKit.js';
import { DEMO_EMAIL, seedDemo } from './index.js';
import { seedIntegrations } from './integrations.js';

/**
 * The demo as the seed makes it with emulated providers: its first company has every courier and
 * SmartBill set up with the emulators' demo accounts, so a demo order can be shipped and invoiced at
 * once, and asking the couriers for their repayments reaches the accounts holding the demo's AWBs.
 */
const clock = manualClock(1_800_000_000);
let t: TestApp;
let demo: TestUser;
let companies: number[] = [];
beforeAll(async () => {
  t = await startTestApp({ clock });
  await seedDemo(t.db, clock, t.services.secrets);
  const user = await t.db.kysely
    .selectFrom('users')
    .select('id')
    .where('email', '=', DEMO_EMAIL)
    .executeTakeFirstOrThrow();
  companies = (
    await t.db.kysely
      .selectFrom('company_users')
      .select('company_id')
      .where('user_id', '=', user.id)
      .orderBy('company_id')
      .execute()
  ).map((r) => r.company_id);
  const token = newToken();
  await t.db.kysely
    .insertInto('auth_tokens')
    .values({
      user_id: user.id,
      token_hash: hashToken(token),
      created_at: clock.now(),
      last_used_at: clock.now(),
      revoked_at: null,
    })
    .execute();
  demo = t.as({ id: user.id, email: DEMO_EMAIL, token, companyId: companies[0] } as TestUser);
}, 180_000);
afterAll(() => t.close());

/** A demo order of the first company that has no AWB and no invoice yet. */
async function freshDemoOrder(skip: number[] = []): Promise<number> {
  const row = await t.db.kysely
    .selectFrom('orders as o')
    .select('o.id')
    .where('o.company_id', '=', companies[0])
    .where('o.status', '=', 'new')
    .where('o.bill_number', 'is', null)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('shipments as s').select('s.id').whereRef('s.order_id', '=', 'o.id'))),
    )
    .$if(skip.length > 0, (q) => q.where('o.id', 'not in', skip))
    .orderBy('o.id', 'desc')
    .executeTakeFirstOrThrow();
  return row.id;
}

describe(`the demo company's integrations (${engineUnderTest})`, () => {
  it('has every courier and SmartBill configured and active with the demo accounts; the other company none', async () => {
    const res = await demo.call('GET', '/api/v1/company-integration');
    expect(res.statusCode).toBe(200);
    const setUps = res.json().data as { key: string; configured: boolean; is_active: boolean; emulated: boolean }[];
    expect(setUps.map((s) => s.key).sort()).toEqual(['cargus', 'dpd', 'fan', 'sameday', 'smartbill']);
    for (const s of setUps) expect(s, s.key).toMatchObject({ configured: true, is_active: true, emulated: true });
    // The logins are stored sealed: no row holds the demo password in clear.
    const rows = await t.db.kysely.selectFrom('company_integrations').select('credentials').execute();
    for (const r of rows) expect(r.credentials).not.toMatch(/"password"|"token"/);
    const other = await t.db.kysely
      .selectFrom('company_integrations')
      .select('id')
      .where('company_id', '=', companies[1])
      .execute();
    expect(other).toEqual([]);
  });

  it('creates a Cargus and a DPD AWB and an invoice for demo orders', async () => {
    const first = await freshDemoOrder();
    const cargus = await createAwb(demo, first, cargusBody());
    expect(cargus.statusCode, cargus.body).toBe(201);
    const second = await freshDemoOrder([first]);
    const dpd = await createAwb(demo, second, dpdBody());
    expect(dpd.statusCode, dpd.body).toBe(201);
    const invoice = await demo.call('POST', `/api/v1/order/${first}/create-invoice`);
    expect(invoice.statusCode, invoice.body).toBe(201);
    // In the series the demo's seeded invoices are numbered in.
    const order = (await demo.call('GET', `/api/v1/order/${first}`)).json().data as { bill_number: string | null };
    expect(order.bill_number).toMatch(/^FCT/);
  });

  it('asking the couriers for their repayments reaches the accounts that hold the demo AWBs', async () => {
    const res = await demo.call('POST', '/api/v1/cod/sync');
    expect(res.statusCode, res.body).toBe(200);
    const couriers = (res.json().data as { couriers: { courier: string; reported: number; error: string | null }[] })
      .couriers;
    for (const courier of ['cargus', 'dpd']) {
      const answer = couriers.find((c) => c.courier === courier);
      expect(answer, courier).toBeDefined();
      expect(answer!.error, courier).toBeNull();
      expect(answer!.reported, courier).toBeGreaterThan(0);
    }
  });

  it('sets nothing up with live providers, nor sends the demo logins anywhere', async () => {
    const calls: string[] = [];
    const live = loadProvidersConfig({ PROVIDERS: 'live' });
    const providers = createProviderRegistry({
      config: live,
      clock,
      fetch: (url) => {
        calls.push(url);
        return Promise.reject(new Error('no network in this test'));
      },
    });
    const ctx = { ...serviceContext({ ...t.services, providers }), companyId: companies[1] };
    expect(await connectDemoIntegrations(ctx)).toEqual([]);
    await seedIntegrations(
      t.db,
      { userId: demo.id, companyIds: [companies[1]], now: clock.now(), secrets: t.services.secrets },
      live,
    );
    expect(calls).toEqual([]);
    const rows = await t.db.kysely
      .selectFrom('company_integrations')
      .select('id')
      .where('company_id', '=', companies[1])
      .execute();
    expect(rows).toEqual([]);
  });
});
