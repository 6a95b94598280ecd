import crypto from 'node:crypto';
import type { Compilable } from 'kysely';
import { smsSendBody, type SmsSend } from '../../../core/api/sms.js';
import { isRomanianMobile, normalizePhone } from '../../../core/orders/phone.js';
import { countSms } from '../../../core/sms.js';
import { MAX_ID } from '../../../core/validation.js';
import { unknownPlaceholderParams } from '../../../core/api/messages.js';
import {
  placeholderValues,
  renderSmsText,
  unfilledPlaceholders,
  type SmsAutoEvent,
  type SmsEvent,
} from '../../../core/smsTemplates.js';
import { forCompany, type ServiceContext } from '../../context.js';
import { forUpdate, type Executor } from '../../db/connection.js';
import { isUniqueViolation } from '../../db/errors.js';
import { FieldProblems, HttpError, parse } from '../../http/errors.js';
import { scheduleJobWrite } from '../../jobs/queue.js';
import type { JobHandler } from '../../jobs/runner.js';
import type { DeliveryReceipt, MessagingClient } from '../../providers/messaging/types.js';
import { parseDeliveryReceipt } from '../../providers/messaging/vonage.js';
import { isProviderError, isRefusal, type ProviderError } from '../../providers/http.js';
import { isUsable, listCompanyIntegrations, messagingFor, type ProviderAccount } from '../integrations/index.js';
import { getMessage, templateForEvent } from '../messages/index.js';
import { orderOf, recordEvent, type OrderRow } from '../order-lifecycle/index.js';
import { claimDocument, PENDING_STALE_SECONDS, sendOnce, type DocumentStore } from '../provider-documents/index.js';
import { alertCompany } from './alerts.js';
import {
  hasEventSms,
  insertReceiptToken,
  insertSms,
  moveSms,
  receiptTokenOf,
  smsById,
  smsFactsOf,
  smsOfOrder,
  toSmsSend,
  type SmsRow,
} from './queries.js';

/**
 * SMS to an order's customer, through the company's active messaging integration (Vonage).
 *
 * An SMS is a provider document: a `pending` row is claimed first, the provider is called once,
 * and the outcome recorded (`sent`, `failed` when Vonage refused it, `unknown` when its answer
 * was lost: it may have gone out, so it is never sent again by itself; a receipt carrying its
 * reference may still tell). A shipping event's SMS is claimed under a unique (order, event, AWB)
 * key, so it goes once whatever runs the event twice; an event that cannot send (no template, no
 * integration, no mobile number) is recorded under the same key, with a history line saying why.
 */

export const SMS_CHECK_JOB = 'sms-check';
export const SMS_EVENT_JOB = 'sms-event';

/** Vonage's status 1 (throttled) means nothing was sent: the send is tried again after these pauses (ms). */
export const THROTTLE_BACKOFF_MS = [300, 900, 2000];

export const smsStore: DocumentStore<SmsRow> = {
  checkJob: SMS_CHECK_JOB,
  settleAfterSeconds: 0,
  find: smsById,
  move: (exec, id, from, to, error, now) => moveSms(exec, id, from, to, { error }, now),
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ---- what is sent ---------------------------------------------------------------------------

/** The company's active Vonage set-up, if it has one (messagingFor then opens its login). */
async function hasActiveMessaging(ctx: ServiceContext): Promise<boolean> {
  const rows = await listCompanyIntegrations(ctx.db.kysely, ctx.companyId);
  return rows.some((r) => r.key === 'vonage' && isUsable(r));
}

/**
 * The text for the order: the template's (or the typed one) with the order's values in its
 * placeholders, and those it could not fill (unknown, or with no value for this order): an SMS with
 * any of them is not sent, as the customer would read the braces or a gap.
 */
async function render(
  ctx: ServiceContext,
  order: OrderRow,
  text: string,
): Promise<{ text: string; phone: string | null; unfilled: { unknown: string[]; empty: string[] } }> {
  const facts = await smsFactsOf(ctx.db.kysely, ctx.companyId, order.id);
  const values = placeholderValues({
    orderId: order.id,
    customerName: facts?.name ?? '',
    awb: order.awb,
    courier: order.courier,
    totalBani: Number(order.total_value),
    company: facts?.company ?? '',
  });
  return {
    text: renderSmsText(text, values).trim(),
    phone: facts?.phone ?? null,
    unfilled: unfilledPlaceholders(text, values),
  };
}

/** The URL Vonage posts this company's receipts to: a random token of the company's, made on its first send. */
async function receiptUrl(ctx: ServiceContext): Promise<string> {
  let token = await receiptTokenOf(ctx.db.kysely, ctx.companyId);
  if (!token) {
    await insertReceiptToken(ctx.db.kysely, ctx.companyId, crypto.randomBytes(24).toString('base64url'), ctx.now);
    token = (await receiptTokenOf(ctx.db.kysely, ctx.companyId))!;
  }
  return `${(ctx.publicUrl ?? 'http://localhost').replace(/\/$/, '')}/api/v1/sms/receipts/${ctx.companyId}/${token}`;
}

/** A Vonage refusal in the user's words (422), or the throttling that outlasted the retries (503). */
function refusalError(err: ProviderError): HttpError {
  if (err.kind === 'refused_credentials') return new HttpError(422, 'sms_refused_credentials');
  if (err.kind === 'rate_limited') return new HttpError(503, 'sms_throttled');
  if (err.code === '9') return new HttpError(422, 'sms_quota');
  if (err.code === '29') return new HttpError(422, 'sms_not_whitelisted');
  return new HttpError(422, 'sms_rejected', { reason: err.providerMessage });
}

/** Sends while Vonage answers "throttled" (nothing sent), pausing longer each time; any other answer is final. */
async function withThrottleRetry<T>(call: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await call();
    } catch (err) {
      if (!isProviderError(err) || err.kind !== 'rate_limited' || attempt >= THROTTLE_BACKOFF_MS.length) throw err;
      await sleep(THROTTLE_BACKOFF_MS[attempt]);
    }
  }
}

