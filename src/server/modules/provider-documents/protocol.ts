import { forCompany, type ServiceContext } from '../../context.js';
import type { Executor } from '../../db/connection.js';
import { isUniqueViolation } from '../../db/errors.js';
import { scheduleJob } from '../../jobs/queue.js';
import type { JobHandler } from '../../jobs/runner.js';
import { isProviderError, isRefusal, type ProviderError } from '../../providers/http.js';

/**
 * The one protocol by which a document is created at a provider (an AWB, an invoice, a storno, an
 * SMS), so that none is ever created twice for one order, whatever the double clicks, tabs,
 * timeouts, restarts or retries:
 *
 * 1. claim: a `pending` row is inserted in the transaction that checks the order may have it; a
 *    unique index on the document table makes a second claim impossible (its violation is the
 *    "already being created" answer), and the document's check job is scheduled with it;
 * 2. call once: the create is sent once, outside any transaction, never retried blindly;
 * 3. record: created (the order takes it, the caller's part), `failed` when the provider refused
 *    (nothing was created: `isRefusal`), `unknown` for any other failure (it may exist);
 * 4. settle: an unknown outcome (or a `pending` row whose request died) is looked for at the
 *    provider, before any other create for the order and by the background check, and becomes
 *    created (adopted) or failed (absent). A provider that cannot be asked leaves it unknown.
 *
 * Each document table keeps its own rows and states; it gives the protocol a `DocumentStore`.
 */

export type InFlightState = 'pending' | 'unknown';
export const IN_FLIGHT_STATES: InFlightState[] = ['pending', 'unknown'];

/**
 * A `pending` row older than this has lost its request (the process stopped mid-call): it is
 * treated as unknown. Far above the longest create (a login, a read and the create, each within
 * the provider time limit, reads retried).
 */
export const PENDING_STALE_SECONDS = 10 * 60;
/** The check scheduled with a claim first runs this long after it (a create rarely takes longer). */
export const FIRST_CHECK_SECONDS = 60;
/** How often a document the provider cannot be asked about yet is asked about again. */
export const UNREACHABLE_AGAIN_SECONDS = 5 * 60;
/** Several candidates need a person; the question is asked again hourly meanwhile. */
export const AMBIGUOUS_AGAIN_SECONDS = 60 * 60;
/**
 * A create whose outcome is still unknown this long after it was sent is told to the company
 * (once, by the document's `notice`) instead of being waited on silently: the order can get no
 * other document meanwhile, and a person may know, or find out at the provider, what happened.
 */
export const UNKNOWN_NOTICE_SECONDS = 30 * 60;

/** What a document table tells the protocol. */
export interface DocumentStore<Row extends DocumentRowLike> {
  /** The job kind of this document's background check. */
  checkJob: string;
  /**
   * How long after an unknown outcome the provider is asked (0: at once). SmartBill may still be
   * numbering a create whose answer was lost, so it is asked a minute later.
   */
  settleAfterSeconds: number;
  find(exec: Executor, id: number): Promise<Row | undefined>;
  /** Moves the row from one of `from` to `to` in one statement; true when this call moved it. */
  move(
    exec: Executor,
    id: number,
    from: InFlightState[],
    to: 'unknown' | 'failed',
    error: string,
    now: number,
  ): Promise<boolean>;
  /**
   * How the company is told that a create's outcome is still unknown after
   * UNKNOWN_NOTICE_SECONDS; a document without one is only asked about again. `noticed` says
   * whether it was told already; `tell` tells it once (a second call, another instance's
   * included, changes nothing) and says why it is still unknown.
   */
  notice?: {
    noticed(row: Row): boolean;
    tell(ctx: ServiceContext, row: Row, why: 'unreachable' | 'ambiguous'): Promise<void>;
  };
}

export interface DocumentRowLike {
  id: number;
  company_id: number;
  state: string;
  created_at: number;
  updated_at: number;
}

/** Found at the provider and recorded (`adopted`), not there (`absent`), not askable (`unreachable`), several candidates (`ambiguous`). */
export type SettleOutcome = 'adopted' | 'absent' | 'unreachable' | 'ambiguous';

export const isInFlight = (row: Pick<DocumentRowLike, 'state'>): boolean =>
  (IN_FLIGHT_STATES as string[]).includes(row.state);

/** Seconds until an in-flight document may be looked for at the provider; 0 when it may be now. */
export function secondsUntilCheck(
  store: Pick<DocumentStore<DocumentRowLike>, 'settleAfterSeconds'>,
  row: DocumentRowLike,
  now: number,
): number {
  if (row.state === 'pending') return Math.max(0, Number(row.created_at) + PENDING_STALE_SECONDS - now);
  return Math.max(0, Number(row.updated_at) + store.settleAfterSeconds - now);
}

const checkKey = (store: { checkJob: string }, id: number) => `${store.checkJob}:${id}`;

/**
 * Step 1: runs `claim` (the checks under the order's lock and the insert of the pending row) in a
 * transaction that also schedules the document's check. Two claims at the same moment: the order's
 * lock, or past it the unique index, lets one in; the other answers `busy()`.
 */
