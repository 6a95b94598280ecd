import http from 'node:http';
import https from 'node:https';
import zlib from 'node:zlib';

/**
 * How a provider client's HTTP layer (http.ts) sends a request: a `fetch`-shaped function, so
 * the global fetch or a test's script fits it too.
 */
export type ProviderFetch = (
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string; signal: AbortSignal },
) => Promise<ProviderFetchAnswer>;

/** What the HTTP layer reads of a transport's answer: a fetch Response fits it. */
export type ProviderFetchAnswer = Pick<Response, 'status' | 'headers'> & {
  /** The whole body. */
  arrayBuffer(): Promise<ArrayBuffer | Uint8Array>;
};

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

/*
 * The network, through node's own HTTP client rather than the global fetch: fetch builds a Request,
 * a Response and web streams for every call, and cost about 1,000-1,400 µs of CPU for a small JSON
 * POST against 280-480 µs here (both ends in one process), on the one thread that also serves the
 * app. What fetch did and this does too, so the providers see the same requests:
 * - it sends an `accept` of any type, `user-agent: node` and `accept-encoding: gzip, deflate`
 *   unless the client set them, and decodes an answer so encoded;
 * - it keeps connections open between calls. An idle one is closed after IDLE_MS, or a second
 *   before the time the server announced in its Keep-Alive header when that is shorter (node's agent
 *   heeds the announcement only when it has a timeout of its own), so a request is not written to a
 *   connection the server is closing: a create lost that way would leave its outcome unknown.
 * What it does not do: follow redirects. A provider's API answers where it is asked, and a 3xx
 * comes back as the answer, which the clients take as an unexpected status.
 */
const IDLE_MS = 4_000;
const httpAgent = new http.Agent({ keepAlive: true, timeout: IDLE_MS });
const httpsAgent = new https.Agent({ keepAlive: true, timeout: IDLE_MS });
const DEFAULT_HEADERS: Record<string, string> = {
  accept: '*/*',
  'user-agent': 'node',
  'accept-encoding': 'gzip, deflate',
};

export const networkFetch: ProviderFetch = (url, init) =>
  new Promise((resolve, reject) => {
    const target = new URL(url);
    const headers: Record<string, string> = { ...DEFAULT_HEADERS };
    for (const [name, value] of Object.entries(init.headers)) headers[name.toLowerCase()] = value;
    const body = init.body === undefined ? undefined : Buffer.from(init.body, 'utf8');
    if (body) headers['content-length'] = String(body.length);
    const secure = target.protocol === 'https:';
    const send = secure ? https.request : http.request;
    const agent = secure ? httpsAgent : httpAgent;
    const req = send(target, { method: init.method, headers, agent, signal: init.signal }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      // A connection lost or a call aborted halfway through the answer fails it here.
      res.on('error', reject);
      res.on('end', () => {
        const answer = new Headers();
        for (let i = 0; i < res.rawHeaders.length; i += 2) answer.append(res.rawHeaders[i], res.rawHeaders[i + 1]);
        try {
          const decoded = decode(Buffer.concat(chunks), answer.get('content-encoding'));
          resolve({ status: res.statusCode ?? 0, headers: answer, arrayBuffer: async () => decoded });
        } catch (e) {
          reject(e);
        }
      });
    });
    req.on('error', reject);
    req.end(body);
  });

/** The body as sent, undone of the content coding it names (gzip or deflate, what we accept). */
function decode(body: Buffer, coding: string | null): Buffer {
  switch (coding?.trim().toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return zlib.gunzipSync(body);
    case 'deflate':
      return zlib.inflateSync(body);
    default:
      return body;
  }
}
