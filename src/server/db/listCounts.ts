import { sql } from 'kysely';
import type { Executor } from './connection.js';

/**
 * The counts kept per company for the lists whose rows are written by code rather than by
 * triggers (orders, by status bucket; the company's customers): `list_counts`, read by
 * `keptCount` (http/list.ts) for "of N results" without counting rows.
 */
export type CountedList = 'orders' | 'customers';

/**
 * Adds to kept counts in the caller's transaction, so a count never disagrees with the rows it
 * counts. Changes are applied in one (list, bucket) order: two transactions touching the same
 * count rows lock them in the same order, so PostgreSQL never deadlocks them (a cancel moving
 * 'new' -> 'cancelled' beside a restore moving 'cancelled' -> 'new').
 */
export async function bumpCounts(
  exec: Executor,
  companyId: number,
  changes: [CountedList, string, number][],
): Promise<void> {
  const sorted = [...changes].sort((a, b) =>
    a[0] === b[0] ? (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0) : a[0] < b[0] ? -1 : 1,
  );
  for (const [list, bucket, delta] of sorted) {
    if (delta === 0) continue;
    await exec
      .insertInto('list_counts')
      .values({ company_id: companyId, list, bucket, n: delta })
      .onConflict((oc) =>
        oc.columns(['company_id', 'list', 'bucket']).doUpdateSet({ n: sql<number>`list_counts.n + excluded.n` }),
      )
      .execute();
  }
}
