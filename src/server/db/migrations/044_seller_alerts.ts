import type { MigrationFactory, AnyDb } from './helpers.js';
import { withId } from './helpers.js';

/**
 * Alerts to the seller (a refused parcel, a provider refusing the login, SMS credit exhausted, a
 * document failing in a bulk job): one row per alert, unique by its `key` within the company, so
 * that whatever raises it twice (a retried job, two instances) tells the seller once. `state` is
 * the Telegram delivery: `pending`, `sent`, `failed` or `none` (no Telegram set up).
 */
export const sellerAlerts: MigrationFactory = (engine) => ({
  async up(db: AnyDb) {
    await withId(db.schema.createTable('seller_alerts'), engine)
      .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('key', 'varchar(200)', (c) => c.notNull())
      .addColumn('kind', 'varchar(40)', (c) => c.notNull())
      .addColumn('params', 'text', (c) => c.notNull())
      .addColumn('state', 'varchar(20)', (c) => c.notNull())
      .addColumn('error', 'varchar(500)')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('seller_alerts_company_key')
      .on('seller_alerts')
      .columns(['company_id', 'key'])
      .unique()
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('seller_alerts').execute();
  },
});
