import { sql } from 'kysely';
import type { MigrationFactory, AnyDb } from './helpers.js';
import { withId } from './helpers.js';

/**
 * The providers a company can set up (couriers, invoicing, messaging) and each company's set-up of them
 * (Company integration). Credentials are one AES-256-GCM sealed JSON text (src/server/lib/secrets.ts),
 * never stored in clear; the configuration (pickup point, contact person, series, VAT) is plain JSON:
 * it holds nothing secret.
 */
export const integrations: MigrationFactory = (engine) => ({
  async up(db: AnyDb) {
    await withId(db.schema.createTable('integrations'), engine)
      .addColumn('key', 'varchar(30)', (c) => c.notNull().unique())
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('description', 'varchar(500)', (c) => c.notNull())
      .addColumn('type', 'varchar(20)', (c) => c.notNull())
      .addColumn('position', 'integer', (c) => c.notNull())
      .execute();
    // The seven integrations of the spec, with stable ids (the web app and the orders work refer to keys).
    await db
      .insertInto('integrations')
      .values(INTEGRATIONS.map((i, n) => ({ id: n + 1, ...i, position: n + 1 })))
      .execute();
    if (engine === 'postgres') {
      // Rows inserted with explicit ids leave the serial behind: move it past them.
      await sql`select setval(pg_get_serial_sequence('integrations', 'id'), (select max(id) from integrations))`.execute(
        db,
      );
    }

    await withId(db.schema.createTable('company_integrations'), engine)
      .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
      .addColumn('integration_id', 'integer', (c) => c.notNull().references('integrations.id'))
      // Sealed JSON of the login fields (null until a login was accepted by the provider).
      .addColumn('credentials', 'text')
      // Plain JSON of the choices made in the later wizard steps (null until the first one).
      .addColumn('configuration', 'text')
      .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    // One set-up per provider and company; also serves "the integrations of a company".
    await db.schema
      .createIndex('company_integrations_company_integration')
      .on('company_integrations')
      .columns(['company_id', 'integration_id'])
      .unique()
      .execute();
  },
  async down(db: AnyDb) {
    for (const t of ['company_integrations', 'integrations']) await db.schema.dropTable(t).execute();
  },
});

const INTEGRATIONS = [
  {
    key: 'cargus',
    name: 'Cargus',
    type: 'courier',
    description: 'Cargus courier: AWBs, labels and tracking from your Cargus account.',
  },
  {
    key: 'sameday',
    name: 'Sameday',
    type: 'courier',
    description: 'Sameday courier: AWBs, labels and tracking, with your pickup point and contact person.',
  },
  { key: 'dpd', name: 'DPD', type: 'courier', description: 'DPD Romania courier: shipments, labels and tracking.' },
  {
    key: 'smartbill',
    name: 'SmartBill',
    type: 'invoice',
    description: 'SmartBill Cloud invoicing: invoices in your series, PDFs, cancel and storno.',
  },
  { key: 'sms', name: 'SMS', type: 'messaging', description: 'A Romanian SMS gateway for order messages.' },
  { key: 'telegram', name: 'Telegram', type: 'messaging', description: 'Telegram bot messages to your team chat.' },
  {
    key: 'vonage',
    name: 'Vonage',
    type: 'messaging',
    description: 'Vonage SMS: order messages to your customers from your sender number.',
  },
];
