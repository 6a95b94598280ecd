import type { Selectable } from 'kysely';
import type { SmsSend, SmsStatus } from '../../../core/api/sms.js';
import type { Executor } from '../../db/connection.js';
import type { SmsSendsTable } from '../../db/schema.js';

/**
 * The sms_sends table (migration 043): one row per SMS of an order and how it went, and the
 * companies' receipt tokens. Rows are written only here.
 */

export type SmsRow = Selectable<SmsSendsTable>;
export type SmsState = 'pending' | 'sent' | 'delivered' | 'failed' | 'unknown' | 'skipped';

/** The API's status of a row: a pending row is queued (being sent). */
const STATUS_OF: Record<string, SmsStatus> = {
  pending: 'queued',
  sent: 'sent',
  delivered: 'delivered',
  failed: 'failed',
  unknown: 'unknown',
};

export function toSmsSend(r: SmsRow): SmsSend {
  return {
    id: r.id,
    order_id: r.order_id,
    event: r.event,
    message_id: r.message_id,
    status: STATUS_OF[r.state] ?? 'failed',
    to: r.to_phone,
    text: r.text,
    parts: r.parts,
    encoding: r.encoding === 'UCS-2' ? 'UCS-2' : 'GSM-7',
    provider: r.provider,
    provider_message_ids: r.provider_ids ? (JSON.parse(r.provider_ids) as string[]) : [],
    price: r.price,
    error: r.error,
    created_at: Number(r.created_at),
    updated_at: Number(r.updated_at),
  };
}

export interface NewSms {
  company_id: number;
  order_id: number;
  event: string;
  event_key: string | null;
  message_id: number | null;
  provider: string;
  state: 'pending' | 'skipped';
  to_phone: string;
  text: string;
  parts: number;
  encoding: string;
  error?: string | null;
  created_by: number | null;
  now: number;
}

/** A send about to go (`pending`) or an event decided against (`skipped`). A second row for one order and event key is a unique violation. */
export async function insertSms(exec: Executor, s: NewSms): Promise<number> {
  const row = await exec
    .insertInto('sms_sends')
    .values({
      company_id: s.company_id,
      order_id: s.order_id,
      event: s.event,
      event_key: s.event_key,
      message_id: s.message_id,
      provider: s.provider,
      state: s.state,
      to_phone: s.to_phone,
      text: s.text,
      parts: s.parts,
      encoding: s.encoding,
      provider_ids: null,
      receipts: null,
      price: null,
      error: s.error ?? null,
      created_by: s.created_by,
      created_at: s.now,
      updated_at: s.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export function smsById(exec: Executor, id: number): Promise<SmsRow | undefined> {
  return exec.selectFrom('sms_sends').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Whether the order already has a row for this event key (sent, failed or skipped). */
export async function hasEventSms(exec: Executor, orderId: number, eventKey: string): Promise<boolean> {
  const row = await exec
    .selectFrom('sms_sends')
    .select('id')
    .where('order_id', '=', orderId)
    .where('event_key', '=', eventKey)
    .executeTakeFirst();
  return row !== undefined;
}

/** The order's sends, newest first (decisions not to send are in the history, not here). */
export async function smsOfOrder(exec: Executor, orderId: number): Promise<SmsRow[]> {
  return exec
    .selectFrom('sms_sends')
    .selectAll()
    .where('order_id', '=', orderId)
    .where('state', '!=', 'skipped')
    .orderBy('id', 'desc')
    .limit(200)
    .execute();
}

/** Moves the row from one of `from` to `to` with the given fields; true when this call moved it. */
export async function moveSms(
  exec: Executor,
  id: number,
  from: SmsState[],
  to: SmsState,
  fields: Partial<Pick<SmsRow, 'provider_ids' | 'receipts' | 'price' | 'error' | 'parts'>>,
  now: number,
): Promise<boolean> {
  const res = await exec
    .updateTable('sms_sends')
    .set({ ...fields, state: to, updated_at: now })
    .where('id', '=', id)
    .where('state', 'in', from)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** The company's receipt token, if it has one. */
export async function receiptTokenOf(exec: Executor, companyId: number): Promise<string | undefined> {
  const row = await exec
    .selectFrom('sms_receipt_tokens')
    .select('token')
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  return row?.token;
}

/** Stores a token for the company unless it has one (two first sends at once keep one). */
export async function insertReceiptToken(exec: Executor, companyId: number, token: string, now: number): Promise<void> {
  await exec
    .insertInto('sms_receipt_tokens')
    .values({ company_id: companyId, token, created_at: now })
    .onConflict((oc) => oc.column('company_id').doNothing())
    .execute();
}

/** What the customer's SMS is made of: the phone the company knows, the name on the order, the company's name. */
export async function smsFactsOf(
  exec: Executor,
  companyId: number,
  orderId: number,
): Promise<{ phone: string | null; name: string; company: string } | undefined> {
  const row = await exec
    .selectFrom('orders')
    .innerJoin('companies', 'companies.id', 'orders.company_id')
    .leftJoin('order_customer_details', 'order_customer_details.order_id', 'orders.id')
    .leftJoin('company_customers', (j) =>
      j
        .onRef('company_customers.customer_id', '=', 'orders.customer_id')
        .onRef('company_customers.company_id', '=', 'orders.company_id'),
    )
    .select([
      'company_customers.phone_number as phone',
      'order_customer_details.name as name',
      'companies.name as company',
    ])
    .where('orders.id', '=', orderId)
    .where('orders.company_id', '=', companyId)
    .executeTakeFirst();
  return row && { phone: row.phone ?? null, name: row.name ?? '', company: row.company };
}
