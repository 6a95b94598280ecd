import type { ServiceContext } from '../../context.js';
import { HttpError } from '../../http/errors.js';
import { isProviderError } from '../../providers/http.js';
import type { InvoiceRef, InvoicingClient } from '../../providers/invoicing/types.js';
import { changeInvoiceStatus, lockOrder, recordEvent, setBillNumber } from '../order-lifecycle/index.js';
import { sendOnce, settleBeforeCreate, type DocumentStore, type SettleOutcome } from '../provider-documents/index.js';
import { smartBillFor } from './smartbill.js';
import {
  addReversed,
  billNumberOf,
  CURRENT_STATES,
  documentsOfOrder,
  findDocument,
  heldNumbers,
  highestNumbered,
  inFlight,
  IN_FLIGHT_STATES,
  moveDocument,
  setExpectedNumber,
  stornoLinesOf,
  type DocumentRow,
} from './queries.js';

/**
 * Invoices and stornos as provider documents (the provider documents protocol), and how one whose
 * answer never came is found at SmartBill.
 *
 * Right before the create, the number it gets at least is kept on the row (the expected number):
 * SmartBill has no lookup by our reference, so an `unknown` document is looked for from that number
 * on, up to the series' next number now, by each document's total (the payment status read). A
 * number one of our rows already holds is never taken, so another order's invoice is never adopted.
 */

export const INVOICE_CHECK_JOB = 'invoice_check';
/** How many numbers a check looks at, at most (a series moves a few numbers in the seconds of a create). */
const MAX_SCAN = 50;

/**
 * How recently a document of the series must have been sent for its number, plus one, to stand in
 * for the read of the series' next number (expectedNumber). A check scans at most MAX_SCAN numbers
 * from the bound, and every document numbered between it and the create (one of another create of
 * ours, one made at SmartBill's site or by another program) widens that range. SmartBill takes 3
 * calls a second per account, so the series moves by about 30 numbers in 10 s (and 3 a second
 * of the create's wait in the client's queue) at most: the create's number stays within reach. A bulk job issues one invoice a second or faster, so every
 * invoice after its first is covered.
 */
export const RECENT_NUMBER_SECONDS = 10;

/** The invoices table as the protocol sees it. SmartBill may still be numbering a create whose answer was lost: it is asked a minute later. */
export const invoiceStore: DocumentStore<DocumentRow> = {
  checkJob: INVOICE_CHECK_JOB,
  settleAfterSeconds: 60,
  find: findDocument,
  move: (exec, id, from, to, error, now) => moveDocument(exec, id, from, { state: to, error, now }),
};

/**
 * The number the document's create will get at least, for a check to start from. SmartBill numbers
 * a series upwards, and a number is in our rows only once SmartBill gave it, so the highest one of
 * ours in the series, plus one, is such a bound, as the series' next number read now is: it is taken
 * when its document was sent within RECENT_NUMBER_SECONDS (no call to SmartBill), else the series
 * is read. Invoices and storno documents count alike: a storno is numbered in its invoice's series.
 *
 * Read outside any transaction, on purpose: a number recorded by another create a moment later is
 * not seen (PostgreSQL's read committed snapshot, a SQLite reader), and the older one seen is a lower
 * bound all the same; nothing read here can be too high, so no lock is needed. A number goes down
 * only when the series' last document is deleted (deleted rows are left out; SmartBill gives the
 * number again) or its next number is changed in SmartBill's settings. Either done at SmartBill's
 * own site within those seconds, before a create whose answer is lost, is not covered; the read
 * left the same gap, only shorter (between the read and the create). A number that is not all
 * digits is never counted on.
 */
async function expectedNumber(ctx: ServiceContext, client: InvoicingClient, doc: DocumentRow): Promise<string | null> {
  const last = await highestNumbered(ctx.db.kysely, doc.company_id, doc.series);
  if (last && Number(last.created_at) >= ctx.clock.now() - RECENT_NUMBER_SECONDS && /^\d{1,15}$/.test(last.number))
    return String(Number(last.number) + 1).padStart(last.number.length, '0');
  return (await client.series()).find((s) => s.name === doc.series)?.nextNumber ?? null;
}

/**
 * Keeps the expected number, sends the create once and records the outcome: issued (the order
 * shows it), failed (SmartBill said no: its error goes to the caller), or unknown (no clear answer:
 * 504/502 saying it is being checked).
 */
export async function sendDocument(
  ctx: ServiceContext,
  client: InvoicingClient,
  doc: DocumentRow,
  send: () => Promise<InvoiceRef>,
): Promise<InvoiceRef> {
  const db = ctx.db.kysely;
  try {
    await setExpectedNumber(db, doc.id, await expectedNumber(ctx, client, doc));
  } catch (err) {
    // Nothing was sent: the document failed and another may be issued at once.
    await moveDocument(db, doc.id, ['pending'], {
      state: 'failed',
      error: isProviderError(err) ? `${err.kind}: ${err.providerMessage}` : String(err),
      now: ctx.clock.now(),
    });
    throw err;
  }
  const ref = await sendOnce(ctx, invoiceStore, doc.id, send, {
    unknown: (err) =>
      new HttpError(
        err.kind === 'timeout' ? 504 : 502,
        doc.kind === 'storno' ? 'storno_outcome_unknown' : 'invoice_outcome_unknown',
      ),
  });
  await recordIssued(ctx, doc, ref);
  return ref;
}

