import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { compileServer } from '../src/server/test/serverProcess';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The server and CLI compiled once for the run (`main.mjs`, `cli.mjs`), as `npm start` builds them. */
    e2eServerDir: string;
    /** A SQLite database with the demo data, seeded once for the run: each test file's server starts on a copy. */
    e2eDemoDb: string;
  }
}

/**
 * Once per browser run: the server compiled as `npm start` runs it, and the demo shop seeded into a
 * database that each test file's server copies. Seeding the 6,000 demo orders per file cost more
 * than most files' tests; a copy is the same fresh shop, each file free to change it.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const compiled = await compileServer();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-e2e-demo-'));
  const db = path.join(dir, 'app.db');
  // The app key the demo's secrets are sealed with (the web shop's intake key): each server gets it too.
  fs.writeFileSync(path.join(dir, 'app.key'), crypto.randomBytes(32).toString('base64'));
  const seeded = spawnSync(process.execPath, [path.join(compiled.dir, 'cli.mjs'), 'db:seed'], {
    env: { ...process.env, DATABASE_URL: `sqlite:${db}`, DATA_DIR: dir },
    encoding: 'utf8',
  });
  if (seeded.status !== 0) {
    compiled.remove();
    throw new Error(`Seeding the demo database failed:\n${seeded.stdout}\n${seeded.stderr}`);
  }
  project.provide('e2eServerDir', compiled.dir);
  project.provide('e2eDemoDb', db);
  return () => {
    compiled.remove();
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
