import {
  bulkAwbParams,
  bulkBody,
  bulkStatusParams,
  MAX_BULK_ORDERS,
  type BulkAction,
  type BulkAwbParams,
  type BulkItem,
  type BulkJob,
  type BulkJobStatus,
  type BulkOutcome,
  type BulkStatus,
} from '../../../core/api/orderBulk.js';
import { translate, type Lang } from '../../../core/messages.js';
import { forCompany, type ServiceContext } from '../../context.js';
import { scheduleJob } from '../../jobs/queue.js';
import type { JobOutcome } from '../../jobs/runner.js';
import { FieldProblems, HttpError, notFound, parse, userFacingError } from '../../http/errors.js';
import { mergePdfs } from '../../lib/pdf/merge.js';
import { isProviderError } from '../../providers/http.js';
import { createInvoice } from '../invoices/index.js';
import { orderOf } from '../order-lifecycle/index.js';
import {
  cancelOrder,
  companyOrderIds,
  createOrderAwbToItsAddress,
  ordersMatchingListQuery,
  pickingLines,
  restoreOrder,
  type AwbPackage,
  type PickingLine,
} from '../orders/index.js';
import { getPackage } from '../packages/index.js';
import { AwbConflict, awbLabel, markCutOffCreateUnknown, prepareAwbBatch, type AwbBatch } from '../shipping/index.js';
import {
  companyJob,
  doneItems,
  hasWaitingItems,
  insertItems,
  insertJob,
  itemsOf,
  jobById,
  olderInvoiceJobRunning,
  recentJobs,
  resetFailed,
  settleItem,
  setJobStatus,
  startItem,
  waitingItems,
  type BulkItemRow,
  type BulkJobRow,
} from './queries.js';

/**
 * Work on many orders at once. A job and one item per order are rows, written when the job is
 * asked for; the job runner (jobs/) runs it a slice at a time under a lease, so it survives a
 * restart, resumes with the orders still waiting, and two instances never run one job at once.
 * Each order goes through the very call of its single-order button (the AWB form's create, the
 * invoice's create, cancel and restore), so the documents protocol and the transition rules hold
 * as they do for one order: a second AWB or invoice is never made, whatever runs twice.
 */

/** The job kind the runner knows this work by (jobs.ts). */
export const BULK_JOB = 'order-bulk';
/** AWBs made at the same time in one job (one courier per job): a few, not a flood. */
export const AWBS_AT_ONCE = 4;
/** A slice of a run: this many orders, or this long, then the job is put back and taken again. */
const SLICE_ITEMS = 100;
const SLICE_SECONDS = 60;
/** An order whose create had no answer is tried this many times (each try first settles the last). */
const MAX_TRIES = 3;
/** The recent jobs the list shows. */
const RECENT_JOBS = 20;

const jobKey = (id: number) => `${BULK_JOB}:${id}`;
const LANGS: readonly Lang[] = ['en', 'ro'];

// ---- the answers ----------------------------------------------------------------------------------

/** A reason in both languages, kept with the item and shown in the reader's. */
type Reason = Record<Lang, string>;
const reasonOf = (key: string, params: Record<string, string | number> = {}): Reason =>
  Object.fromEntries(LANGS.map((l) => [l, translate(l, key, params)])) as Reason;

function readReason(stored: string | null, lang: Lang): string | null {
  if (!stored) return null;
  const r = JSON.parse(stored) as Partial<Reason>;
  return r[lang] ?? r.en ?? null;
}

function jobView(row: BulkJobRow): BulkJob {
  return {
    id: row.id,
    action: row.action as BulkAction,
    status: row.status as BulkJobStatus,
    total: row.total,
    done: row.done,
    skipped: row.skipped,
    failed: row.failed,
    created_at: Number(row.created_at),
  };
}

