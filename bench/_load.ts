/**
 * autocannon with latencies to the microsecond. autocannon's own percentiles come from a histogram
 * of whole milliseconds, so a p99 of "1" can be 1.0 or 1.9 ms and a ratio of two small p99s is
 * mostly rounding; here every answered request's time (autocannon's own measure, from the request
 * written to the answer read) is kept and the percentiles read from them.
 */
import autocannon from 'autocannon';

export interface Load {
  rps: number;
  /** every request answered */
  requests: number;
  /** milliseconds, to the microsecond, of the 2xx answers */
  p50: number;
  p99: number;
  /** answers other than 2xx, connection errors and timeouts */
  errors: number;
}

/** The value below which a share `q` (0–1) of the sorted samples fall (nearest rank). */
export function percentile(sorted: ArrayLike<number>, q: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(sorted.length * q) - 1))];
}

/** The middle value (of an even count, the upper of the two in the middle). */
export const median = (xs: readonly number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export async function load(opts: {
  url: string;
  connections: number;
  duration: number;
  headers?: Record<string, string>;
}): Promise<Load> {
  const times: number[] = [];
  const instance = autocannon(opts);
  instance.on('response', (_client: unknown, status: number, _bytes: number, ms: number) => {
    if (status >= 200 && status < 300) times.push(ms);
  });
  const r = await instance;
  const sorted = Float64Array.from(times).sort();
  return {
    rps: r.requests.average,
    requests: r.requests.total,
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
    errors: r.errors + r.timeouts + r.non2xx,
  };
}
