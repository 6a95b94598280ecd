import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { openDb, type Db } from '../db/connection.js';
import { migrateToLatest } from '../db/migrate.js';
import { fileInside, isServerPath } from './spa.js';

describe('fileInside: the SPA fallback never serves a file outside the build folder', () => {
  const root = path.join(path.sep, 'srv', 'dist');

  it('names a file inside the folder', () => {
    expect(fileInside(root, '/assets/index-AbC.js?v=1')).toBe(path.join(root, 'assets', 'index-AbC.js'));
    expect(fileInside(root, '/favicon%20x.svg')).toBe(path.join(root, 'favicon x.svg'));
  });

  it('refuses a sibling folder that merely starts with the same name', () => {
    expect(fileInside(root, '/../dist-secret/key.txt')).toBeNull();
    expect(fileInside(root, '/%2e%2e/dist-secret/key.txt')).toBeNull();
  });

  it('refuses paths that climb out and malformed escapes', () => {
    expect(fileInside(root, '/../../etc/passwd')).toBeNull();
    expect(fileInside(root, '/%E0%A4%A')).toBeNull();
  });
});

/** Every way of writing a path of the API or the emulators that no route of the server's matches. */
const SERVER_PATHS = [
  '/API/V1/ORDER/5998',
  '/Api/v1/order/5998',
  '/api/V1/Order',
  '/API',
  '/api',
  '/api/',
  '/Api?x=1',
  '/api/v1/nothing-here/deeper/still',
  '//api/v1/order/5998',
  '//API//V1//ORDER',
  '/api//v1/order/5998',
  '///api',
  '/%2Fapi/v1/order',
  '/api%2Fv1%2Forder%2F5998',
  '/API%2fV1',
  '/%61pi/v1/x',
  '/emulators',
  '/Emulators',
  '/EMULATORS/dpd',
  '//emulators/dpd',
  '//emulators',
  '/emulators%2Fdpd%2Fv1%2Fprint',
  '/%2Femulators/dpd',
  '/Emulators/dpd/v1/print/extra/segments',
];

/**
 * Written so only over a socket: an inject parses its URL as a browser does (a back slash is a
 * slash, dot segments are resolved), a raw request line keeps them.
 */
const RAW_SERVER_PATHS = ['/x/../api/v1/order', '/./api', '/assets/../../emulators/dpd', '/\\api/v1', '/\\Emulators'];

describe('isServerPath: the API and the emulators however their paths are written', () => {
  it.each([...SERVER_PATHS, ...RAW_SERVER_PATHS])('%s is the server’s', (url) => expect(isServerPath(url)).toBe(true));

  it('an absolute-form request target is judged by its path', () => {
    expect(isServerPath('http://console.example/API/v1/order')).toBe(true);
    expect(isServerPath('https://console.example//emulators/dpd')).toBe(true);
    expect(isServerPath('http://console.example/orders/12')).toBe(false);
  });

  it.each([
    '/',
    '/orders/5998',
    '/apiary',
    '/api-docs',
    '/emulatorsx',
    '/orders/api',
    '/products?search=api',
    '/%E0%A4%A',
  ])('%s is the web app’s', (url) => expect(isServerPath(url)).toBe(false));
});

describe('the web app never answers a path of the API or the emulators', () => {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'dist-spa-'));
  const indexHtml = '<!doctype html><html><body><div id="root"></div></body></html>';
  let app: FastifyInstance;
  let db: Db;
  beforeAll(async () => {
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), indexHtml);
    fs.writeFileSync(path.join(dist, 'assets', 'index-AbC123xY.js'), 'export{}');
    db = openDb('sqlite::memory:');
    await migrateToLatest(db);
    app = await buildApp({ db, appKey: crypto.randomBytes(32).toString('base64'), dataDir: dist, webDist: dist });
  });
  afterAll(async () => {
    await app.close();
    await db.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it.each(SERVER_PATHS)('GET %s answers the JSON 404', async (url) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ message: 'Not found.' });
  });

  it('the 404 is the one every other unknown path gets, in the language asked, on HEAD too', async () => {
    const ro = await app.inject({ method: 'GET', url: '/API/V1/ORDER/5998', headers: { 'accept-language': 'ro' } });
    expect(ro.statusCode).toBe(404);
    expect(ro.json()).toEqual({ message: 'Nu a fost găsit.' });
    const head = await app.inject({ method: 'HEAD', url: '//emulators/dpd' });
    expect(head.statusCode).toBe(404);
    expect(head.headers['content-type']).toMatch(/^application\/json/);
  });

  it('the web app still answers its own routes and files', async () => {
    for (const url of ['/', '/orders/5998', '/apiary', '/products?search=api']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(indexHtml);
    }
    const asset = await app.inject({ method: 'GET', url: '/assets/index-AbC123xY.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('export{}');
  });

  it('over a socket too, where the request line keeps dot segments and back slashes', async () => {
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const port = Number(new URL(address).port);
    for (const url of RAW_SERVER_PATHS) {
      const answer = await rawGet(port, url);
      expect(answer.split('\r\n')[0], url).toMatch(/^HTTP\/1\.1 404 /);
      expect(answer, url).toMatch(/content-type: application\/json/i);
      expect(answer, url).not.toContain('<div id="root">');
    }
  });

  it('the API itself is unchanged: a known route answers, a stranger gets 401', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/v1/order/5998' })).statusCode).toBe(401);
  });
});

/** One GET as a client writes it on the wire, the path byte for byte; answers the whole response. */
function rawGet(port: number, target: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () =>
      socket.write(`GET ${target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`),
    );
    let data = '';
    socket.on('data', (chunk) => (data += chunk.toString('utf8')));
    socket.on('end', () => resolve(data));
    socket.on('error', reject);
  });
}
