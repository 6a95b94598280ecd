import type { CourierStatus } from '../../../core/api/shipping.js';
import { forCompany, type ServiceContext } from '../../context.js';
import type { Executor } from '../../db/connection.js';
import { HttpError } from '../../http/errors.js';
import type { AwbTracking, CourierClient, CourierProvider } from '../../providers/couriers/types.js';
import { PROVIDER_LABELS, ProviderError } from '../../providers/http.js';
import {
  activeCourierSetUps,
  courierFor,
  type ActiveCourierSetUp,
  type ProviderAccount,
} from '../integrations/index.js';
import { alertCompany, queueEventSms } from '../sms/index.js';
import { lockOrder, setAttention, setCourierStatus } from '../order-lifecycle/index.js';
import { ATTENTION_ALERTS, attentionOf, type AttentionReason } from './attention.js';
import { openAwbPage, type OpenAwb } from './queries.js';
import { NOTIFIED_COURIER_STATUSES, courierStatusOf } from './statuses.js';

/**
 * AWB tracking: asks each courier about the open AWBs of every company that has it set up (active,
 * with credentials), and writes what moved: the order's courier status with a `courier_status`
 * event, a completed order on delivery, a notification when a parcel is refused or turns back.
 *
 * Safe to run twice at once (two instances whose job leases overlapped): each change is written
 * only if the order is still in the status this run read, so the second run finds nothing to do.
 */

export interface TrackingOptions {
  /** Open AWBs read and asked about at a time (the client splits them as its courier allows). */
  pageSize?: number;
}

export interface TrackingReport {
  /** AWBs asked about. */
  asked: number;
  /** Courier statuses that changed. */
  changed: number;
  /** Orders completed by a delivery. */
  completed: number;
  notified: number;
  /** Orders whose parcel entered the attention list (attention.ts). */
  attention: number;
  /** Companies and couriers left out, and why ("company 4 DPD: credentials refused"). Never a secret. */
  skipped: string[];
}

export const DEFAULT_TRACKING_PAGE = 200;

/** One pass over every company's open AWBs; `ctx` is the system's (a job's), narrowed to each company in turn. */
export async function trackOpenAwbs(ctx: ServiceContext, opts: TrackingOptions = {}): Promise<TrackingReport> {
  const report: TrackingReport = { asked: 0, changed: 0, completed: 0, notified: 0, attention: 0, skipped: [] };
  for (const setUp of await activeCourierSetUps(ctx.db.kysely)) {
    // One company's courier failing (down, refusing its login) never stops the others.
    await trackCompanyCourier(forCompany(ctx, setUp.companyId), opts, setUp, report);
  }
  return report;
}

/** One line for the job's log: what was asked and what moved, and who was left out. */
export function describeReport(r: TrackingReport): string {
  const moved = `tracking: ${r.asked} AWBs asked, ${r.changed} changed (${r.completed} orders completed, ${r.notified} notifications, ${r.attention} needing attention)`;
  return r.skipped.length ? `${moved}; skipped ${r.skipped.join('; ')}` : moved;
}

async function trackCompanyCourier(
  ctx: ServiceContext,
  opts: TrackingOptions,
  setUp: ActiveCourierSetUp,
  report: TrackingReport,
): Promise<void> {
  const { companyId, courier } = setUp;
  const label = `company ${companyId} ${PROVIDER_LABELS[courier]}`;
  let account: ProviderAccount<CourierClient>;
  try {
    account = await courierFor(ctx, courier);
  } catch {
    // Sealed with another app key, or deleted meanwhile: nothing to ask with.
    report.skipped.push(`${label}: stored credentials cannot be read`);
    return;
  }
  const limit = opts.pageSize ?? DEFAULT_TRACKING_PAGE;
  let afterId = 0;
  for (;;) {
    const page = await openAwbPage(ctx.db.kysely, { companyId, courier, afterId, limit });
    if (page.length === 0) return;
    afterId = page[page.length - 1].id;
    let answers: AwbTracking[];
    try {
      answers = await account.client.track(page.map((o) => o.awb));
    } catch (err) {
      report.skipped.push(`${label}: ${failureReason(err, account)}`);
      if (err instanceof ProviderError && err.kind === 'refused_credentials')
        await alertCompany(
          ctx,
          'credentials_rejected',
          { provider: PROVIDER_LABELS[courier] },
          { key: `credentials_rejected:${courier}:${Math.floor(ctx.now / 86400)}`, type: 'error' },
        );
      return;
    }
    report.asked += page.length;
    for (const [i, order] of page.entries()) {
      const answer = answers[i];
      if (!answer || answer.awbNumber !== order.awb || answer.error) continue;
      const to = courierStatusOf(answer.status);
      const reason = attentionOf(answer, ctx.now);
      if (to === null || to === order.courier_status) {
        if (attentionMoves(order, reason)) await applyAttention(ctx, report, courier, order, reason);
        continue;
      }
      // A parcel refused at the door and already going back shows `returning`: its history keeps the refusal.
      const refused = answer.events.some((e) => e.status === 'refused');
      await applyCourierStatus(ctx, report, courier, order, to, refused, reason);
    }
    if (page.length < limit) return;
  }
}

