import type { FastifyInstance } from 'fastify';
import { listQuery } from '../../../core/api/list.js';
import { parse } from '../../http/errors.js';
import { idParam } from '../../http/params.js';
import {
  createOrderDiscount,
  createProductDiscount,
  deleteOrderDiscount,
  deleteProductDiscount,
  getOrderDiscount,
  getProductDiscount,
  listOrderDiscountsOf,
  listProductDiscountsOf,
  updateOrderDiscount,
  updateProductDiscount,
} from './service.js';

/** Order discounts and product discounts of the selected company (X-Company-ID). */
export function discountRoutes(app: FastifyInstance): void {
  const scoped = { config: { company: true } };
  // Creates accept an Idempotency-Key (http/idempotency.ts): a repeated submission answers the first one's result.
  const create = { config: { company: true, idempotent: true } };

  app.get('/api/v1/order-discount', scoped, async (req) => listOrderDiscountsOf(req.ctx, parse(listQuery, req.query)));

  app.get('/api/v1/order-discount/:id', scoped, async (req) => {
    const { id } = parse(idParam, req.params);
    return { data: await getOrderDiscount(req.ctx, id) };
  });

  app.post('/api/v1/order-discount', create, async (req, reply) =>
    reply.status(201).send({ data: await createOrderDiscount(req.ctx, req.body) }),
  );

  app.post('/api/v1/order-discount/:id', scoped, async (req) => {
    const { id } = parse(idParam, req.params);
    return { data: await updateOrderDiscount(req.ctx, id, req.body) };
  });

  app.delete('/api/v1/order-discount/:id', scoped, async (req) => {
    const { id } = parse(idParam, req.params);
    await deleteOrderDiscount(req.ctx, id);
    return { message: 'deleted' };
  });

  app.get('/api/v1/product-discount', scoped, async (req) =>
    listProductDiscountsOf(req.ctx, parse(listQuery, req.query)),
  );

  app.get('/api/v1/product-discount/:id', scoped, async (req) => {
    const { id } = parse(idParam, req.params);
    return { data: await getProductDiscount(req.ctx, id) };
  });

  app.post('/api/v1/product-discount', create, async (req, reply) =>
    reply.status(201).send({ data: await createProductDiscount(req.ctx, req.body) }),
  );

  app.post('/api/v1/product-discount/:id', scoped, async (req) => {
    const { id } = parse(idParam, req.params);
    return { data: await updateProductDiscount(req.ctx, id, req.body) };
  });

  app.delete('/api/v1/product-discount/:id', scoped, async (req) => {
    const { id } = parse(idParam, req.params);
    await deleteProductDiscount(req.ctx, id);
    return { message: 'deleted' };
  });
}
