/**
 * A page of products whose images are photos, not the seeds' thumbnails: IMAGES_KB (default 1024)
 * each. On SQLite a row's columns after a large value sit behind its chain of overflow pages, so
 * reading the image's sha256 for its link walked the chain when the bytes came before it
 * (migration 071 puts them last). Times a page of 10 products with their variations (20 images),
 * (GET /api/v1/product through app.inject) and its CPU in this process, with the bytes last (as migrated), then with the table as migration 002
 * built it (071's down), then last again.
 *
 *   npx tsx bench/product-images.ts
 *   IMAGES_KB=5000 RUNS=50 npx tsx bench/product-images.ts
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/server/app.js';
import { openDb } from '../src/server/db/connection.js';
import { migrateToLatest } from '../src/server/db/migrate.js';
import { productImageBytesLast } from '../src/server/db/migrations/071_product_image_bytes_last.js';
import { hashToken, newToken } from '../src/server/http/auth.js';
import { sha256Hex } from '../src/server/lib/hash.js';

const IMAGES_KB = Number(process.env.IMAGES_KB ?? 1024);
const RUNS = Number(process.env.RUNS ?? 100);

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-images-'));
const db = openDb(`sqlite:${path.join(dir, 'app.db')}`);
try {
  await migrateToLatest(db);
  const k = db.kysely;
  const company = (
    await k
      .insertInto('companies')
      .values({
        name: 'Foto SRL',
        vat_number: 'RO1',
        vat_payer: 0,
        administrator_name: 'A',
        active: 1,
        created_at: 1,
        updated_at: 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  const product = async (sku: string, parentId: number | null) => {
    const { id } = await k
      .insertInto('products')
      .values({
        company_id: company,
        parent_id: parentId,
        name: sku,
        sku,
        sale_type: 'Bucata',
        currency: 'RON',
        created_at: 1,
        updated_at: 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const bytes = Buffer.alloc(IMAGES_KB * 1024, id % 251);
    await k
      .insertInto('product_images')
      .values({
        product_id: id,
        mime: 'image/jpeg',
        bytes,
        size: bytes.length,
        sha256: sha256Hex(bytes),
        updated_at: 1,
      })
      .execute();
    return id;
  };
  for (let i = 0; i < 10; i++) await product(`P-${i}-M`, await product(`P-${i}`, null));
  const user = (
    await k
      .insertInto('users')
      .values({ email: 'foto@example.ro', password_hash: 'x', first_name: 'F', last_name: 'F', created_at: 1 })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  await k.insertInto('company_users').values({ company_id: company, user_id: user }).execute();
  const token = newToken();
  const now = Math.floor(Date.now() / 1000);
  await k
    .insertInto('auth_tokens')
    .values({ user_id: user, token_hash: hashToken(token), created_at: now, last_used_at: now, revoked_at: null })
    .execute();
  const app = await buildApp({ db, appKey: crypto.randomBytes(32).toString('base64'), dataDir: dir });
  const headers = { authorization: `Bearer ${token}`, 'x-company-id': String(company) };
  const page = async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/product?page=1&items=10', headers });
    if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
    return res.json() as { data: { image: string | null; variations: { image: string | null }[] }[] };
  };
  const images = (await page()).data.flatMap((p) => [p.image, ...p.variations.map((v) => v.image)]);
  if (images.filter(Boolean).length !== 20)
    throw new Error(`expected 20 image links, got ${images.filter(Boolean).length}`);
  const time = async (label: string) => {
    for (let i = 0; i < 5; i++) await page();
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    for (let i = 0; i < RUNS; i++) await page();
    const c = process.cpuUsage(c0);
    console.log(
      `${label}: ${((c.user + c.system) / 1000 / RUNS).toFixed(2)} ms of CPU a page, ${((performance.now() - t0) / RUNS).toFixed(2)} ms`,
    );
  };
  console.log(
    `A page of 10 products and their 10 variations, each with an image of ${IMAGES_KB} KB (SQLite, ${RUNS} pages, Node ${process.version}):`,
  );
  await time('bytes last (migration 071)');
  await productImageBytesLast('sqlite').down!(k);
  await time('bytes before the sha256 (as migration 002 built the table)');
  await productImageBytesLast('sqlite').up(k);
  await time('bytes last again');
  await app.close();
} finally {
  await db.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
