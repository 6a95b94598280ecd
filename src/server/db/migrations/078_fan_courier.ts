import { sql } from 'kysely';
import type { AnyDb, MigrationFactory } from './helpers.js';

/**
 * FAN Courier among the integrations (type courier), listed after the three other couriers: the
 * integrations after them move one place down. Its set-ups are company_integrations rows like every
 * other's (the login sealed, the chosen service in the configuration): no table of its own.
 */
export const fanCourier: MigrationFactory = () => ({
  async up(db: AnyDb) {
    const after = await db
      .selectFrom('integrations')
      .select((eb) => eb.fn.max('position').as('position'))
      .where('type', '=', 'courier')
      .executeTakeFirst();
    const position = Number(after?.position ?? 0) + 1;
    await db
      .updateTable('integrations')
      .set({ position: sql`position + 1` })
      .where('position', '>=', position)
      .execute();
    await db
      .insertInto('integrations')
      .values({
        key: 'fan',
        name: 'FAN Courier',
        type: 'courier',
        description: 'FAN Courier: AWBs with cash on delivery, labels, tracking and the COD transfers report.',
        position,
      })
      .execute();
  },
  async down(db: AnyDb) {
    const row = await db
      .selectFrom('integrations')
      .select(['id', 'position'])
      .where('key', '=', 'fan')
      .executeTakeFirst();
    if (!row) return;
    await db.deleteFrom('company_integrations').where('integration_id', '=', row.id).execute();
    await db.deleteFrom('integrations').where('id', '=', row.id).execute();
    await db
      .updateTable('integrations')
      .set({ position: sql`position - 1` })
      .where('position', '>', row.position)
      .execute();
  },
});
