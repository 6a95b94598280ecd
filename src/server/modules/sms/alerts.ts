import type { Lang } from '../../../core/messages.js';
import { notificationText, type NotificationKind } from '../../../core/notifications.js';
import { forCompany, type ServiceContext } from '../../context.js';
import type { Executor } from '../../db/connection.js';
import { scheduleJob } from '../../jobs/queue.js';
import type { JobHandler } from '../../jobs/runner.js';
import { isProviderError } from '../../providers/http.js';
import { isUsable, listCompanyIntegrations, messagingFor } from '../integrations/index.js';
import { insertSystemNotification } from '../notifications/index.js';
import { alertById, insertAlert, moveAlert } from './alertQueries.js';

/**
 * Alerts to the seller: each lands in the company's notifications and, when the company has an
 * active Telegram set-up, is sent to its chat by the bot. One alert per key within the company
 * (a retried job, two instances or a second tracking pass raise it again and change nothing).
 *
 * The message goes in the company's language. Companies carry no language setting; they are
 * Romanian sellers, so it is Romanian (ALERT_LANG), as the couriers' and SmartBill's own
 * messages to them are.
 */

export const ALERT_JOB = 'seller-alert';
export const ALERT_LANG: Lang = 'ro';

export type AlertKind = Extract<
  NotificationKind,
  | 'awb_refused'
  | 'awb_returning'
  | 'awb_failed_attempt'
  | 'awb_stalled'
  | 'credentials_rejected'
  | 'sms_credit_exhausted'
  | 'sms_placeholder_unfilled'
  | 'bulk_document_failed'
>;

/**
 * Tells the company: a notification now and a Telegram message by a job, both in the caller's
 * transaction when `exec` is given (they exist only if it commits). `key` names the alert (by
 * default its kind and params): the same key again tells nothing. Answers whether it was new.
 *
 * For a bulk job: `alertCompany(ctx, 'bulk_document_failed', { order, document: 'AWB', reason })`.
 */
export async function alertCompany(
  ctx: ServiceContext,
  kind: AlertKind,
  params: Record<string, string | number>,
  opts: { key?: string; exec?: Executor; type?: 'warning' | 'error' } = {},
): Promise<boolean> {
  const write = async (exec: Executor) => {
    const key = (opts.key ?? `${kind}:${JSON.stringify(params)}`).slice(0, 200);
    const id = await insertAlert(exec, { companyId: ctx.companyId, key, kind, params, now: ctx.now });
    if (id === undefined) return false;
    await insertSystemNotification(exec, {
      companyId: ctx.companyId,
      kind,
      params,
      type: opts.type ?? 'warning',
      now: ctx.now,
    });
    await scheduleJob(exec, { kind: ALERT_JOB, key: `${ALERT_JOB}:${id}`, payload: { id } }, ctx.now);
    return true;
  };
  return opts.exec ? write(opts.exec) : ctx.db.transaction(write);
}

/** The Telegram text of an alert: its title, then its description. */
export function alertText(lang: Lang, kind: string, params: Record<string, string | number>): string {
  const { title, description } = notificationText(lang, kind, params);
  return `${title}\n${description}`;
}

/**
 * Sends one alert to the company's Telegram chat. Without an active Telegram set-up the alert
 * stays a notification (`none`). Telegram refusing (a wrong token or chat) fails it with its
 * words; a rate limit is tried again by the job; any other failure (no answer) is not sent again,
 * since a message may have gone out, and is kept as failed.
 */
export const alertJob: JobHandler<{ id: number }> = {
  async run(job, system) {
    const alert = await alertById(system.db.kysely, job.payload.id);
    if (!alert || alert.state !== 'pending') return;
    const ctx = forCompany(system, alert.company_id);
    const rows = await listCompanyIntegrations(ctx.db.kysely, ctx.companyId);
    const telegram = rows.find((r) => r.key === 'telegram');
    const params = JSON.parse(alert.params) as Record<string, string | number>;
    // A Telegram login refused is told in the notifications only: the bot cannot say it.
    if (!telegram || !isUsable(telegram) || (alert.kind === 'credentials_rejected' && params.provider === 'Telegram')) {
      await moveAlert(ctx.db.kysely, alert.id, 'none', null, ctx.clock.now());
      return;
    }
    try {
      const account = await messagingFor(ctx, 'telegram');
      try {
        await account.client.send({ to: '', text: alertText(ALERT_LANG, alert.kind, params) });
      } catch (err) {
        const safe = account.scrubbed(err);
        if (isProviderError(safe) && safe.kind === 'rate_limited' && job.attempt < 5) throw safe;
        await moveAlert(
          ctx.db.kysely,
          alert.id,
          'failed',
          isProviderError(safe) ? `${safe.kind}: ${safe.providerMessage}` : String(safe),
          ctx.clock.now(),
        );
        return;
      }
      await moveAlert(ctx.db.kysely, alert.id, 'sent', null, ctx.clock.now());
    } catch (err) {
      if (isProviderError(err)) throw err;
      // The stored login no longer opens: nothing to send with.
      await moveAlert(
        ctx.db.kysely,
        alert.id,
        'failed',
        err instanceof Error ? err.message : String(err),
        ctx.clock.now(),
      );
    }
  },
};
