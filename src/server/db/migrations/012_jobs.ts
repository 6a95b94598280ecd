import type { MigrationFactory, AnyDb } from './helpers.js';
import { withId } from './helpers.js';

/**
 * Background work kept as rows (tracking polls, sends, retries), so that it survives restarts and
 * runs once across several instances sharing PostgreSQL: an instance claims a due row by writing
 * its lease (`locked_by`, `locked_until`) in one statement; a lease that runs out (the instance
 * died) makes the row due again.
 */
export const jobs: MigrationFactory = (engine) => ({
  async up(db: AnyDb) {
    await withId(db.schema.createTable('jobs'), engine)
      .addColumn('kind', 'varchar(50)', (c) => c.notNull())
      // At most one pending job per key (for example one tracking poll per company and courier).
      .addColumn('key', 'varchar(200)', (c) => c.notNull().unique())
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('run_at', 'bigint', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('locked_by', 'varchar(64)')
      .addColumn('locked_until', 'bigint')
      .addColumn('last_error', 'varchar(500)')
      // Set when a job gave up after its last attempt: kept for the record, never due again.
      .addColumn('failed_at', 'bigint')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    // The runner's question, "what is due now?", reads this index from its start.
    await db.schema.createIndex('jobs_due').on('jobs').columns(['failed_at', 'run_at']).execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('jobs').execute();
  },
});
