import { z } from 'zod';
import { bulkBody } from '../../../core/api/orderBulk.js';
import type { ApiDoc } from '../../http/openapi.js';

/** Work on many orders at once: jobs, their report, their files. */
export const orderBulkApiDocs: ApiDoc[] = [
  {
    method: 'POST',
    url: '/api/v1/order-bulk',
    summary:
      'Start a bulk action (awb, invoice, status, labels, picking_list) over orders: their ids, or the list filter with the count the user saw',
    body: bulkBody,
    ok: { status: 202, description: 'The job, queued: { data: { id, action, status, total } }.' },
    errors: { 409: 'The filter matches another count now (the message says how many): nothing started.' },
  },
  { method: 'GET', url: '/api/v1/order-bulk', summary: "The company's recent bulk jobs" },
  {
    method: 'GET',
    url: '/api/v1/order-bulk/:id',
    summary: 'One bulk job with its counts and the outcome of each order (done, skipped, failed) with its reason',
  },
  {
    method: 'POST',
    url: '/api/v1/order-bulk/:id/retry',
    summary: "Try the job's failed orders again",
    ok: { status: 202 },
    errors: { 409: 'No order of the job failed.' },
  },
  {
    method: 'GET',
    url: '/api/v1/order-bulk/:id/labels',
    summary: "One PDF with the labels of the job's orders, in selection order",
    ok: { content: 'pdf' },
    errors: {
      409: 'The job has no labels (not an AWB or labels job, or no order has an AWB).',
      502: "A courier's label is not a PDF, or the courier refused.",
    },
  },
  {
    method: 'GET',
    url: '/api/v1/order-bulk/:id/invoices',
    summary: "An invoice job's invoices, in selection order: one merged PDF, or with ?format=zip a ZIP of one PDF each",
    query: z.object({ format: z.enum(['pdf', 'zip']).optional() }),
    ok: { content: 'pdf', description: 'A PDF, or a ZIP (application/zip) with ?format=zip.' },
    errors: {
      409: 'The job has no invoices (not an invoice job, or none of its invoices is left).',
      502: 'An invoice from SmartBill is not a PDF.',
    },
  },
  {
    method: 'GET',
    url: '/api/v1/order-bulk/:id/picking-list',
    summary: "The picking list of the job's orders: SKU, name, variation, total quantity and order count, by SKU",
    query: z.object({ format: z.enum(['pdf', 'csv']).optional() }),
    ok: { content: 'pdf', description: 'A PDF, or CSV with ?format=csv.' },
  },
];
