import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { openDb } from '../db/connection.js';
import { migrateToLatest } from '../db/migrate.js';
import { manualClock } from '../lib/clock.js';
import { startTestApp, type TestApp } from '../test/harness.js';
import { withoutSecrets } from './security.js';
import { AUTH_CACHE_SECONDS, TOKEN_IDLE_SECONDS, TOKEN_MAX_AGE_SECONDS } from './auth.js';

describe('browser headers on a page, an asset and an API answer', () => {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'dist-headers-'));
  const db = openDb('sqlite::memory:');
  let app: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
    fs.writeFileSync(path.join(dist, 'assets', 'index-AbC123xY.js'), 'export{}');
    await migrateToLatest(db);
    app = await buildApp({ db, appKey: crypto.randomBytes(32).toString('base64'), dataDir: dist, webDist: dist });
  });
  afterAll(async () => {
    await app.close();
    await db.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('a hashed asset carries nosniff and the resource policy only: the policies of documents do nothing on a script', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/index-AbC123xY.js' });
    expect(res.statusCode).toBeLessThan(500);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    for (const name of ['content-security-policy', 'x-frame-options', 'referrer-policy', 'cross-origin-opener-policy'])
      expect(res.headers[name], name).toBeUndefined();
    // A path that only looks like one (no hash) keeps every header.
    // An asset path naming no file answers index.html, a document: it keeps them too.
    for (const url of ['/assets/index.js', '/assets/../products', '/assets/gone-AbC123xY.js'])
      expect(String((await app.inject({ method: 'GET', url })).headers['content-security-policy']), url).toContain(
        "default-src 'self'",
      );
  });

  for (const [what, url] of [
    ['API answer', '/api/health'],
    ['API refusal', '/api/v1/company'],
    ['unknown address', '/api/v1/nothing-here'],
  ] as const)
    it(`${what} in JSON: nothing may load or run in it, no framing, nosniff; the page's policies are not sent (${url})`, async () => {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBeLessThan(500);
      expect(String(res.headers['content-type'])).toMatch(/^application\/json/);
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['referrer-policy']).toBe('same-origin');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
      for (const name of [
        'cross-origin-opener-policy',
        'origin-agent-cluster',
        'x-dns-prefetch-control',
        'x-xss-protection',
      ])
        expect(res.headers[name], name).toBeUndefined();
      expect(res.headers['strict-transport-security']).toBeUndefined();
    });

  for (const [what, url] of [
    ['page', '/products'],
    ['page at an unknown address', '/nothing-here'],
  ] as const) {
    it(`${what}: ${url}`, async () => {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBeLessThan(500);
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).not.toContain('upgrade-insecure-requests'); // the console is often served over plain http on a LAN
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['referrer-policy']).toBe('same-origin');
      expect(res.headers['strict-transport-security']).toBeUndefined();
    });
  }
});

describe('session expiry', () => {
  const clock = manualClock(1_800_000_000);
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ clock });
  });
  afterAll(() => t.close());

  it(`a token unused for more than ${TOKEN_IDLE_SECONDS / 86_400} days stops working; used, it lives on`, async () => {
    const used = await t.signUp();
    const idle = await t.signUp();
    for (let day = 0; day < 3; day += 1) {
      clock.advance(TOKEN_IDLE_SECONDS - 60);
      expect((await used.call('GET', '/api/v1/me')).statusCode).toBe(200);
    }
    expect((await idle.call('GET', '/api/v1/me')).statusCode).toBe(401);
  });

  it(`a token ends ${TOKEN_MAX_AGE_SECONDS / 86_400} days after sign-in however often it is used`, async () => {
    const u = await t.signUp();
    for (let elapsed = 0; elapsed + 20 * 86_400 < TOKEN_MAX_AGE_SECONDS; elapsed += 20 * 86_400) {
      clock.advance(20 * 86_400);
      expect((await u.call('GET', '/api/v1/me')).statusCode).toBe(200);
    }
    clock.advance(20 * 86_400);
    expect((await u.call('GET', '/api/v1/me')).statusCode).toBe(401);
  });

  it(`a token revoked or a member removed by another instance is refused within ${AUTH_CACHE_SECONDS} seconds`, async () => {
    const u = await t.signUp();
    expect((await u.call('GET', '/api/v1/source')).statusCode).toBe(200);
    // Another instance signs the token out and removes the membership: this one learns it after the cache time.
    await t.db.kysely.deleteFrom('company_users').where('user_id', '=', u.id).execute();
    expect((await u.call('GET', '/api/v1/source')).statusCode).toBe(200);
    clock.advance(AUTH_CACHE_SECONDS);
    expect((await u.call('GET', '/api/v1/source')).statusCode).toBe(403);
    await t.db.kysely.updateTable('auth_tokens').set({ revoked_at: clock.now() }).where('user_id', '=', u.id).execute();
    clock.advance(AUTH_CACHE_SECONDS);
    expect((await u.call('GET', '/api/v1/me')).statusCode).toBe(401);
  });

  it('signing out on this instance takes effect at once', async () => {
    const u = await t.signUp();
    expect((await u.call('GET', '/api/v1/me')).statusCode).toBe(200);
    expect((await u.call('GET', '/api/v1/logout')).statusCode).toBe(200);
    expect((await u.call('GET', '/api/v1/me')).statusCode).toBe(401);
  });

  it("signing out ends only that session: the user's other sessions stay", async () => {
    const u = await t.signUp({ password: 'parola-lunga' });
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { email: u.email, password: 'parola-lunga' },
    });
    const token2 = second.json().token as string;
    expect((await u.call('GET', '/api/v1/logout')).statusCode).toBe(200);
    expect((await u.call('GET', '/api/v1/me')).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { authorization: `Bearer ${token2}` } }))
        .statusCode,
    ).toBe(200);
  });
});

