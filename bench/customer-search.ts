/**
 * The customers search's SQL alone on a SQLite file seeded by bench/orders.ts (kept with
 * BENCH_SQLITE_FILE), in one process without the server: for each term, the statements a first page
 * of 10 runs, as modules/customers/queries.ts writes them, through the FTS5 table of migration 061,
 * and as they were before it (the bounded count and the page by LIKE over the company's customers).
 * RUNS times each, median and p99 in ms.
 *
 *   BENCH_SQLITE_FILE=./data/bench.db ORDERS=200000 ENGINES=sqlite ONLY=customer npx tsx bench/orders.ts
 *   BENCH_SQLITE_FILE=./data/bench.db npx tsx bench/customer-search.ts
 */
import SqliteDatabase from 'better-sqlite3';
import { percentile } from './_load.js';

const file = process.env.BENCH_SQLITE_FILE;
if (!file) throw new Error('BENCH_SQLITE_FILE: a SQLite file seeded by bench/orders.ts');
const RUNS = Number(process.env.RUNS ?? 200);
const db = new SqliteDatabase(file, { readonly: true });
const companyId = (db.prepare('select min(company_id) as id from company_customers').get() as { id: number }).id;
const customers = (
  db.prepare('select count(*) as n from company_customers where company_id = ?').get(companyId) as { n: number }
).n;

/** containsPattern of http/list.ts. */
const pattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
/** trigramFragments of http/list.ts. */
function fragments(term: string): string[] {
  const words = term.split(/[^\p{L}\p{N}]+/u).filter((w) => [...w].length >= 3);
  if (words.length === 0) return [];
  const first = [...words[0]].slice(0, 3).join('');
  const last = [...words[words.length - 1]].slice(-3).join('');
  return first.toLowerCase() === last.toLowerCase() ? [first] : [first, last];
}
const phrase = (s: string) => `"${s.replace(/"/g, '""')}"`;

const ftsIds = db.prepare(`select cc.customer_id as id from company_customers_search s
    cross join company_customers cc on cc.company_id = ? and cc.customer_id = (s.rowid & 4294967295)
  where company_customers_search match ? and s.rowid between (? << 32) and ((? << 32) | 4294967295)
    and (cc.name like ? escape '\\' or cc.email like ? escape '\\')
  order by s.rowid desc limit 201`);
const pageByIds = (n: number) =>
  db.prepare(
    `select customer_id as id, phone_number, name, email, orders_count, created_at from company_customers
      where company_id = ? and customer_id in (${Array(n).fill('?').join(',')}) order by customer_id desc limit 10`,
  );
const likeCount = db.prepare(`select count(*) as n from (select 1 from company_customers cc
  where cc.company_id = ? and (cc.name like ? or cc.email like ?) limit 201)`);
const likePage = db.prepare(`select customer_id as id, phone_number, name, email, orders_count, created_at
  from company_customers cc where cc.company_id = ? and (cc.name like ? or cc.email like ?)
  order by customer_id desc limit 10`);

function time(run: () => number): { p50: number; p99: number; found: number } {
  const ms: number[] = [];
  let found = 0;
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    found = run();
    ms.push(performance.now() - t0);
  }
  ms.sort((a, b) => a - b);
  return { p50: percentile(ms, 0.5), p99: percentile(ms, 0.99), found };
}

console.log(`${file}: company ${companyId}, ${customers.toLocaleString('en')} customers, ${RUNS} runs each`);
console.log('\n| term | index (061) p50 / p99 ms | LIKE walk (before) p50 / p99 ms | matches counted |');
console.log('|---|---|---|---|');
for (const term of ['Maria Moldovan', 'Popescu', 'gmail', 'Ștefănescu']) {
  const p = pattern(term);
  const f = fragments(term);
  const match = f.length > 0 ? f.map(phrase).join(' AND ') : phrase(term);
  const index = time(() => {
    const ids = (ftsIds.all(companyId, match, companyId, companyId, p, p) as { id: number }[]).map((r) => r.id);
    const page = ids.slice(0, 10);
    if (page.length > 0) pageByIds(page.length).all(companyId, ...page);
    return ids.length;
  });
  const walk = time(() => {
    const { n } = likeCount.get(companyId, p, p) as { n: number };
    likePage.all(companyId, p, p);
    return n;
  });
  const fmt = (r: { p50: number; p99: number }) => `${r.p50.toFixed(2)} / ${r.p99.toFixed(2)}`;
  console.log(
    `| ${term} | ${fmt(index)} | ${fmt(walk)} | ${index.found}${index.found === walk.found ? '' : ` (LIKE: ${walk.found})`} |`,
  );
}
db.close();