/**
 * Steps 2 and 3 for a claimed row: the one call to Vonage and its outcome. A refusal fails the row
 * with Vonage's words, writes the history and raises the alerts it calls for (credentials,
 * credit), then throws the user's message; a lost answer leaves it unknown and throws 504/502.
 */
async function deliver(
  ctx: ServiceContext,
  row: { id: number; orderId: number; event: SmsEvent },
  account: ProviderAccount<MessagingClient>,
  to: string,
  text: string,
): Promise<void> {
  const callbackUrl = await receiptUrl(ctx);
  let sent;
  try {
    sent = await sendOnce(
      ctx,
      smsStore,
      row.id,
      () => withThrottleRetry(() => account.client.send({ to, text, reference: `sms-${row.id}`, callbackUrl })),
      {
        scrub: account.scrubbed,
        unknown: (err) =>
          new HttpError(err.kind === 'timeout' ? 504 : 502, 'sms_outcome_unknown', { provider: 'Vonage' }),
      },
    );
  } catch (err) {
    if (!isRefusal(err)) throw err;
    await ctx.db.transaction(async (trx) => {
      // The failure in the provider's own words (the protocol wrote its kind before them).
      await moveSms(trx, row.id, ['failed'], 'failed', { error: err.providerMessage.slice(0, 500) }, ctx.clock.now());
      await recordEvent(trx, ctx, row.orderId, 'sms_failed', {
        sms_id: row.id,
        event: row.event,
        error: err.providerMessage,
      });
      if (err.kind === 'refused_credentials')
        await alertCompany(
          ctx,
          'credentials_rejected',
          { provider: 'Vonage' },
          {
            exec: trx,
            key: `credentials_rejected:vonage:${Math.floor(ctx.now / 86400)}`,
            type: 'error',
          },
        );
      if (err.code === '9')
        await alertCompany(
          ctx,
          'sms_credit_exhausted',
          { provider: 'Vonage', order: row.orderId },
          {
            exec: trx,
            key: `sms_credit_exhausted:vonage:${Math.floor(ctx.now / 86400)}`,
            type: 'error',
          },
        );
    });
    throw refusalError(err);
  }
  await ctx.db.transaction(async (trx) => {
    const current = await lockedSms(trx, row.id);
    if (!current || !['pending', 'unknown'].includes(current.state)) return;
    const receipts = readReceipts(current);
    const ids = [...new Set([...sent.messageIds, ...Object.keys(receipts)])];
    const state = stateOf({ ...current, parts: sent.parts }, receipts) ?? 'sent';
    await moveSms(
      trx,
      row.id,
      ['pending', 'unknown'],
      state,
      { provider_ids: JSON.stringify(ids), parts: sent.parts, price: sent.price, error: failureOf(receipts) },
      ctx.clock.now(),
    );
    await recordEvent(trx, ctx, row.orderId, 'sms_sent', { sms_id: row.id, event: row.event, to, parts: sent.parts });
  });
}

// ---- by hand --------------------------------------------------------------------------------

/**
 * `POST /order/{id}/sms`: a template of the company (`message_id`) or a typed text, rendered for
 * the order and sent to its customer's mobile. 404 for another company's order; 422 for a body
 * that is not valid, a company without an active messaging integration, or a customer without a
 * Romanian mobile number.
 */
