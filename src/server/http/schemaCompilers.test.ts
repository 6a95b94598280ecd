import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { LAZY_SCHEMA_COMPILERS } from './schemaCompilers.js';

describe('the JSON-schema compilers loaded on first use', () => {
  it('still validate a request and serialise an answer when a route declares a schema', async () => {
    const app = Fastify({ logger: false, ...LAZY_SCHEMA_COMPILERS });
    app.post(
      '/x',
      {
        schema: {
          body: { type: 'object', required: ['n'], properties: { n: { type: 'integer' } } },
          response: { 200: { type: 'object', properties: { n: { type: 'integer' } } } },
        },
      },
      async (req) => ({ n: (req.body as { n: number }).n, secret: 'not in the schema' }),
    );
    const ok = await app.inject({ method: 'POST', url: '/x', payload: { n: 3 } });
    expect(ok.statusCode).toBe(200);
    // fast-json-stringify drops what the response schema does not list.
    expect(ok.json()).toEqual({ n: 3 });
    const bad = await app.inject({ method: 'POST', url: '/x', payload: { n: 'three' } });
    expect(bad.statusCode).toBe(400);
    await app.close();
  });
});
