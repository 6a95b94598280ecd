import type { FastifyInstance } from 'fastify';
import { listQuery } from '../../../core/api/list.js';
import { parse } from '../../http/errors.js';
import { idParam } from '../../http/params.js';
import { createCompany, deleteCompany, getCompany, listCompanies, updateCompany } from './service.js';

/** Companies are not company-scoped: a user sees and changes only the companies they belong to. */
export function companyRoutes(app: FastifyInstance): void {
  app.get('/api/v1/company', async (req) => listCompanies(req.ctx, parse(listQuery, req.query)));

  app.get('/api/v1/company/:id', async (req) => {
    const { id } = parse(idParam, req.params);
    return { data: await getCompany(req.ctx, id) };
  });

  // Accepts an Idempotency-Key (http/idempotency.ts), scoped to the user alone: no company yet.
  app.post('/api/v1/company', { config: { idempotent: true } }, async (req, reply) =>
    reply.status(201).send({ data: await createCompany(req.ctx, req.body) }),
  );

  app.post('/api/v1/company/:id', async (req) => {
    const { id } = parse(idParam, req.params);
    return { data: await updateCompany(req.ctx, id, req.body) };
  });

  app.delete('/api/v1/company/:id', async (req) => {
    const { id } = parse(idParam, req.params);
    await deleteCompany(req.ctx, id);
    return { message: 'deleted' };
  });
}
