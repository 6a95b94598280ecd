import type { FastifyInstance } from 'fastify';
import { listQuery } from '../../../core/api/list.js';
import { parse } from '../../http/errors.js';
import { idParam } from '../../http/params.js';
import { listCustomers } from './queries.js';
import { changeCustomerPhone, companyCustomer, flagCustomer, unflagCustomer } from './service.js';

/** The company's customers: list, one customer, a new phone, a flag and its removal. Changes answer the customer as it now is. */
export function customerRoutes(app: FastifyInstance): void {
  const scoped = { config: { company: true } };
  // A flag is a row made by a POST: it accepts an Idempotency-Key (http/idempotency.ts) like every create.
  const create = { config: { company: true, idempotent: true } };

  app.get('/api/v1/customer', scoped, async (req) => {
    const q = parse(listQuery, req.query);
    return listCustomers(req.ctx.db.reads, req.ctx.db.engine, req.ctx.companyId, q);
  });

  app.get('/api/v1/customer/:id', scoped, async (req) => {
    const { id } = parse(idParam, req.params);
    return { data: await companyCustomer(req.ctx, id) };
  });

  app.post('/api/v1/customer/:id', scoped, async (req) => {
    const { id } = parse(idParam, req.params);
    // The customer under its new number is another person, so its id may differ from the path's.
    const current = await changeCustomerPhone(req.ctx, id, req.body);
    return { data: await companyCustomer(req.ctx, current) };
  });

  app.post('/api/v1/customer/:id/flag', create, async (req, reply) => {
    const { id } = parse(idParam, req.params);
    await flagCustomer(req.ctx, id, req.body);
    return reply.status(201).send({ data: await companyCustomer(req.ctx, id) });
  });

  // Removes this company's flag; `?order_id=` notes it in that order's history.
  app.delete('/api/v1/customer/:id/flag', scoped, async (req) => {
    const { id } = parse(idParam, req.params);
    await unflagCustomer(req.ctx, id, req.query);
    return { data: await companyCustomer(req.ctx, id) };
  });
}
