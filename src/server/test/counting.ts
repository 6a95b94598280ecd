import type { KyselyPlugin } from 'kysely';

/**
 * Counts the statements run through the executors its plugin is added to (`withPlugin`), so a test
 * can hold a page to the round trips it costs. Counted per result: a query that nests another
 * builder is transformed more than once but runs once.
 */
export function statementCounter(): { count: number; plugin: KyselyPlugin } {
  const counter = {
    count: 0,
    plugin: {
      transformQuery: (args) => args.node,
      transformResult: async (args) => {
        counter.count++;
        return args.result;
      },
    } satisfies KyselyPlugin,
  };
  return counter;
}
