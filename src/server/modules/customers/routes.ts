import type { FastifyInstance } from 'fastify';
import { customerPhoneBody, flagBody } from '../../../core/api/orders.js';
import { listQuery } from '../../../core/api/list.js';
import { notFound, parse } from '../../http/errors.js';
import { idParam } from '../../http/params.js';
import { findCompanyCustomer, flagsOf, listCustomers } from '../orders/queries.js';
import { changeCustomerPhone, flagCustomer } from '../orders/service.js';
import { z } from 'zod';
import { idRef } from '../../../core/validation.js';

const phoneChangeBody = customerPhoneBody.extend({ order_id: z.preprocess((v) => (v === '' || v === null ? undefined : v), idRef().optional()) });

/**
 * Customers are people (by phone) shared across companies; a company sees those who ordered from
 * it, and every company's flags on them without learning which other company raised one.
 */
export function customerRoutes(app: FastifyInstance): void {
  const scoped = { config: { company: true } };

  const answer = async (ctx: { db: { kysely: Parameters<typeof findCompanyCustomer>[0] }; companyId: number }, id: number) => {
    const c = await findCompanyCustomer(ctx.db.kysely, ctx.companyId, id);
    if (!c) throw notFound();
    const flags = await flagsOf(ctx.db.kysely, ctx.companyId, [id]);
    return { data: { id: c.id, name: c.name, phone_number: c.phone_number, email: c.email, orders_count: Number(c.orders_count), flags: flags.get(id) ?? [], created_at: Number(c.created_at) } };
  };

  app.get('/api/v1/customer', scoped, async (req) => {
    const q = parse(listQuery, req.query);
    return listCustomers(req.ctx.db.reads, req.ctx.db.engine, req.ctx.companyId, q);
  });

  app.get('/api/v1/customer/:id', scoped, async (req) => {
    const { id } = parse(idParam, req.params);
    return answer(req.ctx, id);
  });

  app.post('/api/v1/customer/:id', scoped, async (req) => {
    const { id } = parse(idParam, req.params);
    const { phone_number, order_id } = parse(phoneChangeBody, req.body);
    await changeCustomerPhone(req.ctx, id, phone_number, order_id);
    return answer(req.ctx, id);
  });

  app.post('/api/v1/customer/:id/flag', scoped, async (req, reply) => {
    const { id } = parse(idParam, req.params);
    const { reason, order_id } = parse(flagBody, req.body);
    await flagCustomer(req.ctx, id, reason, order_id);
    return reply.status(201).send(await answer(req.ctx, id));
  });
}
