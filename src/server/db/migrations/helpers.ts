import type { CreateTableBuilder, Kysely, Migration } from 'kysely';
import type { Engine } from '../connection.js';

export type MigrationFactory = (engine: Engine) => Migration;

/** An auto-incrementing integer primary key, spelled as each engine wants it. */
export function withId<T extends string>(
  table: CreateTableBuilder<T, never>,
  engine: Engine,
): CreateTableBuilder<T, 'id'> {
  return engine === 'postgres'
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyDb = Kysely<any>;
