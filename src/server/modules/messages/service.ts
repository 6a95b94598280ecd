import {
  isStatusOnlyBody,
  messageCreateBody,
  messageStatusBody,
  messageUpdateBody,
  unknownPlaceholderParams,
  type Message,
} from '../../../core/api/messages.js';
import type { ListQuery, ListResponse } from '../../../core/api/list.js';
import { unknownPlaceholders, type SmsEvent } from '../../../core/smsTemplates.js';
import { type ServiceContext } from '../../context.js';
import type { Executor } from '../../db/connection.js';
import { FieldProblems, notFound, parse, assertSelectedCompany } from '../../http/errors.js';
import { requireCompanySource } from '../sources/index.js';
import {
  activeTemplateFor,
  deleteMessageRow,
  findMessage,
  insertMessage,
  listMessages,
  updateMessageRow,
} from './queries.js';

/** SMS templates of the company the request works in (ctx.companyId). */
export function listMessagesOf(ctx: ServiceContext, q: ListQuery): Promise<ListResponse<Message>> {
  return listMessages(ctx.db.kysely, ctx.db.engine, ctx.companyId, q);
}

export async function getMessage(ctx: ServiceContext, id: number, exec: Executor = ctx.db.kysely): Promise<Message> {
  const message = await findMessage(exec, ctx.companyId, id);
  if (!message) throw notFound();
  return message;
}

/**
 * A text holding a placeholder that is not known (nor a Romanian alias) is refused, naming each:
 * it would reach the customer as typed, braces and all.
 */
function checkPlaceholders(problems: FieldProblems, text: string): void {
  const unknown = unknownPlaceholders(text);
  if (unknown.length) problems.add('text', 'sms_placeholder_unknown', unknownPlaceholderParams(unknown));
}

/** Templates are made in the company the request works in; the web form sends the chosen company's header. */
export async function createMessage(ctx: ServiceContext, input: unknown): Promise<Message> {
  const body = parse(messageCreateBody, input);
  assertSelectedCompany(ctx, body.company_id);
  const problems = new FieldProblems();
  checkPlaceholders(problems, body.text);
  problems.throwIfAny();
  const id = await ctx.db.transaction(async (trx) => {
    const sourceId = await requireCompanySource(
      trx,
      ctx.companyId,
      { id: body.source_id },
      { field: 'source_id', key: 'message_source_invalid' },
    );
    return insertMessage(
      trx,
      {
        company_id: ctx.companyId,
        source_id: sourceId,
        from: body.from,
        text: body.text,
        is_active: body.is_active,
        event: body.event,
      },
      ctx.now,
    );
  });
  return getMessage(ctx, id);
}

/**
 * One path for both: a body with only is_active is the status toggle, anything else an update of
 * from and text (company and source may be echoed back, never changed).
 */
export async function updateMessage(ctx: ServiceContext, id: number, input: unknown): Promise<Message> {
  await ctx.db.transaction(async (trx) => {
    const current = await getMessage(ctx, id, trx);
    if (isStatusOnlyBody(input)) {
      const { is_active } = parse(messageStatusBody, input);
      await updateMessageRow(trx, ctx.companyId, id, { is_active }, ctx.now);
      return;
    }
    const body = parse(messageUpdateBody, input);
    const problems = new FieldProblems();
    if (body.company_id !== undefined && body.company_id !== current.company_id)
      problems.add('company_id', 'message_cannot_change');
    if (body.source_id !== undefined && body.source_id !== current.source_id)
      problems.add('source_id', 'message_cannot_change');
    checkPlaceholders(problems, body.text);
    problems.throwIfAny();
    await updateMessageRow(
      trx,
      ctx.companyId,
      id,
      { from: body.from, text: body.text, is_active: body.is_active, event: body.event },
      ctx.now,
    );
  });
  return getMessage(ctx, id);
}

export async function deleteMessage(ctx: ServiceContext, id: number): Promise<void> {
  if (!(await deleteMessageRow(ctx.db.kysely, ctx.companyId, id))) throw notFound();
}

/** The template a shipping event sends for an order of `sourceId` (active, of that event), if any. */
export function templateForEvent(ctx: ServiceContext, sourceId: number, event: SmsEvent): Promise<Message | undefined> {
  return activeTemplateFor(ctx.db.kysely, ctx.companyId, sourceId, event);
}
