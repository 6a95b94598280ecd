import { performance } from 'node:perf_hooks';

/**
 * Full garbage collections when the process comes to rest after being busy.
 *
 * Under load V8 grows its young generation and keeps the pages it grew into; once the requests
 * stop nothing allocates, so nothing collects again and the process stays at its peak (190–230 MB
 * after the list bench's load, which left 42 MB of heap alive). Collections at rest let V8 hand
 * those pages back (120–140 MB). Busy and at rest are told by the time the main thread's event
 * loop spent working in each interval (its utilization), so no request pays for the watch. Not the
 * process's CPU: V8's background threads sweeping after a collection and the read pool's workers
 * ending at rest count there, and after the list bench's load they kept the process at 1.3–2 % of
 * a core for the two intervals after the first collection, so the second one never came in time.
 *
 * It needs node's `--expose-gc` (`npm start` passes it); without it nothing is done.
 */

/** An interval counts as busy when the main thread worked more than this share of it. */
const BUSY_SHARE = 0.05;
/**
 * Three, one interval apart: V8 shrinks its young generation only when a collection sees a low
 * allocation rate, which it measures over its last collections, so the first one at rest still
 * counts the busy spell before it; after the list bench's load the second one shrank it in most
 * runs, and the third in the others (146 and 147 MB at rest after two, 117 after a third).
 */
const COLLECTIONS_AT_REST = 3;
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
    /** The main thread's working time so far, in µs (its event loop's active time by default). */
    workMicros?: () => number;
    timers?: boolean;
  } = {},
): IdleCollector | null {
  const gc = opts.gc === undefined ? (globalThis as { gc?: () => void }).gc : opts.gc;
  if (!gc) return null;
  const intervalMs = opts.intervalMs ?? 5000;
  const workMicros = opts.workMicros ?? (() => performance.eventLoopUtilization().active * 1000);
  let last = workMicros();
  /** Collections still to run at rest: COLLECTIONS_AT_REST after a busy spell, none otherwise. */
  let owed = 0;
  const tick = () => {
    const now = workMicros();
    const share = (now - last) / (intervalMs * 1000);
    last = now;
    if (share >= BUSY_SHARE) owed = COLLECTIONS_AT_REST;
    else if (share < REST_SHARE && owed > 0) {
      owed--;
      opts.atRest?.();
      gc();
      // The collection's own time belongs to no interval of work.
      last = workMicros();
    }
  };
  const timer = opts.timers === false ? null : setInterval(tick, intervalMs).unref();
  return { tick, stop: () => timer && clearInterval(timer) };
}