function itemView(row: BulkItemRow, lang: Lang): BulkItem {
  return {
    order_id: row.order_id,
    outcome: row.outcome as BulkOutcome | null,
    reason: readReason(row.reason, lang),
    ...(row.awb ? { awb: row.awb } : {}),
    ...(row.bill_number ? { bill_number: row.bill_number } : {}),
  };
}

async function requireJob(ctx: ServiceContext, id: number): Promise<BulkJobRow> {
  const row = await companyJob(ctx.db.kysely, ctx.companyId, id);
  if (!row) throw notFound();
  return row;
}

export async function bulkJobView(ctx: ServiceContext, id: number): Promise<BulkJob> {
  const row = await requireJob(ctx, id);
  const items = await itemsOf(ctx.db.kysely, id);
  return { ...jobView(row), items: items.map((i) => itemView(i, ctx.lang)) };
}

export async function listBulkJobs(ctx: ServiceContext): Promise<BulkJob[]> {
  return (await recentJobs(ctx.db.kysely, ctx.companyId, RECENT_JOBS)).map(jobView);
}

// ---- start ----------------------------------------------------------------------------------------

type JobParams = { package: AwbPackage } | { status: BulkStatus } | Record<string, never>;

async function paramsOf(ctx: ServiceContext, action: BulkAction, raw: Record<string, unknown>): Promise<JobParams> {
  if (action === 'status') return parse(bulkStatusParams, raw);
  if (action !== 'awb') return {};
  const p = parse(bulkAwbParams, raw) as BulkAwbParams;
  let size = {
    package_length: p.package_length!,
    package_width: p.package_width!,
    package_height: p.package_height!,
    package_weight: p.package_weight!,
  };
  if (p.package_id !== undefined) {
    const pkg = await getPackage(ctx, p.package_id).catch((err: unknown) => {
      if (err instanceof HttpError && err.status === 404) throw FieldProblems.one('package_id', 'invalid');
      throw err;
    });
    size = {
      package_length: pkg.length,
      package_width: pkg.width,
      package_height: pkg.height,
      package_weight: pkg.weight,
    };
  }
  return {
    package: {
      courier: p.courier,
      ...size,
      package_content: p.package_content ?? undefined,
      observations: p.observations ?? undefined,
    },
  };
}

/**
 * The orders a list filter shows now, at most `limit`, and how many match: the list's own query,
 * so the selection is what the list showed.
 */
const ordersMatching = (ctx: ServiceContext, filter: Record<string, unknown>, limit: number) =>
  ordersMatchingListQuery(ctx, filter, limit);

/**
 * Starts a job: the body (422), the orders (another company's id: 404 for the whole selection; a
 * filter whose count is no longer the one the user saw: 409 with the count now; more than 10,000:
 * 422), then the job and its items with the runner's job, in one transaction. Nothing starts when
 * any of these refuses.
 */
export async function startBulkJob(ctx: ServiceContext, body: unknown): Promise<BulkJob> {
  const input = parse(bulkBody, body);
  const params = await paramsOf(ctx, input.action, input.params);
  let orderIds: number[];
  if ('ids' in input.selection) {
    orderIds = [...new Set(input.selection.ids)];
    if (orderIds.length > MAX_BULK_ORDERS) throw FieldProblems.one('selection', 'bulk_too_many');
    const mine = await companyOrderIds(ctx.db.kysely, ctx.companyId, orderIds);
    if (mine.size !== orderIds.length) throw notFound();
  } else {
    const { filter, expected } = input.selection;
    const found = await ordersMatching(ctx, filter, MAX_BULK_ORDERS + 1);
    if (found.count !== expected) throw new HttpError(409, 'bulk_count_changed', { count: found.count, expected });
    orderIds = found.ids;
  }
  if (orderIds.length > MAX_BULK_ORDERS) throw FieldProblems.one('selection', 'bulk_too_many');
  if (orderIds.length === 0) throw FieldProblems.one('selection', 'bulk_select_orders');

  const id = await ctx.db.transaction(async (trx) => {
    const jobId = await insertJob(trx, {
      company_id: ctx.companyId,
      user_id: ctx.userId || null,
      action: input.action,
      params,
      lang: ctx.lang,
      total: orderIds.length,
      now: ctx.now,
    });
    await insertItems(trx, jobId, orderIds, ctx.now);
    await scheduleJob(trx, { kind: BULK_JOB, key: jobKey(jobId), payload: { id: jobId } }, ctx.now);
    return jobId;
  });
  return jobView((await jobById(ctx.db.kysely, id))!);
}

