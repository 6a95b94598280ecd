import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  isStatusOnlyBody,
  messageCreateBody,
  messageStatusBody,
  messageUpdateBody,
  type Message,
  type MessageListResponse,
  type PageLinks,
} from '../../../core/api/messages.js';
import { listQuery } from '../../../core/api/list.js';
import type { Db } from '../../db/connection.js';
import { idParam } from '../../http/params.js';
import { assertSelectedCompany } from '../../http/auth.js';
import { fieldError, HttpError, notFound, parse } from '../../http/errors.js';
import { matchesAny, paginate } from '../../http/list.js';
import { nowSeconds } from '../../lib/time.js';


/**
 * SMS templates of the company in X-Company-ID. Each row carries its company's name and its
 * source's name, resolved by joins in the same query (no query per row).
 */
export function messageRoutes(app: FastifyInstance, db: Db, publicUrl: string): void {
  const scoped = { config: { company: true } };

  const withNames = (companyId: number) =>
    db.kysely
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
        'messages.created_at',
        'messages.updated_at',
        'companies.name as company_name',
        'sources.source as source_name',
      ]);
  type Row = Awaited<ReturnType<ReturnType<typeof withNames>['executeTakeFirstOrThrow']>>;

  const toMessage = (r: Row): Message => ({
    id: r.id,
    company_id: r.company_id,
    source_id: r.source_id,
    from: r.from,
    text: r.text,
    is_active: Boolean(r.is_active),
    created_at: Number(r.created_at),
    updated_at: Number(r.updated_at),
    company: r.company_name == null ? null : { id: r.company_id, name: r.company_name },
    source: r.source_name == null ? null : { id: r.source_id, source: r.source_name },
  });

  async function findOwn(companyId: number, id: number): Promise<Row> {
    const row = await withNames(companyId).where('messages.id', '=', id).executeTakeFirst();
    if (!row) throw notFound();
    return row;
  }

  app.get('/api/v1/message', scoped, async (req): Promise<MessageListResponse> => {
    const q = parse(listQuery, req.query);
    let query = withNames(req.companyId);
    if (q.search) query = query.where(matchesAny(db.engine, ['messages.from', 'messages.text', 'sources.source'], q.search));
    const page = await paginate(query, {
      page: q.page,
      items: q.items,
      order: (x) => x.orderBy('messages.id', 'desc'),
      map: toMessage,
    });
    return { ...page, links: pageLinks(req, publicUrl, page.meta.current_page, page.meta.last_page) };
  });

  app.get('/api/v1/message/:id', scoped, async (req) => {
    const { id } = parse(idParam, req.params);
    return { data: toMessage(await findOwn(req.companyId, id)) };
  });

  app.post('/api/v1/message', scoped, async (req, reply) => {
    const body = parse(messageCreateBody, req.body);
    // Templates are made in the company of X-Company-ID; the web form sends the chosen company's header.
    assertSelectedCompany(body.company_id, req);
    const source = await db.kysely
      .selectFrom('sources')
      .select('id')
      .where('id', '=', body.source_id)
      .where('company_id', '=', body.company_id)
      .executeTakeFirst();
    if (!source) throw fieldError('source_id', 'message_source_invalid');
    const now = nowSeconds();
    const { id } = await db.kysely
      .insertInto('messages')
      .values({
        company_id: body.company_id,
        source_id: body.source_id,
        from: body.from,
        text: body.text,
        is_active: body.is_active ? 1 : 0,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return reply.status(201).send({ data: toMessage(await findOwn(req.companyId, id)) });
  });

  // One path for both: a body with only is_active is the status toggle, anything else an update of from and text.
  app.post('/api/v1/message/:id', scoped, async (req) => {
    const { id } = parse(idParam, req.params);
    const current = await findOwn(req.companyId, id);
    if (isStatusOnlyBody(req.body)) {
      const { is_active } = parse(messageStatusBody, req.body);
      await db.kysely
        .updateTable('messages')
        .set({ is_active: is_active ? 1 : 0, updated_at: nowSeconds() })
        .where('id', '=', id)
        .where('company_id', '=', req.companyId)
        .execute();
      return { data: toMessage(await findOwn(req.companyId, id)) };
    }
    const body = parse(messageUpdateBody, req.body);
    const fields: Record<string, { key: string }[]> = {};
    if (body.company_id !== undefined && body.company_id !== current.company_id) fields.company_id = [{ key: 'message_cannot_change' }];
    if (body.source_id !== undefined && body.source_id !== current.source_id) fields.source_id = [{ key: 'message_cannot_change' }];
    if (Object.keys(fields).length) throw new HttpError(422, 'validation_failed', {}, fields);
    await db.kysely
      .updateTable('messages')
      .set({
        from: body.from,
        text: body.text,
        ...(body.is_active === undefined ? {} : { is_active: body.is_active ? 1 : 0 }),
        updated_at: nowSeconds(),
      })
      .where('id', '=', id)
      .where('company_id', '=', req.companyId)
      .execute();
    return { data: toMessage(await findOwn(req.companyId, id)) };
  });

  app.delete('/api/v1/message/:id', scoped, async (req) => {
    const { id } = parse(idParam, req.params);
    await findOwn(req.companyId, id);
    await db.kysely.deleteFrom('messages').where('id', '=', id).where('company_id', '=', req.companyId).execute();
    return { message: 'deleted' };
  });
}

/**
 * Laravel-style links: the same path and query with another page number, on the console's
 * configured address (PUBLIC_URL), never on the Host header a client sent.
 */
function pageLinks(req: FastifyRequest, publicUrl: string, current: number, last: number): PageLinks {
  // Only the path and query of the request: an absolute-form request line names a host too.
  const asked = new URL(req.url, 'http://unused');
  const url = new URL(asked.pathname + asked.search, publicUrl);
  const at = (page: number) => {
    url.searchParams.set('page', String(page));
    return url.toString();
  };
  return {
    first: at(1),
    last: at(last),
    prev: current > 1 ? at(Math.min(current - 1, last)) : null,
    next: current < last ? at(current + 1) : null,
  };
}
