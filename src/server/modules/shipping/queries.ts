import type { Selectable } from 'kysely';
import type { AwbCandidate } from '../../../core/api/orders.js';
import { fromBani } from '../../../core/money.js';
import type { Executor } from '../../db/connection.js';
import { prepared, preparedWrite } from '../../db/perf/prepared.js';
import type { ShipmentsTable } from '../../db/schema.js';

/**
 * The shipments table (migration 013): one row per AWB create of an order and how it went.
 * `pending` (the courier is being asked), `created`, `unknown` (no answer came), `failed`,
 * `deleted`. At most one row per order is active (pending, created or unknown).
 */

export type ShipmentRow = Selectable<ShipmentsTable>;
export type ShipmentState = 'pending' | 'created' | 'unknown' | 'failed' | 'deleted';

export const ACTIVE_STATES: ShipmentState[] = ['pending', 'created', 'unknown'];
/** A create whose outcome is not known yet: while one exists nothing else may happen to the order's AWB. */
export const UNSETTLED_STATES: ShipmentState[] = ['pending', 'unknown'];
export const isUnsettled = (row: Pick<ShipmentRow, 'state'>): boolean =>
  UNSETTLED_STATES.includes(row.state as ShipmentState);

/** The order's active shipment (pending, created or unknown), if any; the partial unique index allows one. */
export function activeShipment(exec: Executor, orderId: number): Promise<ShipmentRow | undefined> {
  return exec
    .selectFrom('shipments')
    .selectAll()
    .where('order_id', '=', orderId)
    .where('state', 'in', ACTIVE_STATES)
    .executeTakeFirst();
}

export function shipmentById(exec: Executor, id: number): Promise<ShipmentRow | undefined> {
  return exec.selectFrom('shipments').selectAll().where('id', '=', id).executeTakeFirst();
}

export const isActive = (row: Pick<ShipmentRow, 'state'>): boolean =>
  ACTIVE_STATES.includes(row.state as ShipmentState);

export type NewShipment = {
  company_id: number;
  order_id: number;
  courier: string;
  reference: string;
  cod_bani: number;
  weight_grams: number;
  created_by: number | null;
  now: number;
};

/** A create about to be sent: the `pending` row. Throws a unique violation when the order already has an active one. */
export async function insertPendingShipment(exec: Executor, s: NewShipment): Promise<number> {
  const [row] = await pendingRow(exec, s);
  return row.id;
}

/** Built and compiled once (perf/prepared.ts): every AWB create claims with it. */
const pendingRow = prepared((exec, s: NewShipment) =>
  exec
    .insertInto('shipments')
    .values({
      company_id: s.company_id,
      order_id: s.order_id,
      courier: s.courier,
      state: 'pending',
      reference: s.reference,
      cod_bani: s.cod_bani,
      weight_grams: s.weight_grams,
      awb: null,
      parcel_numbers: null,
      cost_bani: null,
      previous_status: null,
      error: null,
      created_by: s.created_by,
      created_at: s.now,
      updated_at: s.now,
    })
    .returning('id'),
);

export type ShipmentPatch = Partial<
  Pick<ShipmentsTable, 'awb' | 'parcel_numbers' | 'cost_bani' | 'previous_status' | 'error' | 'candidates'>
>;

/**
 * Moves a row to `to` only if it is still in one of `from`, in one statement: of two requests
 * settling the same row, one moves it and the other learns (false) that it was already settled.
 */
export async function moveShipment(
  exec: Executor,
  id: number,
  from: ShipmentState[],
  to: ShipmentState,
  patch: ShipmentPatch,
  now: number,
): Promise<boolean> {
  const set: Record<string, unknown> = {
    ...patch,
    ...(patch.error !== undefined ? { error: patch.error?.slice(0, 500) ?? null } : {}),
  };
  const columns = Object.keys(set).filter((k) => set[k] !== undefined);
  const res = await exec.executeQuery(
    moveRow(exec, { ...set, columns: columns.join(','), id, from, to, now } as MoveValues),
  );
  return Number(res.numAffectedRows ?? 0) > 0;
}

type MoveValues = { columns: string; id: number; from: ShipmentState[]; to: ShipmentState; now: number } & Record<
  string,
  unknown
>;

/** Built and compiled once per set of columns and number of states (perf/prepared.ts): every create moves its row. */
const moveRow = preparedWrite(
  (exec, v: MoveValues) =>
    exec
      .updateTable('shipments')
      .set({
        ...(Object.fromEntries(v.columns ? v.columns.split(',').map((c) => [c, v[c]]) : []) as ShipmentPatch),
        state: v.to,
        updated_at: v.now,
      })
      .where('id', '=', v.id)
      .where('state', 'in', v.from),
  { shape: ['columns'], lists: ['from'] },
);

