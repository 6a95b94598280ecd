/**
 * The app's clock. Everything that depends on the time (token expiry, the one-day storno rule,
 * tracking, dates in the seed) reads it through this interface, so tests move time instead of
 * waiting for it.
 */
export interface Clock {
  /** Unix seconds, the unit of every timestamp we store and send. */
  now(): number;
}

export const systemClock: Clock = { now: () => Math.floor(Date.now() / 1000) };

/** A clock for tests: starts at `start` (Unix seconds) and moves only when told. */
export interface ManualClock extends Clock {
  set(seconds: number): void;
  advance(seconds: number): void;
}

export function manualClock(start = 1_767_225_600 /* 2026-01-01T00:00:00Z */): ManualClock {
  let t = start;
  return {
    now: () => t,
    set: (seconds) => {
      t = seconds;
    },
    advance: (seconds) => {
      t += seconds;
    },
  };
}