/** The failed orders of a job (all, or those named) are tried again by the same job. */
export async function retryBulkJob(ctx: ServiceContext, id: number, body: unknown): Promise<BulkJob> {
  await requireJob(ctx, id);
  const raw = (body ?? {}) as { order_ids?: unknown };
  const orderIds = Array.isArray(raw.order_ids) ? raw.order_ids.map(Number).filter(Number.isInteger) : undefined;
  const n = await ctx.db.transaction(async (trx) => {
    const count = await resetFailed(trx, id, orderIds, ctx.now);
    if (count > 0) await scheduleJob(trx, { kind: BULK_JOB, key: jobKey(id), payload: { id } }, ctx.now);
    return count;
  });
  if (n === 0) throw new HttpError(409, 'bulk_nothing_to_retry');
  return jobView((await jobById(ctx.db.kysely, id))!);
}

// ---- run ------------------------------------------------------------------------------------------

type Attempt =
  | { outcome: 'done'; awb?: string | null; bill_number?: string | null }
  | { outcome: 'skipped' | 'failed'; reason: Reason }
  /** No answer came: tried again later in the job (the next try settles this one first). */
  | { outcome: 'again'; reason: Reason };

/** The error as the user would read it at the single-order button, in both languages. */
function reasonOfError(err: unknown): Reason | null {
  const en = userFacingError(err, 'en');
  if (!en) return null;
  const text = (lang: Lang) => {
    const e = userFacingError(err, lang)!;
    const fields = e.errors ? Object.values(e.errors).flat() : [];
    return fields.length ? fields.join(' ') : e.message;
  };
  return Object.fromEntries(LANGS.map((l) => [l, text(l)])) as Reason;
}

const wrap = (key: string, inner: Reason): Reason =>
  Object.fromEntries(LANGS.map((l) => [l, translate(l, key, { problem: inner[l] })])) as Reason;

/**
 * One order of an AWB job: the AWB form's create to the order's own address, with the courier's
 * set-ups, account and nomenclature of the slice (`batch`), answering the AWB it made. An order this
 * job tried before (its run cut off, the server killed) that is still "being created" is that try's
 * create, whose request died with its run: asked about at the courier at once and adopted (or made
 * now), rather than skipped while the order waits for the protocol's slow check.
 */
async function awbAttempt(
  ctx: ServiceContext,
  item: BulkItemRow,
  pkg: AwbPackage,
  batch: AwbBatch,
  cutOffSettled = false,
): Promise<Attempt> {
  try {
    const made = await createOrderAwbToItsAddress(ctx, item.order_id, pkg, batch);
    return { outcome: 'done', awb: made.awb };
  } catch (err) {
    const reason = reasonOfError(err);
    if (!reason) throw err;
    if (err instanceof AwbConflict) {
      // `item` is read before this try began: its started_at is the earlier try's.
      const earlier = item.attempts > 1 && item.started_at !== null ? Number(item.started_at) : null;
      if (err.key === 'awb_being_created' && earlier !== null && !cutOffSettled)
        if (await markCutOffCreateUnknown(ctx, item.order_id, earlier)) return awbAttempt(ctx, item, pkg, batch, true);
      // A try of this job that was cut off after the courier made the AWB: it is this job's.
      if (err.key === 'awb_exists' && item.attempts > 1) return { outcome: 'done', awb: String(err.params.awb) };
      if (err.key === 'awb_found_after_timeout') return { outcome: 'done', awb: String(err.params.awb) };
      if (err.key === 'awb_order_cancelled') return { outcome: 'skipped', reason: reasonOf('bulk_cancelled') };
      if (err.key === 'awb_exists' || err.key === 'awb_being_created') return { outcome: 'skipped', reason };
      return { outcome: 'failed', reason };
    }
    if (err instanceof HttpError && err.key === 'awb_outcome_unknown') return { outcome: 'again', reason };
    if (err instanceof HttpError && err.status === 404) return { outcome: 'skipped', reason };
    // The form's checks of the order's address and recipient refused it (the courier was never asked).
    if (!isProviderError(err) && addressRefused(err))
      return { outcome: 'skipped', reason: wrap('bulk_no_address', reason) };
    return { outcome: 'failed', reason };
  }
}

