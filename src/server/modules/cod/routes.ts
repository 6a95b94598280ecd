import type { FastifyInstance } from 'fastify';
import { readForm } from '../../http/form.js';
import {
  codDifferences,
  codSettings,
  codSummary,
  codUnpaid,
  importSettlementFile,
  updateCodSettings,
} from './service.js';
import { syncCodRepayments } from './sync.js';

/** Cash on delivery of the selected company (X-Company-ID): what couriers collected and paid out. */
export function codRoutes(app: FastifyInstance): void {
  const scoped = { config: { company: true } };

  app.get('/api/v1/cod/summary', scoped, async (req) => ({ data: await codSummary(req.ctx, req.query) }));

  app.get('/api/v1/cod/unpaid', scoped, async (req) => codUnpaid(req.ctx, req.query));

  app.get('/api/v1/cod/differences', scoped, async (req) => ({ data: await codDifferences(req.ctx) }));

  app.get('/api/v1/cod/settings', scoped, async (req) => ({ data: await codSettings(req.ctx) }));

  app.post('/api/v1/cod/settings', scoped, async (req) => ({ data: await updateCodSettings(req.ctx, req.body) }));

  // Multipart: `courier`, `file` (CSV or XLSX), optionally `accept_differences` and `accept_unreadable`;
  // `?preview=1` saves nothing.
  app.post('/api/v1/cod/import', scoped, async (req) => {
    const query = (req.query ?? {}) as Record<string, unknown>;
    const preview = query.preview === '1' || query.preview === 'true';
    let fields: Record<string, unknown> = {};
    let file: { filename: string; bytes: Buffer; truncated: boolean } | null = null;
    if (req.isMultipart()) {
      const form = await readForm(req);
      fields = form.fields;
      const f = form.files.find((x) => x.field === 'file');
      if (f) file = { filename: f.filename, bytes: f.bytes, truncated: f.truncated };
    } else if (req.body && typeof req.body === 'object') fields = req.body as Record<string, unknown>;
    return { data: await importSettlementFile(req.ctx, { fields, file }, preview) };
  });

  app.post('/api/v1/cod/sync', scoped, async (req) => ({ data: await syncCodRepayments(req.ctx) }));
}
