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

/*
 * Answers written by the database: a page's items built as the API answers them (names, nesting,
 * amounts in lei, booleans), so the server hands the text on as it is (http/jsonText.ts) instead of
 * parsing it, mapping each row and stringifying the page again (the order list's page 1 on SQLite,
 * read and stringified in process: 164 µs of CPU before, 128 after). The items' TypeScript shape is not checked by the compiler here: each
 * list that answers this way has a test holding it field by field to the objects built in code.
 */

/** An answer's fields, in order: a name with its SQL value, or with the fields of an object nested in it. */
export type JsonFields = readonly (readonly [string, RawBuilder<unknown> | JsonFields])[];

const isNested = (value: RawBuilder<unknown> | JsonFields): value is JsonFields => Array.isArray(value);

/** PostgreSQL: the fields as the columns of a row (`value as name`), which json_agg writes as an object. */
function rowColumns(fields: JsonFields): RawBuilder<unknown> {
  return sql.join(fields.map(([name, value]) => sql`${isNested(value) ? pgObject(value) : value} as ${sql.ref(name)}`));
}

/**
 * An object's fields are a function's arguments, a name and a value each: PostgreSQL's
 * json_build_object takes at most 100, SQLite's json_object 127.
 */
const OBJECT_MAX_FIELDS = 50;

function fieldsOfOneObject(fields: JsonFields): JsonFields {
  if (fields.length > OBJECT_MAX_FIELDS)
    throw new Error(
      `a JSON object written by the database has at most ${OBJECT_MAX_FIELDS} fields, not ${fields.length}`,
    );
  return fields;
}

/**
 * PostgreSQL: the fields as one JSON object (json_build_object). A row_to_json of a sub-select
 * would be a subplan: PostgreSQL sets up its executor state on every run of the statement and runs
 * it once for each row it sits in (the order's statement went from 500 to 440 µs a run, one client
 * on the million-order seed, with its five one-row objects written this way).
 */
function pgObject(fields: JsonFields): RawBuilder<unknown> {
  return sql`json_build_object(${sql.join(
    fieldsOfOneObject(fields).map(
      ([name, value]) => sql`${sql.lit(name)}, ${isNested(value) ? pgObject(value) : value}`,
    ),
  )})`;
}

/** SQLite: the fields as one json_object, nested ones as json_objects in it. */
function sqliteObject(fields: JsonFields): RawBuilder<unknown> {
  return sql`json_object(${sql.join(
    fieldsOfOneObject(fields).map(
      ([name, value]) => sql`${sql.lit(name)}, ${isNested(value) ? sqliteObject(value) : value}`,
    ),
  )})`;
}

/**
 * An amount kept in bani as the API's number of lei (7420 → 74.2), the value fromBani gives: the
 * same division in doubles, written in its shortest exact form (SQLite's 15 digits hold any
 * amount below ten thousand billion lei exactly).
 */
export const jsonLei = (engine: Engine, bani: RawBuilder<unknown>): RawBuilder<unknown> =>
  engine === 'postgres' ? sql`(${bani}::float8 / 100)` : sql`(${bani} / 100.0)`;

/** A condition as a JSON boolean (SQLite has none: its 1 and 0 would be numbers). */
export const jsonBoolean = (engine: Engine, condition: RawBuilder<unknown>): RawBuilder<unknown> =>
  engine === 'postgres' ? sql`(${condition})` : sql`json(iif(${condition}, 'true', 'false'))`;

/**
 * The rows a FROM clause (`from`, with its WHERE) gives as ONE JSON array of objects of `fields`,
 * ordered by the field `order.by` (one of `fields`), as text on both engines (the driver would
 * parse PostgreSQL's json): hand it on in a JsonText. PostgreSQL writes each row as an object
 * (json_agg of the row): naming each value with json_build_object cost it half as much again.
 */
export function jsonItems(
  engine: Engine,
  fields: JsonFields,
  order: { by: string; dir: 'asc' | 'desc' },
  from: RawBuilder<unknown>,
): RawBuilder<string> {
  return engine === 'postgres'
    ? sql<string>`(${itemsArray(engine, fields, order, from)})::text`
    : itemsArray(engine, fields, order, from);
}

