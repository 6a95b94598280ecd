import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parse } from '../../http/errors.js';
import { idParam } from '../../http/params.js';
import { mergedInvoices, zippedInvoices } from './invoiceFiles.js';
import { pickingListCsv, pickingListFile } from './picking.js';
import { bulkJobView, bulkPickingList, listBulkJobs, mergedLabels, retryBulkJob, startBulkJob } from './service.js';

const pickingQuery = z.object({ format: z.enum(['pdf', 'csv']).default('pdf') });
const invoicesQuery = z.object({ format: z.enum(['pdf', 'zip']).default('pdf') });

/**
 * Bulk actions over orders: start one (202: it runs in the background), read one with its report
 * per order, the company's recent ones, retry the failed orders, and the files a job makes (the
 * merged labels, the picking list, the invoices merged or zipped).
 */
export function orderBulkRoutes(app: FastifyInstance): void {
  const scoped = { config: { company: true } };
  // A repeated submission (a double click) answers the first job instead of starting a second.
  const create = { config: { company: true, idempotent: true } };

  app.post('/api/v1/order-bulk', create, async (req, reply) => {
    const job = await startBulkJob(req.ctx, req.body);
    return reply.status(202).send({ data: job });
  });

  app.get('/api/v1/order-bulk', scoped, async (req) => ({ data: await listBulkJobs(req.ctx) }));

  app.get('/api/v1/order-bulk/:id', scoped, async (req) => {
    const { id } = parse(idParam, req.params);
    return { data: await bulkJobView(req.ctx, id) };
  });

  app.post('/api/v1/order-bulk/:id/retry', scoped, async (req, reply) => {
    const { id } = parse(idParam, req.params);
    return reply.status(202).send({ data: await retryBulkJob(req.ctx, id, req.body) });
  });

  app.get('/api/v1/order-bulk/:id/labels', scoped, async (req, reply) => {
    const { id } = parse(idParam, req.params);
    const { pdf } = await mergedLabels(req.ctx, id);
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="labels-${id}.pdf"`)
      .header('cache-control', 'no-store')
      .send(pdf);
  });

  // An invoice job's invoices: one PDF to print, or a ZIP of one PDF each for the accountant.
  app.get('/api/v1/order-bulk/:id/invoices', scoped, async (req, reply) => {
    const { id } = parse(idParam, req.params);
    const { format } = parse(invoicesQuery, req.query);
    reply.header('cache-control', 'no-store');
    if (format === 'zip')
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="invoices-${id}.zip"`)
        .send(await zippedInvoices(req.ctx, id));
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="invoices-${id}.pdf"`)
      .send(await mergedInvoices(req.ctx, id));
  });

  app.get('/api/v1/order-bulk/:id/picking-list', scoped, async (req, reply) => {
    const { id } = parse(idParam, req.params);
    const { format } = parse(pickingQuery, req.query);
    const { job, lines } = await bulkPickingList(req.ctx, id);
    reply.header('cache-control', 'no-store');
    if (format === 'csv')
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="picking-list-${id}.csv"`)
        .send(pickingListCsv(lines, req.ctx.lang));
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="picking-list-${id}.pdf"`)
      .send(await pickingListFile(lines, job.done, req.ctx.lang, req.ctx.now));
  });
}
