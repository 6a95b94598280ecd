import type { MigrationFactory, AnyDb } from './helpers.js';

/**
 * What an AWB create whose outcome stays unknown needs besides its state:
 * - `candidates`: the courier's AWBs that could be its AWB when the courier cannot tell which
 *   (a JSON array; null otherwise), kept so that the seller can choose among them;
 * - `notified_at`: when the company was told that the outcome is still unknown, so that it is
 *   told once however often the courier is asked again.
 * Both are plain nullable columns: existing rows need no value. One column per statement, as
 * SQLite adds them.
 */
export const shipmentCandidates: MigrationFactory = () => ({
  async up(db: AnyDb) {
    await db.schema.alterTable('shipments').addColumn('candidates', 'text').execute();
    await db.schema.alterTable('shipments').addColumn('notified_at', 'bigint').execute();
  },
  async down(db: AnyDb) {
    await db.schema.alterTable('shipments').dropColumn('notified_at').execute();
    await db.schema.alterTable('shipments').dropColumn('candidates').execute();
  },
});
