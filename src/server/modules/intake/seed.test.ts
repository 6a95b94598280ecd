import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken, newToken } from '../../http/auth.js';
import { DEMO_EMAIL, seedDemo } from '../../seed/index.js';
import { engineUnderTest, startTestApp, type TestApp, type TestUser } from '../../test/harness.js';
import { push, shopOrder } from '../../test/intake.js';
import { DEMO_INTAKE_KEY } from './index.js';

let t: TestApp;
let demo: TestUser;
let source: number;
beforeAll(async () => {
  t = await startTestApp();
  await seedDemo(t.db, undefined, t.services.secrets);
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
  const now = Math.floor(Date.now() / 1000);
  await t.db.kysely
    .insertInto('auth_tokens')
    .values({ user_id: user.id, token_hash: hashToken(token), created_at: now, last_used_at: now, revoked_at: null })
    .execute();
  demo = t.as({ id: user.id, email: DEMO_EMAIL, token, companyId: company.company_id } as TestUser);
  source = (
    await t.db.kysely
      .selectFrom('sources')
      .select('id')
      .where('company_id', '=', company.company_id)
      .where('source', '=', 'Magazin online')
      .executeTakeFirstOrThrow()
  ).id;
}, 180_000);
afterAll(() => t.close());

describe(`the demo's intake (${engineUnderTest})`, () => {
  it('the web shop source has the documented intake key, and the inbox shows what it received', async () => {
    const shown = (await demo.call('GET', `/api/v1/source/${source}`)).json().data;
    expect(shown.intake).toMatchObject({ key_id: DEMO_INTAKE_KEY.key_id });
    const inbox = (await demo.call('GET', '/api/v1/intake')).json();
    expect(inbox.meta.held).toBe(2);
    expect(
      inbox.data
        .slice(0, 2)
        .map((i: { problems: { code: string }[] }) => i.problems[0].code)
        .sort(),
    ).toEqual(['intake_invalid_phone', 'unknown_sku']);
    const toCheck = (await demo.call('GET', '/api/v1/order?address_check=1')).json().data;
    expect(toCheck).toHaveLength(1);
    expect((await demo.call('GET', '/api/v1/order/counts')).json().meta.address_check).toBe(1);
  });

  it("the README's signed push works with the demo's key and a SKU of its catalogue", async () => {
    const res = await push(
      t.app,
      DEMO_INTAKE_KEY,
      shopOrder('WEB-1', { lines: [{ sku: 'CVD-CAS-0005', quantity: 1 }] }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect((await demo.call('GET', `/api/v1/order/${res.json().data.order_id}`)).json().data).toMatchObject({
      external_id: 'WEB-1',
      source: 'Magazin online',
    });
  });
});
