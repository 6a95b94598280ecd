import type { MigrationFactory, AnyDb } from './helpers.js';
import { withId } from './helpers.js';

/**
 * The Idempotency-Key of create calls (http/idempotency.ts): one row per key a user sent in a
 * company (`company_id` 0 for a call outside any company, a new company), claimed before the
 * handler runs. The unique index is what makes the claim race-safe, on one instance or on several
 * sharing PostgreSQL: of requests arriving together with one key, exactly one insert succeeds. The
 * row keeps the request's fingerprint (a SHA-256 of method, URL and body, never the body, which
 * may hold personal data) and, once answered, the answer's status, type and body; `status_code`
 * null means the first request is still running. `created_at` (the claim) bounds a key to 24 hours
 * and is the index the sweep of expired rows reads.
 */
export const idempotencyKeys: MigrationFactory = (engine) => ({
  async up(db: AnyDb) {
    await withId(db.schema.createTable('idempotency_keys'), engine)
      .addColumn('user_id', 'integer', (c) => c.notNull())
      .addColumn('company_id', 'integer', (c) => c.notNull())
      .addColumn('key', 'varchar(255)', (c) => c.notNull())
      .addColumn('fingerprint', 'varchar(64)', (c) => c.notNull())
      .addColumn('status_code', 'integer')
      .addColumn('content_type', 'varchar(200)')
      .addColumn('response_body', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('idempotency_keys_key')
      .on('idempotency_keys')
      .columns(['user_id', 'company_id', 'key'])
      .unique()
      .execute();
    await db.schema.createIndex('idempotency_keys_created').on('idempotency_keys').column('created_at').execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('idempotency_keys').execute();
  },
});
