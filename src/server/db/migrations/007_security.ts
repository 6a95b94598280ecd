import { sourceKey } from '../../../core/api/sources.js';
import type { MigrationFactory, AnyDb } from './helpers.js';

/**
 * Source names unique within a company ignoring case, backed by an index instead of only a check
 * before the insert (two creates at the same moment both passed it on PostgreSQL). The key is
 * computed by `sourceKey` (lower-casing can lengthen a name: 'İ' becomes two characters, hence
 * four times the name's 100); names that already collide get a number so the index can be built.
 */
export const security: MigrationFactory = () => ({
  async up(db: AnyDb) {
    await db.schema
      .alterTable('sources')
      .addColumn('source_key', 'varchar(400)', (c) => c.notNull().defaultTo(''))
      .execute();
    const rows = await db.selectFrom('sources').select(['id', 'company_id', 'source']).orderBy('id').execute();
    const seen = new Set<string>();
    for (const row of rows as { id: number; company_id: number; source: string }[]) {
      let name = row.source;
      for (let n = 2; seen.has(`${row.company_id}:${sourceKey(name)}`); n += 1) name = `${row.source} (${n})`;
      seen.add(`${row.company_id}:${sourceKey(name)}`);
      await db
        .updateTable('sources')
        .set({ source: name, source_key: sourceKey(name) })
        .where('id', '=', row.id)
        .execute();
    }
    await db.schema
      .createIndex('sources_company_source_key')
      .on('sources')
      .columns(['company_id', 'source_key'])
      .unique()
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropIndex('sources_company_source_key').execute();
    await db.schema.alterTable('sources').dropColumn('source_key').execute();
  },
});
