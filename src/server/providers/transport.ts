import type { ProviderFetch } from './http.js';

/** What an in-process transport needs of a Fastify app (the emulators' host): its `inject`. */
interface Injectable {
  inject(opts: { method: string; url: string; headers: Record<string, string>; payload?: string | Buffer }): Promise<{
    statusCode: number;
    headers: Record<string, string | string[] | number | undefined>;
    rawPayload: Buffer;
  }>;
}

/**
 * A fetch that hands each request to the emulators' host in process instead of the network:
 * `npm start` and the API tests need no port and no network, and the emulators answer nobody
 * else (their host never listens). Only the path and query of the URL are used. Time limits still
 * apply: the HTTP layer races every call against its timer.
 */
export function injectFetch(app: Injectable): ProviderFetch {
  return async (url, init) => {
    const u = new URL(url);
    const res = await app.inject({
      method: init.method,
      url: u.pathname + u.search,
      headers: init.headers,
      payload: init.body,
    });
    const headers = new Headers();
    for (const [k, v] of Object.entries(res.headers)) {
      if (v === undefined) continue;
      for (const one of [v].flat()) headers.append(k, String(one));
    }
    const noBody = res.statusCode === 204 || res.statusCode === 304;
    // The payload as it is: a fetch Response would pass it through a web stream to be read back
    // (a twentieth of an AWB create's CPU went to that).
    const body = noBody ? new Uint8Array(0) : res.rawPayload;
    return { status: res.statusCode, headers, arrayBuffer: async () => body };
  };
}