/** jsonItems as a JSON value, for a field of another item (an item's own list). */
export function nestedItems(
  engine: Engine,
  fields: JsonFields,
  order: { by: string; dir: 'asc' | 'desc' },
  from: RawBuilder<unknown>,
): RawBuilder<unknown> {
  // SQLite loses the JSON subtype across a subquery; json() restores it.
  if (engine === 'postgres') return itemsArray(engine, fields, order, from);
  const key = orderKey(fields, order.by);
  return sql`json(${partArray(engine, sqliteObject(fields), sql`${key} ${sql.raw(order.dir)}`, from)})`;
}

/** The fields as ONE JSON object, as text on both engines: a record answered whole (a JsonText). */
export function jsonObject(engine: Engine, fields: JsonFields): RawBuilder<string> {
  return engine === 'postgres' ? sql<string>`${pgObject(fields)}::text` : sql<string>`${sqliteObject(fields)}`;
}

/** The fields as one JSON object value: an item of partArray, or a field of another object. */
export const nestedObject = (engine: Engine, fields: JsonFields): RawBuilder<unknown> =>
  engine === 'postgres' ? pgObject(fields) : sqliteObject(fields);

/** A field's value: an object of `fields` when `condition` holds, else null. */
export function jsonObjectWhen(
  engine: Engine,
  condition: RawBuilder<unknown>,
  fields: JsonFields,
): RawBuilder<unknown> {
  return sql`case when ${condition} then ${nestedObject(engine, fields)} end`;
}

/**
 * A JSON array of `value` over the rows of the FROM it is selected from ([] for none), in any
 * order: a search's matched ids answered in one row, which the caller parses (parsedJson) and puts
 * in its list's order. A row for each match cost the server more than the statement that found them.
 */
export const jsonValues = (engine: Engine, value: RawBuilder<unknown>): RawBuilder<unknown> =>
  engine === 'postgres' ? sql`coalesce(json_agg(${value}), '[]'::json)` : sql`json_group_array(${value})`;

/** An empty JSON array, as a field's value. */
export const emptyJsonArray = (engine: Engine): RawBuilder<unknown> =>
  engine === 'postgres' ? sql`'[]'::json` : sql`json('[]')`;

function itemsArray(
  engine: Engine,
  fields: JsonFields,
  order: { by: string; dir: 'asc' | 'desc' },
  from: RawBuilder<unknown>,
): RawBuilder<string> {
  const dir = sql.raw(order.dir);
  if (engine === 'postgres')
    return sql<string>`(select coalesce(json_agg(r order by ${sql.ref(`r.${order.by}`)} ${dir}), '[]'::json) from (select ${rowColumns(fields)} ${from}) r)`;
  return sql<string>`(select json_group_array(${sqliteObject(fields)} order by ${orderKey(fields, order.by)} ${dir}) ${from})`;
}

/** The SQL value of the field `name` (one of `fields`, not a nested object), to order items by. */
function orderKey(fields: JsonFields, name: string): RawBuilder<unknown> {
  const key = fields.find(([field]) => field === name)?.[1];
  if (!key || isNested(key)) throw new Error(`jsonItems: no field "${name}" to order by`);
  return key;
}

/**
 * The rows of `from` (a FROM clause with its WHERE) as one JSON array of `item` in `orderBy`'s
 * order, '[]' when there are none, answered by an EXISTS probe first: text on SQLite, json on
 * PostgreSQL. Both engines set up a sorter for an ordered aggregate each time it runs, even when no
 * row comes, and most orders have no discounts, flags or invoices and most customers no flags.
 * - SQLite: for a part of a record (an order's discounts, invoices, a customer's flags, a product's
 *   variations). The sorter cost about 4 µs a part on the million-order bench, the probe 1 µs.
 * - PostgreSQL: for a part of each row of a page (a customer's flags on the order list), where
 *   the order list's page 1 ran 5-12 % faster with the probe (one client, pgbench). Not for a part
 *   of a record answered alone: there the probe is one more subplan PostgreSQL sets up on every run,
 *   and four of them on the order's statement made it no faster.
 * Not for a page's own rows either, whose query the probe would run twice.
 */
export function partArray(
  engine: Engine,
  item: RawBuilder<unknown>,
  orderBy: RawBuilder<unknown>,
  from: RawBuilder<unknown>,
): RawBuilder<string> {
  return engine === 'postgres'
    ? sql<string>`case when exists (select 1 ${from}) then (select coalesce(json_agg(${item} order by ${orderBy}), '[]'::json) ${from}) else '[]'::json end`
    : sql<string>`case when exists (select 1 ${from}) then (select json_group_array(${item} order by ${orderBy}) ${from}) else '[]' end`;
}
