import type { FastifyInstance } from 'fastify';
import { listQuery } from '../../../core/api/list.js';
import { parse } from '../../http/errors.js';
import { idParam } from '../../http/params.js';
import {
  createPackage,
  deletePackage,
  getPackage,
  listPackagesOf,
  replacePackageItems,
  updatePackage,
} from './service.js';

/** Shipping presets of the selected company (X-Company-ID) and their contents. */
export function packageRoutes(app: FastifyInstance): void {
  const company = { config: { company: true } };
  // Creates (a package, a package's items) accept an Idempotency-Key (http/idempotency.ts): a repeated submission answers the first one's result.
  const create = { config: { company: true, idempotent: true } };

  app.get('/api/v1/package', company, async (req) => listPackagesOf(req.ctx, parse(listQuery, req.query)));

  app.get('/api/v1/package/:id', company, async (req) => {
    const { id } = parse(idParam, req.params);
    return { data: await getPackage(req.ctx, id) };
  });

  app.post('/api/v1/package', create, async (req, reply) =>
    reply.status(201).send({ data: await createPackage(req.ctx, req.body) }),
  );

  /** A full update, or the status toggle when the body holds nothing but is_active. */
  app.post('/api/v1/package/:id', company, async (req) => {
    const { id } = parse(idParam, req.params);
    return { data: await updatePackage(req.ctx, id, req.body) };
  });

  app.delete('/api/v1/package/:id', company, async (req) => {
    const { id } = parse(idParam, req.params);
    await deletePackage(req.ctx, id);
    return { message: 'deleted' };
  });

  /** Replaces the package's items as a whole (see replacePackageItems). */
  app.post('/api/v1/package-item', create, async (req) => ({ data: await replacePackageItems(req.ctx, req.body) }));
}
