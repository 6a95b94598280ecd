/**
 * The first load of the console: bytes a cold, signed-in dashboard transfers and the time until its
 * counts are shown, measured in headless Chromium against a real server with the demo data.
 *
 *   npx vite build && npx tsx bench/dashboard.ts                   (this checkout, 7 runs)
 *   RUNS=11 npx tsx bench/dashboard.ts
 *   npx tsx bench/dashboard.ts --dir ../before                       (another checkout, built there: "before")
 *
 * Each run opens a fresh browser context (empty cache) with the demo user's token in local storage, as
 * a user coming back to a closed tab, loads `/` and waits until every count card shows a number. It is
 * done twice: on the bare loopback, and with the network throttled to a 20 Mbit/s line with 40 ms of
 * latency (a good home connection), where the transferred bytes show. Median of the runs.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { median } from './_load.js';

const RUNS = Number(process.env.RUNS ?? 7);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const dirArg = process.argv.indexOf('--dir');
const projectDir = path.resolve(dirArg > 0 ? process.argv[dirArg + 1] : '.');
const LINE = {
  name: '20 Mbit/s, 40 ms',
  downloadThroughput: 20_000_000 / 8,
  uploadThroughput: 5_000_000 / 8,
  latency: 40,
};

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

async function startServer(): Promise<{ url: string; proc: ChildProcess; dataDir: string }> {
  if (!fs.existsSync(path.join(projectDir, 'dist', 'index.html')))
    throw new Error(`No web build in ${projectDir}/dist: run "npx vite build" there first.`);
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-dashboard-'));
  const tsx = path.join(projectDir, 'node_modules', '.bin', 'tsx');
  const proc = spawn(tsx, ['src/server/main.ts'], {
    cwd: projectDir,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: `sqlite:${path.join(dataDir, 'app.db')}`,
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      WEB_DIST: 'dist',
      LOG_REQUESTS: 'false',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  proc.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  proc.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    if (proc.exitCode !== null) throw new Error(`The server stopped:\n${output}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { url, proc, dataDir };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`The server did not start in 60 s:\n${output}`);
}

interface Run {
  bytes: Record<string, number>;
  total: number;
  requests: number;
  countsMs: number;
}

async function oneRun(
  browser: Browser,
  url: string,
  auth: { token: string; user: unknown },
  line: typeof LINE | null,
): Promise<Run> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.addInitScript(({ token, user }) => {
    localStorage.setItem('token', token);
    localStorage.setItem('user', JSON.stringify(user));
    localStorage.setItem('language', 'en');
  }, auth);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (line) await cdp.send('Network.emulateNetworkConditions', { offline: false, ...line });
  const types = new Map<string, string>();
  const bytes: Record<string, number> = {};
  let requests = 0;
  cdp.on('Network.responseReceived', (e) => types.set(e.requestId, e.type));
  cdp.on('Network.loadingFinished', (e) => {
    const type = types.get(e.requestId) ?? 'Other';
    const kind =
      type === 'Script'
        ? 'js'
        : type === 'Stylesheet'
          ? 'css'
          : type === 'Fetch' || type === 'XHR'
            ? 'api'
            : type === 'Document'
              ? 'html'
              : 'other';
    bytes[kind] = (bytes[kind] ?? 0) + e.encodedDataLength;
    requests++;
  });
  await page.goto(url, { waitUntil: 'commit' });
  // Every count card shows a number (no spinner), timed from the navigation's start.
  const countsMs = await page
    .waitForFunction(
      () => {
        const cards = [...document.querySelectorAll('[data-testid^="count-"]')];
        const ready =
          cards.length > 0 &&
          cards.every((c) => !c.querySelector('.mantine-Loader-root') && /\d/.test(c.textContent ?? ''));
        return ready ? performance.now() : false;
      },
      undefined,
      { polling: 'raf', timeout: 60_000 },
    )
    .then((h) => h.jsonValue() as Promise<number>);
  // Let the requests started with the counts (recent orders, changelog, notifications) finish.
  await page.waitForLoadState('networkidle');
  await context.close();
  const total = Object.values(bytes).reduce((a, b) => a + b, 0);
  return { bytes, total, requests, countsMs };
}

const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;

const server = await startServer();
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-quic',
    '--disable-dev-shm-usage',
  ],
});
try {
  const login = await fetch(`${server.url}/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'demo@magazin-demo.ro', password: 'demo1234' }),
  });
  const answer = (await login.json()) as { token: string; user: unknown };
  if (!answer.token) throw new Error(`Sign-in failed: ${JSON.stringify(answer)}`);
  console.log(`Dashboard, cold cache, signed in — ${projectDir}, ${RUNS} runs, Node ${process.version}`);
  for (const line of [null, LINE]) {
    await oneRun(browser, server.url, answer, line); // warm the server (first queries, file cache)
    const runs: Run[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await oneRun(browser, server.url, answer, line));
    const by = (k: string) => median(runs.map((r) => r.bytes[k] ?? 0));
    console.log(
      `${(line?.name ?? 'loopback').padEnd(18)} transferred ${kb(median(runs.map((r) => r.total)))} (js ${kb(by('js'))}, css ${kb(by('css'))}, api ${kb(by('api'))}, html ${kb(by('html'))}) in ${median(runs.map((r) => r.requests))} requests; counts shown after ${median(runs.map((r) => r.countsMs)).toFixed(0)} ms (median; min ${Math.min(...runs.map((r) => r.countsMs)).toFixed(0)}, max ${Math.max(...runs.map((r) => r.countsMs)).toFixed(0)})`,
    );
  }
} finally {
  await browser.close();
  server.proc.kill('SIGTERM');
  fs.rmSync(server.dataDir, { recursive: true, force: true });
}