/** Which of these AWB numbers of the courier are already recorded (another attempt's, any order's). */
export async function knownAwbs(exec: Executor, courier: string, awbs: string[]): Promise<Set<string>> {
  if (awbs.length === 0) return new Set();
  const rows = await exec
    .selectFrom('shipments')
    .select('awb')
    .where('courier', '=', courier)
    .where('awb', 'in', awbs)
    .execute();
  return new Set(rows.map((r) => r.awb!));
}

/**
 * Whether another create of the company at this courier, not settled yet, carried the same cash on
 * delivery and weight: an AWB found only by those could then be either one's.
 */
export async function hasUnsettledTwin(exec: Executor, row: ShipmentRow): Promise<boolean> {
  const twin = await exec
    .selectFrom('shipments')
    .select('id')
    .where('company_id', '=', row.company_id)
    .where('courier', '=', row.courier)
    .where('state', 'in', UNSETTLED_STATES)
    .where('cod_bani', '=', row.cod_bani)
    .where('weight_grams', '=', row.weight_grams)
    .where('id', '<>', row.id)
    .executeTakeFirst();
  return twin !== undefined;
}

export const parcelNumbersOf = (row: Pick<ShipmentRow, 'parcel_numbers'>): string[] =>
  row.parcel_numbers ? (JSON.parse(row.parcel_numbers) as string[]) : [];

/** Whether the order has an AWB create in flight or not yet settled with the courier (an AWB may exist). */
export async function awbUnsettled(exec: Executor, orderId: number): Promise<boolean> {
  const row = await activeShipment(exec, orderId);
  return Boolean(row && isUnsettled(row));
}

/**
 * The AWB create of each order that is in flight or not yet settled, with the AWBs that could be
 * its AWB when the courier cannot tell: at most one per order (a partial unique index), so joining
 * it never repeats an order.
 */
export const unsettledShipments = (exec: Executor) =>
  exec
    .selectFrom('shipments')
    .select(['order_id', 'state', 'courier', 'candidates'])
    .where('state', 'in', UNSETTLED_STATES)
    .as('sh');

/** The order's AWB attempts go with the order (only an order without an AWB, settled, is deleted). */
export async function deleteShipmentsOfOrder(exec: Executor, orderId: number): Promise<void> {
  await exec.deleteFrom('shipments').where('order_id', '=', orderId).execute();
}

/** An AWB that could be an unknown create's, as the row keeps it (`candidates`, a JSON array). */
export interface StoredCandidate {
  awb: string;
  parcel_numbers: string[];
  created_at: number | null;
  cod_bani: number | null;
  weight_kg: number | null;
}

/** The AWBs the row keeps as candidates (none when the courier could tell, or the row is settled). */
export const candidatesOf = (row: Pick<ShipmentRow, 'candidates'>): StoredCandidate[] =>
  row.candidates ? (JSON.parse(row.candidates) as StoredCandidate[]) : [];

/** The candidates as the order's answer shows them, only while the create is unknown. */
export function awbCandidatesView(sh: {
  state: string | null;
  courier: string | null;
  candidates: string | null;
}): AwbCandidate[] {
  if (sh.state !== 'unknown' || !sh.courier) return [];
  const courier = sh.courier;
  return candidatesOf(sh).map((c) => ({
    awb: c.awb,
    courier,
    created_at: c.created_at,
    cod: c.cod_bani === null ? null : fromBani(c.cod_bani),
    weight: c.weight_kg,
  }));
}

/**
 * Keeps why an unknown create is still unknown and the AWBs that could be its AWB, while it is
 * unknown (a create settled meanwhile is left as it is).
 */
export async function noteCandidates(
  exec: Executor,
  id: number,
  candidates: StoredCandidate[],
  error: string,
): Promise<void> {
  await exec
    .updateTable('shipments')
    .set({ error: error.slice(0, 500), candidates: JSON.stringify(candidates) })
    .where('id', '=', id)
    .where('state', '=', 'unknown')
    .execute();
}

/** The AWBs that the company's other unsettled creates at this courier keep as candidates: one of them may still take them. */
export async function awaitedCandidates(exec: Executor, row: ShipmentRow): Promise<Set<string>> {
  const rows = await exec
    .selectFrom('shipments')
    .select('candidates')
    .where('company_id', '=', row.company_id)
    .where('courier', '=', row.courier)
    .where('state', 'in', UNSETTLED_STATES)
    .where('candidates', 'is not', null)
    .where('id', '<>', row.id)
    .execute();
  return new Set(rows.flatMap((r) => candidatesOf(r).map((c) => c.awb)));
}

/**
 * Marks that the company was told the create's outcome is still unknown; true only for the call
 * that marked it (the row still unsettled and not marked before), so the telling happens once.
 */
export async function markNoticed(exec: Executor, id: number, now: number): Promise<boolean> {
  const res = await exec
    .updateTable('shipments')
    .set({ notified_at: now })
    .where('id', '=', id)
    .where('notified_at', 'is', null)
    .where('state', 'in', UNSETTLED_STATES)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}
