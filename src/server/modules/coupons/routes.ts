import type { FastifyInstance } from 'fastify';
import { listQuery } from '../../../core/api/list.js';
import { parse } from '../../http/errors.js';
import { idParam } from '../../http/params.js';
import { createCoupon, deleteCoupon, getCoupon, listCouponsOf, updateCoupon } from './service.js';

/** The coupons of the selected company (X-Company-ID), shaped as the discounts' calls. */
export function couponRoutes(app: FastifyInstance): void {
  const scoped = { config: { company: true } };
  const create = { config: { company: true, idempotent: true } };

  app.get('/api/v1/coupon', scoped, async (req) => listCouponsOf(req.ctx, parse(listQuery, req.query)));

  app.get('/api/v1/coupon/:id', scoped, async (req) => {
    const { id } = parse(idParam, req.params);
    return { data: await getCoupon(req.ctx, id) };
  });

  app.post('/api/v1/coupon', create, async (req, reply) =>
    reply.status(201).send({ data: await createCoupon(req.ctx, req.body) }),
  );

  app.post('/api/v1/coupon/:id', scoped, async (req) => {
    const { id } = parse(idParam, req.params);
    return { data: await updateCoupon(req.ctx, id, req.body) };
  });

  app.delete('/api/v1/coupon/:id', scoped, async (req) => {
    const { id } = parse(idParam, req.params);
    await deleteCoupon(req.ctx, id);
    return { message: 'deleted' };
  });
}
