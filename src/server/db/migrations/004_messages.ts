import type { MigrationFactory, AnyDb } from './helpers.js';
import { withId } from './helpers.js';

/** SMS templates of a company, one source each: the sender, the text and whether it is active. */
export const messages: MigrationFactory = (engine) => ({
  async up(db: AnyDb) {
    await withId(db.schema.createTable('messages'), engine)
      .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
      // No ON DELETE action: a source a template uses is not deleted (the sources API answers 409 first).
      .addColumn('source_id', 'integer', (c) => c.notNull().references('sources.id'))
      .addColumn('from', 'varchar(32)', (c) => c.notNull())
      .addColumn('text', 'text', (c) => c.notNull())
      .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    // Lists page a company's templates by id; the usage count of a source looks them up by source.
    await db.schema.createIndex('messages_company_id').on('messages').columns(['company_id', 'id']).execute();
    await db.schema.createIndex('messages_source').on('messages').column('source_id').execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('messages').execute();
  },
});
