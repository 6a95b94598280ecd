import type { Compilable, Selectable } from 'kysely';
import type { Executor } from '../../db/connection.js';
import { writeTogether } from '../../db/perf/writeTogether.js';
import type { OrdersTable } from '../../db/schema.js';
import { restateOrderWrites, type OrderStatState } from './dayFigures.js';
import { moveOrderCountsWrites, type ListedOrder } from './listCounts.js';

/**
 * The one call an order write makes to keep every projection of the orders: the lifecycle reads the
 * order's place before the write and after it, and recordOrderChange moves it in the dashboard's
 * per-day figures (dayFigures.ts) and in the orders list's kept counts (listCounts.ts). A new status
 * is counted by both without a change; a new column that places an order is added here only: to
 * PLACE_COLUMNS (what the lifecycle reads), placeOf, and the columns of the projection it moves.
 */

/** Everything that places an order in the kept figures and list counts. */
export interface OrderPlace extends OrderStatState, ListedOrder {}

/** The columns of the order's row that place it: the lifecycle reads them before and after a write. */
export const PLACE_COLUMNS = [
  'id',
  'company_id',
  'created_at',
  'source_id',
  'status',
  'invoice_status',
  'courier',
  'courier_status',
  'awb',
  'awb_refused',
  'total_value',
  'customer_id',
  'address_check',
  'attention',
] as const;

/** The row's place columns, with the cash on delivery of its active AWB (null without one). */
export type PlaceRow = Pick<Selectable<OrdersTable>, (typeof PLACE_COLUMNS)[number]> & { cod_bani: number | null };

/** The order's place from its row; `flagged`: its customer carries a flag (any company's). */
export function placeOf(r: PlaceRow, flagged: boolean): OrderPlace {
  return {
    id: r.id,
    company_id: r.company_id,
    created_at: Number(r.created_at),
    source_id: r.source_id,
    status: r.status,
    invoice_status: r.invoice_status,
    courier: r.courier,
    courier_status: r.courier_status,
    awb_refused: r.awb_refused,
    total_value: Number(r.total_value),
    cod_bani: r.courier ? Number(r.cod_bani ?? 0) : 0,
    no_awb: r.awb === null,
    flagged,
    to_check: r.address_check !== null,
    attention: r.attention !== null,
  };
}

/** The columns that place an order in the kept figures. */
const FIGURE_COLUMNS = new Set([
  'status',
  'courier',
  'courier_status',
  'awb_refused',
  'awb',
  'total_value',
  'source_id',
  'created_at',
]);

/** The columns that place an order in the kept list counts (with whether its customer is flagged). */
const LIST_COLUMNS = new Set([
  'status',
  'invoice_status',
  'awb',
  'courier',
  'created_at',
  'address_check',
  'attention',
]);

/**
 * What a write of these columns may move: the figures, the list counts (then the lifecycle reads
 * the flags after locking the customer's row, listCounts.ts); a write moving neither needs no
 * place read.
 */
export function movedBy(columns: string[]): { figures: boolean; lists: boolean } {
  return {
    figures: columns.some((c) => FIGURE_COLUMNS.has(c)),
    lists: columns.some((c) => LIST_COLUMNS.has(c)),
  };
}

/**
 * The writes that move the order from its place before to its place after (null: it did not exist /
 * no longer exists), for the caller to run with its other writes (writeTogether): none for a
 * projection where the order stays where it was.
 */
export function recordOrderChangeWrites(
  exec: Executor,
  before: OrderPlace | null,
  after: OrderPlace | null,
): Compilable[] {
  return [...restateOrderWrites(exec, before, after), ...moveOrderCountsWrites(exec, before, after)];
}

/** The order moves from its place before to its place after, in the caller's transaction. */
export async function recordOrderChange(
  exec: Executor,
  before: OrderPlace | null,
  after: OrderPlace | null,
): Promise<void> {
  await writeTogether(exec, recordOrderChangeWrites(exec, before, after));
}
