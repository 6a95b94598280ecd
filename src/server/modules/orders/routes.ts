import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { narrows, orderListFilterSchema, orderListQuery } from '../../../core/orders/listFilter.js';
import { readsFor } from '../../db/connection.js';
import { parse } from '../../http/errors.js';
import { idParam, pathId } from '../../http/params.js';
import type { ServiceContext } from '../../context.js';
import { orderDocumentRoutes } from './documentRoutes.js';
import { exportOrders } from './export.js';
import { addressCheckCount, attentionCount, listOrders, tabCounts } from './list/index.js';
import { answerAddressCheck } from './addressCheck.js';
import {
  addDiscount,
  addLine,
  applyCoupon,
  deleteDiscount,
  deleteLine,
  removeCoupon,
  setLineQuantity,
  updateDiscount,
} from './contents.js';
import {
  cancelOrder,
  createOrder,
  deleteOrder,
  orderView,
  restoreOrder,
  updateCustomerDetail,
  updateOrderFields,
} from './service.js';

const orderProductParams = z.object({ orderId: pathId(), productId: pathId() });
const orderIdParam = z.object({ orderId: pathId() });

/**
 * The order calls: list, one order, create, notes, delete, cancel and restore, lines, discounts,
 * customer details; its AWB and invoice calls are in documentRoutes.ts. Every change answers the
 * order as it now is ({data: Order}), so the page can show it without asking again; the web app
 * still refetches after each change, as the spec says.
 */
export function orderRoutes(app: FastifyInstance): void {
  const scoped = { config: { company: true } };
  // Creates (an order, a line, an applied discount) accept an Idempotency-Key (http/idempotency.ts):
  // a repeated submission answers the first one's result and takes no stock a second time.
  const create = { config: { company: true, idempotent: true } };
  const answer = async (ctx: ServiceContext, id: number) => ({ data: await orderView(ctx, id) });

  app.get('/api/v1/order', scoped, async (req) => {
    const q = parse(orderListQuery, req.query);
    // A plain page or tab is a short indexed read (main connection); a search or filter may be long (read pool).
    return listOrders(readsFor(req.ctx.db, narrows(q)), req.ctx.db.engine, req.ctx.companyId, q);
  });

  // The tab counts of what the list shows under the same filters (a status parameter is ignored);
  // `meta.address_check`: the "to check" tab's (the orders whose address needs a look, address_check=1).
  app.get('/api/v1/order/counts', scoped, async (req) => {
    const f = parse(orderListFilterSchema, req.query);
    const exec = readsFor(req.ctx.db, narrows({ ...f, status: undefined }));
    const { db, companyId } = req.ctx;
    return {
      data: await tabCounts(exec, db.engine, companyId, f),
      meta: {
        address_check: await addressCheckCount(exec, db.engine, companyId, f),
        // The "attention" tab's (parcels refused, returning, a failed attempt or not moving: attention=1).
        attention: await attentionCount(exec, db.engine, companyId, f),
      },
    };
  });

  // The filtered list as a file, streamed (export.ts).
  app.get('/api/v1/order/export', scoped, async (req, reply) => {
    const file = await exportOrders(req.ctx, req.query);
    return reply
      .header('content-type', file.contentType)
      .header('content-disposition', `attachment; filename="${file.fileName}"`)
      .header('cache-control', 'no-store')
      .send(file.body);
  });

  app.get('/api/v1/order/:id', scoped, async (req) => {
    const { id } = parse(idParam, req.params);
    return answer(req.ctx, id);
  });

  // The spec names both addresses for the new-order call.
  for (const url of ['/api/v1/order', '/api/order']) {
    app.post(url, create, async (req, reply) => {
      const id = await createOrder(req.ctx, req.body);
      return reply.status(201).send(await answer(req.ctx, id));
    });
  }

  app.post('/api/v1/order/:id', scoped, async (req) => {
    const { id } = parse(idParam, req.params);
    await updateOrderFields(req.ctx, id, req.body);
    return answer(req.ctx, id);
  });

  app.delete('/api/v1/order/:id', scoped, async (req) => {
    const { id } = parse(idParam, req.params);
    await deleteOrder(req.ctx, id);
    return { message: 'deleted' };
  });

  app.post('/api/v1/order/:id/cancel', scoped, async (req) => {
    const { id } = parse(idParam, req.params);
    await cancelOrder(req.ctx, id);
    return answer(req.ctx, id);
  });

  app.post('/api/v1/order/:id/uncancel', scoped, async (req) => {
    const { id } = parse(idParam, req.params);
    await restoreOrder(req.ctx, id);
    return answer(req.ctx, id);
  });

  app.post('/api/v1/order/:orderId/product/:productId', create, async (req) => {
    const { orderId, productId } = parse(orderProductParams, req.params);
    await addLine(req.ctx, orderId, productId, req.body);
    return answer(req.ctx, orderId);
  });

  app.post('/api/v1/order-product/:id', scoped, async (req) => {
    const { id } = parse(idParam, req.params);
    const orderId = await setLineQuantity(req.ctx, id, req.body);
    return answer(req.ctx, orderId);
  });

  app.delete('/api/v1/order-product/:id', scoped, async (req) => {
    const { id } = parse(idParam, req.params);
    const orderId = await deleteLine(req.ctx, id);
    return answer(req.ctx, orderId);
  });

  app.post('/api/v1/applied-discount/:orderId/add', create, async (req, reply) => {
    const { orderId } = parse(orderIdParam, req.params);
    await addDiscount(req.ctx, orderId, req.body);
    return reply.status(201).send(await answer(req.ctx, orderId));
  });

  app.post('/api/v1/applied-discount/:id', scoped, async (req) => {
    const { id } = parse(idParam, req.params);
    const orderId = await updateDiscount(req.ctx, id, req.body);
    return answer(req.ctx, orderId);
  });

  app.delete('/api/v1/applied-discount/:id', scoped, async (req) => {
    const { id } = parse(idParam, req.params);
    const orderId = await deleteDiscount(req.ctx, id);
    return answer(req.ctx, orderId);
  });

  app.post('/api/v1/order/:id/coupon', scoped, async (req) => {
    const { id } = parse(idParam, req.params);
    return answer(req.ctx, await applyCoupon(req.ctx, id, req.body));
  });

  app.delete('/api/v1/order/:id/coupon', scoped, async (req) => {
    const { id } = parse(idParam, req.params);
    return answer(req.ctx, await removeCoupon(req.ctx, id));
  });

  // The seller's answer to an order whose address is to check: a corrected address, or `confirm: true`.
  app.post('/api/v1/order/:id/address-check', scoped, async (req) => {
    const { id } = parse(idParam, req.params);
    await answerAddressCheck(req.ctx, id, req.body);
    return answer(req.ctx, id);
  });

  app.post('/api/v1/customer-detail/:orderId', scoped, async (req) => {
    const { orderId } = parse(orderIdParam, req.params);
    await updateCustomerDetail(req.ctx, orderId, req.body);
    return answer(req.ctx, orderId);
  });

  orderDocumentRoutes(app);
}