/** The recipient and address fields of the AWB form: a 422 on one of them means the order's address is not complete. */
const ADDRESS_FIELDS = ['name', 'phone_number', 'county', 'city', 'street', 'street_number', 'postal_code', 'address'];

function addressRefused(err: unknown): boolean {
  const e = userFacingError(err, 'en');
  return !!e && e.status === 422 && Object.keys(e.errors ?? {}).some((f) => ADDRESS_FIELDS.includes(f));
}

/** One order of an invoice job: the invoice button's create (SmartBill numbers them in order). */
async function invoiceAttempt(ctx: ServiceContext, item: BulkItemRow): Promise<Attempt> {
  try {
    await createInvoice(ctx, item.order_id);
    const order = await orderOf(ctx.db.kysely, ctx, item.order_id);
    return { outcome: 'done', bill_number: order.bill_number };
  } catch (err) {
    const reason = reasonOfError(err);
    if (!reason) throw err;
    if (err instanceof HttpError) {
      const bill = String(err.params.bill_number ?? '');
      if (err.key === 'invoice_exists' && item.attempts > 1) return { outcome: 'done', bill_number: bill };
      if (err.key === 'invoice_order_cancelled') return { outcome: 'skipped', reason: reasonOf('bulk_cancelled') };
      if (err.key === 'invoice_exists' || err.key === 'invoice_in_progress' || err.status === 404)
        return { outcome: 'skipped', reason };
    }
    // SmartBill asked to slow down: nothing was created; the order is tried again later in the job.
    if (isProviderError(err) && err.kind === 'rate_limited') return { outcome: 'again', reason };
    return { outcome: 'failed', reason };
  }
}

/** One order of a status job: the cancel or restore button, under the same rules, marked as a bulk change. */
async function statusAttempt(
  ctx: ServiceContext,
  job: BulkJobRow,
  item: BulkItemRow,
  to: BulkStatus,
): Promise<Attempt> {
  try {
    if (to === 'cancelled') await cancelOrder(ctx, item.order_id, { bulkJob: job.id });
    else await restoreOrder(ctx, item.order_id, { bulkJob: job.id });
    return { outcome: 'done' };
  } catch (err) {
    const reason = reasonOfError(err);
    if (!reason) throw err;
    const already =
      err instanceof HttpError && (err.key === 'order_already_cancelled' || err.key === 'order_not_cancelled');
    // A try cut off after the change was written: the order has the status asked for.
    if (already && item.attempts > 1) {
      const order = await orderOf(ctx.db.kysely, ctx, item.order_id);
      if (order.status === to) return { outcome: 'done' };
    }
    if (err instanceof HttpError && err.status === 404) return { outcome: 'skipped', reason };
    if (err instanceof HttpError && err.status === 409)
      return { outcome: 'skipped', reason: wrap('bulk_status_not_allowed', reason) };
    return { outcome: 'failed', reason };
  }
}

