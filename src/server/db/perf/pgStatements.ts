import type pg from 'pg';

/**
 * Starts the text of a search whose plan does not depend on its term (every choice between
 * reading paths is made when it runs, by one-time filters): namedStatements names it, so it is
 * parsed and planned once per connection like any other query.
 */
export const ONE_PLAN = '/* one plan */';

/**
 * PostgreSQL: the app's repeated queries run as named (prepared) statements, so each connection
 * parses and plans a query's text once and then only binds values to it. Kysely sends every query
 * unnamed, which PostgreSQL parses, analyses and plans again on every request; on a 2-core machine
 * that was most of a small list's cost (pgbench on the products list page: 3,800 queries/s unnamed,
 * 12,800 prepared).
 *
 * Which texts get a name:
 * - Those with parameters. Transaction control, DDL of the migrations and the other texts without
 *   values stay as Kysely sends them.
 * - Not a text search (LIKE, ILIKE): once a prepared statement has run five times PostgreSQL may
 *   keep one generic plan for it, chosen without the values, and a search's best plan depends on
 *   its term (a narrow one reads the trigram index, a broad one walks the company's rows newest
 *   first until the page is full). Every other query's plan follows from its shape: the company's
 *   index, the page's LIMIT. A search that starts with ONE_PLAN chooses its path as it runs, so
 *   its plan too follows from its shape: it is named.
 * - At most `limit` texts in all: beyond that (texts made from long IN lists, say) queries run
 *   unnamed as before, so no connection holds an unbounded number of statements.
 *
 * A name stands for one text for the life of the process, on every connection; the pool's
 * connections learn the statements one by one (pg keeps which ones each has parsed).
 *
 * Not for a pooler in transaction mode (PgBouncer before 1.21), where a connection's prepared
 * statements are not there on the next transaction: connect to PostgreSQL itself, or to a pooler
 * in session mode.
 */
export function namedStatements(limit = 1000): (client: pg.Client) => void {
  const names = new Map<string, string>();
  const nameOf = (text: string): string | undefined => {
    const known = names.get(text);
    if (known !== undefined || names.size >= limit || (/\bi?like\b/i.test(text) && !text.startsWith(ONE_PLAN)))
      return known;
    const name = `q${names.size + 1}`;
    names.set(text, name);
    return name;
  };
  return (client) => {
    const query = client.query.bind(client) as (config: unknown, values?: unknown) => unknown;
    // Kysely calls query(text, values) and awaits the promise; every other form passes through.
    client.query = ((config: unknown, values?: unknown, callback?: unknown) => {
      if (typeof config === 'string' && Array.isArray(values) && values.length > 0 && callback === undefined) {
        const name = nameOf(config);
        if (name) return query({ name, text: config, values });
      }
      return (query as (...args: unknown[]) => unknown)(...[config, values, callback].filter((a) => a !== undefined));
    }) as typeof client.query;
  };
}
