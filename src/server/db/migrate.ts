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
  const migrator = new Migrator({ db: db.kysely, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}
