/**
 * Products list at scale: seeds ~100k products (parents and variations) into a temporary SQLite
 * database, then times GET /api/v1/product through app.inject (page 1, a deep page, searches).
 *
 *   npx tsx bench/products-list.ts            (PARENTS=50000 by default)
 *   PARENTS=20000 RUNS=10 npx tsx bench/products-list.ts
 *   BENCH_DATABASE_URL=postgres://... npx tsx bench/products-list.ts   (a schema of its own, dropped after)
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type Insertable } from 'kysely';
import { buildApp } from '../src/server/app.js';
import { openDb } from '../src/server/db/connection.js';
import { migrateToLatest } from '../src/server/db/migrate.js';
import type { ProductsTable } from '../src/server/db/schema.js';
import { hashToken, newToken } from '../src/server/http/auth.js';
import { sha256Hex } from '../src/server/lib/hash.js';
import { productPng } from '../src/server/lib/png.js';

const PARENTS = Number(process.env.PARENTS ?? 50_000);
const RUNS = Number(process.env.RUNS ?? 20);
const WORDS = [
  'Tricou',
  'Cană',
  'Ghiveci',
  'Pernă',
  'Miere',
  'Ie',
  'Vază',
  'Coș',
  'Agendă',
  'Brățară',
  'Pătură',
  'Zacuscă',
];
const QUALIFIERS = ['din bumbac', 'pictată manual', 'de Horezu', 'din lut', 'artizanal', 'bio', 'clasic', 'din lemn'];
const SIZES = ['S', 'M', 'L', 'XL', 'XXL', 'XS'];

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-products-'));
const pgUrl = process.env.BENCH_DATABASE_URL;
const schema = `bench_${crypto.randomBytes(4).toString('hex')}`;
if (pgUrl) {
  const admin = openDb(pgUrl);
  await admin.kysely.schema.createSchema(schema).execute();
  await admin.close();
}
const db = pgUrl ? openDb(pgUrl, { schema }) : openDb(`sqlite:${path.join(dir, 'bench.db')}`);
console.log(`Engine: ${db.engine}`);
await migrateToLatest(db);
const now = Math.floor(Date.now() / 1000);

const company = await db.kysely
  .insertInto('companies')
  .values({
    name: 'Bench SRL',
    vat_number: 'RO14399840',
    vat_payer: 1,
    administrator_name: 'Bench',
    active: 1,
    address: null,
    city: null,
    county: null,
    created_at: now,
    updated_at: now,
  })
  .returning('id')
  .executeTakeFirstOrThrow();
const user = await db.kysely
  .insertInto('users')
  .values({ email: 'bench@example.ro', password_hash: 'x', first_name: 'B', last_name: 'B', created_at: now })
  .returning('id')
  .executeTakeFirstOrThrow();
await db.kysely.insertInto('company_users').values({ company_id: company.id, user_id: user.id }).execute();
const token = newToken();
await db.kysely
  .insertInto('auth_tokens')
  .values({ user_id: user.id, token_hash: hashToken(token), created_at: now, last_used_at: now, revoked_at: null })
  .execute();

// Deterministic data: a quarter of the parents have 2-6 variations, 1 in 10 has an image.
console.log(`Seeding ${PARENTS} parents with variations into ${dir} ...`);
const t0 = performance.now();
const picture = productPng(64, [120, 60, 30]);
const pictureSha = sha256Hex(picture);
let total = 0;
const BATCH = 500;
await db.kysely.transaction().execute(async (trx) => {
  for (let start = 0; start < PARENTS; start += BATCH) {
    const parents: Insertable<ProductsTable>[] = [];
    for (let i = start; i < Math.min(start + BATCH, PARENTS); i++) {
      const hasVariations = i % 4 === 0;
      parents.push({
        company_id: company.id,
        parent_id: null,
        name: `${WORDS[i % WORDS.length]} ${QUALIFIERS[(i * 7) % QUALIFIERS.length]} ${i}`,
        description: null,
        sku: `P-${String(i).padStart(6, '0')}`,
        sale_type: 'Bucata',
        stock: hasVariations ? null : i % 90,
        selling_price: hasVariations ? null : 1000 + (i % 500) * 10,
        buying_price: 700,
        currency: 'RON',
        created_at: now,
        updated_at: now,
      });
    }
    const ids = await trx.insertInto('products').values(parents).returning(['id', 'sku']).execute();
    total += ids.length;
    const children: Insertable<ProductsTable>[] = [];
    const images: {
      product_id: number;
      mime: string;
      bytes: Buffer;
      size: number;
      sha256: string;
      updated_at: number;
    }[] = [];
    ids.forEach((row, k) => {
      const i = start + k;
      if (i % 10 === 0)
        images.push({
          product_id: row.id,
          mime: 'image/png',
          bytes: picture,
          size: picture.length,
          sha256: pictureSha,
          updated_at: now,
        });
      if (i % 4 !== 0) return;
      const count = 2 + (i % 5);
      for (let n = 0; n < count; n++) {
        children.push({
          company_id: company.id,
          parent_id: row.id,
          name: `${parents[k].name} ${SIZES[n]}`,
          description: null,
          sku: `${row.sku}-${SIZES[n]}`,
          sale_type: 'Bucata',
          stock: n * 3,
          selling_price: 1500 + n * 100,
          buying_price: 800,
          currency: 'RON',
          created_at: now,
          updated_at: now,
        });
      }
    });
    for (let c = 0; c < children.length; c += BATCH)
      await trx
        .insertInto('products')
        .values(children.slice(c, c + BATCH))
        .execute();
    total += children.length;
    if (images.length) await trx.insertInto('product_images').values(images).execute();
  }
});
if (db.engine === 'postgres') await sql`analyze`.execute(db.kysely);
console.log(`Seeded ${total} products (${PARENTS} top-level) in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);

const app = await buildApp({ db, appKey: crypto.randomBytes(32).toString('base64'), dataDir: dir });
const headers = { authorization: `Bearer ${token}`, 'x-company-id': String(company.id) };

async function measure(label: string, url: string): Promise<void> {
  const first = await app.inject({ method: 'GET', url, headers });
  if (first.statusCode !== 200) throw new Error(`${url}: ${first.statusCode} ${first.body}`);
  const body = first.json() as { data: { variations: unknown[] }[]; meta: { total: number } };
  const times: number[] = [];
  for (let r = 0; r < RUNS; r++) {
    const s = performance.now();
    await app.inject({ method: 'GET', url, headers });
    times.push(performance.now() - s);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)];
  const p95 = times[Math.min(times.length - 1, Math.floor(times.length * 0.95))];
  const variations = body.data.reduce((n, p) => n + p.variations.length, 0);
  console.log(
    `${label.padEnd(34)} median ${median.toFixed(1).padStart(7)} ms   p95 ${p95.toFixed(1).padStart(7)} ms   rows ${String(body.data.length).padStart(3)} (+${variations} variations)   total ${body.meta.total}   ${(first.rawPayload.length / 1024).toFixed(1)} KB`,
  );
}

const lastPage = Math.ceil(PARENTS / 10);
console.log(`GET /api/v1/product, ${RUNS} runs each after one warm-up:`);
await measure('page 1, 10 per page', '/api/v1/product?page=1&items=10');
await measure('page 1, 100 per page', '/api/v1/product?page=1&items=100');
await measure('dashboard count (items=1)', '/api/v1/product?items=1');
await measure(
  `middle page ${Math.floor(lastPage / 2)}, 10 per page`,
  `/api/v1/product?page=${Math.floor(lastPage / 2)}&items=10`,
);
await measure(`last page ${lastPage}, 10 per page`, `/api/v1/product?page=${lastPage}&items=10`);
await measure('search "Horezu" (many hits)', `/api/v1/product?search=${encodeURIComponent('Horezu')}&items=10`);
await measure('search variation SKU "012344-XL"', '/api/v1/product?search=012344-XL&items=10');
await measure('search with no hit', '/api/v1/product?search=zzzz-nothing&items=10');
await measure('search "Horezu", deep page 100', `/api/v1/product?search=Horezu&items=10&page=100`);

await app.close();
await db.close();
if (pgUrl) {
  const admin = openDb(pgUrl);
  await admin.kysely.schema.dropSchema(schema).cascade().execute();
  await admin.close();
}
fs.rmSync(dir, { recursive: true, force: true });
