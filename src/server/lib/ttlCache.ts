import type { Clock } from './clock.js';

/**
 * A small in-process cache whose entries live `ttlSeconds` by the app clock, holding at most
 * `maxEntries` (the oldest go first). For answers that may be a few seconds stale by design.
 */
export class TtlCache<K, V> {
  private entries = new Map<K, { value: V; until: number }>();

  constructor(
    private ttlSeconds: number,
    private maxEntries: number,
    private clock: Clock,
  ) {}

  get(key: K): V | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (hit.until <= this.clock.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return hit.value;
  }

  set(key: K, value: V): void {
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as K);
    this.entries.set(key, { value, until: this.clock.now() + this.ttlSeconds });
  }

  delete(key: K): void {
    this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }
}