/** One order of a labels job (it has an AWB to print) or a picking list (it is not cancelled). */
async function readAttempt(ctx: ServiceContext, job: BulkJobRow, item: BulkItemRow): Promise<Attempt> {
  const order = await orderOf(ctx.db.kysely, ctx, item.order_id).catch((err: unknown) => {
    if (err instanceof HttpError && err.status === 404) return null;
    throw err;
  });
  if (!order) return { outcome: 'skipped', reason: reasonOf('not_found') };
  if (job.action === 'labels')
    return order.awb ? { outcome: 'done', awb: order.awb } : { outcome: 'skipped', reason: reasonOf('bulk_no_awb') };
  return order.status === 'cancelled'
    ? { outcome: 'skipped', reason: reasonOf('bulk_cancelled') }
    : { outcome: 'done' };
}

/**
 * The attempt of one order of the job's action. An AWB job's slice reads what every AWB at its
 * courier reads alike once for all its orders (shipping's AwbBatch: the set-ups, the sealed login
 * opened, the nomenclature), not once an order.
 */
async function attemptOf(
  job: BulkJobRow,
  base: ServiceContext,
): Promise<(ctx: ServiceContext, item: BulkItemRow) => Promise<Attempt>> {
  const params = JSON.parse(job.params) as JobParams;
  switch (job.action as BulkAction) {
    case 'awb': {
      const pkg = (params as { package: AwbPackage }).package;
      const batch = await prepareAwbBatch(base, pkg.courier as AwbBatch['courier']);
      return (ctx, item) => awbAttempt(ctx, item, pkg, batch);
    }
    case 'invoice':
      return (ctx, item) => invoiceAttempt(ctx, item);
    case 'status':
      return (ctx, item) => statusAttempt(ctx, job, item, (params as { status: BulkStatus }).status);
    default:
      return (ctx, item) => readAttempt(ctx, job, item);
  }
}

/**
 * Runs `work` over `items`, `width` at a time. A failure stops the lanes taking more and is thrown
 * once every lane has finished the item it holds: a run never ends (and its job is never released)
 * while one of its creates is still under way.
 */
async function inParallel<T>(items: readonly T[], width: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failed = false;
  const lanes = Array.from({ length: Math.min(width, items.length) }, async () => {
    while (!failed && next < items.length)
      await work(items[next++]).catch((err: unknown) => {
        failed = true;
        throw err;
      });
  });
  const failure = (await Promise.allSettled(lanes)).find((r) => r.status === 'rejected');
  if (failure) throw failure.reason;
}

/**
 * One slice of a job's run (the runner's handler): the waiting orders, a few AWBs at a time or
 * one invoice after another, each outcome written as soon as it is known. Answers "again" while
 * orders wait, so the runner takes the job again (renewing the lease) and a restart resumes it.
 */
export async function runBulkSlice(
  system: ServiceContext,
  jobId: number,
  opts: { items?: number; seconds?: number } = {},
): Promise<JobOutcome> {
  const job = await jobById(system.db.kysely, jobId);
  if (!job) return;
  const base: ServiceContext = {
    ...forCompany(system, job.company_id),
    userId: job.user_id ?? 0,
    lang: job.lang as Lang,
  };
  // Invoices go strictly one after another per company (SmartBill numbers each series in order):
  // a newer invoice job waits for the older ones.
  if (job.action === 'invoice' && (await olderInvoiceJobRunning(base.db.kysely, job))) return { again: 5 };
  if (job.status !== 'running') await setJobStatus(base.db.kysely, jobId, 'running', system.clock.now());

  const started = system.clock.now();
  const items = await waitingItems(base.db.kysely, jobId, opts.items ?? SLICE_ITEMS);
  const attempt = await attemptOf(job, base);
  const width = job.action === 'awb' ? AWBS_AT_ONCE : 1;
  let stoppedEarly = false;
  await inParallel(items, width, async (item) => {
    if (system.clock.now() - started > (opts.seconds ?? SLICE_SECONDS)) {
      stoppedEarly = true;
      return;
    }
    const now = system.clock.now();
    await startItem(base.db.kysely, item, now);
    const tried = { ...item, attempts: item.attempts + 1 };
    const result = await attempt({ ...base, now }, tried).catch((err: unknown) => {
      // An error no user message describes (a bug, the database): the runner retries the job;
      // an order that keeps failing this way is given up after a few tries.
      if (tried.attempts < MAX_TRIES + 2) throw err;
      return { outcome: 'failed' as const, reason: reasonOf('internal_error') };
    });
    const at = system.clock.now();
    if (result.outcome === 'again') {
      if (tried.attempts < MAX_TRIES) return;
      await settle(base, item, { outcome: 'failed', reason: result.reason }, at);
      return;
    }
    await settle(base, item, result, at);
  });
  if (stoppedEarly || (await hasWaitingItems(base.db.kysely, jobId))) return { again: 0 };
  const done = (await jobById(base.db.kysely, jobId))!;
  // A job is done when every order has its outcome; it failed when no order came out done or skipped.
  const status = done.failed === done.total ? 'failed' : 'done';
  await setJobStatus(base.db.kysely, jobId, status, system.clock.now());
}

