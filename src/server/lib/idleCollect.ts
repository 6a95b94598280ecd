/**
 * Full garbage collections when the process comes to rest after being busy.
 *
 * Under load V8 grows its young generation and keeps the pages it grew into; once the requests
 * stop nothing allocates, so nothing collects again and the process stays at its peak (190–230 MB
 * after the list bench's load, which left 42 MB of heap alive). Collections at rest let V8 hand
 * those pages back (120–140 MB). Busy and at rest are told
 * by the CPU the process used in each interval, so no request pays for the watch.
 *
 * It needs node's `--expose-gc` (`npm start` passes it); without it nothing is done.
 */

/** An interval counts as busy above this share of one core. */
const BUSY_SHARE = 0.05;
/** An interval counts as at rest below this share (a collection itself costs well under it). */
const REST_SHARE = 0.01;

export interface IdleCollector {
  /** One interval's check (the timer calls it; tests call it by hand). */
  tick(): void;
  stop(): void;
}

export function collectWhenIdle(
  opts: {
    intervalMs?: number;
    /** The collection (globalThis.gc by default; null: none). */
    gc?: (() => void) | null;
    /**
     * Runs before each collection: hands back what else the load grew that no collection of this
     * thread reaches (the SQLite read pool's idle workers: Db.atRest).
     */
    atRest?: () => void;
    cpuMicros?: () => number;
    timers?: boolean;
  } = {},
): IdleCollector | null {
  const gc = opts.gc === undefined ? (globalThis as { gc?: () => void }).gc : opts.gc;
  if (!gc) return null;
  const intervalMs = opts.intervalMs ?? 5000;
  const cpuMicros =
    opts.cpuMicros ??
    (() => {
      const u = process.cpuUsage();
      return u.user + u.system;
    });
  let last = cpuMicros();
  /** Collections still to run at rest: two after a busy spell (see below), none otherwise. */
  let owed = 0;
  const tick = () => {
    const now = cpuMicros();
    const share = (now - last) / (intervalMs * 1000);
    last = now;
    if (share >= BUSY_SHARE) owed = 2;
    else if (share < REST_SHARE && owed > 0) {
      // Two, one interval apart: V8 shrinks its young generation only when a collection sees a low
      // allocation rate, which it measures between collections, and the first one at rest still
      // counts the busy spell before it.
      owed--;
      opts.atRest?.();
      gc();
      // The collection's own CPU belongs to no interval of work.
      last = cpuMicros();
    }
  };
  const timer = opts.timers === false ? null : setInterval(tick, intervalMs).unref();
  return { tick, stop: () => timer && clearInterval(timer) };
}
