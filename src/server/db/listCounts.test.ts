import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keptCount } from '../http/list.js';
import { startTestApp, type TestApp, type TestUser } from '../test/harness.js';
import { bumpCounts } from './listCounts.js';

let t: TestApp;
let u: TestUser;
beforeAll(async () => {
  t = await startTestApp();
  u = await t.signUp();
});
afterAll(() => t.close());

describe('kept list counts spread over shards', () => {
  it('stay exact: the sum of every change, whichever connection made it', async () => {
    const bucket = 'shard-exact';
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        t.db.kysely.transaction().execute((trx) =>
          bumpCounts(trx, u.companyId, [
            ['orders', bucket, i + 1],
            ['orders', `${bucket}-other`, -1],
          ]),
        ),
      ),
    );
    expect(await keptCount(t.db.kysely, u.companyId, 'orders', bucket)).toEqual({ total: 36, exact: true });
    expect((await keptCount(t.db.kysely, u.companyId, 'orders', `${bucket}-other`)).total).toBe(-8);
    // A rolled-back change leaves no trace.
    await t.db.kysely
      .transaction()
      .execute(async (trx) => {
        await bumpCounts(trx, u.companyId, [['orders', bucket, 100]]);
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    expect((await keptCount(t.db.kysely, u.companyId, 'orders', bucket)).total).toBe(36);
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'PostgreSQL: open transactions changing the same count do not wait for each other',
    async () => {
      // Each transaction bumps the same count, then waits until all have bumped before committing.
      // Were the count one row, the second would wait on the first's row lock, never reach the
      // barrier, and the test would time out.
      const n = 4;
      let arrived = 0;
      let release!: () => void;
      const all = new Promise<void>((r) => (release = r));
      const bucket = 'shard-concurrent';
      await Promise.all(
        Array.from({ length: n }, () =>
          t.db.kysely.transaction().execute(async (trx) => {
            await bumpCounts(trx, u.companyId, [['orders', bucket, 1]]);
            if (++arrived === n) release();
            await Promise.race([
              all,
              new Promise((_, reject) => setTimeout(() => reject(new Error('a count row was locked')), 10_000)),
            ]);
          }),
        ),
      );
      expect((await keptCount(t.db.kysely, u.companyId, 'orders', bucket)).total).toBe(n);
    },
  );
});