/**
 * The document exists at SmartBill as `ref`: the order shows it. An invoice gives the order its
 * bill_number; a storno adds what it took back to the invoice's lines and moves the invoice and the
 * order's invoice status to storno / partially_storno. A full reversal frees the order: nothing is
 * left of its invoice, so it loses its bill_number (the invoice and its stornos stay among its
 * documents) and may be cancelled, changed and invoiced anew; a partial one keeps it invoiced.
 * Changes nothing when another check recorded it first.
 */
export async function recordIssued(ctx: ServiceContext, doc: DocumentRow, ref: InvoiceRef): Promise<void> {
  // The moment the document was sent: the storno day counts from it, whenever its answer was learnt.
  const at = Number(doc.created_at);
  await ctx.db.transaction(async (trx) => {
    const order = await lockOrder(trx, ctx, doc.order_id);
    const moved = await moveDocument(trx, doc.id, IN_FLIGHT_STATES, {
      state: 'issued',
      series: ref.series,
      number: ref.number,
      issued_at: at,
      error: null,
      now: at,
    });
    if (!moved) return;
    const number = billNumberOf(ref.series, ref.number);
    if (doc.kind === 'invoice') {
      await setBillNumber(trx, ctx, order.id, number);
      await changeInvoiceStatus(trx, ctx, order, 'issued');
      await recordEvent(trx, ctx, order.id, 'invoice_created', { bill_number: number });
      return;
    }
    await addReversed(trx, await stornoLinesOf(trx, doc.id));
    await moveDocument(trx, doc.reverses_id!, CURRENT_STATES, {
      state: doc.full_reversal ? 'storno' : 'partially_storno',
      now: at,
    });
    await recordEvent(trx, ctx, order.id, 'invoice_storno', {
      bill_number: order.bill_number,
      storno: number,
      partial: !doc.full_reversal,
    });
    await changeInvoiceStatus(trx, ctx, order, doc.full_reversal ? 'storno' : 'partial_storno');
    if (doc.full_reversal) await setBillNumber(trx, ctx, order.id, null);
  });
}

/**
 * Looks for the document at SmartBill: adopted (recorded as issued) when a document of its total
 * sits at one of the numbers from the one expected to the series' next, and none of our rows holds
 * that number; absent (failed) otherwise. SmartBill not answering throws its error (the document
 * stays unknown).
 */
export async function resolveDocument(ctx: ServiceContext, doc: DocumentRow): Promise<SettleOutcome> {
  const { client } = await smartBillFor(ctx, 'manage');
  const expected = doc.expected_number;
  if (expected !== null) {
    const next = (await client.series()).find((s) => s.name === doc.series)?.nextNumber ?? null;
    if (next === null || !/^\d+$/.test(expected) || !/^\d+$/.test(next))
      throw new Error(`series ${doc.series} cannot be searched (expected ${expected}, next ${String(next)})`);
    const candidates: string[] = [];
    for (let n = Number(expected); n < Number(next) && candidates.length < MAX_SCAN; n++)
      candidates.push(String(n).padStart(expected.length, '0'));
    const held = await heldNumbers(ctx.db.kysely, doc.company_id, doc.series, candidates);
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
  await moveDocument(ctx.db.kysely, doc.id, IN_FLIGHT_STATES, {
    state: 'failed',
    error: 'not found at SmartBill',
    now: ctx.clock.now(),
  });
  return 'absent';
}

/**
 * Before a new document of this kind for the order: the one in flight is resolved first. A pending
 * one still within its request, or an unknown one SmartBill may still be finishing, answers 409.
 */
export async function settleInFlight(
  ctx: ServiceContext,
  orderId: number,
  kind: 'invoice' | 'storno',
): Promise<{ outcome: 'none' | 'adopted'; doc?: DocumentRow }> {
  const doc = inFlight(await documentsOfOrder(ctx.db.kysely, orderId), kind);
  const settled = await settleBeforeCreate(ctx, invoiceStore, doc, resolveDocument);
  if (settled.outcome === 'busy') {
    if (settled.why === 'in_progress')
      throw new HttpError(409, kind === 'storno' ? 'storno_in_progress' : 'invoice_in_progress');
    throw new HttpError(409, 'invoice_being_checked', { seconds: settled.wait });
  }
  return {
    outcome: settled.outcome,
    doc: settled.outcome === 'adopted' ? await findDocument(ctx.db.kysely, doc!.id) : doc,
  };
}
