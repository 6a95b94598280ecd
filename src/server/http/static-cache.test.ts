import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { compressFolder } from '../../../scripts/compress-assets.js';
import { buildApp } from '../app.js';
import { openDb, type Db } from '../db/connection.js';
import { migrateToLatest } from '../db/migrate.js';
import { cacheControlFor, IMMUTABLE_CACHE, NO_CACHE } from './spa.js';

// A built web app in miniature: index.html, a hashed script big enough to compress, a small one.
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'dist-'));
const script = `console.log(${JSON.stringify('Seller console '.repeat(400))});\n`;
// Under 1 KB, as some thirty files of the dashboard's first load are (an icon, a hook, a language's texts).
const smallScript =
  `export const labels = ${JSON.stringify(['Comenzi', 'Produse', 'Clienți', 'Surse', 'Companii'].map((l) => `${l} ${l}`))};\n`.repeat(
    5,
  );
const indexHtml = `<!doctype html><html><head><script type="module" src="/assets/index-AbC123xY.js"></script></head><body><div id="root"></div>${'<!-- padding -->'.repeat(80)}</body></html>`;
let app: FastifyInstance;
let db: Db;
let written: string[];

beforeAll(async () => {
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), indexHtml);
  fs.writeFileSync(path.join(dist, 'assets', 'index-AbC123xY.js'), script);
  fs.writeFileSync(path.join(dist, 'assets', 'tiny-Zz9Yy8Xx.js'), 'export{}');
  fs.writeFileSync(path.join(dist, 'assets', 'small-Qq7Ww6Ee.js'), smallScript);
  written = compressFolder(dist);
  db = openDb('sqlite::memory:');
  await migrateToLatest(db);
  app = await buildApp({ db, appKey: crypto.randomBytes(32).toString('base64'), dataDir: dist, webDist: dist });
});
afterAll(async () => {
  await app.close();
  await db.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('build-time compression (scripts/compress-assets.ts)', () => {
  it('writes .br and .gz next to every file, small ones too, unless the copy would not be smaller', () => {
    expect(smallScript.length).toBeLessThan(1024);
    const names = written.map((f) => path.relative(dist, f)).sort();
    expect(names).toEqual([
      'assets/index-AbC123xY.js.br',
      'assets/index-AbC123xY.js.gz',
      'assets/small-Qq7Ww6Ee.js.br',
      'assets/small-Qq7Ww6Ee.js.gz',
      'index.html.br',
      'index.html.gz',
    ]);
    const br = fs.readFileSync(path.join(dist, 'assets', 'index-AbC123xY.js.br'));
    expect(zlib.brotliDecompressSync(br).toString()).toBe(script);
    expect(br.length).toBeLessThan(script.length / 10);
  });
});

describe('serving the web app', () => {
  it('sends a hashed asset precompressed (brotli first) and cacheable for a year', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/assets/index-AbC123xY.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(script);
  });

  it('gzip for a browser without brotli; the plain file when nothing is accepted', async () => {
    const gz = await app.inject({
      method: 'GET',
      url: '/assets/index-AbC123xY.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(script);
    const plain = await app.inject({ method: 'GET', url: '/assets/index-AbC123xY.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    expect(plain.headers['cache-control']).toBe(IMMUTABLE_CACHE);
  });

  it('index.html is never cached, at / and as the fallback of a client route', async () => {
    for (const url of ['/', '/products?page=2', '/index.html']) {
      const res = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe(NO_CACHE);
      expect(zlib.brotliDecompressSync(res.rawPayload).toString(), url).toBe(indexHtml);
    }
  });

  it('is no fallback under /emulators: a path there answers 404, as one that does not exist', async () => {
    for (const url of ['/emulators', '/emulators/dpd/v1/print', '/%65mulators/telegram/bot123:x/getMe']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ message: 'Not found.' });
    }
  });

  it('cacheControlFor: only content-hashed names under assets/ are immutable', () => {
    expect(cacheControlFor('/srv/dist/assets/index-BeBvfhdG.js')).toBe(IMMUTABLE_CACHE);
    expect(cacheControlFor('/srv/dist/assets/index-BeBvfhdG.css.br')).toBe(IMMUTABLE_CACHE);
    expect(cacheControlFor('/srv/dist/index.html')).toBe(NO_CACHE);
    expect(cacheControlFor('/srv/dist/index.html.gz')).toBe(NO_CACHE);
    expect(cacheControlFor('/srv/dist/assets/logo.svg')).toBe(NO_CACHE);
  });
});

// cookie@2 (light-my-request, so every inject) and content-disposition@3 (@fastify/static's download)
// declare Node >= 22; the project runs on Node 20.19+. What we use of them must work on this Node.
describe(`packages that declare Node 22, on Node ${process.versions.node}`, () => {
  it('content-disposition: a download with a Romanian file name; cookie: an inject with cookies', async () => {
    const small = Fastify();
    await small.register(fastifyStatic, { root: dist, serve: false });
    small.get('/download', (_req, reply) => reply.download('index.html', 'factură ședință.html'));
    small.get('/cookie', (req) => ({ cookie: req.headers.cookie }));
    const res = await small.inject({ method: 'GET', url: '/download' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="factur? ?edin??.html"; filename*=UTF-8''factur%C4%83%20%C8%99edin%C8%9B%C4%83.html`,
    );
    const withCookie = await small.inject({ method: 'GET', url: '/cookie', cookies: { lang: 'ro', note: 'ă ș' } });
    expect(withCookie.json().cookie).toBe('lang=ro; note=%C4%83%20%C8%99');
    await small.close();
  });
});
