import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export interface Config {
  port: number;
  host: string;
  databaseUrl: string;
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
    seedDemo: (env.SEED_DEMO ?? 'true').toLowerCase() !== 'false',
    appKey: env.APP_KEY ?? readOrCreateAppKey(dataDir),
    dataDir,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${Number(env.PORT ?? 3000)}`).replace(/\/+$/, ''),
  };
}

function readOrCreateAppKey(dataDir: string): string {
  const file = path.join(dataDir, 'app.key');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(dataDir, { recursive: true });
  const key = crypto.randomBytes(32).toString('base64');
  fs.writeFileSync(file, key + '\n', { mode: 0o600 });
  return key;
}
