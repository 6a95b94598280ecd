// Imported first: it counts the statements of the database clients the app opens after it.
import { statementsOf } from '../../test/statements.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DPD_AWB_BODY, order, seller, type Seller } from '../../test/bulk.js';
import { engineUnderTest, startTestApp, type TestApp } from '../../test/harness.js';

/**
 * What one AWB create costs the database, statement by statement: on PostgreSQL each is a round
 * trip and its CPU on the server's one thread, and creates run many at a time (bulk jobs), so the
 * count is held here and cannot creep back. The emulated DPD's own statements (its store is the
 * app's database) are counted too.
 */

let t: TestApp;
let s: Seller;
beforeAll(async () => {
  t = await startTestApp();
  s = await seller(await t.signUp());
});
afterAll(() => t.close());

const create = async (id: number) => {
  const res = await s.u.call('POST', `/api/v1/order/${id}/awb`, { body: DPD_AWB_BODY });
  expect(res.statusCode, res.body).toBe(201);
};

describe(`an AWB create's statements (${engineUnderTest})`, () => {
  it('reads what it needs once and writes the kept counts together', async () => {
    const ids = [await order(s), await order(s)];
    await create(ids[0]); // the first of the company: statements prepared, emulator warmed up
    const statements = await statementsOf(() => create(ids[1]));
    // PostgreSQL: the order and its parties (1; the company's set-ups are kept in memory); the
    // claim (begin, the order locked with its attempts, the pending row, its check job, commit:
    // 5); the emulated DPD (its account, the parcel counter, the shipment and its parcel: 3); the
    // record (begin, lock, the row moved, the order's places before, the update, the kept counts
    // with the history and the SMS job in one statement, commit: 7); the order answered (1).
    // SQLite runs the kept-count writes one by one (no round trip to save): 5 more.
    const expected = engineUnderTest === 'postgres' ? 17 : 22;
    expect(statements.length, statements.join('\n')).toBe(expected);
    // Never read twice: the order's row is locked once per transaction (the claim's lock reads
    // its attempts with it), the set-ups not at all.
    expect(statements.filter((q) => q.startsWith('select * from "orders" where "id"'))).toHaveLength(1);
    expect(statements.filter((q) => /from "orders" as "o" left join "shipments"/.test(q))).toHaveLength(1);
    expect(statements.filter((q) => /from "shipments" where "order_id"/.test(q))).toHaveLength(0);
    expect(statements.filter((q) => /from "company_integrations"/.test(q))).toHaveLength(0);
  });
});
