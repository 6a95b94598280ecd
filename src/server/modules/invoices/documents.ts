import type { ServiceContext } from '../../context.js';
import { HttpError } from '../../http/errors.js';
import { scheduleJob } from '../../jobs/queue.js';
import { isProviderError, type ProviderErrorKind } from '../../providers/http.js';
import type { InvoiceRef, InvoicingClient } from '../../providers/invoicing/types.js';
import { bumpCounts } from '../orders/queries.js';
import { lockOrder, record } from '../orders/service.js';
import {
  addReversed,
  billNumberOf,
  CURRENT_STATES,
  documentsOfOrder,
  findDocument,
  heldNumbers,
  inFlight,
  IN_FLIGHT_STATES,
  moveDocument,
  setBillNumber,
  setExpectedNumber,
  stornoLinesOf,
  type DocumentRow,
} from './queries.js';

/**
 * Sending a document to SmartBill exactly once and recording what came of it; finding out what
 * became of one whose answer never came.
 *
 * The document is already a `pending` row (inserted by the caller's transaction, which the unique
 * indexes guard). Right before the create, the series' next number is read and kept on the row:
 * SmartBill has no lookup by our reference, so an `unknown` document is looked for from that number
 * on, up to the series' next number now, by each document's total (the payment status read). A
 * number one of our rows already holds is never taken, so another order's invoice is never adopted.
 */

/** SmartBill may still be finishing a create whose answer we gave up on: its check waits this long. */
export const UNKNOWN_SETTLE_SECONDS = 60;
/** A document still pending after this lost its request (the instance stopped mid-call): it is checked like an unknown one. */
export const PENDING_STALE_SECONDS = 600;
/** How many numbers a check looks at, at most (a series moves a few numbers in the seconds of a create). */
const MAX_SCAN = 50;

export const INVOICE_CHECK_JOB = 'invoice_check';

/** SmartBill answered and said no (or never took the request): nothing was created. */
const REFUSED: ProviderErrorKind[] = ['rejected', 'refused_credentials', 'rate_limited', 'not_found'];

const errorText = (err: unknown) => (isProviderError(err) ? `${err.kind}: ${err.providerMessage}` : err instanceof Error ? err.message : String(err));

/**
 * Reads the expected number, sends the create once and records the outcome: issued (the order
 * shows it), failed (SmartBill said no: its error goes to the caller), or unknown (no clear answer:
 * 504/502 saying it is being checked, and a background check in a minute).
 */
export async function sendDocument(ctx: ServiceContext, client: InvoicingClient, doc: DocumentRow, send: () => Promise<InvoiceRef>): Promise<InvoiceRef> {
  const db = ctx.db.kysely;
  try {
    const series = await client.series();
    await setExpectedNumber(db, doc.id, series.find((s) => s.name === doc.series)?.nextNumber ?? null);
  } catch (err) {
    // Nothing was sent: the document failed and another may be issued at once.
    await moveDocument(db, doc.id, ['pending'], { state: 'failed', error: errorText(err), now: ctx.clock.now() });
    throw err;
  }
  let ref: InvoiceRef;
  try {
    ref = await send();
  } catch (err) {
    const now = ctx.clock.now();
    if (isProviderError(err) && REFUSED.includes(err.kind)) {
      await moveDocument(db, doc.id, ['pending'], { state: 'failed', error: errorText(err), now });
      throw err;
    }
    await moveDocument(db, doc.id, ['pending'], { state: 'unknown', error: errorText(err), now });
    await scheduleJob(db, { kind: INVOICE_CHECK_JOB, key: `${INVOICE_CHECK_JOB}:${doc.id}:unknown`, payload: { id: doc.id }, runAt: now + UNKNOWN_SETTLE_SECONDS }, now);
    if (!isProviderError(err)) throw err;
    throw new HttpError(err.kind === 'timeout' ? 504 : 502, doc.kind === 'storno' ? 'storno_outcome_unknown' : 'invoice_outcome_unknown');
  }
  await recordIssued(ctx, doc, ref);
  return ref;
}

/** Schedules the check of a document that might stay pending (its request's instance stopping mid-call). */
export async function scheduleStaleCheck(exec: Parameters<typeof scheduleJob>[0], docId: number, now: number): Promise<void> {
  await scheduleJob(exec, { kind: INVOICE_CHECK_JOB, key: `${INVOICE_CHECK_JOB}:${docId}`, payload: { id: docId }, runAt: now + PENDING_STALE_SECONDS }, now);
}

/**
 * The document exists at SmartBill as `ref`: the order shows it. An invoice gives the order its
 * bill_number; a storno adds what it took back to the invoice's lines and moves the invoice and the
 * order to storno / partially_storno. Changes nothing when another check recorded it first.
 */
