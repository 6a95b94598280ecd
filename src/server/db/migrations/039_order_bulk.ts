import { sql } from 'kysely';
import type { MigrationFactory, AnyDb } from './helpers.js';
import { withId } from './helpers.js';

/**
 * Work on many orders at once, kept in the database so that it survives a restart:
 * - `bulk_jobs`: one row per bulk action (its action, its parameters as JSON, its state and
 *   counts), run by the job runner under the key `order-bulk:<id>`;
 * - `bulk_job_items`: one row per order of the selection, in selection order (`position`), with
 *   its outcome once known (`done`, `skipped`, `failed`; null while waiting), the reason (a
 *   message key and its parameters, as JSON, translated when read) and the document it got.
 *   `started_at` says an attempt began, so a run cut off mid-order knows to look before acting.
 */
export const orderBulk: MigrationFactory = (engine) => ({
  async up(db: AnyDb) {
    await withId(db.schema.createTable('bulk_jobs'), engine)
      .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('user_id', 'integer')
      .addColumn('action', 'varchar(20)', (c) => c.notNull())
      .addColumn('params', 'text', (c) => c.notNull())
      .addColumn('status', 'varchar(20)', (c) => c.notNull())
      .addColumn('lang', 'varchar(5)', (c) => c.notNull())
      .addColumn('total', 'integer', (c) => c.notNull())
      .addColumn('done', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('skipped', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('failed', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    // The company's recent jobs, newest first; invoice jobs of one company wait for the older ones.
    await db.schema.createIndex('bulk_jobs_company').on('bulk_jobs').columns(['company_id', 'id']).execute();

    await db.schema
      .createTable('bulk_job_items')
      .addColumn('job_id', 'integer', (c) => c.notNull().references('bulk_jobs.id').onDelete('cascade'))
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('order_id', 'integer', (c) => c.notNull())
      .addColumn('outcome', 'varchar(10)')
      .addColumn('reason', 'text')
      .addColumn('awb', 'varchar(64)')
      .addColumn('bill_number', 'varchar(64)')
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('started_at', 'bigint')
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('bulk_job_items_pk', ['job_id', 'position'])
      .execute();
    // One item per order in a job; the next items to run are the waiting ones in position order.
    await db.schema
      .createIndex('bulk_job_items_order')
      .on('bulk_job_items')
      .columns(['job_id', 'order_id'])
      .unique()
      .execute();
    await db.schema
      .createIndex('bulk_job_items_waiting')
      .on('bulk_job_items')
      .columns(['job_id', 'position'])
      .where(sql.ref('outcome'), 'is', null)
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('bulk_job_items').execute();
    await db.schema.dropTable('bulk_jobs').execute();
  },
});
