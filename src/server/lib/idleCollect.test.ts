import { describe, expect, it } from 'vitest';
import { collectWhenIdle } from './idleCollect.js';

/** A collector on a hand-driven clock of work: `interval(ms)` is the time worked during the next interval. */
function driven() {
  let micros = 0;
  let collections = 0;
  let rests = 0;
  const c = collectWhenIdle({
    intervalMs: 1000,
    gc: () => collections++,
    atRest: () => rests++,
    workMicros: () => micros,
    timers: false,
  })!;
  return {
    interval(cpuMs: number) {
      micros += cpuMs * 1000;
      c.tick();
    },
    get collections() {
      return collections;
    },
    get rests() {
      return rests;
    },
  };
}

describe('collectWhenIdle', () => {
  it('collects three times, one interval apart, when a busy process comes to rest, not while it works', () => {
    const d = driven();
    d.interval(800);
    d.interval(600);
    expect(d.collections).toBe(0);
    d.interval(0);
    expect(d.collections).toBe(1);
    d.interval(0);
    expect(d.collections).toBe(2);
    d.interval(0);
    expect(d.collections).toBe(3);
    d.interval(0);
    d.interval(0);
    expect(d.collections).toBe(3);
  });

  it("stops the database's idle readers before each collection at rest, never while the process works", () => {
    const d = driven();
    d.interval(800);
    d.interval(30);
    expect(d.rests).toBe(0);
    d.interval(0);
    expect(d.rests).toBe(1);
    d.interval(0);
    d.interval(0);
    d.interval(0);
    expect([d.rests, d.collections]).toEqual([3, 3]);
  });

  it('collects again after the next busy spell only; work between the collections starts over', () => {
    const d = driven();
    d.interval(500);
    d.interval(0);
    d.interval(200);
    d.interval(1);
    d.interval(0);
    d.interval(0);
    expect(d.collections).toBe(4);
    d.interval(0);
    expect(d.collections).toBe(4);
  });

  it('never collects a process that was never busy, nor in a half-busy interval', () => {
    const d = driven();
    d.interval(3);
    d.interval(30);
    d.interval(0);
    expect(d.collections).toBe(0);
    d.interval(100);
    d.interval(30);
    expect(d.collections).toBe(0);
    d.interval(5);
    expect(d.collections).toBe(1);
    d.interval(30);
    expect(d.collections).toBe(1);
    d.interval(5);
    d.interval(5);
    expect(d.collections).toBe(3);
  });

  it('does nothing without a gc function (node without --expose-gc)', () => {
    expect(collectWhenIdle({ gc: null, timers: false })).toBeNull();
  });
});
