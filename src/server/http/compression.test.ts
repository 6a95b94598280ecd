import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestUser } from '../test/harness.js';
import { COMPRESS_IN_PLACE_BYTES, COMPRESS_MIN_BYTES, compressAnswer, pickEncoding } from './compression.js';

describe('pickEncoding', () => {
  it('prefers brotli, then gzip, honouring q-values and *', () => {
    expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pickEncoding('gzip, deflate')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding('*, br;q=0')).toBe('gzip');
    expect(pickEncoding('identity')).toBeNull();
    expect(pickEncoding('gzip;q=0')).toBeNull();
    expect(pickEncoding(undefined)).toBeNull();
    expect(pickEncoding(['deflate', 'GZIP'])).toBe('gzip');
  });
});

describe('API answers are compressed above a small size', () => {
  let t: TestApp;
  let alice: TestUser;
  beforeAll(async () => {
    t = await startTestApp();
    alice = await t.signUp();
    // Enough sources for a page well above the threshold.
    for (let i = 0; i < 40; i++) {
      const res = await alice.call('POST', '/api/v1/source', {
        body: {
          source: `Magazinul online numărul ${i} — comenzi și retururi`,
          active: true,
          company_id: alice.companyId,
        },
      });
      expect(res.statusCode).toBe(201);
    }
  });
  afterAll(() => t.close());

  const page = (encoding?: string) =>
    alice.call('GET', `/api/v1/source?page=1&items=50&company_id=${alice.companyId}`, {
      headers: encoding ? { 'accept-encoding': encoding } : {},
    });

  it('a large list goes out in brotli (or gzip) and decodes to the same JSON', async () => {
    const plain = await page();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(COMPRESS_MIN_BYTES);
    const br = await page('gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/Accept-Encoding/);
    expect(br.rawPayload.length).toBeLessThan(plain.body.length / 3);
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    const gz = await page('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
  });

  it('a small answer (an error, a record) is sent as it is', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/source', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(401);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toHaveProperty('message');
  });
});

describe('compressAnswer', () => {
  const json = (bytes: number) => {
    const rows = [];
    for (let i = 0; JSON.stringify(rows).length < bytes; i++)
      rows.push({ id: i, name: `Produs ${i} — mărime ${i % 7}` });
    return JSON.stringify(rows);
  };

  it('compresses a small answer in place and a large one on the pool, both decoding to the same text', async () => {
    const small = json(COMPRESS_MIN_BYTES * 2);
    const large = json(COMPRESS_IN_PLACE_BYTES * 2);
    for (const [encoding, decode] of [
      ['br', zlib.brotliDecompressSync],
      ['gzip', zlib.gunzipSync],
    ] as const) {
      const inPlace = compressAnswer(small, encoding);
      expect(Buffer.isBuffer(inPlace)).toBe(true);
      expect(decode(inPlace as Buffer).toString()).toBe(small);
      const pooled = compressAnswer(large, encoding);
      expect(pooled).toBeInstanceOf(Promise);
      expect(decode(await pooled).toString()).toBe(large);
    }
  });
});
