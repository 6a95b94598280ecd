import { describe, expect, it } from 'vitest';
import { ProviderError, ProviderHttp, Throttle } from './http.js';
import type { ProviderFetch } from './transport.js';
import { loadProvidersConfig, PRODUCTION_BASE_URLS } from './config.js';

const noSleep = async () => undefined;

/** A transport that answers from a script and counts the calls. */
function scripted(answers: Array<() => Promise<Response> | Response>) {
  const calls: string[] = [];
  const f: ProviderFetch = async (url, init) => {
    calls.push(`${init.method} ${url}`);
    const next = answers[Math.min(calls.length - 1, answers.length - 1)];
    return next();
  };
  return { f, calls };
}

const never = () => new Promise<Response>(() => undefined);

describe('ProviderHttp', () => {
  it('joins the base URL (with its own path) and the query', async () => {
    const { f, calls } = scripted([() => new Response('{}', { status: 200 })]);
    const http = new ProviderHttp('smartbill', 'https://ws.smartbill.ro/SBORO/api/', { fetch: f });
    await http.send({
      method: 'GET',
      path: '/series',
      query: { cif: 'RO1', type: 'f', skip: undefined },
      idempotent: true,
    });
    expect(calls).toEqual(['GET https://ws.smartbill.ro/SBORO/api/series?cif=RO1&type=f']);
  });

  it('gives up a call after the time limit with a timeout error naming the provider', async () => {
    const { f } = scripted([never]);
    const http = new ProviderHttp('cargus', 'http://x', { fetch: f, timeoutMs: 30, readRetries: 0 });
    const err = await http.send({ method: 'GET', path: 'Counties', idempotent: true }).catch((e) => e);
    expect(err).toBeInstanceOf(ProviderError);
    expect(err).toMatchObject({ provider: 'cargus', kind: 'timeout' });
    expect(err.message).toMatch(/^Cargus: /);
  });

  it('retries a read after a timeout, a network failure and a 5xx', async () => {
    const { f, calls } = scripted([
      never,
      () => Promise.reject(new Error('ECONNRESET')),
      () => new Response('x', { status: 503 }),
      () => new Response('ok'),
    ]);
    const http = new ProviderHttp('sameday', 'http://x', { fetch: f, timeoutMs: 20, readRetries: 3, sleep: noSleep });
    const res = await http.send({ method: 'GET', path: 'a', idempotent: true });
    expect(res.text()).toBe('ok');
    expect(calls).toHaveLength(4);
  });

  it('never sends a write twice: a timed-out create is reported, not retried', async () => {
    const { f, calls } = scripted([never, () => new Response('created')]);
    const http = new ProviderHttp('dpd', 'http://x', { fetch: f, timeoutMs: 20, readRetries: 3, sleep: noSleep });
    await expect(http.send({ method: 'POST', path: 'shipment', body: '{}', idempotent: false })).rejects.toMatchObject({
      kind: 'timeout',
    });
    expect(calls).toHaveLength(1);
  });

  it('never sends a write twice: a 5xx on a create comes back as the answer', async () => {
    const { f, calls } = scripted([
      () => new Response('{"errorText":"down"}', { status: 500 }),
      () => new Response('created'),
    ]);
    const http = new ProviderHttp('smartbill', 'http://x', { fetch: f, readRetries: 3, sleep: noSleep });
    const res = await http.send({ method: 'POST', path: 'invoice', body: '{}', idempotent: false });
    expect(res.status).toBe(500);
    expect(calls).toHaveLength(1);
  });

  it('reports a network failure as unavailable once the read retries are used up', async () => {
    const { f, calls } = scripted([() => Promise.reject(new Error('ECONNREFUSED'))]);
    const http = new ProviderHttp('vonage', 'http://x', { fetch: f, readRetries: 1, sleep: noSleep });
    await expect(http.send({ method: 'GET', path: 'a', idempotent: true })).rejects.toMatchObject({
      kind: 'unavailable',
      provider: 'vonage',
    });
    expect(calls).toHaveLength(2);
  });

  it('waits as long as a 429 asks before retrying a read', async () => {
    const waits: number[] = [];
    const { f } = scripted([
      () => new Response('', { status: 429, headers: { 'retry-after': '2' } }),
      () => new Response('ok'),
    ]);
    const http = new ProviderHttp('smartbill', 'http://x', { fetch: f, sleep: async (ms) => void waits.push(ms) });
    await http.send({ method: 'GET', path: 'a', idempotent: true });
    expect(waits).toEqual([2000]);
  });

  it('an unreadable JSON answer is unavailable, not a crash', async () => {
    const { f } = scripted([() => new Response('<html>gateway</html>')]);
    const http = new ProviderHttp('cargus', 'http://x', { fetch: f });
    const res = await http.send({ method: 'GET', path: 'a', idempotent: true });
    expect(() => res.json()).toThrow(ProviderError);
  });
});

describe('Throttle', () => {
  it('spaces the starts of calls to the allowed rate, in order', async () => {
    let now = 0;
    const starts: number[] = [];
    const t = new Throttle(
      3,
      () => now,
      async (ms) => void (now += ms),
    );
    for (let i = 0; i < 4; i++) await t.run(async () => void starts.push(now));
    expect(starts.map(Math.round)).toEqual([0, 367, 733, 1100]);
  });

  it('spaces from when a call really started: a timer firing late does not let the next ones leave together', async () => {
    let now = 0;
    let late = true;
    const starts: number[] = [];
    const t = new Throttle(
      3,
      () => now,
      // The first wait wakes 600 ms late, as on a busy event loop.
      async (ms) => {
        now += ms + (late ? 600 : 0);
        late = false;
      },
    );
    await Promise.all(Array.from({ length: 4 }, () => t.run(async () => void starts.push(now))));
    expect(starts.map(Math.round)).toEqual([0, 967, 1333, 1700]);
    for (let i = 1; i < starts.length; i++) expect(starts[i]! - starts[i - 1]!).toBeGreaterThanOrEqual(366);
  });
});

describe('loadProvidersConfig', () => {
  it('is emulated by default, each provider under /emulators/<provider>', () => {
    const c = loadProvidersConfig({});
    expect(c.mode).toBe('emulated');
    expect(c.baseUrls.cargus).toBe('http://emulators.local/emulators/cargus/api');
    expect(c.baseUrls.smartbill).toBe('http://emulators.local/emulators/smartbill/SBORO/api');
  });

  it('live uses the production hosts unless a base URL is set', () => {
    const c = loadProvidersConfig({
      PROVIDERS: 'live',
      SAMEDAY_BASE_URL: 'https://sameday-api.demo.zitec.com',
      PROVIDER_TIMEOUT_MS: '5000',
    });
    expect(c.baseUrls.sameday).toBe('https://sameday-api.demo.zitec.com');
    expect(c.baseUrls.cargus).toBe(PRODUCTION_BASE_URLS.cargus);
    expect(c.timeoutMs).toBe(5000);
  });

  it('refuses an unknown mode', () => {
    expect(() => loadProvidersConfig({ PROVIDERS: 'mock' })).toThrow(/PROVIDERS/);
  });
});
