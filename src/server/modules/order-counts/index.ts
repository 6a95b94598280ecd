/**
 * The kept projections of the orders: the orders list's counts (per status, invoice status, no AWB,
 * flagged customer, address to check, attention; per day and courier) and the dashboard's per-day
 * figures (per source, status, courier outcome, product). Fed by one call from the order lifecycle
 * (recordOrderChange, before → after) and by the order's lines (restateOrderLines); recounted from
 * the orders by the seeds and repairs. It imports no module.
 */
export {
  movedBy,
  PLACE_COLUMNS,
  placeOf,
  recordOrderChange,
  recordOrderChangeWrites,
  type OrderPlace,
  type PlaceRow,
} from './record.js';
export {
  ADDRESS_CHECK,
  ATTENTION,
  customerMoveCounts,
  FLAGGED,
  flagChangedCounts,
  invoiceBucket,
  isFlagged,
  NO_AWB,
  recountOrderLists,
} from './listCounts.js';
export { addDays, productPeriodRows, rangeSpans, rebuildOrderStats, restateOrderLines, weekOf } from './dayFigures.js';
