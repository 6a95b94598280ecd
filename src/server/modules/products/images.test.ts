import { describe, expect, it } from 'vitest';
import { imageSigner, KEPT_LINKS, LINK_PERIOD_SECONDS } from './images.js';

/** A signer's links are kept for their period: each must be the link a fresh signer would make. */
const SHA = (n: number) => n.toString(16).padStart(16, '0').padEnd(64, 'f'); // a version (its first 16) of its own
const at = 1_800_000_000; // a moment inside a period
const parts = (link: string) => Object.fromEntries(new URL(link, 'http://x').searchParams);

describe('image links kept for their period', () => {
  it('a kept link is the one a fresh signer makes, and it verifies', () => {
    const signer = imageSigner('app-key');
    const first = signer.url(7, SHA(1), at);
    expect(signer.url(7, SHA(1), at + 10)).toBe(first);
    expect(imageSigner('app-key').url(7, SHA(1), at + 10)).toBe(first);
    const { v, exp, sig } = parts(first);
    expect(signer.verify(7, v, Number(exp), sig, at)).toBe(true);
  });

  it('a new period makes a new link, and a replaced image another', () => {
    const signer = imageSigner('app-key');
    const now = signer.url(7, SHA(1), at);
    const later = signer.url(7, SHA(1), at + LINK_PERIOD_SECONDS);
    expect(later).not.toBe(now);
    expect(Number(parts(later).exp)).toBe(Number(parts(now).exp) + LINK_PERIOD_SECONDS);
    expect(later).toBe(imageSigner('app-key').url(7, SHA(1), at + LINK_PERIOD_SECONDS));
    // Back in the first period (a clock set back): its link again, not the later one.
    expect(signer.url(7, SHA(1), at)).toBe(now);
    const replaced = signer.url(7, SHA(2), at);
    expect(replaced).not.toBe(now);
    expect(parts(replaced).v).toBe(SHA(2).slice(0, 16));
    // Another product with the same image gets its own signature.
    expect(parts(signer.url(8, SHA(1), at)).sig).not.toBe(parts(now).sig);
  });

  it('past its bound the signer still answers every link right', () => {
    const signer = imageSigner('app-key');
    const fresh = imageSigner('app-key');
    for (let id = 1; id <= KEPT_LINKS + 5; id++) signer.url(id, SHA(id), at);
    for (const id of [1, 2, KEPT_LINKS, KEPT_LINKS + 5])
      expect(signer.url(id, SHA(id), at)).toBe(fresh.url(id, SHA(id), at));
  });
});
