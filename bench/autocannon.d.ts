// autocannon ships no types; only what bench/list-load.ts reads is declared.
declare module 'autocannon' {
  interface Histogram { average: number; p50: number; p99: number; max: number }
  interface Result { requests: Histogram; latency: Histogram; non2xx: number; errors: number; timeouts: number; '2xx': number }
  interface Options { url: string; connections?: number; duration?: number; headers?: Record<string, string>; pipelining?: number }
  function autocannon(opts: Options): Promise<Result>;
  export default autocannon;
}
