import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness.js';

// Holds every registered API route, including those added later, to the access rules:
// no token → 401; a company-scoped route without X-Company-ID → 400, with another company → 403.
let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await startTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
});
afterAll(() => t.close());

/**
 * Sends one request line as written, over a real socket: app.inject would normalise the URL,
 * and the point is what the router does with a percent-encoded path or an absolute-form target.
 */
function rawStatus(requestLine: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (d) => (answer += String(d)));
    socket.on('error', reject);
    socket.on('close', () => {
      const status = /^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1];
      if (status) resolve(Number(status));
      else reject(new Error(`no status line for ${requestLine}: ${answer.slice(0, 200)}`));
    });
    const lines = [requestLine, `Host: 127.0.0.1:${port}`, 'Connection: close', 'Content-Type: application/json', 'Content-Length: 2', ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)];
    socket.write(`${lines.join('\r\n')}\r\n\r\n{}`);
  });
}

/** `/api/v1/x` with its first letter percent-encoded: `/%61pi/v1/x`. */
const encoded = (url: string) => url.replace(/^\/api\//, '/%61pi/');

const concrete = (url: string) => url.replace(/:\w+/g, '1');

describe('access rules of every API route', () => {
  it('knows the routes of every module', () => {
    const urls = t.app.apiRoutes.map((r) => r.url);
    for (const expected of ['/api/v1/company', '/api/v1/product', '/api/v1/source', '/api/v1/order-discount', '/api/v1/product-discount', '/api/v1/message', '/api/v1/package', '/api/v1/package-item', '/api/v1/return-request', '/api/v1/notifications', '/api/v1/changelog']) {
      expect(urls).toContain(expected);
    }
  });

  it('answers 401 to a stranger on every route but the public ones', async () => {
    const publicRoutes = t.app.apiRoutes.filter((r) => r.public).map((r) => `${r.method} ${r.url}`);
    // Only sign-in, the health check and signed image links may be reached without a token.
    expect(publicRoutes.sort()).toEqual(['GET /api/health', 'GET /api/v1/product/:id/image', 'POST /api/v1/login']);
    for (const r of t.app.apiRoutes.filter((x) => !x.public)) {
      const res = await t.app.inject({ method: r.method as 'GET', url: concrete(r.url), headers: { 'x-company-id': '1' } });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(401);
    }
  });

  it('answers 401 to a stranger however the path is spelled: percent-encoded or absolute-form', async () => {
    const guarded = t.app.apiRoutes.filter((x) => !x.public);
    expect(guarded.length).toBeGreaterThan(40);
    for (const r of guarded) {
      const url = concrete(r.url);
      expect(await rawStatus(`${r.method} ${encoded(url)} HTTP/1.1`, { 'X-Company-ID': '1' }), `${r.method} ${encoded(url)}`).toBe(401);
      expect(await rawStatus(`${r.method} http://127.0.0.1:${port}${url} HTTP/1.1`, { 'X-Company-ID': '1' }), `${r.method} absolute ${url}`).toBe(401);
      expect(await rawStatus(`${r.method} ${url.replace('/v1/', '/%76%31/')} HTTP/1.1`, { 'X-Company-ID': '1' }), `${r.method} ${url} with /v1/ encoded`).toBe(401);
    }
  });

  it('a route nobody declared is not reachable without a token either', async () => {
    expect(await rawStatus('GET /api/v1/no-such-thing HTTP/1.1')).toBe(401);
    expect(await rawStatus('POST /%61pi/v1/no-such-thing HTTP/1.1')).toBe(401);
  });

  it('answers 400 without X-Company-ID and 403 for a company of someone else on every company-scoped route', async () => {
    const me = await t.signUp();
    const other = await t.signUp();
    const scoped = t.app.apiRoutes.filter((r) => r.company);
    expect(scoped.length).toBeGreaterThan(20);
    for (const r of scoped) {
      const missing = await me.call(r.method, concrete(r.url), { company: null });
      expect(missing.statusCode, `${r.method} ${r.url} without header`).toBe(400);
      const foreign = await me.call(r.method, concrete(r.url), { company: other.companyId });
      expect(foreign.statusCode, `${r.method} ${r.url} in another company`).toBe(403);
    }
  });
});
