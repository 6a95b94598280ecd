import type { CourierStatus } from '../../../core/api/shipping.js';
import { serviceContext, type ServiceContext } from '../../context.js';
import type { Db } from '../../db/connection.js';
import type { Clock } from '../../lib/clock.js';
import type { SecretBox } from '../../lib/secrets.js';
import type { AwbTracking, CourierClient, CourierProvider } from '../../providers/couriers/types.js';
import { PROVIDER_LABELS, ProviderError } from '../../providers/http.js';
import type { ProviderRegistry } from '../../providers/registry.js';
import { scrub, storedCredentials } from '../integrations/service.js';
import { insertSystemNotification } from '../notifications/queries.js';
import { completeDeliveredOrder, record } from '../orders/service.js';
import { moveCourierStatus, openAwbPage, trackedIntegrations, type OpenAwb, type TrackedIntegration } from './queries.js';
import { NOTIFIED_COURIER_STATUSES, courierStatusOf } from './statuses.js';

/**
 * AWB tracking: asks each courier about the open AWBs of every company that has it set up (active,
 * with credentials), and writes what moved: the order's courier status with a `courier_status`
 * event, a completed order on delivery, a notification when a parcel is refused or turns back.
 *
 * Safe to run twice at once (two instances whose job leases overlapped): each change is written
 * only if the order is still in the status this run read, so the second run finds nothing to do.
 */

export interface TrackingDeps {
  db: Db;
  clock: Clock;
  providers: ProviderRegistry;
  /** Opens the stored credentials (the app key's box). */
  secrets: SecretBox;
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
  /** Companies and couriers left out, and why ("company 4 DPD: credentials refused"). Never a secret. */
  skipped: string[];
}

export const DEFAULT_TRACKING_PAGE = 200;

export async function trackOpenAwbs(deps: TrackingDeps): Promise<TrackingReport> {
  const report: TrackingReport = { asked: 0, changed: 0, completed: 0, notified: 0, skipped: [] };
  for (const integration of await trackedIntegrations(deps.db.kysely)) {
    // One company's courier failing (down, refusing its login) never stops the others.
    await trackCompanyCourier(deps, integration, report);
  }
  return report;
}

/** One line for the job's log: what was asked and what moved, and who was left out. */
export function describeReport(r: TrackingReport): string {
  const moved = `tracking: ${r.asked} AWBs asked, ${r.changed} changed (${r.completed} orders completed, ${r.notified} notifications)`;
  return r.skipped.length ? `${moved}; skipped ${r.skipped.join('; ')}` : moved;
}

async function trackCompanyCourier(deps: TrackingDeps, integration: TrackedIntegration, report: TrackingReport): Promise<void> {
  const { companyId, courier } = integration;
  const label = `company ${companyId} ${PROVIDER_LABELS[courier]}`;
  let client: CourierClient;
  let credentials: object;
  try {
    const stored = await storedCredentials(companyContext(deps, companyId), deps, courier);
    credentials = stored.credentials;
    client = deps.providers.courier(courier, stored.credentials);
  } catch {
    // Sealed with another app key, or deleted meanwhile: nothing to ask with.
    report.skipped.push(`${label}: stored credentials cannot be read`);
    return;
  }
  const limit = deps.pageSize ?? DEFAULT_TRACKING_PAGE;
  let afterId = 0;
  for (;;) {
    const page = await openAwbPage(deps.db.kysely, { companyId, courier, afterId, limit });
    if (page.length === 0) return;
    afterId = page[page.length - 1].id;
    let answers: AwbTracking[];
    try {
      answers = await client.track(page.map((o) => o.awb));
    } catch (err) {
      report.skipped.push(`${label}: ${failureReason(err, credentials)}`);
      return;
    }
    report.asked += page.length;
    const ctx = companyContext(deps, companyId);
    for (const [i, order] of page.entries()) {
      const answer = answers[i];
      if (!answer || answer.awbNumber !== order.awb || answer.error) continue;
      const to = courierStatusOf(answer.status);
      if (to === null || to === order.courier_status) continue;
      await applyCourierStatus(ctx, report, courier, order, to);
    }
    if (page.length < limit) return;
  }
}

function companyContext(deps: TrackingDeps, companyId: number): ServiceContext {
  return serviceContext({ db: deps.db, clock: deps.clock, companyId, providers: deps.providers });
}

function failureReason(err: unknown, credentials: object): string {
  if (err instanceof ProviderError) return err.kind === 'refused_credentials' ? 'credentials refused' : scrub(`${err.kind}: ${err.providerMessage}`, credentials);
  return scrub(err instanceof Error ? err.message : String(err), credentials);
}

/** One order's change, in its own transaction: a failure later in the page keeps what was written. */
async function applyCourierStatus(ctx: ServiceContext, report: TrackingReport, courier: CourierProvider, order: OpenAwb, to: CourierStatus): Promise<void> {
  const outcome = await ctx.db.transaction(async (trx) => {
    const moved = await moveCourierStatus(trx, { orderId: order.id, courier, awb: order.awb, from: order.courier_status, to, now: ctx.now });
    if (!moved) return null;
    await record(trx, ctx, order.id, 'courier_status', { awb: order.awb, from: order.courier_status, to });
    const completed = to === 'delivered' && (await completeDeliveredOrder(trx, ctx, order.id));
    const kind = NOTIFIED_COURIER_STATUSES[to as keyof typeof NOTIFIED_COURIER_STATUSES];
    if (kind) await insertSystemNotification(trx, { companyId: ctx.companyId, kind, params: { order: order.id, courier: PROVIDER_LABELS[courier], awb: order.awb }, type: 'warning', now: ctx.now });
    return { completed, notified: Boolean(kind) };
  });
  if (!outcome) return;
  report.changed += 1;
  if (outcome.completed) report.completed += 1;
  if (outcome.notified) report.notified += 1;
}
