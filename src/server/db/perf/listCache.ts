import type {
  KyselyPlugin,
  OperationNode,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryId,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';
import type { Executor } from '../types.js';

/**
 * The tables whose writes PostgreSQL announces to every server process (NOTIFY list_changes,
 * migration 022). A list reading only these tables can be kept in memory; a list reading another
 * is always read from the database (a write by another process would not reach this one's copy).
 * Tables written rarely, by staff editing settings: PostgreSQL commits the transactions that
 * notify one at a time (a global lock on its notification queue), so a busy table (products,
 * whose stock every order changes; orders) is not announced, and the lists that read it (the
 * product discounts show their product) are not kept.
 */
export const ANNOUNCED_TABLES: readonly string[] = [
  'companies',
  'company_users',
  'sources',
  'packages',
  'order_discounts',
  'messages',
  // The company's set-ups, read by every AWB create (integrations' listCompanyIntegrations).
  'company_integrations',
  'integrations',
];

/** At most this many answers are kept per database (a company's few pages of each small list). */
export const MAX_KEPT = 10_000;

/**
 * Answers of the small lists (sources, packages, order discounts, SMS templates, the user's companies),
 * kept in memory until a write to one of the tables they read. On PostgreSQL a request for such a
 * list was a round trip to another process that cost Node about 100 µs of its only thread, more
 * than the request itself; from memory it costs nothing.
 *
 * How an answer stays true:
 * - Every table has a generation, raised by each write to it. An answer is kept with the
 *   generations of its tables read BEFORE its query ran and served only while they are the same:
 *   a write during the query (which the query may or may not have seen) makes it stale at once.
 * - This process's writes raise it through the plugin of `watchWrites` when each statement ends,
 *   and again when their transaction ends (../connection.ts), so the writer's next read is fresh.
 * - Another process's writes: PostgreSQL announces them when they commit (listChanges.ts), a few
 *   milliseconds later. Until the announcements are heard, and whenever the listening connection
 *   is lost, nothing is kept (`live` false). SQLite is one file of one process, but a command of
 *   the CLI may write to it: `outsideWrites` (SQLite's data_version) says so, and everything is
 *   dropped.
 */
export class ListCache {
  #generations = new Map<string, number>();
  #answers = new Map<string, { stamp: string; value: unknown }>();
  #live: boolean;
  /** Raised whenever everything is dropped: an answer read across it is not kept. */
  #epoch = 0;
  /** Whether another connection wrote since the last call (SQLite's data_version). */
  #outsideWrites?: () => boolean;

  constructor(opts: { live: boolean; outsideWrites?: () => boolean }) {
    this.#live = opts.live;
    this.#outsideWrites = opts.outsideWrites;
  }

  /** The answer of `key` (reading `tables`), from memory when it is current, else from `load`. */
  async get<T>(key: string, tables: readonly string[], load: () => Promise<T>): Promise<T> {
    if (!this.#live) return load();
    if (this.#outsideWrites?.()) this.dropAll();
    const stamp = this.#stamp(tables);
    const kept = this.#answers.get(key);
    if (kept && kept.stamp === stamp) return kept.value as T;
    const epoch = this.#epoch;
    const value = await load();
    if (this.#live && epoch === this.#epoch && this.#stamp(tables) === stamp) {
      this.#answers.delete(key);
      if (this.#answers.size >= MAX_KEPT) this.#answers.delete(this.#answers.keys().next().value!);
      this.#answers.set(key, { stamp, value: frozen(value) });
    }
    return value;
  }

  /** A write to `table`: every answer that read it is stale. */
  changed(table: string): void {
    this.#generations.set(table, (this.#generations.get(table) ?? 0) + 1);
  }

  /** Drops every answer; `live` false keeps nothing until it is set true again. */
  dropAll(live = this.#live): void {
    this.#live = live;
    this.#epoch++;
    this.#answers.clear();
  }

  /** Whether answers are kept (PostgreSQL: while the listening connection is up). */
  get live(): boolean {
    return this.#live;
  }

  get size(): number {
    return this.#answers.size;
  }

  #stamp(tables: readonly string[]): string {
    return tables.map((t) => this.#generations.get(t) ?? 0).join(',');
  }
}

/** The answer, frozen to the leaves: every later request gets the same object, none may change it. */
function frozen<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) frozen(child);
  }
  return value;
}

/** Which cache serves the lists read through an executor (set by openDb, on its Kysely instances). */
const caches = new WeakMap<Executor, ListCache>();

export function keepListsOf(exec: Executor, cache: ListCache): void {
  caches.set(exec, cache);
}

/** The cache of an executor, or none: a transaction (another Kysely) reads from the database. */
export function listCacheOf(exec: Executor): ListCache | undefined {
  return caches.get(exec);
}

/**
 * The names of the tables an operation node reads or writes, subqueries included. A value (and a
 * list of values) holds no table and is not walked: a write's rows are most of its tree. The
 * answer is kept per node (the nodes are frozen; a transaction's plugin and the database's both ask).
 */
export function tablesIn(node: OperationNode): string[] {
  const known = tablesOfNode.get(node);
  if (known) return [...known];
  const found = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (!value || typeof value !== 'object') return;
    const n = value as { kind?: string; table?: { identifier?: { name?: string } } };
    if (n.kind === 'ValueNode' || n.kind === 'PrimitiveValueListNode') return;
    if (n.kind === 'TableNode' && n.table?.identifier?.name) found.add(n.table.identifier.name);
    for (const child of Object.values(value)) visit(child);
  };
  visit(node);
  const tables = [...found];
  tablesOfNode.set(node, tables);
  return tables;
}
const tablesOfNode = new WeakMap<OperationNode, string[]>();

const WRITES = new Set(['InsertQueryNode', 'UpdateQueryNode', 'DeleteQueryNode', 'MergeQueryNode']);

/**
 * A Kysely plugin that calls `changed` with each table an insert, update, delete or merge
 * names, once the statement has run. Raw SQL (sql`...`) is not seen: writes to the cached tables
 * go through the query builder (the migrations run before the server starts).
 */
export function watchWrites(changed: (table: string) => void): KyselyPlugin {
  const pending = new WeakMap<QueryId, string[]>();
  return {
    transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
      if (WRITES.has(node.kind)) pending.set(queryId, tablesIn(node));
      return node;
    },
    async transformResult({ result, queryId }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
      for (const table of pending.get(queryId) ?? []) changed(table);
      return result;
    },
  };
}
