import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { translate } from '../../../core/messages.js';
import { parse } from '../../http/errors.js';
import { idParam } from '../../http/params.js';
import {
  cancelInvoice,
  createInvoice,
  deleteInvoice,
  downloadInvoice,
  invoiceDocuments,
  stornoInvoice,
} from '../invoices/index.js';
import { AwbConflict, awbLabel, deleteAwb } from '../shipping/index.js';
import { createOrderAwb, orderView, resolveOrderAwb } from './service.js';

/**
 * The documents of an order: its AWB (shipping module) and its SmartBill invoice (invoices module).
 * Changes answer the order as it now is ({data: Order}); a 409 of an AWB create or delete carries
 * it too, so the page shows the AWB that exists or the create that is being checked. Downloads
 * answer the PDF with the provider's document number in its file name.
 */
export function orderDocumentRoutes(app: FastifyInstance): void {
  const scoped = { config: { company: true } };
  // The creates (AWB, invoice, storno) are guarded by their own protocol (provider-documents: one
  // active document per order); they accept an Idempotency-Key too, so a repeated click answers
  // the first result instead of a 409.
  const create = { config: { company: true, idempotent: true } };
  const answer = async (req: FastifyRequest, id: number) => ({ data: await orderView(req.ctx, id) });
  const pdf = (reply: FastifyReply, filename: string, body: Buffer) =>
    reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .header('cache-control', 'no-store')
      .send(body);

  /** Runs an AWB change; its conflict answers 409 with the order as it is. */
  const awbChange = async (req: FastifyRequest, reply: FastifyReply, id: number, change: () => Promise<void>) => {
    try {
      await change();
    } catch (err) {
      if (!(err instanceof AwbConflict)) throw err;
      return reply
        .status(409)
        .send({ message: translate(req.ctx.lang, err.key, err.params), ...(await answer(req, id)) });
    }
    return null;
  };

  app.post('/api/v1/order/:id/awb', create, async (req, reply) => {
    const { id } = parse(idParam, req.params);
    const conflict = await awbChange(req, reply, id, () => createOrderAwb(req.ctx, id, req.body));
    return conflict ?? reply.status(201).send(await answer(req, id));
  });

  // The seller's choice among the AWBs that could be a lost create's ({awb}, or {awb: null} for none).
  app.post('/api/v1/order/:id/awb/resolve', scoped, async (req, reply) => {
    const { id } = parse(idParam, req.params);
    const conflict = await awbChange(req, reply, id, () => resolveOrderAwb(req.ctx, id, req.body));
    return conflict ?? answer(req, id);
  });

  app.get('/api/v1/order/:id/awb', scoped, async (req, reply) => {
    const { id } = parse(idParam, req.params);
    const label = await awbLabel(req.ctx, id);
    // The AWB number names the file (couriers' numbers are digits and letters; anything else is dropped).
    return pdf(reply, `AWB-${label.awb.replace(/[^A-Za-z0-9_-]/g, '')}.pdf`, label.pdf);
  });

  // The spec names the delete without /api/v1 too.
  for (const url of ['/api/v1/order/:id/awb', '/api/order/:id/awb']) {
    app.delete(url, scoped, async (req, reply) => {
      const { id } = parse(idParam, req.params);
      const conflict = await awbChange(req, reply, id, () => deleteAwb(req.ctx, id));
      return conflict ?? answer(req, id);
    });
  }

  app.post('/api/v1/order/:id/create-invoice', create, async (req, reply) => {
    const { id } = parse(idParam, req.params);
    const outcome = await createInvoice(req.ctx, id);
    // 200 when an earlier create whose answer was lost had issued it after all: nothing new was created.
    return reply.status(outcome === 'created' ? 201 : 200).send(await answer(req, id));
  });

  app.get('/api/v1/order/:id/download-invoice', scoped, async (req, reply) => {
    const { id } = parse(idParam, req.params);
    // ?document={id}: one of the order's documents (a storno document too); without it, its invoice.
    const invoice = await downloadInvoice(req.ctx, id, req.query);
    return pdf(reply, invoice.filename, invoice.pdf);
  });

  // Every document SmartBill issued for the order: its invoice and the storno documents reversing it.
  app.get('/api/v1/order/:id/invoice-documents', scoped, async (req) => {
    const { id } = parse(idParam, req.params);
    return { data: await invoiceDocuments(req.ctx, id) };
  });

  app.post('/api/v1/order/:id/cancel-invoice', scoped, async (req) => {
    const { id } = parse(idParam, req.params);
    await cancelInvoice(req.ctx, id);
    return answer(req, id);
  });

  app.post('/api/v1/order/:id/delete-invoice', scoped, async (req) => {
    const { id } = parse(idParam, req.params);
    await deleteInvoice(req.ctx, id);
    return answer(req, id);
  });

  app.post('/api/v1/order/:id/storno-invoice', create, async (req, reply) => {
    const { id } = parse(idParam, req.params);
    await stornoInvoice(req.ctx, id, req.body);
    return reply.status(201).send(await answer(req, id));
  });
}
