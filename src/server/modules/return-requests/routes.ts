import type { FastifyInstance } from 'fastify';
import { listQuery } from '../../../core/api/list.js';
import { parse } from '../../http/errors.js';
import { idParam } from '../../http/params.js';
import {
  createReturnRequest,
  deleteReturnRequest,
  getReturnRequest,
  listReturnRequestsOf,
  updateReturnRequest,
} from './service.js';

/** Return requests of the selected company (X-Company-ID). */
export function returnRequestRoutes(app: FastifyInstance): void {
  const company = { config: { company: true } };
  // Creates accept an Idempotency-Key (http/idempotency.ts): a repeated submission answers the first one's result.
  const create = { config: { company: true, idempotent: true } };

  app.get('/api/v1/return-request', company, async (req) => listReturnRequestsOf(req.ctx, parse(listQuery, req.query)));

  app.get('/api/v1/return-request/:id', company, async (req) => {
    const { id } = parse(idParam, req.params);
    return { data: await getReturnRequest(req.ctx, id) };
  });

  app.post('/api/v1/return-request', create, async (req, reply) =>
    reply.status(201).send({ data: await createReturnRequest(req.ctx, req.body) }),
  );

  app.post('/api/v1/return-request/:id', company, async (req) => {
    const { id } = parse(idParam, req.params);
    return { data: await updateReturnRequest(req.ctx, id, req.body) };
  });

  app.delete('/api/v1/return-request/:id', company, async (req) => {
    const { id } = parse(idParam, req.params);
    await deleteReturnRequest(req.ctx, id);
    return { message: 'deleted' };
  });
}
