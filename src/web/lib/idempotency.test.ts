// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { newIdempotencyKey, submissionKeys } from './idempotency';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('submission keys', () => {
  let n = 0;
  const keys = () => submissionKeys(() => `k${++n}`);

  it('the same content sent again keeps its key; other content or a success takes a new one', () => {
    const k = keys();
    const first = k.keyFor({ name: 'Ana', products: { A: 1 } });
    expect(k.keyFor({ name: 'Ana', products: { A: 1 } })).toBe(first);
    const changed = k.keyFor({ name: 'Ana', products: { A: 2 } });
    expect(changed).not.toBe(first);
    // Back to the first content: a new submission, not the old one.
    expect(k.keyFor({ name: 'Ana', products: { A: 1 } })).not.toBe(first);
    const sent = k.keyFor({ name: 'Ana' });
    k.succeeded(sent);
    expect(k.keyFor({ name: 'Ana' })).not.toBe(sent);
  });

  it('a late success of an older key does not end the current submission', () => {
    const k = keys();
    const old = k.keyFor({ a: 1 });
    const current = k.keyFor({ a: 2 });
    k.succeeded(old);
    expect(k.keyFor({ a: 2 })).toBe(current);
  });

  it('compares FormData by its fields and files', () => {
    const k = keys();
    const form = (name: string, file?: File) => {
      const fd = new FormData();
      fd.set('name', name);
      if (file) fd.set('image', file);
      return fd;
    };
    const png = new File(['abc'], 'poza.png', { type: 'image/png', lastModified: 1 });
    const key = k.keyFor(form('Cană', png));
    expect(k.keyFor(form('Cană', png))).toBe(key);
    expect(k.keyFor(form('Cană', new File(['abcd'], 'poza.png', { type: 'image/png', lastModified: 1 })))).not.toBe(
      key,
    );
    expect(k.keyFor(form('Cană'))).not.toBe(key);
  });
});

describe('newIdempotencyKey', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is a version 4 UUID, also where crypto.randomUUID is missing (plain HTTP)', () => {
    expect(newIdempotencyKey()).toMatch(UUID_V4);
    const real = globalThis.crypto;
    vi.stubGlobal('crypto', { getRandomValues: (a: Uint8Array<ArrayBuffer>) => real.getRandomValues(a) });
    const made = new Set(Array.from({ length: 50 }, () => newIdempotencyKey()));
    expect(made.size).toBe(50);
    for (const key of made) expect(key).toMatch(UUID_V4);
  });
});
