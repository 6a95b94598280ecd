import type { SecretBox } from '../lib/secrets.js';
/** What the foundation seed made, handed to every module's seeder. */
export interface SeedContext {
  userId: number;
  companyIds: number[];
  now: number;
  /** The app's secret box, when the seed is given one (what a demo secret is sealed with). */
  secrets?: SecretBox;
}

/** A small deterministic random generator, so the demo data is the same on every machine. */
export function seededRandom(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const pick = <T>(rand: () => number, list: readonly T[]): T => list[Math.floor(rand() * list.length)];