export async function claimDocument<T extends { id: number }>(
  ctx: ServiceContext,
  store: DocumentStore<DocumentRowLike>,
  claim: (trx: Executor) => Promise<T>,
  busy: () => Error,
): Promise<T> {
  try {
    return await ctx.db.transaction(async (trx) => {
      const claimed = await claim(trx);
      await scheduleJob(
        trx,
        {
          kind: store.checkJob,
          key: checkKey(store, claimed.id),
          payload: { id: claimed.id },
          runAt: ctx.now + FIRST_CHECK_SECONDS,
        },
        ctx.now,
      );
      return claimed;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw busy();
    throw err;
  }
}

const errorText = (err: unknown) =>
  isProviderError(err) ? `${err.kind}: ${err.providerMessage}` : err instanceof Error ? err.message : String(err);

/**
 * Steps 2 and 3 for a failure: sends the create once; on a refusal the row fails and the
 * provider's error (with `scrub` applied) goes to the caller; on anything else the row becomes
 * unknown (its check is already scheduled) and the caller gets `unknown(err)` for a provider's
 * failure, or the error itself for a fault of ours (a 500; the row is checked like any unknown).
 */
export async function sendOnce<R>(
  ctx: ServiceContext,
  store: DocumentStore<DocumentRowLike>,
  id: number,
  call: () => Promise<R>,
  opts: { unknown: (err: ProviderError) => Error; scrub?: (err: unknown) => unknown },
): Promise<R> {
  try {
    return await call();
  } catch (err) {
    const now = ctx.clock.now();
    const safe = opts.scrub ? opts.scrub(err) : err;
    if (isRefusal(safe)) {
      await store.move(ctx.db.kysely, id, ['pending'], 'failed', errorText(safe), now);
      throw safe;
    }
    await store.move(
      ctx.db.kysely,
      id,
      ['pending'],
      'unknown',
      isProviderError(safe) ? errorText(safe) : 'the create failed before an answer was read',
      now,
    );
    if (!isProviderError(safe)) throw err;
    throw opts.unknown(safe);
  }
}

/**
 * Before another create for the order: the document in flight, if any, is settled first. Answers
 * `none` (nothing in flight, or it was absent: go on), `adopted`, or `busy` with why (a pending
 * create still within its request, an unknown one too fresh to ask about, or a provider that
 * could not tell). A settle that throws (the provider failing) throws here.
 */
export async function settleBeforeCreate<Row extends DocumentRowLike>(
  ctx: ServiceContext,
  store: DocumentStore<Row>,
  row: Row | undefined,
  settle: (ctx: ServiceContext, row: Row) => Promise<SettleOutcome>,
): Promise<
  | { outcome: 'none' | 'adopted' }
  | {
      outcome: 'busy';
      state: InFlightState;
      wait: number;
      why: 'in_progress' | 'too_fresh' | 'unreachable' | 'ambiguous';
    }
> {
  if (!row || !isInFlight(row)) return { outcome: 'none' };
  const wait = secondsUntilCheck(store, row, ctx.clock.now());
  if (wait > 0)
    return {
      outcome: 'busy',
      state: row.state as InFlightState,
      wait,
      why: row.state === 'pending' ? 'in_progress' : 'too_fresh',
    };
  const unknown = await toUnknown(ctx, store, row);
  if (!unknown) return { outcome: 'none' };
  const outcome = await settle(ctx, unknown);
  if (outcome === 'adopted') return { outcome: 'adopted' };
  if (outcome === 'absent') return { outcome: 'none' };
  return { outcome: 'busy', state: 'unknown', wait: 0, why: outcome };
}

/** A stale pending row becomes unknown; answers the row as it now is when it is unknown. */
async function toUnknown<Row extends DocumentRowLike>(
  ctx: ServiceContext,
  store: DocumentStore<Row>,
  row: Row,
): Promise<Row | undefined> {
  if (row.state === 'pending') {
    await store.move(
      ctx.db.kysely,
      row.id,
      ['pending'],
      'unknown',
      'the create stopped before its answer was recorded',
      ctx.clock.now(),
    );
    row = (await store.find(ctx.db.kysely, row.id))!;
  }
  return row?.state === 'unknown' ? row : undefined;
}

/**
 * Step 4 in the background: the check of one document, scheduled with its claim, so an order
 * never stays with an unsettled create. A row settled by its request is done with; one still too
 * fresh waits; a stale pending row becomes unknown; an unknown one is settled with the provider,
 * and asked again later while the provider cannot answer (a provider error counts as that) or
 * finds several candidates. Once settled (by this check, a new create or a person) the check
 * ends. One still unknown UNKNOWN_NOTICE_SECONDS after its create is told to the company once
 * (the store's `notice`); until then the check comes back no later than that moment.
 */
export function documentCheckJob<Row extends DocumentRowLike>(
  store: DocumentStore<Row>,
  settle: (ctx: ServiceContext, row: Row) => Promise<SettleOutcome>,
): JobHandler<{ id: number }> {
  return {
    async run(job, system) {
      const row = await store.find(system.db.kysely, job.payload.id);
      if (!row || !isInFlight(row)) return;
      const ctx = forCompany(system, row.company_id);
      const wait = secondsUntilCheck(store, row, ctx.clock.now());
      if (wait > 0) return { again: wait };
      const unknown = await toUnknown(ctx, store, row);
      if (!unknown) return;
      let outcome: SettleOutcome;
      try {
        outcome = await settle(ctx, unknown);
      } catch (err) {
        if (!isProviderError(err)) throw err;
        outcome = 'unreachable';
      }
      if (outcome !== 'unreachable' && outcome !== 'ambiguous') return;
      const again = outcome === 'unreachable' ? UNREACHABLE_AGAIN_SECONDS : AMBIGUOUS_AGAIN_SECONDS;
      if (!store.notice || store.notice.noticed(unknown)) return { again };
      const untilNotice = Number(unknown.created_at) + UNKNOWN_NOTICE_SECONDS - ctx.clock.now();
      if (untilNotice > 0) return { again: Math.min(again, untilNotice) };
      await store.notice.tell(ctx, unknown, outcome);
      return { again };
    },
  };
}
