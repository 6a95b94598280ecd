import { sql, type RawBuilder } from 'kysely';
import type { Engine } from './connection.js';

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

/**
 * The rows a FROM clause (`from`, with its WHERE) gives, as ONE JSON array of arrays of `cells`, in
 * `orderBy`: a page costs the server one value to read and one JSON.parse, where rows as objects
 * cost it a property per column per row (better-sqlite3 builds each row's object anew;
 * node-postgres parses every field). An empty array when there is no row. Read it with parsedJson.
 */
export function jsonArrayRows(
  engine: Engine,
  cells: RawBuilder<unknown>[],
  orderBy: RawBuilder<unknown>,
  from: RawBuilder<unknown>,
): RawBuilder<unknown> {
  const row = sql.join(cells);
  return engine === 'postgres'
    ? sql`(select coalesce(json_agg(json_build_array(${row}) order by ${orderBy}), '[]'::json) ${from})`
    : sql`(select json_group_array(json_array(${row}) order by ${orderBy}) ${from})`;
}

/**
 * A JSON value (a json_agg / json_group_array subquery) as a cell of jsonArrayRows: nested as JSON,
 * not as text (SQLite loses the JSON subtype across a subquery; json() restores it).
 */
export const nestedJson = (engine: Engine, value: RawBuilder<unknown>): RawBuilder<unknown> =>
  engine === 'postgres' ? value : sql`json(${value})`;
