import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness.js';

// Holds every registered API route, including those added later, to the access rules:
// no token → 401; a company-scoped route without X-Company-ID → 400, with another company → 403.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

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
