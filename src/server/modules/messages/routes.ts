import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { MessageListResponse, PageLinks } from '../../../core/api/messages.js';
import { listQuery } from '../../../core/api/list.js';
import { parse } from '../../http/errors.js';
import { idParam } from '../../http/params.js';
import { createMessage, deleteMessage, getMessage, listMessagesOf, updateMessage } from './service.js';

/** SMS templates of the company in X-Company-ID. */
export function messageRoutes(app: FastifyInstance, publicUrl: string): void {
  const scoped = { config: { company: true } };
  // Creates accept an Idempotency-Key (http/idempotency.ts): a repeated submission answers the first one's result.
  const create = { config: { company: true, idempotent: true } };

  app.get('/api/v1/message', scoped, async (req): Promise<MessageListResponse> => {
    const page = await listMessagesOf(req.ctx, parse(listQuery, req.query));
    return { ...page, links: pageLinks(req, publicUrl, page.meta.current_page, page.meta.last_page) };
  });

  app.get('/api/v1/message/:id', scoped, async (req) => {
    const { id } = parse(idParam, req.params);
    return { data: await getMessage(req.ctx, id) };
  });

  app.post('/api/v1/message', create, async (req, reply) =>
    reply.status(201).send({ data: await createMessage(req.ctx, req.body) }),
  );

  // One path for both: a body with only is_active is the status toggle, anything else an update of from and text.
  app.post('/api/v1/message/:id', scoped, async (req) => {
    const { id } = parse(idParam, req.params);
    return { data: await updateMessage(req.ctx, id, req.body) };
  });

  app.delete('/api/v1/message/:id', scoped, async (req) => {
    const { id } = parse(idParam, req.params);
    await deleteMessage(req.ctx, id);
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
