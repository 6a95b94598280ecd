import { sql, type Selectable } from 'kysely';
import type { Executor } from '../../db/connection.js';
import type { ShopConnectorsTable, ShopOutboxTable } from '../../db/schema.js';

/** The SQL of the shop connectors, their stored webhook deliveries and their outbox: only the connectors module runs it. */

export type ConnectorRow = Selectable<ShopConnectorsTable>;
export type OutboxRow = Selectable<ShopOutboxTable>;

export function connectorOfSource(exec: Executor, companyId: number, sourceId: number) {
  return exec
    .selectFrom('shop_connectors')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('source_id', '=', sourceId)
    .executeTakeFirst();
}

/** The company's connectors, one row each (a company has a handful: one per connected source). */
export function connectorsOfCompany(exec: Executor, companyId: number) {
  return exec
    .selectFrom('shop_connectors')
    .select(['source_id', 'type', 'emulated', 'state'])
    .where('company_id', '=', companyId)
    .orderBy('source_id')
    .execute();
}

/** A connector by its source alone (a webhook names its source in its URL, with no company). */
export function connectorBySource(exec: Executor, sourceId: number) {
  return exec.selectFrom('shop_connectors').selectAll().where('source_id', '=', sourceId).executeTakeFirst();
}

export function connectorById(exec: Executor, id: number) {
  return exec.selectFrom('shop_connectors').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertConnector(
  exec: Executor,
  row: Omit<
    ConnectorRow,
    'id' | 'state' | 'orders_in' | 'last_sync_at' | 'last_error' | 'cursor' | 'sync_stock' | 'demo_orders'
  >,
): Promise<number> {
  const r = await exec.insertInto('shop_connectors').values(row).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

export async function updateConnector(
  exec: Executor,
  id: number,
  set: Partial<Omit<ConnectorRow, 'id' | 'company_id' | 'source_id'>>,
): Promise<void> {
  await exec.updateTable('shop_connectors').set(set).where('id', '=', id).execute();
}

export async function countOrderIn(exec: Executor, id: number, now: number): Promise<void> {
  await exec
    .updateTable('shop_connectors')
    .set({ orders_in: sql`orders_in + 1`, updated_at: now })
    .where('id', '=', id)
    .execute();
}

export async function deleteConnector(exec: Executor, id: number): Promise<void> {
  await exec.deleteFrom('shop_connectors').where('id', '=', id).execute();
}

/** Every connector (the demo's orders, tests): few rows, one per connected source. */
export function allConnectors(exec: Executor) {
  return exec.selectFrom('shop_connectors').selectAll().orderBy('id').execute();
}

// ---- webhook deliveries -------------------------------------------------------------------------

/**
 * Stores a delivery unless one with the same delivery id is already stored for the connector (the
 * shop sent it again: a retry, or a duplicate it sends even after a success). Answers its id, or
 * null for a repeat (migration 085's unique index decides, so two at once store one).
 */
export async function insertEventOnce(
  exec: Executor,
  e: { connectorId: number; topic: string; deliveryId: string | null; body: string; now: number },
): Promise<number | null> {
  const r = await exec
    .insertInto('shop_events')
    .values({
      connector_id: e.connectorId,
      topic: e.topic.slice(0, 60),
      delivery_id: e.deliveryId?.slice(0, 100) ?? null,
      body: e.body,
      received_at: e.now,
      processed_at: null,
    })
    .onConflict((oc) => oc.columns(['connector_id', 'delivery_id']).where('delivery_id', 'is not', null).doNothing())
    .returning('id')
    .executeTakeFirst();
  return r?.id ?? null;
}

export async function markEventProcessed(exec: Executor, id: number, now: number): Promise<void> {
  await exec.updateTable('shop_events').set({ processed_at: now }).where('id', '=', id).execute();
}

/** Deliveries stored but not worked (their work failed after the answer): the next pass works them. */
export function waitingEvents(exec: Executor, connectorId: number, limit = 100) {
  return exec
    .selectFrom('shop_events')
    .selectAll()
    .where('connector_id', '=', connectorId)
    .where('processed_at', 'is', null)
    .orderBy('id')
    .limit(limit)
    .execute();
}

// ---- the outbox ---------------------------------------------------------------------------------

/** Due waiting updates of every connector, oldest first. */
export function dueUpdates(exec: Executor, now: number, limit: number) {
  return exec
    .selectFrom('shop_outbox')
    .selectAll()
    .where('state', '=', 'waiting')
    .where('next_at', '<=', now)
    .orderBy('id')
    .limit(limit)
    .execute();
}

export async function setUpdate(
  exec: Executor,
  id: number,
  set: Partial<Pick<OutboxRow, 'state' | 'attempts' | 'next_at' | 'last_error' | 'sent_at'>>,
): Promise<void> {
  await exec.updateTable('shop_outbox').set(set).where('id', '=', id).execute();
}

/** When the SKU's stock last went to the shop (a SKU is sent at most once a minute). */
export async function lastStockSent(exec: Executor, connectorId: number, sku: string): Promise<number | null> {
  const r = await exec
    .selectFrom('shop_outbox')
    .select((eb) => eb.fn.max('sent_at').as('at'))
    .where('connector_id', '=', connectorId)
    .where('kind', '=', 'stock')
    .where('ref', '=', sku)
    .where('state', '=', 'sent')
    .executeTakeFirst();
  return r?.at == null ? null : Number(r.at);
}

/** Whether the SKU was already found missing in the shop (told once, never tried again). */
export async function skuKnownMissing(exec: Executor, connectorId: number, sku: string): Promise<boolean> {
  const r = await exec
    .selectFrom('shop_outbox')
    .select('id')
    .where('connector_id', '=', connectorId)
    .where('kind', '=', 'stock')
    .where('ref', '=', sku)
    .where('state', '=', 'skipped')
    .executeTakeFirst();
  return r !== undefined;
}

export async function outboxCounts(exec: Executor, connectorId: number): Promise<{ waiting: number }> {
  const r = await exec
    .selectFrom('shop_outbox')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('connector_id', '=', connectorId)
    .where('state', '=', 'waiting')
    .executeTakeFirst();
  return { waiting: Number(r?.n ?? 0) };
}

/** The failed and skipped updates, newest first (the source's page lists them with the shop's words). */
export function failedUpdates(exec: Executor, connectorId: number, limit = 20) {
  return exec
    .selectFrom('shop_outbox')
    .selectAll()
    .where('connector_id', '=', connectorId)
    .where('state', 'in', ['failed', 'skipped'])
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/**
 * The shop cancelled an order that has an AWB or an invoice here: kept as a failed update of the
 * connector (the source's page lists it) unless it was already; answers whether it is new.
 */
export async function recordShopCancel(
  exec: Executor,
  v: { companyId: number; connectorId: number; externalId: string; orderId: number; message: string; now: number },
): Promise<boolean> {
  const told = await exec
    .selectFrom('shop_outbox')
    .select('id')
    .where('connector_id', '=', v.connectorId)
    .where('kind', '=', 'shop_cancel')
    .where('ref', '=', v.externalId)
    .executeTakeFirst();
  if (told) return false;
  await exec
    .insertInto('shop_outbox')
    .values({
      company_id: v.companyId,
      connector_id: v.connectorId,
      kind: 'shop_cancel',
      ref: v.externalId,
      order_id: v.orderId,
      data: '{}',
      state: 'failed',
      attempts: 0,
      next_at: 0,
      last_error: v.message,
      created_at: v.now,
      sent_at: null,
    })
    .execute();
  return true;
}
