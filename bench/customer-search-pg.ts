/**
 * The customers search's SQL alone on a PostgreSQL database seeded by bench/orders.ts (kept with
 * BENCH_PG_DB), in one process and one connection, without the server: for each term, what a first
 * page of 10 with its bounded count costs as modules/customers/queries.ts runs it
 * (searchPagePostgres: one statement, a sample of the newest customers choosing between the walk and
 * the trigram index, prepared once per connection) against the same statement without the sample
 * (sampleRows 0: the walk of the newest 10,000 always first, as before) and against the statement
 * sent unnamed (parsed and planned on every run, as every text search was). They run in turn, RUNS
 * times each, so they share whatever load the machine has; median and p99 in ms, and the matches
 * each counted (a first page that differs from the first column's is said).
 *
 *   BENCH_DATABASE_URL=postgres://postgres:postgres@127.0.0.1:5432/postgres BENCH_PG_DB=<kept db> \
 *     npx tsx bench/customer-search-pg.ts
 */
import { sql, type CompiledQuery } from 'kysely';
import { openDb } from '../src/server/db/connection.js';
import { ONE_PLAN } from '../src/server/db/perf/pgStatements.js';
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

const page = { offset: 0, items: 10, bound: 200 };
const variants: [string, (companyId: number, term: string) => CompiledQuery][] = [
  ['as the list runs it', (id, term) => searchPagePostgres(id, term, page).compile(db.kysely)],
  ['the walk always first', (id, term) => searchPagePostgres(id, term, { ...page, sampleRows: 0 }).compile(db.kysely)],
  [
    'planned on every run',
    (id, term) => {
      const q = searchPagePostgres(id, term, page).compile(db.kysely);
      return { ...q, sql: q.sql.replace(ONE_PLAN, '') };
    },
  ],
];

try {
  await db.kysely.connection().execute(async (c) => {
    const { rows: company } = await sql<{
      id: number;
      n: string;
    }>`select min(company_id) as id, count(*) as n from company_customers group by company_id order by 2 desc limit 1`.execute(
      c,
    );
    const companyId = company[0]!.id;
    console.log(
      `${name}: company ${companyId}, ${Number(company[0]!.n).toLocaleString('en')} customers, ${RUNS} runs each`,
    );
    console.log(`\n| term | ${variants.map(([label]) => `${label} p50 / p99 ms`).join(' | ')} | matches counted |`);
    console.log(`|---|${variants.map(() => '---|').join('')}---|`);
    for (const term of ['Maria Moldovan', 'Popescu', 'gmail', 'Ștefănescu']) {
      const ms = variants.map(() => [] as number[]);
      const found = variants.map(() => '');
      for (let i = 0; i < RUNS; i++)
        for (const [v, [, query]] of variants.entries()) {
          const t0 = performance.now();
          const { rows } = await c.executeQuery<{ n: string; id: number | null }>(query(companyId, term));
          ms[v].push(performance.now() - t0);
          found[v] = `${Math.min(Number(rows[0]?.n ?? 0), page.bound + 1)} ${rows.map((r) => r.id).join(',')}`;
        }
      const cells = ms.map((times, v) => {
        times.sort((a, b) => a - b);
        const same = found[v] === found[0] ? '' : ' (page differs)';
        return `${percentile(times, 0.5).toFixed(2)} / ${percentile(times, 0.99).toFixed(2)}${same}`;
      });
      console.log(`| ${term} | ${cells.join(' | ')} | ${found[0].split(' ')[0]} |`);
    }
  });
} finally {
  await db.close();
}
