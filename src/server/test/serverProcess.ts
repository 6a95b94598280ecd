import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
// @ts-expect-error plain JavaScript without types (it runs before anything is compiled)
import { bundleServer } from '../../../scripts/build.mjs';

/** The repository's root: the compiled server runs from there, as `npm start` runs it. */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

/**
 * The URL of a database of a test's own beside the test database (`TEST_DATABASE_URL`), named
 * after it (`app_test` gives `app_test_<tag>_<random>`): whoever may use one database may use the
 * ones named after it, and several runs on one PostgreSQL (each with its test database) never meet.
 * A server process takes no schema, so these tests need a whole database.
 */
export function scratchDatabaseUrl(adminUrl: string, tag: string): { url: string; name: string } {
  const url = new URL(adminUrl);
  const base = decodeURIComponent(url.pathname.replace(/^\//, '')) || 'postgres';
  // PostgreSQL cuts a name at 63 bytes: the base gives way, never the random part.
  const name = `${base.slice(0, 63 - tag.length - 10)}_${tag}_${crypto.randomBytes(4).toString('hex')}`.toLowerCase();
  url.pathname = `/${name}`;
  return { url: url.toString(), name };
}

/**
 * The server and the CLI compiled as `npm start` builds them (scripts/build.mjs), into a folder of
 * the test's own under the root (so the bundle finds node_modules); `remove` deletes it.
 */
export async function compileServer(): Promise<{ dir: string; remove(): void }> {
  const dir = path.join(ROOT, `dist-test-${crypto.randomBytes(4).toString('hex')}`);
  await (bundleServer as (entries: Record<string, string>, out: string) => Promise<void>)(
    { main: 'src/server/main.ts', cli: 'src/server/cli.ts' },
    dir,
  );
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

export interface ServerProcess {
  port: number;
  url: string;
  process: ChildProcess;
  /** Everything it printed so far, stdout and stderr. */
  output(): string;
  /** Resolves once /api/ready answers 200; rejects if the process exits first or `withinMs` passes. */
  ready(withinMs: number): Promise<void>;
  /** Sends `signal` and resolves with the exit code once the process is gone. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** Starts the compiled server (`main.mjs` of `dir`) with plain node on a free port, without waiting for it. */
export async function startServerProcess(dir: string, env: NodeJS.ProcessEnv): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--expose-gc', path.join(dir, 'main.mjs')], {
    cwd: ROOT,
    env: { ...process.env, SEED_DEMO: 'false', ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  return {
    port,
    url,
    process: child,
    output: () => output,
    async ready(withinMs) {
      const deadline = Date.now() + withinMs;
      let gone = false;
      void exited.then(() => (gone = true));
      while (Date.now() < deadline) {
        if (gone) throw new Error(`the server exited before it was ready:\n${output}`);
        const ok = await fetch(`${url}/api/ready`, { signal: AbortSignal.timeout(1000) })
          .then((r) => r.status === 200)
          .catch(() => false);
        if (ok) return;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`the server was not ready within ${withinMs} ms:\n${output}`);
    },
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/** Runs the compiled CLI (`cli.mjs` of `dir`) and resolves with its exit code and output. */
export function runCompiledCli(
  dir: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  timeoutMs: number,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(dir, 'cli.mjs'), ...args], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const timer = setTimeout(() => {
      output += `\n(killed after ${timeoutMs} ms)`;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}
