import type { FastifyInstance } from 'fastify';
import { INTAKE_HEADERS, INTAKE_MAX_BODY_BYTES } from '../../../core/api/intake.js';
import { HttpError, parse } from '../../http/errors.js';
import { readForm } from '../../http/form.js';
import { idParam } from '../../http/params.js';
import { importOrders, type ImportFile } from './importService.js';
import {
  dismissItem,
  inboxCounts,
  inboxItem,
  intakeSettings,
  listInbox,
  receivePush,
  retryItem,
  updateIntakeSettings,
} from './service.js';
import { importTemplate } from './template.js';

const header = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/**
 * The intake: the signed push of a shop (no session: the source's intake key signs it), and the
 * inbox and import of the selected company (X-Company-ID).
 */
export function intakeRoutes(app: FastifyInstance): void {
  // The push's signature is over the body's exact bytes, so this route reads them as they came (a
  // parser of its own, in a scope of its own) and parses the JSON itself; a body over 1 MB is refused
  // while it is read (413), before anything is done with it.
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: INTAKE_MAX_BODY_BYTES }, (_req, body, done) =>
      done(null, body),
    );
    scope.setErrorHandler((err) => {
      if ((err as { code?: string }).code === 'FST_ERR_CTP_BODY_TOO_LARGE')
        throw new HttpError(413, 'intake_too_large');
      throw err;
    });
    scope.post(
      '/api/v1/intake/orders',
      { config: { public: true }, bodyLimit: INTAKE_MAX_BODY_BYTES },
      async (req, reply) => {
        const answer = await receivePush(req.ctx, {
          keyId: header(req.headers[INTAKE_HEADERS.key]),
          timestamp: header(req.headers[INTAKE_HEADERS.timestamp]),
          signature: header(req.headers[INTAKE_HEADERS.signature]),
          body: Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0),
        });
        return reply.status(answer.status).send({ data: answer.data });
      },
    );
  });

  const scoped = { config: { company: true } };

  app.get('/api/v1/intake', scoped, async (req) => listInbox(req.ctx, req.query));

  app.get('/api/v1/intake/counts', scoped, async (req) => ({ data: await inboxCounts(req.ctx) }));

  app.get('/api/v1/intake/settings', scoped, async (req) => ({ data: await intakeSettings(req.ctx) }));

  app.post('/api/v1/intake/settings', scoped, async (req) => ({ data: await updateIntakeSettings(req.ctx, req.body) }));

  app.get('/api/v1/intake/import/template', scoped, async (req, reply) => {
    const file = await importTemplate(req.ctx, req.query);
    return reply
      .header('content-type', file.contentType)
      .header('content-disposition', `attachment; filename="${file.fileName}"`)
      .header('cache-control', 'no-store')
      .send(file.body);
  });

  // Multipart: `source_id`, `file` (CSV or XLSX), optionally `dry_run=1` (nothing written).
  app.post('/api/v1/intake/import', scoped, async (req) => {
    let fields: Record<string, unknown> = {};
    let file: ImportFile | null = null;
    if (req.isMultipart()) {
      const form = await readForm(req);
      fields = form.fields;
      const f = form.files.find((x) => x.field === 'file');
      if (f) file = { filename: f.filename, bytes: f.bytes, truncated: f.truncated };
    } else if (req.body && typeof req.body === 'object') fields = req.body as Record<string, unknown>;
    return { data: await importOrders(req.ctx, { fields, file }) };
  });

  app.get('/api/v1/intake/:id', scoped, async (req) => {
    const { id } = parse(idParam, req.params);
    return { data: await inboxItem(req.ctx, id) };
  });

  app.post('/api/v1/intake/:id/retry', scoped, async (req) => {
    const { id } = parse(idParam, req.params);
    return { data: await retryItem(req.ctx, id) };
  });

  app.delete('/api/v1/intake/:id', scoped, async (req) => {
    const { id } = parse(idParam, req.params);
    return { data: await dismissItem(req.ctx, id) };
  });
}
