import type { FastifyInstance, FastifyRequest } from 'fastify';
import { notFound, parse } from '../../http/errors.js';
import { idParam } from '../../http/params.js';
import type { SecretBox } from '../../lib/secrets.js';
import { findOrder } from '../orders/queries.js';
import { cancelInvoice, createInvoice, deleteInvoice, downloadInvoice, stornoInvoice } from './service.js';

/**
 * The invoice calls on an order (spec part 1 section 7). Every change answers the order as it now
 * is ({data: Order}, with `bill_number`, `invoice` and `invoice_state`); the download answers the PDF.
 */
export function invoiceRoutes(app: FastifyInstance, opts: { secrets: SecretBox }): void {
  const scoped = { config: { company: true } };
  const deps = { secrets: opts.secrets };

  const answer = async (req: FastifyRequest, id: number) => {
    const order = await findOrder(req.ctx.db.kysely, req.ctx.companyId, id);
    if (!order) throw notFound();
    return { data: order };
  };

  app.post('/api/v1/order/:id/create-invoice', scoped, async (req, reply) => {
    const { id } = parse(idParam, req.params);
    const outcome = await createInvoice(req.ctx, deps, id);
    // 200 when an earlier create whose answer was lost had issued it after all: nothing new was created.
    return reply.status(outcome === 'created' ? 201 : 200).send(await answer(req, id));
  });

  app.get('/api/v1/order/:id/download-invoice', scoped, async (req, reply) => {
    const { id } = parse(idParam, req.params);
    const { pdf, filename } = await downloadInvoice(req.ctx, deps, id);
    return reply.type('application/pdf').header('content-disposition', `attachment; filename="${filename}"`).header('cache-control', 'no-store').send(pdf);
  });

  app.post('/api/v1/order/:id/cancel-invoice', scoped, async (req) => {
    const { id } = parse(idParam, req.params);
    await cancelInvoice(req.ctx, deps, id);
    return answer(req, id);
  });

  app.post('/api/v1/order/:id/delete-invoice', scoped, async (req) => {
    const { id } = parse(idParam, req.params);
    await deleteInvoice(req.ctx, deps, id);
    return answer(req, id);
  });

  app.post('/api/v1/order/:id/storno-invoice', scoped, async (req, reply) => {
    const { id } = parse(idParam, req.params);
    await stornoInvoice(req.ctx, deps, id, req.body);
    return reply.status(201).send(await answer(req, id));
  });
}
