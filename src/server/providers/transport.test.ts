import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { ProviderHttp } from './http.js';
import { networkFetch } from './transport.js';

interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * A server on a free port that answers with `answer` and keeps what it was sent and its connections
 * (how many were opened, how many are closed).
 */
async function server(
  answer: (req: http.IncomingMessage, res: http.ServerResponse) => void,
  opts: { keepAliveTimeout?: number } = {},
) {
  const seen: Seen[] = [];
  let connections = 0;
  let closed = 0;
  const srv = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      seen.push({ method: req.method!, url: req.url!, headers: req.headers, body: Buffer.concat(chunks).toString() });
      answer(req, res);
    });
  });
  if (opts.keepAliveTimeout) srv.keepAliveTimeout = opts.keepAliveTimeout;
  srv.on('connection', (socket) => {
    connections++;
    socket.on('close', () => closed++);
  });
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  servers.push(srv);
  return {
    origin: `http://127.0.0.1:${(srv.address() as AddressInfo).port}`,
    seen,
    connections: () => connections,
    closed: () => closed,
  };
}

const servers: http.Server[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    await new Promise((resolve) => s.close(resolve));
  }
});

const call = (url: string, init: Partial<Parameters<typeof networkFetch>[1]> = {}) =>
  networkFetch(url, { method: 'GET', headers: {}, signal: new AbortController().signal, ...init });
const text = async (answer: Awaited<ReturnType<typeof networkFetch>>) =>
  Buffer.from(new Uint8Array(await answer.arrayBuffer())).toString();

describe('networkFetch, the live transport', () => {
  it('sends the method, path, query, body and the client’s headers over the defaults fetch sent', async () => {
    const s = await server((_req, res) => {
      res.setHeader('content-type', 'application/json');
      res.setHeader('set-cookie', ['a=1', 'b=2']);
      res.statusCode = 201;
      res.end('{"id":"80012345678"}');
    });
    const answer = await call(`${s.origin}/v1/shipment?lang=ro`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: '{"name":"Ștefan Țurcanu"}',
    });
    expect(answer.status).toBe(201);
    expect(answer.headers.get('content-type')).toBe('application/json');
    expect(answer.headers.getSetCookie()).toEqual(['a=1', 'b=2']);
    expect(await text(answer)).toBe('{"id":"80012345678"}');
    const [req] = s.seen;
    expect(req).toMatchObject({ method: 'POST', url: '/v1/shipment?lang=ro', body: '{"name":"Ștefan Țurcanu"}' });
    expect(req.headers).toMatchObject({
      'content-type': 'application/json',
      accept: 'application/json',
      'user-agent': 'node',
      'accept-encoding': 'gzip, deflate',
      // Counted in bytes, not characters: the diacritics take two each.
      'content-length': String(Buffer.byteLength('{"name":"Ștefan Țurcanu"}')),
    });
  });

  it('decodes a gzip or deflate answer', async () => {
    const body = JSON.stringify({ localities: ['Gura Humorului', 'Cisnădie'] });
    const s = await server((req, res) => {
      const coding = req.url === '/gzip' ? 'gzip' : 'deflate';
      res.setHeader('content-encoding', coding);
      res.end(coding === 'gzip' ? zlib.gzipSync(body) : zlib.deflateSync(body));
    });
    expect(await text(await call(`${s.origin}/gzip`))).toBe(body);
    expect(await text(await call(`${s.origin}/deflate`))).toBe(body);
  });

  it('keeps one connection for calls one after the other', async () => {
    const s = await server((_req, res) => res.end('ok'));
    for (let i = 0; i < 3; i++) expect(await text(await call(`${s.origin}/a`))).toBe('ok');
    expect(s.connections()).toBe(1);
  });

  it('leaves an idle connection before the time the server announced, so no call meets it closing', async () => {
    // The server announces `Keep-Alive: timeout=2` but keeps an idle connection a minute: only the
    // transport can close it, and it does a second before the announced time (waited for until it
    // is closed, within the 2 s announced), then opens another for the next call.
    const s = await server(
      (_req, res) => {
        res.setHeader('keep-alive', 'timeout=2');
        res.end('ok');
      },
      { keepAliveTimeout: 60_000 },
    );
    await call(`${s.origin}/a`).then(text);
    expect(s.closed()).toBe(0);
    await expect.poll(() => s.closed(), { timeout: 1_900, interval: 20 }).toBe(1);
    expect(await text(await call(`${s.origin}/b`))).toBe('ok');
    expect(s.connections()).toBe(2);
  });

  it('waits for an answer slower than the idle limit: only an idle connection is closed', async () => {
    // A courier that takes 5 s over a create must not lose it to the transport's 4 s idle limit.
    const s = await server((_req, res) => void setTimeout(() => res.end('created'), 4_500));
    expect(await text(await call(`${s.origin}/slow`, { method: 'POST', body: '{}' }))).toBe('created');
  }, 10_000);

  it('fails a call aborted before its answer, and the server sees the connection closed', async () => {
    let closed = false;
    const s = await server((req) => req.socket.on('close', () => (closed = true)));
    const controller = new AbortController();
    const pending = call(`${s.origin}/slow`, { signal: controller.signal });
    await expect.poll(() => s.seen.length).toBe(1);
    controller.abort();
    await expect(pending).rejects.toThrow();
    await expect.poll(() => closed).toBe(true);
  });
});

describe('ProviderHttp over the network', () => {
  it('makes a call the server never answers a timeout, and a refused connection unavailable', async () => {
    const s = await server(() => undefined);
    const slow = new ProviderHttp('dpd', s.origin, { timeoutMs: 100 });
    await expect(slow.send({ method: 'POST', path: 'shipment', body: '{}', idempotent: false })).rejects.toMatchObject({
      kind: 'timeout',
    });
    // A port nobody listens on: the one of a server closed again.
    const gone = await server(() => undefined);
    const refused = new ProviderHttp('dpd', gone.origin, { readRetries: 0 });
    servers.pop()!.close();
    await expect(refused.send({ method: 'GET', path: 'x', idempotent: true })).rejects.toMatchObject({
      kind: 'unavailable',
    });
  });

  it('gives a client the answer of a provider whose call cut off halfway as unavailable', async () => {
    const s = await server((_req, res) => {
      res.setHeader('content-length', '100');
      res.end('{"id":');
      // The body is shorter than announced; closing the connection leaves it incomplete.
      res.socket?.destroy();
    });
    const client = new ProviderHttp('cargus', s.origin, { readRetries: 0 });
    await expect(client.send({ method: 'GET', path: 'x', idempotent: true })).rejects.toMatchObject({
      kind: 'unavailable',
    });
  });
});
