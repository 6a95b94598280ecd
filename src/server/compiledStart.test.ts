import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error plain JavaScript without types (it runs before anything is compiled)
import { bundleServer } from '../../scripts/build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

/**
 * The server compiled as `npm start` builds it (scripts/build.mjs), run by plain node: it starts,
 * answers, and reads what it finds beside its sources (the package's version) from dist-server's
 * place as well as from src/server's.
 */
describe('the compiled server', () => {
  const out = path.join(root, `dist-test-${crypto.randomBytes(4).toString('hex')}`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'compiled-start-'));
  let server: ChildProcess | undefined;
  afterAll(() => {
    server?.kill('SIGKILL');
    fs.rmSync(out, { recursive: true, force: true });
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('starts with plain node and answers its OpenAPI document with the package version', async () => {
    await (bundleServer as (entries: Record<string, string>, out: string) => Promise<void>)(
      { main: 'src/server/main.ts' },
      out,
    );
    const port = await freePort();
    server = spawn(process.execPath, [path.join(out, 'main.mjs')], {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: dataDir,
        DATABASE_URL: `sqlite:${path.join(dataDir, 'app.db')}`,
        SEED_DEMO: 'false',
        APP_KEY: crypto.randomBytes(32).toString('base64'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    await new Promise<void>((resolve, reject) => {
      const seen = (d: Buffer) => {
        output += d.toString();
        if (output.includes('is running at')) resolve();
      };
      server!.stdout!.on('data', seen);
      server!.stderr!.on('data', seen);
      server!.once('exit', (code) => reject(new Error(`the server exited with ${code}:\n${output}`)));
    });
    const res = await fetch(`http://127.0.0.1:${port}/api/openapi.json`);
    expect(res.status).toBe(200);
    const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string };
    expect(((await res.json()) as { info: { version: string } }).info.version).toBe(pkg.version);
  }, 120_000);
});
