import { sql, type Selectable } from 'kysely';
import type { IntakeListQuery, IntakeStatus } from '../../../core/api/intake.js';
import type { ListResponse } from '../../../core/api/list.js';
import type { Executor } from '../../db/connection.js';
import type { IntakeItemsTable } from '../../db/schema.js';
import { prepared } from '../../db/perf/prepared.js';
import { paginate } from '../../http/list.js';

/** The SQL of the inbox (intake_items) and of the companies' intake settings: only the intake module runs it. */

export type IntakeItemRow = Selectable<IntakeItemsTable>;

type NewItem = Omit<IntakeItemRow, 'id' | 'status' | 'problems' | 'order_id' | 'updated_at'>;

/** The item as received (status `received`), before anything is done with it. */
export async function insertItem(exec: Executor, row: NewItem): Promise<number> {
  return (
    await itemInsert(exec, {
      ...row,
      external_id: row.external_id ?? '',
      numbered: row.external_id !== null,
      fingerprint: row.fingerprint ?? '',
      printed: row.fingerprint !== null,
    })
  )[0].id;
}

/** Built and compiled once per shape (perf/prepared.ts): every push and every imported order writes it. */
const itemInsert = prepared(
  (
    exec,
    v: Omit<NewItem, 'external_id' | 'fingerprint'> & {
      external_id: string;
      numbered: boolean;
      fingerprint: string;
      printed: boolean;
    },
  ) =>
    exec
      .insertInto('intake_items')
      .values({
        company_id: v.company_id,
        source_id: v.source_id,
        external_id: v.numbered ? v.external_id : null,
        via: v.via,
        payload: v.payload,
        fingerprint: v.printed ? v.fingerprint : null,
        received_at: v.received_at,
        status: 'received',
        problems: null,
        order_id: null,
        updated_at: v.received_at,
      })
      .returning('id'),
  { shape: ['numbered', 'printed'] },
);

/**
 * The item made, updated or matched its order: its outcome, and any earlier item of the same
 * order number still waiting gives way to it (superseded), in one statement: every push ends here.
 */
export async function settleItem(
  exec: Executor,
  v: {
    id: number;
    status: 'created' | 'updated' | 'duplicate';
    orderId: number;
    sourceId: number;
    externalId: string;
    now: number;
  },
): Promise<void> {
  await sql`update intake_items set
      status = case when id = ${v.id} then ${v.status} else 'superseded' end,
      problems = case when id = ${v.id} then null else problems end,
      order_id = case when id = ${v.id} then ${v.orderId} else order_id end,
      updated_at = ${v.now}
    where id = ${v.id} or (source_id = ${v.sourceId} and external_id = ${v.externalId} and status = 'held' and id <> ${v.id})`.execute(
    exec,
  );
}

/** The item's outcome: its status, the problems that hold it (null: none) and its order. */
export async function setOutcome(
  exec: Executor,
  id: number,
  o: { status: IntakeStatus; problems: string | null; order_id: number | null; now: number },
): Promise<void> {
  await exec
    .updateTable('intake_items')
    .set({ status: o.status, problems: o.problems, order_id: o.order_id, updated_at: o.now })
    .where('id', '=', id)
    .execute();
}

export function itemOf(exec: Executor, companyId: number, id: number): Promise<IntakeItemRow | undefined> {
  return exec
    .selectFrom('intake_items')
    .selectAll()
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .executeTakeFirst();
}

/** The item of the source and order number waiting in the inbox (at most one: intake_items_one_held). */
export function heldItemOf(exec: Executor, sourceId: number, externalId: string): Promise<IntakeItemRow | undefined> {
  return exec
    .selectFrom('intake_items')
    .selectAll()
    .where('source_id', '=', sourceId)
    .where('external_id', '=', externalId)
    .where('status', '=', 'held')
    .executeTakeFirst();
}

/** A waiting item of the source without an order number (a row that had none) that was received as this one. */
export function heldUnnumberedOf(
  exec: Executor,
  sourceId: number,
  fingerprint: string,
): Promise<IntakeItemRow | undefined> {
  return exec
    .selectFrom('intake_items')
    .selectAll()
    .where('source_id', '=', sourceId)
    .where('external_id', 'is', null)
    .where('status', '=', 'held')
    .where('fingerprint', '=', fingerprint)
    .executeTakeFirst();
}

/**
 * The fingerprint of the order as last applied to it: the latest item of the source and order
 * number that created or updated it. A push with the same one is a duplicate.
 */
export async function appliedFingerprint(exec: Executor, sourceId: number, externalId: string): Promise<string | null> {
  const [row] = await applied(exec, { sourceId, externalId, created: 'created', updated: 'updated' });
  return row?.fingerprint ?? null;
}

const applied = prepared((exec, v: { sourceId: number; externalId: string; created: string; updated: string }) =>
  exec
    .selectFrom('intake_items')
    .select('fingerprint')
    .where('source_id', '=', v.sourceId)
    .where('external_id', '=', v.externalId)
    .where('status', 'in', [v.created, v.updated])
    .orderBy('id', 'desc')
    .limit(1),
);

