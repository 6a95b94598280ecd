/**
 * A PostgreSQL database of its own for a bench run outside the test runner (startTestApp's schema
 * per file needs vitest's run id): made beside the one `url` names, answered as a URL to hand to
 * startTestApp's `databaseUrl`, and dropped by `drop()` (after the app closed).
 */
import crypto from 'node:crypto';
import pg from 'pg';

export async function scratchDatabase(url: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `bench_${crypto.randomBytes(4).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const scratch = new URL(url);
  scratch.pathname = `/${name}`;
  return { url: scratch.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}
