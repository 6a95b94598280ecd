import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../lib/clock.js';
import { forUpdate } from './connection.js';
import { startTestApp, type TestApp, type TestUser } from '../test/harness.js';

/** The transaction helper, the row lock and the per-request context, on the engine under test. */
describe('db.transaction, forUpdate and the request context', () => {
  const clock = manualClock(1_800_000_000);
  let t: TestApp;
  let user: TestUser;
  let productId: number;

  beforeAll(async () => {
    t = await startTestApp({ clock });
    user = await t.signUp();
    const row = await t.db.kysely
      .insertInto('products')
      .values({
        company_id: user.companyId,
        parent_id: null,
        name: 'P',
        description: null,
        sku: 'TX-1',
        sale_type: 'Bucata',
        stock: 0,
        selling_price: 100,
        buying_price: 50,
        currency: 'RON',
        created_at: 1,
        updated_at: 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    productId = row.id;
    // A route that shows what a service would receive.
    t.app.get('/api/v1/__ctx', { config: { company: true } }, async (req) => {
      const { db, clock: _clock, providers, secrets, ...rest } = req.ctx;
      // The app's own services, never copies: a job and a request reach the same registry and secret box.
      return {
        ...rest,
        appServices: db === t.services.db && providers === t.services.providers && secrets === t.services.secrets,
      };
    });
  });
  afterAll(() => t.close());

  const stock = async () =>
    (await t.db.kysely.selectFrom('products').select('stock').where('id', '=', productId).executeTakeFirstOrThrow())
      .stock;

  it('commits what the callback wrote and rolls everything back when it throws', async () => {
    await t.db.transaction((trx) =>
      trx.updateTable('products').set({ stock: 5 }).where('id', '=', productId).execute(),
    );
    expect(await stock()).toBe(5);
    await expect(
      t.db.transaction(async (trx) => {
        await trx.updateTable('products').set({ stock: 99 }).where('id', '=', productId).execute();
        throw new Error('rule failed after the write');
      }),
    ).rejects.toThrow('rule failed');
    expect(await stock()).toBe(5);
  });

  it('two read-then-write transactions at the same moment never lose an update', async () => {
    await t.db.transaction((trx) =>
      trx.updateTable('products').set({ stock: 0 }).where('id', '=', productId).execute(),
    );
    const addOne = () =>
      t.db.transaction(async (trx) => {
        const row = await forUpdate(
          trx,
          trx.selectFrom('products').select('stock').where('id', '=', productId),
        ).executeTakeFirstOrThrow();
        // Give the other transaction every chance to read the same value in between.
        await new Promise((r) => setTimeout(r, 30));
        await trx
          .updateTable('products')
          .set({ stock: Number(row.stock) + 1 })
          .where('id', '=', productId)
          .execute();
      });
    await Promise.all(Array.from({ length: 8 }, addOne));
    expect(await stock()).toBe(8);
  });

  it('builds the service context from the signed-in user, the company, the language and the clock', async () => {
    const res = await user.call('GET', '/api/v1/__ctx', { headers: { 'accept-language': 'ro-RO' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      companyId: user.companyId,
      userId: user.id,
      lang: 'ro',
      now: 1_800_000_000,
      appServices: true,
      publicUrl: 'http://localhost',
    });
    clock.advance(3600);
    expect((await user.call('GET', '/api/v1/__ctx')).json()).toMatchObject({ lang: 'en', now: 1_800_003_600 });
  });
});