function failureReason(err: unknown, account: ProviderAccount<CourierClient>): string {
  if (err instanceof ProviderError)
    return err.kind === 'refused_credentials'
      ? 'credentials refused'
      : account.scrub(`${err.kind}: ${err.providerMessage}`);
  return account.scrub(err instanceof Error ? err.message : String(err));
}

/** One order's change, in its own transaction: a failure later in the page keeps what was written. */
async function applyCourierStatus(
  ctx: ServiceContext,
  report: TrackingReport,
  courier: CourierProvider,
  order: OpenAwb,
  to: CourierStatus,
  refused: boolean,
  reason: AttentionReason | null,
): Promise<void> {
  const outcome = await ctx.db.transaction(async (trx) => {
    const { moved, completed } = await setCourierStatus(trx, ctx, {
      orderId: order.id,
      courier,
      awb: order.awb,
      from: order.courier_status,
      to,
      refused,
    });
    if (!moved) return null;
    const kind = NOTIFIED_COURIER_STATUSES[to as keyof typeof NOTIFIED_COURIER_STATUSES];
    // The seller is told (notification and Telegram), once per order, AWB and status.
    if (kind)
      await alertCompany(
        ctx,
        kind,
        { order: order.id, courier: PROVIDER_LABELS[courier], awb: order.awb },
        { exec: trx, key: `${kind}:${order.id}:${order.awb}` },
      );
    // The customer's SMS of the event, if the company has a template for it.
    if (to === 'delivered' || to === 'returning')
      await queueEventSms(trx, ctx, { orderId: order.id, event: to, awb: order.awb });
    const entered = await attentionIn(trx, ctx, courier, order, reason);
    return { completed, notified: Boolean(kind) || entered.notified, entered: entered.entered };
  });
  if (!outcome) return;
  report.changed += 1;
  if (outcome.completed) report.completed += 1;
  if (outcome.notified) report.notified += 1;
  if (outcome.entered) report.attention += 1;
}

/** Whether the read reason changes what the order holds (attention.ts's rules, as setAttention applies them). */
function attentionMoves(order: Pick<OpenAwb, 'attention' | 'attention_handled'>, reason: AttentionReason | null) {
  if (reason === null) return order.attention !== null || order.attention_handled !== null;
  return reason !== order.attention && reason !== order.attention_handled;
}

/** The attention of an order whose courier status did not change (a failed attempt, no movement), in its own transaction. */
async function applyAttention(
  ctx: ServiceContext,
  report: TrackingReport,
  courier: CourierProvider,
  order: OpenAwb,
  reason: AttentionReason | null,
): Promise<void> {
  const outcome = await ctx.db.transaction((trx) => attentionIn(trx, ctx, courier, order, reason));
  if (outcome.notified) report.notified += 1;
  if (outcome.entered) report.attention += 1;
}

/**
 * Writes the order's attention as read, on the order locked and still holding this AWB (another
 * run may have written it meanwhile), and alerts the seller once per order, AWB and reason when it
 * enters for a reason no courier-status alert already tells (a failed attempt, no movement).
 */
async function attentionIn(
  trx: Executor,
  ctx: ServiceContext,
  courier: CourierProvider,
  order: OpenAwb,
  reason: AttentionReason | null,
): Promise<{ entered: boolean; notified: boolean }> {
  // Deleted meanwhile (404): nothing to hold.
  const locked = await lockOrder(trx, ctx, order.id).catch((err: unknown) => {
    if (err instanceof HttpError && err.status === 404) return null;
    throw err;
  });
  if (!locked || locked.awb !== order.awb) return { entered: false, notified: false };
  const { entered } = await setAttention(trx, ctx, locked, reason);
  const kind = entered && reason ? ATTENTION_ALERTS[reason as keyof typeof ATTENTION_ALERTS] : undefined;
  if (!kind) return { entered, notified: false };
  const fresh = await alertCompany(
    ctx,
    kind,
    { order: order.id, courier: PROVIDER_LABELS[courier], awb: order.awb },
    { exec: trx, key: `${kind}:${order.id}:${order.awb}` },
  );
  return { entered, notified: fresh };
}
