import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { openDb } from '../db/connection.js';
import { migrateToLatest } from '../db/migrate.js';

/**
 * A schema migrated once for a run of the API tests, kept as the SQL that makes a copy of it
 * (`pg_dump` of the schema: its tables, indexes, functions, triggers and rows, every name
 * qualified with `schema`). A test app's schema is that SQL with the name replaced, sent as one
 * query: 60-odd migrations run one statement at a time cost a test app a second on a loaded machine.
 */
export interface PgTemplate {
  schema: string;
  script: string;
}

const execFileAsync = promisify(execFile);

/**
 * Creates and migrates the run's template schema (named as a schema of the run, so the run's end
 * drops it) and dumps it. Answers null, and says why, when `pg_dump` cannot: the apps then migrate each.
 */
export async function makePgTemplate(pgUrl: string, schema: string): Promise<PgTemplate | null> {
  const admin = openDb(pgUrl);
  try {
    await admin.kysely.schema.createSchema(schema).execute();
  } finally {
    await admin.close();
  }
  const db = openDb(pgUrl, { schema });
  try {
    await migrateToLatest(db);
  } finally {
    await db.close();
  }
  try {
    const { stdout } = await execFileAsync(
      'pg_dump',
      ['--schema', schema, '--no-owner', '--no-privileges', '--inserts', pgUrl],
      { maxBuffer: 64 * 1024 * 1024 },
    );
    // psql's own commands (`\restrict` in newer dumps) are not SQL.
    const script = stdout
      .split('\n')
      .filter((line) => !line.startsWith('\\'))
      .join('\n');
    return { schema, script };
  } catch (e) {
    console.warn(`No migrated template for the test apps (each migrates its own schema): ${(e as Error).message}`);
    return null;
  }
}

/** Makes schema `name` a copy of the template, in one query on a connection of its own. */
export async function copyPgTemplate(pgUrl: string, template: PgTemplate, name: string): Promise<void> {
  const admin = openDb(pgUrl);
  try {
    await sql.raw(template.script.replaceAll(template.schema, name)).execute(admin.kysely);
  } finally {
    await admin.close();
  }
}
