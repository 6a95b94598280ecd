import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { compileServer, ROOT, startServerProcess, type ServerProcess } from './test/serverProcess.js';

/**
 * The server compiled as `npm start` builds it (scripts/build.mjs), run by plain node: it starts,
 * answers, and reads what it finds beside its sources (the package's version) from dist-server's
 * place as well as from src/server's.
 */
describe('the compiled server', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'compiled-start-'));
  let compiled: Awaited<ReturnType<typeof compileServer>> | undefined;
  let server: ServerProcess | undefined;
  afterAll(async () => {
    await server?.stop('SIGKILL');
    compiled?.remove();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('starts with plain node and answers its OpenAPI document with the package version', async () => {
    compiled = await compileServer();
    server = await startServerProcess(compiled.dir, {
      DATA_DIR: dataDir,
      DATABASE_URL: `sqlite:${path.join(dataDir, 'app.db')}`,
      APP_KEY: crypto.randomBytes(32).toString('base64'),
    });
    await server.ready(60_000);
    const res = await fetch(`${server.url}/api/openapi.json`);
    expect(res.status).toBe(200);
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string };
    expect(((await res.json()) as { info: { version: string } }).info.version).toBe(pkg.version);
  }, 120_000);
});