describe('what the request log and the answers may not carry', () => {
  it('the log writes a signed image link without its signature', async () => {
    const stream = new PassThrough();
    let logged = '';
    stream.on('data', (d) => (logged += String(d)));
    const db = openDb('sqlite::memory:');
    await migrateToLatest(db);
    const app = await buildApp({
      db,
      appKey: crypto.randomBytes(32).toString('base64'),
      dataDir: os.tmpdir(),
      logger: { stream },
    });
    await app.inject({ method: 'GET', url: '/api/v1/product/7/image?v=abc&exp=1900000000&sig=SECRETSIGNATURE' });
    await app.close();
    await db.close();
    expect(logged).toContain('/api/v1/product/7/image');
    expect(logged).not.toContain('SECRETSIGNATURE');
    expect(logged).not.toContain('1900000000');
    expect(withoutSecrets('/x?v=1&sig=abc&exp=2')).toBe('/x?v=1&sig=[redacted]&exp=[redacted]');
  });

  it("the messages list's links use the configured address, never the Host a client sent", async () => {
    const t = await startTestApp();
    try {
      const u = await t.signUp();
      const res = await u.call('GET', '/api/v1/message?page=1', { headers: { host: 'evil.example' } });
      expect(res.statusCode).toBe(200);
      expect(JSON.stringify(res.json().links)).not.toContain('evil.example');
      expect(new URL(res.json().links.first).host).toBe('localhost');
    } finally {
      await t.close();
    }
  });
});

describe('a body declared multipart that is not', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('without a boundary, or cut off, answers 400 with a clear message', async () => {
    const u = await t.signUp();
    const noBoundary = await u.call('POST', '/api/v1/product', {
      body: 'name=x',
      headers: { 'content-type': 'multipart/form-data' },
    });
    expect(noBoundary.statusCode).toBe(400);
    expect(noBoundary.json().message).toMatch(/form data could not be read/);
    const cut = await u.call('POST', '/api/v1/product', {
      body: '--XyZ\r\nContent-Disposition: form-data; name="name"\r\n\r\nCană',
      headers: { 'content-type': 'multipart/form-data; boundary=XyZ', 'accept-language': 'ro' },
    });
    expect(cut.statusCode).toBe(400);
    expect(cut.json().message).toMatch(/Datele formularului nu au putut fi citite/);
  });
});

describe('slow clients', () => {
  it('a request whose headers never finish is cut off after the request timeout', async () => {
    const db = openDb('sqlite::memory:');
    await migrateToLatest(db);
    const app = await buildApp({
      db,
      appKey: crypto.randomBytes(32).toString('base64'),
      dataDir: os.tmpdir(),
      timeouts: { requestTimeout: 300, connectionTimeout: 600 },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as net.AddressInfo).port;
    const started = Date.now();
    const answer = await new Promise<string>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.write('GET /api/health HTTP/1.1\r\nHost: x\r\n'));
      let got = '';
      socket.on('data', (d) => (got += String(d)));
      socket.on('close', () => resolve(got));
      socket.on('error', () => resolve(got));
    });
    await app.close();
    await db.close();
    expect(Date.now() - started).toBeLessThan(5000);
    expect(answer).toMatch(/^HTTP\/1\.1 408|^$/);
  });
});
