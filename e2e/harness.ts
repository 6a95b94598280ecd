import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';

/**
 * Browser tests run the real server (built web app, fresh SQLite database with demo data) and
 * drive Debian's Chromium. Screenshots go to artifacts/screenshots.
 */
export const DEMO = { email: 'demo@magazin-demo.ro', password: 'demo1234' };
export const SCREENSHOT_DIR = path.resolve('artifacts/screenshots');

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/**
 * How long a fresh server may take to answer: it opens a copy of the demo database (globalSetup.ts
 * seeded it once) and migrates nothing, about a second on an idle 2-core machine, several times
 * that when other test runs share it. E2E_START_SECONDS overrides it.
 */
export const START_SECONDS = Number(process.env.E2E_START_SECONDS) || 60;

export interface E2eServer {
  baseUrl: string;
  /** The server's own folder: its database (`app.db`) and key, removed by stop(). */
  dataDir: string;
  stop(): Promise<void>;
}

export async function startServer(): Promise<E2eServer> {
  // WEB_DIST lets a developer build into a folder of their own (vite build --outDir) while others test.
  const dist = process.env.WEB_DIST ?? 'dist';
  if (!fs.existsSync(path.join(dist, 'index.html')))
    throw new Error(`No web build in ${dist}: run "npm run build" first (npm test does it).`);
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-e2e-'));
  // A fresh copy of the demo shop for this file: whatever the file changes, no other file sees.
  for (const suffix of ['', '-wal'])
    if (fs.existsSync(inject('e2eDemoDb') + suffix))
      fs.copyFileSync(inject('e2eDemoDb') + suffix, path.join(dir, `app.db${suffix}`));
  // The key the demo's secrets were sealed with, beside the database as a server keeps it.
  fs.copyFileSync(path.join(path.dirname(inject('e2eDemoDb')), 'app.key'), path.join(dir, 'app.key'));
  // The compiled server, as `npm start` runs it.
  const child: ChildProcess = spawn(process.execPath, ['--expose-gc', path.join(inject('e2eServerDir'), 'main.mjs')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: `sqlite:${path.join(dir, 'app.db')}`,
      DATA_DIR: dir,
      SEED_DEMO: 'true',
      WEB_DIST: dist,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => (output += String(d)));
  child.stderr?.on('data', (d) => (output += String(d)));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + START_SECONDS * 1000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Server exited early:\n${output}`);
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error(`Server did not start in ${START_SECONDS} s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    baseUrl,
    dataDir: dir,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function launchBrowser(): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM))
    throw new Error(
      `Chromium not found at ${CHROMIUM}: install it with "apt-get install -y chromium" (npm test does this when run as root).`,
    );
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}

/**
 * Waits until nothing on the page moves: every finite CSS transition or animation (a modal's or a
 * drawer's opening) has finished. Endless ones (a loader's spin) are not waited for.
 */
export async function untilStill(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
  );
}

/** A full-page screenshot once the page is still (see untilStill). */
export async function screenshot(page: Page, name: string): Promise<void> {
  await untilStill(page);
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

/** Signs in as the demo user and waits for the signed-in layout. */
export async function signIn(page: Page, baseUrl: string, creds = DEMO): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel(/email/i).fill(creds.email);
  await page.getByLabel(/password|parol/i).fill(creds.password);
  await page.getByRole('button', { name: /sign in|autentificare/i }).click();
  await page.waitForURL(`${baseUrl}/`);
}

export interface E2eSession {
  server: E2eServer;
  browser: Browser;
  page: Page;
}

/** A fresh server, a browser and a page signed in as the demo user: the set-up of most test files. */
export async function openSignedInSession(viewport = { width: 1366, height: 900 }): Promise<E2eSession> {
  const server = await startServer();
  const browser = await launchBrowser();
  const page = await browser.newPage({ viewport });
  await signIn(page, server.baseUrl);
  return { server, browser, page };
}

export async function closeSession(session: Partial<E2eSession>): Promise<void> {
  await session.browser?.close();
  await session.server?.stop();
}

/**
 * Calls the API from the signed-in page, as the web app does (its token and, once one is chosen,
 * its company): the answer's status and body, whatever they are.
 */
export async function requestApi<T = unknown>(
  page: Page,
  method: string,
  url: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  return page.evaluate(
    async ({ method, url, body }) => {
      const company = localStorage.getItem('selectedCompanyId');
      const r = await fetch(url, {
        method,
        headers: {
          Authorization: `Bearer ${localStorage.getItem('token')}`,
          ...(company ? { 'X-Company-ID': company } : {}),
          // A JSON type with no body is refused by the server (400), as it should be.
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
          Accept: 'application/json',
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: r.status, body: await r.json().catch(() => null) };
    },
    { method, url, body },
  ) as Promise<{ status: number; body: T }>;
}

/**
 * requestApi expecting a success: the answer's body. For a test's set-up through the API rather
 * than the screens.
 */
export async function callApi<T>(page: Page, method: string, url: string, body?: unknown): Promise<T> {
  const res = await requestApi<T>(page, method, url, body);
  expect(res.status, `${method} ${url}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return res.body;
}
