import type { Message } from '../../../core/api/messages.js';
import { unknownPlaceholders, type SmsEvent } from '../../../core/smsTemplates.js';
import type { ListQuery, ListResponse } from '../../../core/api/list.js';
import type { Engine, Executor } from '../../db/connection.js';
import { matchesAny, preparedList } from '../../http/list.js';

/**
 * SMS templates of a company. Each row carries its company's name and its source's name,
 * resolved by joins in the same query (no query per row).
 */
const messagesOf = (exec: Executor, companyId: number) =>
  exec
    .selectFrom('messages')
    .leftJoin('companies', 'companies.id', 'messages.company_id')
    .leftJoin('sources', 'sources.id', 'messages.source_id')
    .where('messages.company_id', '=', companyId)
    .select([
      'messages.id',
      'messages.company_id',
      'messages.source_id',
      'messages.from',
      'messages.text',
      'messages.is_active',
      'messages.event',
      'messages.created_at',
      'messages.updated_at',
      'companies.name as company_name',
      'sources.source as source_name',
    ]);
type Row = Awaited<ReturnType<ReturnType<typeof messagesOf>['executeTakeFirstOrThrow']>>;

const toMessage = (r: Row): Message => ({
  id: r.id,
  company_id: r.company_id,
  source_id: r.source_id,
  from: r.from,
  text: r.text,
  is_active: Boolean(r.is_active),
  event: r.event as SmsEvent,
  created_at: Number(r.created_at),
  updated_at: Number(r.updated_at),
  company: r.company_name == null ? null : { id: r.company_id, name: r.company_name },
  source: r.source_name == null ? null : { id: r.source_id, source: r.source_name },
  // A template saved before unknown placeholders were refused keeps them: the list says so.
  unknown_placeholders: unknownPlaceholders(r.text),
});

const messagesList = preparedList(
  (exec, v: { companyId: number }) => messagesOf(exec, v.companyId),
  (q) => q.orderBy('messages.id', 'desc'),
);

export function listMessages(
  exec: Executor,
  engine: Engine,
  companyId: number,
  q: ListQuery,
): Promise<ListResponse<Message>> {
  const search = q.search
    ? matchesAny(engine, ['messages.from', 'messages.text', 'sources.source'], q.search)
    : undefined;
  return messagesList(exec, { companyId }, { page: q.page, items: q.items, map: toMessage, search });
}

export async function findMessage(exec: Executor, companyId: number, id: number): Promise<Message | undefined> {
  const row = await messagesOf(exec, companyId).where('messages.id', '=', id).executeTakeFirst();
  return row && toMessage(row);
}

export async function insertMessage(
  exec: Executor,
  row: { company_id: number; source_id: number; from: string; text: string; is_active: boolean; event: SmsEvent },
  now: number,
): Promise<number> {
  const { id } = await exec
    .insertInto('messages')
    .values({ ...row, is_active: row.is_active ? 1 : 0, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** Changes the sender, the text and/or the status of a template of the company. */
export async function updateMessageRow(
  exec: Executor,
  companyId: number,
  id: number,
  changes: { from?: string; text?: string; is_active?: boolean; event?: SmsEvent },
  now: number,
): Promise<void> {
  await exec
    .updateTable('messages')
    .set({
      ...(changes.from === undefined ? {} : { from: changes.from }),
      ...(changes.text === undefined ? {} : { text: changes.text }),
      ...(changes.is_active === undefined ? {} : { is_active: changes.is_active ? 1 : 0 }),
      ...(changes.event === undefined ? {} : { event: changes.event }),
      updated_at: now,
    })
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .execute();
}

/** Deletes a template of the company; answers whether there was one. */
export async function deleteMessageRow(exec: Executor, companyId: number, id: number): Promise<boolean> {
  const result = await exec
    .deleteFrom('messages')
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * The template a shipping event sends for an order of this source: the company's active template
 * of that event and source, the newest when several are active.
 */
export async function activeTemplateFor(
  exec: Executor,
  companyId: number,
  sourceId: number,
  event: SmsEvent,
): Promise<Message | undefined> {
  const row = await messagesOf(exec, companyId)
    .where('messages.source_id', '=', sourceId)
    .where('messages.event', '=', event)
    .where('messages.is_active', '=', 1)
    .orderBy('messages.id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row && toMessage(row);
}
