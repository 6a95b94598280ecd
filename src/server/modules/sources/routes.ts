import type { FastifyInstance } from 'fastify';
import { listQuery } from '../../../core/api/list.js';
import { parse } from '../../http/errors.js';
import { idParam } from '../../http/params.js';
import { issueIntakeKey, revokeIntakeKey } from './intakeKey.js';
import { createSource, deleteSource, getSource, listSourcesOf, updateSource } from './service.js';

/** Sources of the selected company (X-Company-ID): the channels its orders come from. */
export function sourceRoutes(app: FastifyInstance): void {
  const scoped = { config: { company: true } };
  // Creates accept an Idempotency-Key (http/idempotency.ts): a repeated submission answers the first one's result.
  const create = { config: { company: true, idempotent: true } };

  app.get('/api/v1/source', scoped, async (req) => listSourcesOf(req.ctx, parse(listQuery, req.query)));

  app.get('/api/v1/source/:id', scoped, async (req) => {
    const { id } = parse(idParam, req.params);
    return { data: await getSource(req.ctx, id) };
  });

  app.post('/api/v1/source', create, async (req, reply) =>
    reply.status(201).send({ data: await createSource(req.ctx, req.body) }),
  );

  app.post('/api/v1/source/:id', scoped, async (req) => {
    const { id } = parse(idParam, req.params);
    return { data: await updateSource(req.ctx, id, req.body) };
  });

  app.delete('/api/v1/source/:id', scoped, async (req) => {
    const { id } = parse(idParam, req.params);
    await deleteSource(req.ctx, id);
    return { message: 'deleted' };
  });

  // The source's intake key: created (or rotated: the old one stops working at once) with its
  // secret shown this once, or revoked. Its state without the secret is in GET /api/v1/source/{id}.
  app.post('/api/v1/source/:id/intake-key', scoped, async (req, reply) => {
    const { id } = parse(idParam, req.params);
    return reply.status(201).send({ data: await issueIntakeKey(req.ctx, id) });
  });

  app.delete('/api/v1/source/:id/intake-key', scoped, async (req) => {
    const { id } = parse(idParam, req.params);
    await revokeIntakeKey(req.ctx, id);
    return { message: 'deleted' };
  });
}