// ---- a page of a shop's orders at once (shopOrders.ts): one statement each for all its orders --

/** The items of a page, as received, in one insert: each one's id by its order number (all numbered, none twice). */
export async function insertItems(
  exec: Executor,
  rows: (Omit<NewItem, 'external_id'> & { external_id: string })[],
): Promise<Map<string, number>> {
  if (rows.length === 0) return new Map();
  const made = await exec
    .insertInto('intake_items')
    .values(
      rows.map((r) => ({
        ...r,
        status: 'received',
        problems: null,
        order_id: null,
        updated_at: r.received_at,
      })),
    )
    .returning(['id', 'external_id'])
    .execute();
  // Matched by order number, not by place: neither engine promises RETURNING in the rows' order.
  return new Map(made.map((m) => [m.external_id!, m.id]));
}

/** `appliedFingerprint` of many order numbers of the source: the latest created or updated item of each. */
export async function appliedFingerprints(
  exec: Executor,
  sourceId: number,
  externalIds: string[],
): Promise<Map<string, string | null>> {
  const out = new Map<string, string | null>();
  if (externalIds.length === 0) return out;
  const rows = await exec
    .selectFrom('intake_items')
    .select(['external_id', 'fingerprint'])
    .where('source_id', '=', sourceId)
    .where('external_id', 'in', externalIds)
    .where('status', 'in', ['created', 'updated'])
    .orderBy('id')
    .execute();
  for (const r of rows) out.set(r.external_id!, r.fingerprint);
  return out;
}

/** `heldItemOf` of many order numbers of the source. */
export async function heldItemsOf(
  exec: Executor,
  sourceId: number,
  externalIds: string[],
): Promise<Map<string, IntakeItemRow>> {
  if (externalIds.length === 0) return new Map();
  const rows = await exec
    .selectFrom('intake_items')
    .selectAll()
    .where('source_id', '=', sourceId)
    .where('external_id', 'in', externalIds)
    .where('status', '=', 'held')
    .execute();
  return new Map(rows.map((r) => [r.external_id!, r]));
}

/** An earlier held item of the source and order number gives way to a later push or import of it. */
export async function supersedeHeld(
  exec: Executor,
  sourceId: number,
  externalId: string,
  exceptId: number,
  now: number,
): Promise<void> {
  await exec
    .updateTable('intake_items')
    .set({ status: 'superseded', updated_at: now })
    .where('source_id', '=', sourceId)
    .where('external_id', '=', externalId)
    .where('status', '=', 'held')
    .where('id', '<>', exceptId)
    .execute();
}

export type ListedItem = IntakeItemRow & { source: string };

/** A page of the company's inbox: waiting items first, then the newest. */
export function listItems(
  exec: Executor,
  companyId: number,
  q: IntakeListQuery,
  map: (r: ListedItem) => unknown,
): Promise<ListResponse<unknown>> {
  let query = exec
    .selectFrom('intake_items as i')
    .innerJoin('sources as s', 's.id', 'i.source_id')
    .selectAll('i')
    .select('s.source')
    .where('i.company_id', '=', companyId);
  if (q.status) query = query.where('i.status', '=', q.status);
  if (q.source) query = query.where('i.source_id', '=', q.source);
  if (q.search) query = query.where('i.external_id', '=', q.search);
  return paginate(query, {
    page: q.page,
    items: q.items,
    map,
    order: (qb) =>
      qb.orderBy(sql`case when i.status in ('held', 'received') then 0 else 1 end`).orderBy('i.id', 'desc'),
  });
}

/** How many of the company's items wait (held), and how many were never finished (received). */
export async function countWaiting(exec: Executor, companyId: number): Promise<{ held: number; received: number }> {
  const rows = await exec
    .selectFrom('intake_items')
    .select(['status', sql<number | string>`count(*)`.as('n')])
    .where('company_id', '=', companyId)
    .where('status', 'in', ['held', 'received'])
    .groupBy('status')
    .execute();
  const n = (s: string) => Number(rows.find((r) => r.status === s)?.n ?? 0);
  return { held: n('held'), received: n('received') };
}

/** Whether arriving orders may take stock below zero (no row: they may, as the order form's do). */
export async function oversellOf(exec: Executor, companyId: number): Promise<boolean> {
  const [row] = await oversellRow(exec, { companyId });
  return row ? Boolean(row.oversell) : true;
}

const oversellRow = prepared((exec, v: { companyId: number }) =>
  exec.selectFrom('intake_settings').select('oversell').where('company_id', '=', v.companyId),
);

export async function saveOversell(exec: Executor, companyId: number, oversell: boolean, now: number): Promise<void> {
  await exec
    .insertInto('intake_settings')
    .values({ company_id: companyId, oversell: oversell ? 1 : 0, updated_at: now })
    .onConflict((oc) => oc.column('company_id').doUpdateSet({ oversell: oversell ? 1 : 0, updated_at: now }))
    .execute();
}
