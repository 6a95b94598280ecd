import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness.js';

// The OpenAPI document is the contract integrators and the web client read: every route of the
// app's route table must be in it, with what guards it, and nothing it lists may be made up.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

interface Operation {
  summary?: string;
  security?: unknown[];
  parameters?: { in: string; name: string; required?: boolean }[];
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, unknown>;
  description?: string;
}
type Document = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: object };
};

const toPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');
// The reference page's own script and style files: assets of /api/docs, not calls of the API.
const isDocsAsset = (url: string) => url.startsWith('/api/docs/');

async function document(): Promise<Document> {
  const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(res.statusCode).toBe(200);
  return res.json() as Document;
}

describe('OpenAPI document', () => {
  it('is served without a sign-in as OpenAPI 3.1 with bearer sign-in', async () => {
    const doc = await document();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.components.securitySchemes).toEqual({ bearer: { type: 'http', scheme: 'bearer' } });
  });

  it('lists every route of the route table, and only those', async () => {
    const doc = await document();
    const routes = t.app.apiRoutes.filter((r) => !isDocsAsset(r.url));
    const missing = routes.filter((r) => !doc.paths[toPath(r.url)]?.[r.method.toLowerCase()]);
    expect(missing.map((r) => `${r.method} ${r.url}`)).toEqual([]);
    const listed = Object.entries(doc.paths).flatMap(([p, ops]) =>
      Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`),
    );
    const registered = new Set(routes.map((r) => `${r.method} ${toPath(r.url)}`));
    expect(listed.filter((op) => !registered.has(op))).toEqual([]);
    expect(listed.length).toBe(routes.length);
  });

  it('says of each route who may call it: public, signed in, or for the company of X-Company-ID', async () => {
    const doc = await document();
    for (const r of t.app.apiRoutes.filter((x) => !isDocsAsset(x.url))) {
      const op = doc.paths[toPath(r.url)]![r.method.toLowerCase()]!;
      const where = `${r.method} ${r.url}`;
      expect(op.summary, where).toBeTruthy();
      if (r.public) {
        expect(op.security, where).toEqual([]);
        expect(op.responses['401'], where).toBeUndefined();
      } else expect(op.responses['401'], where).toBeDefined();
      const header = op.parameters?.find((p) => p.in === 'header' && p.name === 'X-Company-ID');
      expect(Boolean(header?.required), where).toBe(r.company);
      for (const name of [...r.url.matchAll(/:(\w+)/g)].map((m) => m[1]))
        expect(
          op.parameters?.some((p) => p.in === 'path' && p.name === name && p.required),
          `${where} ${name}`,
        ).toBe(true);
      if (r.idempotent) expect(op.description, where).toContain('Idempotency-Key');
    }
  });

  it('describes bodies and queries with the schemas the services parse', async () => {
    const doc = await document();
    const create = doc.paths['/api/v1/order']!.post!;
    const schema = create.requestBody!.content['application/json']!.schema as { required: string[] };
    expect(schema.required).toEqual(expect.arrayContaining(['name', 'phone_number', 'county', 'source', 'products']));
    const list = doc.paths['/api/v1/order']!.get!;
    expect(list.parameters!.filter((p) => p.in === 'query').map((p) => p.name)).toEqual(
      expect.arrayContaining(['page', 'items', 'search', 'sort', 'status']),
    );
    expect(create.responses['422']).toBeDefined();
    expect(doc.paths['/api/v1/order/{id}/awb']!.get!.responses['200']).toMatchObject({
      content: { 'application/pdf': expect.anything() },
    });
  });

  it('serves a readable page at /api/docs from the app itself, under the strict script policy', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).not.toMatch(/<script>(?!<)/);
    for (const src of [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!)) {
      expect(src.startsWith('/api/docs/'), src).toBe(true);
      const asset = await t.app.inject({ method: 'GET', url: src });
      expect(asset.statusCode, src).toBe(200);
      expect(asset.body.length, src).toBeGreaterThan(100);
    }
    expect(String(page.headers['content-security-policy'])).toContain("script-src 'self'");
  });
});
