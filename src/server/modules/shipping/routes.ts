import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { awbBody } from '../../../core/api/shipping.js';
import { translate } from '../../../core/messages.js';
import { notFound, parse } from '../../http/errors.js';
import { idParam } from '../../http/params.js';
import { findOrder } from '../orders/queries.js';
import { AwbConflict, awbLabel, createAwb, deleteAwb, type ShippingDeps } from './service.js';

/**
 * The AWB calls of an order (spec part 1, section 7). Changes answer the order as it now is
 * ({data: Order}), as the orders routes do; a 409 of the create carries it too, so the page shows
 * the AWB that exists or the create that is being checked.
 */
export function shippingRoutes(app: FastifyInstance, deps: ShippingDeps): void {
  const scoped = { config: { company: true } };

  const theOrder = async (req: FastifyRequest, id: number) => {
    const order = await findOrder(req.ctx.db.kysely, req.ctx.companyId, id);
    if (!order) throw notFound();
    return order;
  };
  const conflict = async (req: FastifyRequest, reply: FastifyReply, err: AwbConflict, id: number) =>
    reply.status(409).send({ message: translate(req.ctx.lang, err.key, err.params), data: await theOrder(req, id) });

  app.post('/api/v1/order/:id/awb', scoped, async (req, reply) => {
    const { id } = parse(idParam, req.params);
    const input = parse(awbBody, req.body);
    try {
      await createAwb(req.ctx, deps, id, input);
    } catch (err) {
      if (err instanceof AwbConflict) return conflict(req, reply, err, id);
      throw err;
    }
    return reply.status(201).send({ data: await theOrder(req, id) });
  });

  app.get('/api/v1/order/:id/awb', scoped, async (req, reply) => {
    const { id } = parse(idParam, req.params);
    const { awb, pdf } = await awbLabel(req.ctx, deps, id);
    // The AWB number names the file (couriers' numbers are digits and letters; anything else is dropped).
    const filename = `AWB-${awb.replace(/[^A-Za-z0-9_-]/g, '')}.pdf`;
    return reply.type('application/pdf').header('content-disposition', `attachment; filename="${filename}"`).header('cache-control', 'no-store').send(pdf);
  });

  // The spec names the delete without /api/v1 too.
  for (const url of ['/api/v1/order/:id/awb', '/api/order/:id/awb']) {
    app.delete(url, scoped, async (req, reply) => {
      const { id } = parse(idParam, req.params);
      try {
        await deleteAwb(req.ctx, deps, id);
      } catch (err) {
        if (err instanceof AwbConflict) return conflict(req, reply, err, id);
        throw err;
      }
      return { data: await theOrder(req, id) };
    });
  }
}