export async function sendOrderSms(ctx: ServiceContext, orderId: number, input: unknown): Promise<SmsSend> {
  const order = await orderOf(ctx.db.kysely, ctx, orderId);
  const body = parse(smsSendBody, input);
  let template: { id: number; text: string } | undefined;
  if (body.message_id !== undefined) {
    try {
      template = await getMessage(ctx, body.message_id);
    } catch (err) {
      if (err instanceof HttpError && err.status === 404) throw FieldProblems.one('message_id', 'sms_template_invalid');
      throw err;
    }
  }
  const rendered = await render(ctx, order, body.text || template!.text);
  if (!rendered.text) throw FieldProblems.one('text', 'sms_rendered_empty');
  // A person is sending: told at once on the field that holds the text, nothing recorded or sent.
  const field = body.text ? 'text' : 'message_id';
  const { unknown, empty } = rendered.unfilled;
  if (unknown.length) throw FieldProblems.one(field, 'sms_placeholder_unknown', unknownPlaceholderParams(unknown));
  if (empty.length)
    throw FieldProblems.one(field, 'sms_placeholder_empty', { count: empty.length, placeholders: empty.join(', ') });
  if (!(await hasActiveMessaging(ctx))) throw new HttpError(422, 'sms_no_messaging');
  if (!rendered.phone || !isRomanianMobile(rendered.phone)) throw new HttpError(422, 'sms_no_phone');
  const account = await messagingFor(ctx, 'vonage');
  const to = normalizePhone(rendered.phone)!;
  const count = countSms(rendered.text);
  const claimed = await claimDocument(
    ctx,
    smsStore,
    async (trx) => ({
      id: await insertSms(trx, {
        company_id: ctx.companyId,
        order_id: order.id,
        event: 'manual',
        event_key: null,
        message_id: template?.id ?? null,
        provider: 'vonage',
        state: 'pending',
        to_phone: to,
        text: rendered.text,
        parts: count.parts,
        encoding: count.encoding,
        created_by: ctx.userId || null,
        now: ctx.now,
      }),
    }),
    () => new HttpError(409, 'sms_outcome_unknown', { provider: 'Vonage' }),
  );
  await deliver(ctx, { id: claimed.id, orderId: order.id, event: 'manual' }, account, to, rendered.text);
  return toSmsSend((await smsById(ctx.db.kysely, claimed.id))!);
}

/** `GET /order/{id}/sms`: the order's sends, newest first (404 for another company's order). */
export async function listOrderSms(ctx: ServiceContext, orderId: number): Promise<SmsSend[]> {
  await orderOf(ctx.db.kysely, ctx, orderId);
  return (await smsOfOrder(ctx.db.kysely, orderId)).map(toSmsSend);
}

// ---- on shipping events ---------------------------------------------------------------------

export interface SmsEventPayload {
  companyId: number;
  orderId: number;
  event: SmsAutoEvent;
  awb: string;
}

/**
 * Called where the event is written (the AWB recorded on the order, the courier's status moved),
 * in that transaction: the send is a job that exists only if the change commits, and runs after
 * it (a provider is never called inside a transaction). An AWB made by a bulk job sends it as one
 * made alone does: the customer's parcel ships either way.
 */
export async function queueEventSms(
  trx: Executor,
  ctx: ServiceContext,
  e: { orderId: number; event: SmsAutoEvent; awb: string },
): Promise<void> {
  for (const write of eventSmsWrites(trx, ctx, e)) await trx.executeQuery(write);
}

/** The writes of queueEventSms, for a caller that runs them with its other writes. */
export function eventSmsWrites(
  trx: Executor,
  ctx: ServiceContext,
  e: { orderId: number; event: SmsAutoEvent; awb: string },
): Compilable[] {
  const payload: SmsEventPayload = { companyId: ctx.companyId, ...e };
  return [
    scheduleJobWrite(
      trx,
      { kind: SMS_EVENT_JOB, key: `${SMS_EVENT_JOB}:${e.orderId}:${e.event}:${e.awb}`, payload },
      ctx.now,
    ),
  ];
}

type SkipReason = 'no_template' | 'no_integration' | 'no_phone' | 'empty_text' | 'unfilled_placeholders';

/**
 * The event's SMS: once per order, event and AWB (the row's unique key; a second run finds it and
 * stops). Without a template, an integration or a mobile number, the decision is recorded with a
 * history line instead. A text left with a placeholder it could not fill is recorded so too, and
 * the seller is alerted (the template needs correcting, or the order a value). The customer's SMS
 * failing never fails the job: it is on the order.
 */
