import { describe, expect, it, vi } from 'vitest';
import { claimReload, isChunkLoadError, RELOAD_GUARD_MS, RELOADED_AT_KEY, serverReachable } from './screenLoad';

const memory = () => {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), m };
};

describe('screen loading', () => {
  it('tells a screen whose code failed to download from other errors (Chrome, Safari, Firefox, Vite)', () => {
    for (const message of [
      'Failed to fetch dynamically imported module: http://x/assets/OrdersPage-abc.js',
      'Importing a module script failed.',
      'error loading dynamically imported module: http://x/assets/a.js',
      'Unable to preload CSS for /assets/a.css',
    ])
      expect(isChunkLoadError(new TypeError(message))).toBe(true);
    expect(isChunkLoadError(new Error("Cannot read properties of undefined (reading 'id')"))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });

  it('reloads once to pick up new files, not again within the guard (no loop), again after it', () => {
    const store = memory();
    expect(claimReload(1000, store)).toBe(true);
    expect(store.m.get(RELOADED_AT_KEY)).toBe('1000');
    expect(claimReload(1000 + 5_000, store)).toBe(false);
    expect(claimReload(1000 + RELOAD_GUARD_MS - 1, store)).toBe(false);
    expect(claimReload(1000 + RELOAD_GUARD_MS, store)).toBe(true);
    // Without session storage (or when it refuses to write) the page never reloads by itself.
    expect(claimReload(1000, null)).toBe(false);
    expect(
      claimReload(1000, {
        getItem: () => null,
        setItem: () => {
          throw new Error('quota');
        },
      }),
    ).toBe(false);
  });

  it('the server is reachable when its health check answers', async () => {
    expect(await serverReachable(vi.fn(() => Promise.resolve(new Response('{}', { status: 200 }))))).toBe(true);
    expect(await serverReachable(vi.fn(() => Promise.resolve(new Response('', { status: 502 }))))).toBe(false);
    expect(await serverReachable(vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))))).toBe(false);
  });
});
