import { CompiledQuery, sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/schema.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderListFilterSchema } from '../../../core/orders/listFilter.js';
import { recountOrderLists } from '../order-counts/index.js';
import { startTestApp, type TestApp, type TestUser } from '../../test/harness.js';
import { dayCountsStatement, filteredPage, filteredStatements } from './list/index.js';

/**
 * The filtered list's statements keep to their indexes: a plan that scans the company's orders (or
 * the whole table) fails here, on both engines. The company has 4,000 orders over a year (a third
 * without an AWB, 2 % of customers flagged) and statistics are taken, so the planner weighs them as
 * in use; PostgreSQL is also told to avoid sequential scans, which the small table would invite.
 */
let t: TestApp;
let u: TestUser;
beforeAll(async () => {
  t = await startTestApp();
  u = await t.signUp();
  const src = await u.call('POST', '/api/v1/source', { body: { company_id: u.companyId, source: 'Shop' } });
  const p = await u.call('POST', '/api/v1/product', {
    body: {
      company_id: u.companyId,
      sku: 'P-1',
      name: 'Mug',
      sale_type: 'Bucata',
      stock: 100,
      selling_price: 10,
      buying_price: 1,
      currency: 'RON',
    },
  });
  expect(p.statusCode, p.body).toBe(201);
  const res = await u.call('POST', '/api/v1/order', {
    body: {
      name: 'Plan',
      phone_number: '0746 000 001',
      county: 'Cluj',
      city: 'Cluj-Napoca',
      street: 'Strada Memorandumului',
      number: '28',
      source: src.json().data.id,
      products: { 'P-1': 1 },
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const k = t.db.kysely;
  const now = Math.floor(Date.now() / 1000);
  // 1,000 customers, 20 of them flagged; 4,000 orders copied from the one above.
  await sql`insert into customers (phone_number, created_at, updated_at)
    select '+4079' || (1000000 + n), ${now}, ${now} from (${series(1000)}) s`.execute(k);
  const first = await k
    .selectFrom('customers')
    .select('id')
    .where('phone_number', 'like', '+40791%')
    .orderBy('id')
    .executeTakeFirstOrThrow();
  await sql`insert into flags (customer_id, company_id, reason, created_at)
    select ${first.id} + n * 50, ${u.companyId}, 'x', ${now} from (${series(20)}) s where n < 20`.execute(k);
  const day = 86400;
  await sql`insert into orders (company_id, customer_id, source_id, status, courier, courier_status, awb, invoice_status,
      value, discount, shipping_cost, client_shipping_cost, total_value, created_at, updated_at)
    select ${u.companyId}, ${first.id} + n % 1000, null,
      case when n % 3 = 0 then 'new' when n % 3 = 1 then 'processing' else 'completed' end,
      case when n % 3 = 0 then null when n % 2 = 0 then 'cargus' else 'dpd' end,
      case when n % 3 = 0 then null else 'in_transit' end,
      case when n % 3 = 0 then null else 'A' || n end, 'none',
      1000, 0, 0, 0, 1000, ${now - 365 * day} + n * ${Math.floor((365 * day) / 4000)}, ${now}
    from (${series(4000)}) s`.execute(k);
  await recountOrderLists(k, u.companyId);
  await sql`analyze`.execute(k);
});
afterAll(() => t.close());

/** The integers 0..n-1 as a subquery with one column `n`. */
function series(n: number): RawBuilder<unknown> {
  return sql`with recursive r(n) as (select 0 union all select n + 1 from r where n + 1 < ${n}) select n from r`;
}

/** A statement as Kysely builds it: raw SQL (compiled with an executor) or a query builder. */
type Plannable = { compile(executor: Kysely<Database>): CompiledQuery<unknown> };

async function planOf(q: Plannable): Promise<string> {
  const run = async (exec: Kysely<Database>, prefix: string) => {
    const c = q.compile(exec);
    return (await exec.executeQuery<Record<string, string>>(CompiledQuery.raw(prefix + c.sql, [...c.parameters]))).rows;
  };
  if (t.db.engine === 'sqlite') return (await run(t.db.kysely, 'explain query plan ')).map((r) => r.detail).join('\n');
  return t.db.kysely.transaction().execute(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx);
    return (await run(trx, 'explain ')).map((r) => r['QUERY PLAN']).join('\n');
  });
}

/** A scan of the orders table, or of all of the company's entries in its (company_id, id) index. */
function scansOrders(plan: string, engine: string): boolean {
  if (engine === 'sqlite') return /\bSCAN (o|orders)\b/.test(plan);
  return /Seq Scan on orders/.test(plan);
}

describe("the filtered list's plans", () => {
  const filter = (q: string) => orderListFilterSchema.parse(Object.fromEntries(new URLSearchParams(q)));
  const month = (() => {
    const d = (s: number) => new Date(s * 1000).toISOString().slice(0, 10);
    const now = Math.floor(Date.now() / 1000);
    return `created_from=${d(now - 60 * 86400)}&created_to=${d(now - 31 * 86400)}`;
  })();

  it('read a courier over a month from the courier-and-date indexes, never the company’s orders', async () => {
    const f = filter(`courier=cargus&${month}`);
    for (const q of [
      filteredStatements.count(u.companyId, f),
      filteredStatements.page(u.companyId, f, { desc: true, limit: 10, offset: 0 }),
      filteredStatements.tabs(t.db.engine, u.companyId, f),
    ]) {
      const plan = await planOf(q);
      expect(scansOrders(plan, t.db.engine), plan).toBe(false);
      expect(plan, plan).toMatch(/orders_company_courier_(created|id)/);
      if (t.db.engine === 'sqlite') expect(plan, plan).not.toMatch(/USING (COVERING )?INDEX orders_company_id\b/);
    }
  });

  it('count a courier over a month from its kept days and walk its page between their id bounds', async () => {
    const f = filter(`courier=cargus&${month}`);
    // The total and the tabs: the kept rows of the month's days, on their primary key alone.
    const days = await planOf(dayCountsStatement(t.db.kysely, u.companyId, f));
    if (t.db.engine === 'sqlite')
      expect(days, days).toMatch(
        /^SEARCH order_list_day_counts USING PRIMARY KEY \(company_id=\? AND day>\? AND day<\?\)/m,
      );
    else
      expect(days, days).toMatch(
        /(Index (Only )?Scan using|Bitmap Index Scan on) order_list_day_counts_pk[\s\S]*Index Cond: [^\n]*day\)::text >= '2/,
      );
    expect(days, days).not.toMatch(/\borders\b|Seq Scan/);
    // The page as the list runs it: the courier's ids newest first, from the month's greatest id
    // down, ten read; never the month's entries searched and sorted.
    const { total, page } = await filteredPage(t.db.kysely, t.db.engine, u.companyId, f, {
      desc: true,
      limit: 10,
      offset: 0,
    });
    expect(total).toBeGreaterThan(10);
    const plan = await planOf(page!);
    expect(scansOrders(plan, t.db.engine), plan).toBe(false);
    if (t.db.engine === 'sqlite')
      expect(plan, plan).toMatch(
        /SEARCH o USING COVERING INDEX orders_company_courier_id \(company_id=\? AND courier=\? AND id>\? AND id<\?\)/,
      );
    // PostgreSQL weighs the courier's index against the primary key on this small table: either
    // way a backward walk that starts and ends at the bounds.
    else
      expect(plan, plan).toMatch(
        /^Limit[^\n]*\n\s+->\s+Index (Only )?Scan Backward using \S+ on orders o[^\n]*\n\s+Index Cond: [^\n]*id >= \d+\) AND \(id <= \d+/,
      );
    expect(plan, plan).not.toMatch(/\bSort\b|TEMP B-TREE/);
  });

  it('walk the orders without an AWB and those of flagged customers on their indexes for a page', async () => {
    const noAwb = await planOf(
      filteredStatements.page(u.companyId, filter('has_awb=0'), { desc: true, limit: 10, offset: 0 }),
    );
    expect(scansOrders(noAwb, t.db.engine), noAwb).toBe(false);
    // SQLite must take the partial index. PostgreSQL weighs costs: with a third of these 4,000
    // orders without an AWB it rightly walks the newest ids backwards and stops at the page's 10
    // (at a million, where few lack an AWB, it takes the partial index: bench/orders.ts prints the
    // plan). What it must never do is read every one of them before the limit (a sort of them all).
    if (t.db.engine === 'sqlite') expect(noAwb, noAwb).toMatch(/orders_no_awb/);
    else expect(noAwb, noAwb).toMatch(/^Limit[\s\S]*(orders_no_awb|Index Scan Backward using orders_pkey)/);
    expect(noAwb, noAwb).not.toMatch(/\bSort\b/);
    const flagged = await planOf(
      filteredStatements.page(u.companyId, filter('flagged=1'), { desc: true, limit: 10, offset: 0 }),
    );
    expect(scansOrders(flagged, t.db.engine), flagged).toBe(false);
    expect(flagged, flagged).toMatch(/flags/);
  });
});
