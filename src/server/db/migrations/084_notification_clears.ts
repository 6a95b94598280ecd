import type { AnyDb, MigrationFactory } from './helpers.js';

/**
 * A user clears notifications off their own list ("Clear all", "Delete read"): the notification
 * is the company's and a colleague keeps seeing it, so the user's read row carries when they
 * cleared it (null while it is shown). A cleared notification is a read one.
 */
export const notificationClears: MigrationFactory = () => ({
  async up(db: AnyDb) {
    await db.schema.alterTable('notification_reads').addColumn('cleared_at', 'bigint').execute();
  },
  async down(db: AnyDb) {
    await db.schema.alterTable('notification_reads').dropColumn('cleared_at').execute();
  },
});
