import { describe, expect, it } from 'vitest';
import { manualClock, systemClock } from './clock.js';

describe('clock', () => {
  it('the system clock reads Unix seconds now', () => {
    const before = Math.floor(Date.now() / 1000);
    const t = systemClock.now();
    expect(t).toBeGreaterThanOrEqual(before);
    expect(t).toBeLessThanOrEqual(before + 1);
  });

  it('a manual clock moves only when told', () => {
    const clock = manualClock(1000);
    expect(clock.now()).toBe(1000);
    clock.advance(86_401);
    expect(clock.now()).toBe(87_401);
    clock.set(5);
    expect(clock.now()).toBe(5);
  });
});
