import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export interface Config {
  port: number;
  host: string;
  databaseUrl: string;
  /** SQLite file: worker threads that run list and search reads off the main thread (0: none). */
  sqliteReaders: number;
  seedDemo: boolean;
  appKey: string;
  dataDir: string;
  /** The address users reach the console at, for absolute links in answers. */
  publicUrl: string;
}

/** Reads the environment (documented in the README). APP_KEY is generated into ./data on first start. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = path.resolve(env.DATA_DIR ?? './data');
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '127.0.0.1',
    databaseUrl: env.DATABASE_URL ?? `sqlite:${path.join('.', 'data', 'app.db')}`,
    sqliteReaders: sqliteReaders(env),
    seedDemo: (env.SEED_DEMO ?? 'true').toLowerCase() !== 'false',
    appKey: env.APP_KEY ?? readOrCreateAppKey(dataDir),
    dataDir,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${Number(env.PORT ?? 3000)}`).replace(/\/+$/, ''),
  };
}

/**
 * SQLITE_READERS: the read pool's size (db.reads, see db/perf/sqliteReadPool.ts). Two by default, for
 * the two cores these servers have: the main thread answers requests while two reads run.
 */
export function sqliteReaders(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.SQLITE_READERS || '2';
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || n > 64)
    throw new Error(`SQLITE_READERS must be a whole number from 0 to 64 (got "${raw}")`);
  return n;
}

/**
 * The app key the server would start with (APP_KEY, else the one generated into DATA_DIR), or null
 * when there is none yet. Unlike loadConfig it never generates one: `app-key:rotate` re-seals to
 * this key and must not invent a key nobody has kept.
 */
export function existingAppKey(env: NodeJS.ProcessEnv = process.env): string | null {
  if (env.APP_KEY !== undefined) return env.APP_KEY;
  const file = path.join(path.resolve(env.DATA_DIR ?? './data'), 'app.key');
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8').trim() : null;
}

function readOrCreateAppKey(dataDir: string): string {
  const file = path.join(dataDir, 'app.key');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(dataDir, { recursive: true });
  const key = crypto.randomBytes(32).toString('base64');
  fs.writeFileSync(file, key + '\n', { mode: 0o600 });
  return key;
}
