import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Db } from './connection.js';
import { migrations } from './migrations/index.js';

/** Brings the database up to the newest schema; safe to run on every start. */
export async function migrateToLatest(db: Db): Promise<void> {
  const provider: MigrationProvider = {
    async getMigrations() {
      const out: Record<string, Migration> = {};
      for (const [name, make] of Object.entries(migrations)) out[name] = make(db.engine);
      return out;
    },
  };
  // Work lands from several branches at once, so a migration may arrive after one with a higher
  // number has run; each migration touches only its own tables, so running it late is safe.
  // The migration tables are looked up in the database's own schema: left unnamed, Kysely looks
  // in every schema and fails when another schema of the same database has them (another test
  // file running at the same moment, another app sharing the database).
  // Kysely's lock on PostgreSQL is a session lock (pg_advisory_lock) taken and released by two
  // statements outside the migrations' transaction: both must go to one connection.
  const { error, results } = await db.onOneConnection((kysely) =>
    new Migrator({
      db: kysely,
      provider,
      allowUnorderedMigrations: true,
      migrationTableSchema: db.schema,
    }).migrateToLatest(),
  );
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(
      `Migration ${failed?.migrationName ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

/** The migrations this code has that the database has not run (none once `migrateToLatest` has). */
export async function pendingMigrations(db: Db): Promise<string[]> {
  const done = await db.kysely
    .withSchema(db.schema ?? 'main')
    .selectFrom('kysely_migration' as never)
    .select('name' as never)
    .execute()
    .then((rows) => new Set((rows as { name: string }[]).map((r) => r.name)))
    .catch(() => new Set<string>());
  return Object.keys(migrations).filter((name) => !done.has(name));
}
