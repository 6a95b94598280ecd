import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { listQuery } from '../../../core/api/list.js';
import { parse } from '../../http/errors.js';
import { idParam, pathId } from '../../http/params.js';
import { inviteMember, listMembers, removeCompanyMember } from './members.js';
import { createCompany, deleteCompany, getCompany, listCompanies, updateCompany } from './service.js';

const memberParams = z.object({ id: pathId(), userId: pathId() });

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

  // The company's colleagues: checked by membership like the company itself (not company-scoped).
  app.get('/api/v1/company/:id/members', async (req) => {
    const { id } = parse(idParam, req.params);
    return { data: await listMembers(req.ctx, id) };
  });

  app.post('/api/v1/company/:id/members', async (req, reply) => {
    const { id } = parse(idParam, req.params);
    return reply.status(201).send({ data: await inviteMember(req.ctx, id, req.body) });
  });

  app.delete('/api/v1/company/:id/members/:userId', async (req) => {
    const { id, userId } = parse(memberParams, req.params);
    const ended = await removeCompanyMember(req.ctx, id, userId);
    // Refused at once on this instance: the membership and every session of the removed user.
    app.forgetMember(userId, id);
    for (const hash of ended) app.forgetSession(hash);
    return { message: 'deleted' };
  });
}
