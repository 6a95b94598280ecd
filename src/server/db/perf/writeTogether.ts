import { PostgresAdapter, type CompiledQuery, type Compilable } from 'kysely';
import type { Executor } from '../types.js';

/**
 * Runs writes whose results nobody reads (the kept counts an order write moves) together: on
 * PostgreSQL as one statement, each write but the last a data-modifying WITH of the last; on
 * SQLite, where a statement costs no round trip, one after the other. On PostgreSQL every
 * statement is a round trip, a write to the socket and its answer parsed on the server's one
 * thread: an AWB create moved four kept-count tables in four statements.
 *
 * What the writes must be, since PostgreSQL runs a statement's WITH parts on one snapshot and in
 * no promised order:
 * - on different rows (one statement may not change a row twice: one write a table, or rows that
 *   differ), none reading another's effect, and none needing its own result or row count;
 * - built with the query builder (every value a parameter): their parameters are renumbered after
 *   the ones before them (`$1` of the second write becomes `$n+1`).
 *
 * The plugins see each write as run (the cache of small lists learns the tables written).
 */
export async function writeTogether(exec: Executor, writes: Compilable[]): Promise<void> {
  const executor = exec.getExecutor();
  if (writes.length <= 1 || !(executor.adapter instanceof PostgresAdapter)) {
    for (const w of writes) await exec.executeQuery(w);
    return;
  }
  const compiled = writes.map((w) => w.compile());
  const parameters: unknown[] = [];
  const texts = compiled.map((c) => {
    const offset = parameters.length;
    parameters.push(...c.parameters);
    return offset === 0 ? c.sql : c.sql.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + offset}`);
  });
  const last = compiled[compiled.length - 1];
  const withs = texts.slice(0, -1).map((t, i) => `w${i} as (${t})`);
  const together: CompiledQuery = { ...last, sql: `with ${withs.join(', ')} ${texts[texts.length - 1]}`, parameters };
  // The last write's plugins run with the statement; the others' are told here that theirs ran.
  await executor.executeQuery(together);
  for (const c of compiled.slice(0, -1))
    for (const plugin of executor.plugins) await plugin.transformResult({ result: { rows: [] }, queryId: c.queryId });
}
