import type { Selectable } from 'kysely';
import type { Executor } from '../../db/connection.js';
import type { SellerAlertsTable } from '../../db/schema.js';

/** The seller_alerts table (migration 044): one row per alert told to a company, unique by key. */

export type AlertRow = Selectable<SellerAlertsTable>;

/** A new alert, or undefined when the company was told this key already. */
export async function insertAlert(
  exec: Executor,
  a: { companyId: number; key: string; kind: string; params: Record<string, string | number>; now: number },
): Promise<number | undefined> {
  const row = await exec
    .insertInto('seller_alerts')
    .values({
      company_id: a.companyId,
      key: a.key,
      kind: a.kind,
      params: JSON.stringify(a.params),
      state: 'pending',
      error: null,
      created_at: a.now,
      updated_at: a.now,
    })
    .onConflict((oc) => oc.columns(['company_id', 'key']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

export function alertById(exec: Executor, id: number): Promise<AlertRow | undefined> {
  return exec.selectFrom('seller_alerts').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function moveAlert(
  exec: Executor,
  id: number,
  state: 'sent' | 'failed' | 'none',
  error: string | null,
  now: number,
): Promise<void> {
  await exec
    .updateTable('seller_alerts')
    .set({ state, error: error?.slice(0, 500) ?? null, updated_at: now })
    .where('id', '=', id)
    .where('state', '=', 'pending')
    .execute();
}
