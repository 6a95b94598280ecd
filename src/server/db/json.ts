import { sql, type RawBuilder } from 'kysely';

/*
 * Rows as JSON inside a statement, so one statement answers a record with its parts (an order with
 * its lines, discounts, history, flags and invoices) in one round trip. PostgreSQL turns a row into
 * JSON by itself (row_to_json, json_agg of the alias); SQLite has no such function, so its
 * json_object names every column: columnsOf lists them, and the compiler checks the list is whole,
 * so a column added to a table and not to its list fails `tsc` instead of missing from one engine.
 */

/** The column names of a row type: a missing one is a type error that names it. */
export const columnsOf =
  <T>() =>
  <const C extends readonly (keyof T & string)[]>(
    columns: C &
      ([Exclude<keyof T & string, C[number]>] extends [never]
        ? unknown
        : { missing: Exclude<keyof T & string, C[number]> }),
  ): C =>
    columns;

/** SQLite: the row `alias` (a table alias of the query) as a JSON object of these columns. */
export function sqliteRowJson(alias: string, columns: readonly string[]): RawBuilder<unknown> {
  return sql`json_object(${sql.join(columns.map((c) => sql`${sql.lit(c)}, ${sql.ref(`${alias}.${c}`)}`))})`;
}

/**
 * A JSON column as the driver answers it: parsed already on PostgreSQL (json), text on SQLite
 * (json_object and json_group_array answer text).
 */
export function parsedJson<T>(value: T | string): T {
  return typeof value === 'string' ? (JSON.parse(value) as T) : value;
}