export async function sendEventSms(system: ServiceContext, p: SmsEventPayload): Promise<void> {
  const ctx = forCompany(system, p.companyId);
  const eventKey = `${p.event}:${p.awb}`;
  if (await hasEventSms(ctx.db.kysely, p.orderId, eventKey)) return;
  let order: OrderRow;
  try {
    order = await orderOf(ctx.db.kysely, ctx, p.orderId);
  } catch {
    return; // deleted meanwhile
  }
  const template = order.source_id ? await templateForEvent(ctx, order.source_id, p.event) : undefined;
  const rendered = template ? await render(ctx, { ...order, awb: p.awb }, template.text) : undefined;
  const count = countSms(rendered?.text ?? '');
  const base = {
    company_id: ctx.companyId,
    order_id: order.id,
    event: p.event,
    event_key: eventKey,
    message_id: template?.id ?? null,
    provider: 'vonage',
    to_phone: rendered?.phone ? (normalizePhone(rendered.phone) ?? rendered.phone) : '',
    text: rendered?.text ?? '',
    parts: count.parts,
    encoding: count.encoding,
    created_by: null,
    now: ctx.now,
  };
  const skip: SkipReason | null = !template
    ? 'no_template'
    : !(await hasActiveMessaging(ctx))
      ? 'no_integration'
      : !rendered!.phone || !isRomanianMobile(rendered!.phone)
        ? 'no_phone'
        : !rendered!.text
          ? 'empty_text'
          : rendered!.unfilled.unknown.length || rendered!.unfilled.empty.length
            ? 'unfilled_placeholders'
            : null;
  if (skip) {
    const unfilled =
      skip === 'unfilled_placeholders' ? [...rendered!.unfilled.unknown, ...rendered!.unfilled.empty] : [];
    try {
      await ctx.db.transaction(async (trx) => {
        await insertSms(trx, {
          ...base,
          state: 'skipped',
          error: unfilled.length ? `${skip}: ${unfilled.join(', ')}` : skip,
        });
        await recordEvent(trx, ctx, order.id, 'sms_not_sent', {
          event: p.event,
          awb: p.awb,
          reason: skip,
          ...(unfilled.length ? { placeholders: unfilled } : {}),
        });
        if (unfilled.length)
          await alertCompany(
            ctx,
            'sms_placeholder_unfilled',
            { order: order.id, placeholders: unfilled.join(', ') },
            {
              exec: trx,
              // An unknown placeholder is the template's fault and skips every order it is sent for:
              // told once a day per template (each order keeps its history line). A value missing
              // is this order's: told for it.
              key: rendered!.unfilled.unknown.length
                ? `sms_placeholder_unfilled:${template!.id}:${rendered!.unfilled.unknown.join(',')}:${Math.floor(ctx.now / 86400)}`
                : `sms_placeholder_unfilled:${order.id}:${eventKey}`,
            },
          );
      });
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
    }
    return;
  }
  let account: ProviderAccount<MessagingClient>;
  try {
    account = await messagingFor(ctx, 'vonage');
  } catch {
    return; // unreadable login: the integrations page says so
  }
  let claimed: { id: number };
  try {
    claimed = await claimDocument(
      ctx,
      smsStore,
      async (trx) => ({ id: await insertSms(trx, { ...base, state: 'pending' }) }),
      () => new Error('claimed'),
    );
  } catch {
    return; // another run claimed it
  }
  try {
    await deliver(ctx, { id: claimed.id, orderId: order.id, event: p.event }, account, base.to_phone, base.text);
  } catch (err) {
    if (!(err instanceof HttpError)) throw err; // recorded on the row and the history (or unknown)
  }
}

export const smsEventJob: JobHandler<SmsEventPayload> = {
  // A failure before the claim is tried again; after it, the row decides.
  run: (job, system) => sendEventSms(system, job.payload),
};

/**
 * The check scheduled with each claim: a send still pending after its request's time lost its
 * answer (the process stopped): it becomes unknown. Vonage cannot be asked whether an SMS went
 * out, so an unknown send stays so unless a receipt carrying its reference arrives.
 */
export const smsCheckJob: JobHandler<{ id: number }> = {
  async run(job, system) {
    const row = await smsById(system.db.kysely, job.payload.id);
    if (!row || row.state !== 'pending') return;
    const wait = Number(row.created_at) + PENDING_STALE_SECONDS - system.clock.now();
    if (wait > 0) return { again: wait };
    await moveSms(
      system.db.kysely,
      row.id,
      ['pending'],
      'unknown',
      { error: 'the send stopped before its answer was recorded' },
      system.clock.now(),
    );
  },
};