async function settle(
  ctx: ServiceContext,
  item: BulkItemRow,
  result: Exclude<Attempt, { outcome: 'again' }>,
  now: number,
): Promise<void> {
  await ctx.db.transaction((trx) =>
    settleItem(
      trx,
      item,
      result.outcome,
      result.outcome === 'done'
        ? { awb: result.awb ?? null, bill_number: result.bill_number ?? null }
        : { reason: JSON.stringify(result.reason) },
      now,
    ),
  );
}

// ---- labels and the picking list ------------------------------------------------------------------

/** Labels are fetched from the couriers this many at a time. */
const LABELS_AT_ONCE = 4;

/**
 * One PDF with the labels of the job's orders that have one, in selection order: an AWB job's own
 * AWBs, or a labels job's orders. Each courier label is checked to be a PDF (its header, then
 * read whole) before anything is merged: one that is not refuses the whole (502, naming the order).
 */
export async function mergedLabels(ctx: ServiceContext, id: number): Promise<{ pdf: Buffer; count: number }> {
  const job = await requireJob(ctx, id);
  if (job.action !== 'awb' && job.action !== 'labels') throw new HttpError(409, 'bulk_not_labels');
  const items = (await doneItems(ctx.db.kysely, id)).filter((i) => i.awb);
  const labels: ({ awb: string; pdf: Buffer; order: number } | null)[] = new Array(items.length).fill(null);
  let next = 0;
  await inParallel(
    items.map((_, i) => i),
    LABELS_AT_ONCE,
    async () => {
      const i = next++;
      try {
        const label = await awbLabel(ctx, items[i].order_id);
        labels[i] = { ...label, order: items[i].order_id };
      } catch (err) {
        // The AWB was deleted since the job made it: nothing to print for that order.
        if (err instanceof HttpError && err.status === 404) return;
        throw err;
      }
    },
  );
  const found = labels.filter((l): l is NonNullable<typeof l> => l !== null);
  if (found.length === 0) throw new HttpError(409, 'bulk_no_labels');
  const pdf = await mergePdfs(
    found.map((l) => l.pdf),
    (i) => new HttpError(502, 'bulk_label_not_pdf', { order: found[i].order, awb: found[i].awb }),
  );
  return { pdf, count: found.length };
}

/** The picking list of the job's orders that came out done: each SKU's total quantity and order count. */
export async function bulkPickingList(
  ctx: ServiceContext,
  id: number,
): Promise<{ job: BulkJob; lines: PickingLine[] }> {
  const job = await requireJob(ctx, id);
  const orderIds = (await doneItems(ctx.db.kysely, id)).map((i) => i.order_id);
  return { job: jobView(job), lines: await pickingLines(ctx.db.kysely, ctx.companyId, orderIds) };
}