export async function recordIssued(ctx: ServiceContext, doc: DocumentRow, ref: InvoiceRef): Promise<void> {
  // The moment the document was sent: the storno day counts from it, whenever its answer was learnt.
  const at = Number(doc.created_at);
  await ctx.db.transaction(async (trx) => {
    const order = await lockOrder(trx, ctx, doc.order_id);
    const moved = await moveDocument(trx, doc.id, IN_FLIGHT_STATES, { state: 'issued', series: ref.series, number: ref.number, issued_at: at, error: null, now: at });
    if (!moved) return;
    const number = billNumberOf(ref.series, ref.number);
    if (doc.kind === 'invoice') {
      await setBillNumber(trx, order.id, number, ctx.now);
      await record(trx, ctx, order.id, 'invoice_created', { bill_number: number });
      return;
    }
    await addReversed(trx, await stornoLinesOf(trx, doc.id));
    const to = doc.full_reversal ? 'storno' : 'partially_storno';
    await moveDocument(trx, doc.reverses_id!, CURRENT_STATES, { state: to, now: at });
    await record(trx, ctx, order.id, 'invoice_storno', { bill_number: order.bill_number, storno: number, partial: !doc.full_reversal });
    if (order.status !== to) {
      await trx.updateTable('orders').set({ status: to, updated_at: ctx.now }).where('id', '=', order.id).execute();
      await bumpCounts(trx, order.company_id, [['orders', order.status, -1], ['orders', to, 1]]);
      await record(trx, ctx, order.id, 'status_changed', { from: order.status, to });
    }
  });
}

/** Seconds until a document in flight may be checked with SmartBill; 0 when it may be now. */
export function secondsUntilCheck(doc: DocumentRow, now: number): number {
  if (doc.state === 'pending') return Math.max(0, Number(doc.created_at) + PENDING_STALE_SECONDS - now);
  return Math.max(0, Number(doc.updated_at) + UNKNOWN_SETTLE_SECONDS - now);
}

/**
 * Looks for the document at SmartBill: adopted (recorded as issued) when a document of its total
 * sits at one of the numbers from the one expected to the series' next, and none of our rows holds
 * that number; failed otherwise. A provider that does not answer leaves it unknown (the error goes up).
 */
export async function resolveDocument(ctx: ServiceContext, client: InvoicingClient, doc: DocumentRow): Promise<'adopted' | 'failed'> {
  const db = ctx.db.kysely;
  if (doc.state === 'pending') await moveDocument(db, doc.id, ['pending'], { state: 'unknown', now: ctx.clock.now() });
  const expected = doc.expected_number;
  if (expected !== null) {
    const next = (await client.series()).find((s) => s.name === doc.series)?.nextNumber ?? null;
    if (next === null || !/^\d+$/.test(expected) || !/^\d+$/.test(next)) throw new Error(`series ${doc.series} cannot be searched (expected ${expected}, next ${String(next)})`);
    const candidates: string[] = [];
    for (let n = Number(expected); n < Number(next) && candidates.length < MAX_SCAN; n++) candidates.push(String(n).padStart(expected.length, '0'));
    const held = await heldNumbers(db, doc.company_id, doc.series, candidates);
    for (const number of candidates.filter((c) => !held.has(c))) {
      let total: number;
      try {
        total = (await client.paymentStatus({ series: doc.series, number })).totalBani;
      } catch (err) {
        // Gone since (deleted): not ours to adopt.
        if (isProviderError(err) && (err.kind === 'rejected' || err.kind === 'not_found')) continue;
        throw err;
      }
      if (total === Number(doc.total)) {
        await recordIssued(ctx, doc, { series: doc.series, number });
        return 'adopted';
      }
    }
  }
  // Never sent (no expected number), or not at SmartBill: another may be issued.
  await moveDocument(db, doc.id, IN_FLIGHT_STATES, { state: 'failed', error: 'not found at SmartBill', now: ctx.clock.now() });
  return 'failed';
}

/**
 * Before a new document of this kind for the order: the one in flight is resolved first. A pending
 * one still within its request, or an unknown one SmartBill may still be finishing, answers 409.
 */
export async function settleInFlight(ctx: ServiceContext, client: InvoicingClient, orderId: number, kind: 'invoice' | 'storno'): Promise<{ outcome: 'none' | 'adopted' | 'failed'; doc?: DocumentRow }> {
  const doc = inFlight(await documentsOfOrder(ctx.db.kysely, orderId), kind);
  if (!doc) return { outcome: 'none' };
  const wait = secondsUntilCheck(doc, ctx.clock.now());
  if (wait > 0) {
    if (doc.state === 'pending') throw new HttpError(409, kind === 'storno' ? 'storno_in_progress' : 'invoice_in_progress');
    throw new HttpError(409, 'invoice_being_checked', { seconds: wait });
  }
  const outcome = await resolveDocument(ctx, client, doc);
  return { outcome, doc: outcome === 'adopted' ? await findDocument(ctx.db.kysely, doc.id) : doc };
}
