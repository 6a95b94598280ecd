import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken, newToken } from '../../http/auth.js';
import { manualClock } from '../../lib/clock.js';
import { DEMO_EMAIL, seedDemo } from '../../seed/index.js';
import { seedDemoShop } from '../../seed/shop.js';
import { engineUnderTest, startTestApp, type TestApp, type TestUser } from '../../test/harness.js';
import { connectorReads } from '../../test/connectorsKit.js';
import { DEMO_STORE_URL } from './demo.js';
import { pullConnector } from './ordersIn.js';
import { serviceContext } from '../../context.js';

/**
 * The demo as the server makes it on an empty database: the seed, then `seedDemoShop` once the app
 * and its emulators exist. The demo company's web shop is an emulated WooCommerce shop and its eMAG
 * source an emulated eMAG account, each taking new orders before every pull, so a newcomer sees
 * orders arrive.
 */
const clock = manualClock(1_800_000_000);
let t: TestApp;
let demo: TestUser;
const sources = new Map<string, number>();
beforeAll(async () => {
  t = await startTestApp({ clock });
  await seedDemo(t.db, clock, t.services.secrets);
  expect(await seedDemoShop(t.services)).toBe(true);
  const user = await t.db.kysely
    .selectFrom('users')
    .select('id')
    .where('email', '=', DEMO_EMAIL)
    .executeTakeFirstOrThrow();
  const company = await t.db.kysely
    .selectFrom('company_users')
    .select('company_id')
    .where('user_id', '=', user.id)
    .orderBy('company_id')
    .executeTakeFirstOrThrow();
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
  demo = t.as({ id: user.id, email: DEMO_EMAIL, token, companyId: company.company_id } as TestUser);
  const rows = await t.db.kysely
    .selectFrom('sources')
    .select(['id', 'source'])
    .where('company_id', '=', company.company_id)
    .where('source', 'in', ['Magazin online', 'eMAG Marketplace'])
    .execute();
  for (const r of rows) sources.set(r.source, r.id);
}, 180_000);
afterAll(() => t.close());

const { ordersOfSource, connectorRow } = connectorReads(() => t.db.kysely);
/** What the connectors' pull job does every 5 minutes (the job itself is the connectors tests'). */
const pullBoth = async (...sourceIds: number[]) => {
  for (const id of sourceIds) {
    await pullConnector(serviceContext(t.services), (await connectorRow(id)).id);
    await t.app.emulators!.woocommerce.settled();
  }
};

describe(`the demo's shops (${engineUnderTest})`, () => {
  it('the web shop is an emulated WooCommerce shop and the eMAG source an emulated eMAG account, both taking new orders at every pull', async () => {
    const web = sources.get('Magazin online')!;
    const marketplace = sources.get('eMAG Marketplace')!;
    expect((await demo.call('GET', `/api/v1/source/${web}/connector`)).json().data).toMatchObject({
      type: 'woocommerce',
      store_url: DEMO_STORE_URL,
      emulated: true,
    });
    expect((await demo.call('GET', `/api/v1/source/${marketplace}/connector`)).json().data).toMatchObject({
      type: 'emag',
      emulated: true,
      webhook_url: null,
    });

    await pullBoth(web, marketplace);
    const first = { web: (await ordersOfSource(web)).length, emag: (await ordersOfSource(marketplace)).length };
    expect(first.emag).toBeGreaterThan(0);
    // A few minutes later (the next pull): new orders in each.
    clock.advance(300);
    await pullBoth(web, marketplace);
    expect((await ordersOfSource(web)).length).toBe(first.web + 2);
    expect((await ordersOfSource(marketplace)).length).toBe(first.emag + 2);
  });
});