// ---- delivery receipts ----------------------------------------------------------------------

interface StoredReceipt {
  state: string;
  err: string | null;
}

const readReceipts = (row: SmsRow): Record<string, StoredReceipt> =>
  row.receipts ? (JSON.parse(row.receipts) as Record<string, StoredReceipt>) : {};

const FAILED_STATES = ['failed', 'rejected', 'expired'];

/** Vonage's receipt error codes in its own words. */
const RECEIPT_ERRORS: Record<string, string> = {
  '1': 'Unknown',
  '2': 'Absent Subscriber - Temporary',
  '3': 'Absent Subscriber - Permanent',
  '4': 'Call barred by user',
  '5': 'Portability Error',
  '6': 'Anti-Spam Rejection',
  '7': 'Handset Busy',
  '8': 'Network Error',
  '9': 'Illegal Number',
  '10': 'Illegal Message',
  '11': 'Unroutable',
  '12': 'Destination unreachable',
  '13': 'Subscriber Age Restriction',
  '14': 'Number Blocked by Carrier',
  '15': 'Prepaid Insufficient funds',
  '99': 'General Error',
};

function failureOf(receipts: Record<string, StoredReceipt>): string | null {
  const failed = Object.values(receipts).find((r) => FAILED_STATES.includes(r.state));
  if (!failed) return null;
  const words = failed.err ? (RECEIPT_ERRORS[failed.err] ?? `error ${failed.err}`) : '';
  return `${failed.state}${words ? `: ${words}` : ''}`;
}

/** What the receipts say of the whole SMS: failed when a part failed, delivered when every part was; else nothing yet. */
function stateOf(row: Pick<SmsRow, 'parts'>, receipts: Record<string, StoredReceipt>): 'failed' | 'delivered' | null {
  const all = Object.values(receipts);
  if (all.some((r) => FAILED_STATES.includes(r.state))) return 'failed';
  if (all.length >= Math.max(1, row.parts) && all.every((r) => r.state === 'delivered')) return 'delivered';
  return null;
}

const lockedSms = (trx: Executor, id: number) =>
  forUpdate(trx, trx.selectFrom('sms_sends').selectAll().where('id', '=', id)).executeTakeFirst();

/**
 * One Vonage receipt (one per part) at the company's receipt URL. It counts only when the token is
 * the company's, its `client-ref` names a send of the company and its message id is one of that
 * send's parts (or the send's answer was lost, when the receipt is how we learn the id). Anything
 * else changes nothing; the caller answers 2xx either way (Vonage retries otherwise).
 */
export async function receiveReceipt(
  system: ServiceContext,
  companyParam: string,
  token: string,
  payload: Record<string, unknown>,
): Promise<void> {
  // An id the database could not hold (PostgreSQL's integer) is no company's: nothing to look up.
  if (!/^[1-9][0-9]{0,9}$/.test(companyParam) || Number(companyParam) > MAX_ID) return;
  const companyId = Number(companyParam);
  const expected = await receiptTokenOf(system.db.kysely, companyId);
  if (!expected || !safeEqual(expected, token)) return;
  const receipt = parseDeliveryReceipt(payload);
  const id = /^sms-([1-9][0-9]{0,9})$/.exec(receipt?.reference ?? '')?.[1];
  if (!receipt || !id || Number(id) > MAX_ID) return;
  await system.db.transaction(async (trx) => {
    const row = await lockedSms(trx, Number(id));
    if (!row || row.company_id !== companyId || !['pending', 'sent', 'unknown'].includes(row.state)) return;
    const known: string[] = row.provider_ids ? JSON.parse(row.provider_ids) : [];
    const lost = row.state !== 'sent';
    if (!lost && !known.includes(receipt.messageId)) return;
    const receipts = { ...readReceipts(row), [receipt.messageId]: storedOf(receipt) };
    const ids = known.includes(receipt.messageId) ? known : [...known, receipt.messageId];
    // A pending send keeps its state (its answer is being recorded); the receipts count then.
    const to = row.state === 'pending' ? 'pending' : (stateOf(row, receipts) ?? 'sent');
    await moveSms(
      trx,
      row.id,
      [row.state as 'pending' | 'sent' | 'unknown'],
      to,
      { receipts: JSON.stringify(receipts), provider_ids: JSON.stringify(ids), error: failureOf(receipts) },
      system.clock.now(),
    );
  });
}

const storedOf = (r: DeliveryReceipt): StoredReceipt => ({
  state: r.state,
  err: r.errorCode && r.errorCode !== '0' ? r.errorCode : null,
});

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}
