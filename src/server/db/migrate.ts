import { Migrator, sql, type Migration, type MigrationProvider } from 'kysely';
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
  // On PostgreSQL, name the schema of the migration tables (the search_path's first): without it
  // Kysely takes a kysely_migration_lock of ANY schema as ours, so a test file migrating its fresh
  // schema while another file's schema exists failed with 'relation "kysely_migration_lock" does
  // not exist'.
  const migrationTableSchema = db.engine === 'postgres' ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db.kysely)).rows[0]?.schema : undefined;
  const migrator = new Migrator({ db: db.kysely, provider, allowUnorderedMigrations: true, migrationTableSchema });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}
