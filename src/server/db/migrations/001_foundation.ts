import type { MigrationFactory, AnyDb } from './helpers.js';
import { withId } from './helpers.js';

export const foundation: MigrationFactory = (engine) => ({
  async up(db: AnyDb) {
    await withId(db.schema.createTable('users'), engine)
      .addColumn('email', 'varchar(255)', (c) => c.notNull().unique())
      .addColumn('password_hash', 'varchar(255)', (c) => c.notNull())
      .addColumn('first_name', 'varchar(100)', (c) => c.notNull())
      .addColumn('last_name', 'varchar(100)', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();

    await withId(db.schema.createTable('auth_tokens'), engine)
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('last_used_at', 'bigint', (c) => c.notNull())
      .addColumn('revoked_at', 'bigint')
      .execute();

    await withId(db.schema.createTable('login_attempts'), engine)
      .addColumn('key', 'varchar(320)', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('login_attempts_key_time')
      .on('login_attempts')
      .columns(['key', 'created_at'])
      .execute();

    await withId(db.schema.createTable('companies'), engine)
      .addColumn('name', 'varchar(255)', (c) => c.notNull())
      .addColumn('vat_number', 'varchar(20)', (c) => c.notNull())
      .addColumn('vat_payer', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('administrator_name', 'varchar(255)', (c) => c.notNull())
      .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('address', 'varchar(255)')
      .addColumn('city', 'varchar(100)')
      .addColumn('county', 'varchar(100)')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('company_users')
      .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('company_users_pk', ['user_id', 'company_id'])
      .execute();
    await db.schema.createIndex('company_users_company').on('company_users').column('company_id').execute();

    await withId(db.schema.createTable('notifications'), engine)
      .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('title', 'varchar(255)', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      // System notifications name a message of the catalogue (and its params as JSON), so each
      // reader gets them in their own language; title/description then hold the English text.
      .addColumn('message_key', 'varchar(100)')
      .addColumn('params', 'text')
      .addColumn('type', 'varchar(20)', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('notifications_company_time')
      .on('notifications')
      .columns(['company_id', 'created_at'])
      .execute();

    await db.schema
      .createTable('notification_reads')
      .addColumn('notification_id', 'integer', (c) => c.notNull().references('notifications.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('notification_reads_pk', ['user_id', 'notification_id'])
      .execute();
  },
  async down(db: AnyDb) {
    for (const t of [
      'notification_reads',
      'notifications',
      'company_users',
      'companies',
      'login_attempts',
      'auth_tokens',
      'users',
    ]) {
      await db.schema.dropTable(t).execute();
    }
  },
});
