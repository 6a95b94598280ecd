import { createQueryId, PostgresAdapter, type CompiledQuery, type Compilable, type RawBuilder } from 'kysely';
import type { Executor } from '../types.js';

/**
 * Where a value of a prepared query goes: Kysely carries it into the compiled parameters untouched.
 * `index` is the place of an item in a list value.
 */
class Slot {
  constructor(
    readonly name: string,
    readonly index?: number,
  ) {}

  valueIn(values: Record<string, unknown>): unknown {
    return this.index === undefined ? values[this.name] : (values[this.name] as unknown[])[this.index];
  }
}

/** A query built with Kysely's builders, or raw SQL (`sql` template), which compiles with the executor. */
type Buildable<O> = Compilable<O> | RawBuilder<O>;

/** Compiled forms kept per prepared query (one per engine and `shape`): the oldest goes first. */
export const MAX_SHAPES = 100;

/**
 * A query Kysely builds and compiles once, then runs with each call's values. Kysely builds a
 * query by copying and freezing its tree at every method call and compiles it again on every run;
 * under load that cost a small list more than the database did. The 3-row list of sources went
 * from about 7,000 to 14,800 req/s on SQLite when its query was built once.
 *
 * `build` receives stand-ins for the values: it must hand them to Kysely as values (`where`,
 * `limit`, ...), never branch on them, write them into the SQL or transform them, and it must
 * build the same query every time. A value that does not reach the compiled parameters is a
 * programming error and throws when the query is first built.
 *
 * `shape` names values that are written into the SQL instead, so each of their combinations is
 * built and compiled once: a page's LIMIT and OFFSET, which SQLite runs twice as fast written in
 * (23 µs against 11 for the 3-row list; see pageCompilers.ts). `build` may branch on them.
 *
 * `lists` names array values (the ids of an `in (...)`): `build` receives an array of stand-ins as
 * long as the call's array, so the query is compiled once per length and every item is a parameter.
 */
export function prepared<V extends Record<string, unknown>, O>(
  build: (exec: Executor, values: V) => Buildable<O>,
  opts: { shape?: (keyof V & string)[]; lists?: (keyof V & string)[] } = {},
): (exec: Executor, values: V) => Promise<O[]> {
  const compile = preparedCompile(build, opts);
  return async (exec, values) => (await exec.executeQuery<O>(compile(exec, values))).rows;
}

/**
 * A prepared query (see `prepared`) as a compilable with the call's values, for a write that runs
 * with others (writeTogether) or a caller that needs the whole result (a write's row count).
 */
export function preparedWrite<V extends Record<string, unknown>, O = unknown>(
  build: (exec: Executor, values: V) => Buildable<O>,
  opts: { shape?: (keyof V & string)[]; lists?: (keyof V & string)[] } = {},
): (exec: Executor, values: V) => Compilable<O> {
  const compile = preparedCompile(build, opts);
  return (exec, values) => {
    const query = compile(exec, values);
    return { compile: () => query };
  };
}

function preparedCompile<V extends Record<string, unknown>, O>(
  build: (exec: Executor, values: V) => Buildable<O>,
  opts: { shape?: (keyof V & string)[]; lists?: (keyof V & string)[] },
): (exec: Executor, values: V) => CompiledQuery<O> {
  const shape = opts.shape ?? [];
  const lists = opts.lists ?? [];
  const compiled = new Map<string, CompiledQuery<O>>();
  return (exec, values) => {
    const engine = exec.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
    const lengths = lists.map((name) => (values[name] as unknown[]).length);
    const key = [engine, ...shape.map((name) => String(values[name])), ...lengths].join(':');
    let query = compiled.get(key);
    if (!query) {
      const fixed = Object.fromEntries(shape.map((name) => [name, values[name]]));
      const listSlots = Object.fromEntries(
        lists.map((name, i) => [name, Array.from({ length: lengths[i] }, (_, index) => new Slot(name, index))]),
      );
      query = compileWithSlots(exec, build, fixed, listSlots);
      if (compiled.size >= MAX_SHAPES) compiled.delete(compiled.keys().next().value!);
      compiled.set(key, query);
    }
    const parameters = query.parameters.map((p) => (p instanceof Slot ? p.valueIn(values) : p));
    // The executor's plugins see each run as Kysely shows them a query it compiles: a write's
    // watcher (perf/listCache.ts) learns the tables it writes, that of this call's transaction
    // included, not only that of the one it was first compiled in.
    const queryId = createQueryId();
    exec.getExecutor().transformQuery(query.query, queryId);
    return { ...query, queryId, parameters };
  };
}

function compileWithSlots<V, O>(
  exec: Executor,
  build: (exec: Executor, values: V) => Buildable<O>,
  fixed: Record<string, unknown>,
  listSlots: Record<string, Slot[]>,
): CompiledQuery<O> {
  const slots = new Map<string, Slot>();
  const values = new Proxy(fixed, {
    get: (target, name) => {
      if (typeof name !== 'string') return undefined;
      if (name in target) return target[name];
      if (name in listSlots) return listSlots[name];
      if (!slots.has(name)) slots.set(name, new Slot(name));
      return slots.get(name);
    },
  });
  const built = build(exec, values as V);
  // A raw query compiles with the executor; a builder already holds it (and ignores the argument).
  const query = (built as RawBuilder<O>).compile(exec);
  for (const slot of [...slots.values(), ...Object.values(listSlots).flat()]) {
    if (!query.parameters.includes(slot))
      throw new Error(`prepared query: the value "${slot.name}" is not a parameter of its SQL`);
  }
  return query;
}

/** A multi-row write of more rows than this is built each time (preparedRows): its compiled text is not kept. */
export const MAX_PREPARED_ROWS = 16;

/**
 * A multi-row write (an insert of `rows`) built and compiled once per number of rows, as `prepared`
 * does: the kept counts an order write moves are a few rows each, on every write. `build` gets a
 * stand-in for each row's `fields` and must hand them to Kysely as values. A row with a field left
 * undefined (which Kysely would leave to the column's default), or more than MAX_PREPARED_ROWS
 * rows, is built each time with the rows themselves.
 */
export function preparedRows<R extends object, O = unknown>(
  fields: readonly (keyof R & string)[],
  build: (exec: Executor, rows: R[]) => Compilable<O>,
): (exec: Executor, rows: R[]) => Compilable<O> {
  const write = preparedWrite(
    (exec, v: Record<string, unknown>) =>
      build(
        exec,
        Array.from(
          { length: v.rows as number },
          (_, i) => Object.fromEntries(fields.map((f) => [f, v[`${i}.${f}`]])) as R,
        ),
      ),
    { shape: ['rows'] },
  );
  return (exec, rows) => {
    if (rows.length > MAX_PREPARED_ROWS || rows.some((r) => fields.some((f) => r[f] === undefined)))
      return build(exec, rows);
    const values: Record<string, unknown> = { rows: rows.length };
    rows.forEach((r, i) => {
      for (const f of fields) values[`${i}.${f}`] = r[f];
    });
    return write(exec, values);
  };
}
