/**
 * The customers search's SQL alone on a PostgreSQL database seeded by bench/orders.ts (kept with
 * BENCH_PG_DB), in one process and one connection, without the server: for each term, what a first
 * page of 10 costs as modules/customers/queries.ts runs it (searchPagePostgres: one statement for
 * the bounded count, the page and its flags, on the folded search text of migration 065) and as it
 * was before (a bounded count and a page, each ILIKE of the name or the email on the trigram
 * indexes of migration 059, which 065 drops: they are built again inside a transaction that is
 * rolled back, so the database is left as it was). The two run in turn, RUNS times each, so they
 * share whatever load the machine has; median and p99 in ms, and the matches each counted (a
 * first page that differs between the two is said).
 *
 *   BENCH_DATABASE_URL=postgres://postgres:postgres@127.0.0.1:5432/postgres BENCH_PG_DB=<kept db> \
 *     npx tsx bench/customer-search-pg.ts
 */
import { sql } from 'kysely';
import { openDb } from '../src/server/db/connection.js';
import { searchPagePostgres } from '../src/server/modules/customers/index.js';
import { percentile } from './_load.js';

const base = process.env.BENCH_DATABASE_URL;
const name = process.env.BENCH_PG_DB;
if (!base || !name)
  throw new Error('BENCH_DATABASE_URL and BENCH_PG_DB: a PostgreSQL database seeded by bench/orders.ts');
const RUNS = Number(process.env.RUNS ?? 100);
const url = new URL(base);
url.pathname = `/${name}`;
const db = openDb(url.toString());

/** containsPattern of http/list.ts. */
const pattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

class Rollback extends Error {}

try {
  await db.kysely.transaction().execute(async (trx) => {
    const { rows: company } = await sql<{
      id: number;
      n: string;
    }>`select min(company_id) as id, count(*) as n from company_customers group by company_id order by 2 desc limit 1`.execute(
      trx,
    );
    const companyId = company[0]!.id;
    await sql`create index if not exists company_customers_name_trgm on company_customers using gin (name public.gin_trgm_ops) with (fastupdate = off)`.execute(
      trx,
    );
    await sql`create index if not exists company_customers_email_trgm on company_customers using gin (email public.gin_trgm_ops) with (fastupdate = off)`.execute(
      trx,
    );
    await sql`analyze company_customers`.execute(trx);
    console.log(
      `${name}: company ${companyId}, ${Number(company[0]!.n).toLocaleString('en')} customers, ${RUNS} runs each`,
    );
    console.log(
      '\n| term | one statement (065) p50 / p99 ms | count + page by ILIKE (059) p50 / p99 ms | matches counted |',
    );
    console.log('|---|---|---|---|');
    for (const term of ['Maria Moldovan', 'Popescu', 'gmail', 'Ștefănescu']) {
      const p = pattern(term);
      const now: number[] = [];
      const before: number[] = [];
      let foundNow = 0;
      let foundBefore = 0;
      let pageNow: unknown[] = [];
      let pageBefore: unknown[] = [];
      for (let i = 0; i < RUNS; i++) {
        let t0 = performance.now();
        const { rows } = await searchPagePostgres(companyId, term, { offset: 0, items: 10, bound: 200 }).execute(trx);
        now.push(performance.now() - t0);
        foundNow = Number(rows[0]?.n ?? 0);
        pageNow = rows.filter((r) => r.id !== null).map((r) => r.id);
        t0 = performance.now();
        const { rows: count } = await sql<{ n: string }>`select count(*) as n from (select 1 from company_customers cc
          where cc.company_id = ${companyId} and (cc.name ilike ${p} escape '\\' or cc.email ilike ${p} escape '\\') limit 201) as matches`.execute(
          trx,
        );
        const { rows: page } = await sql<{
          id: number;
        }>`select cc.customer_id as id, cc.phone_number, cc.name, cc.email, cc.orders_count, cc.created_at from company_customers cc
          where cc.company_id = ${companyId} and (cc.name ilike ${p} escape '\\' or cc.email ilike ${p} escape '\\')
          order by cc.customer_id desc limit 10 offset 0`.execute(trx);
        before.push(performance.now() - t0);
        foundBefore = Number(count[0]?.n ?? 0);
        pageBefore = page.map((r) => r.id);
      }
      const fmt = (ms: number[]) => {
        ms.sort((a, b) => a - b);
        return `${percentile(ms, 0.5).toFixed(2)} / ${percentile(ms, 0.99).toFixed(2)}`;
      };
      console.log(
        `| ${term} | ${fmt(now)} | ${fmt(before)} | ${foundNow}${foundNow === foundBefore ? '' : ` (before: ${foundBefore})`}${
          JSON.stringify(pageNow) === JSON.stringify(pageBefore) ? '' : ' (pages differ)'
        } |`,
      );
    }
    throw new Rollback();
  });
} catch (e) {
  if (!(e instanceof Rollback)) throw e;
} finally {
  await db.close();
}
