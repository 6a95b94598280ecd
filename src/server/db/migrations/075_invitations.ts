import type { AnyDb, MigrationFactory } from './helpers.js';
import { withId } from './helpers.js';

/**
 * Invitations of new colleagues: a one-time link (its token kept only hashed, as session tokens
 * are) that lets the invited user choose a password, valid until `expires_at`, spent at `used_at`.
 * The invited user is a `users` row from the invitation on (a member of the company, without a
 * password until the link is opened); removing them from the company deletes its invitations.
 */
export const invitations: MigrationFactory = (engine) => ({
  async up(db: AnyDb) {
    await withId(db.schema.createTable('invitations'), engine)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('invited_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('used_at', 'bigint')
      .execute();
    await db.schema.createIndex('invitations_user').on('invitations').columns(['user_id', 'company_id']).execute();
    await db.schema.createIndex('invitations_company').on('invitations').column('company_id').execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('invitations').execute();
  },
});
