import type { FastifyInstance } from 'fastify';
import { publicDocument } from './service.js';

/** A document reachable by its link alone (no session: the random token is the proof). */
export function publicDocumentRoutes(app: FastifyInstance): void {
  app.get('/api/v1/public/documents/:file', { config: { public: true } }, async (req, reply) => {
    const { file } = req.params as { file: string };
    const { pdf, filename } = await publicDocument(req.ctx, file);
    return reply
      .type('application/pdf')
      .header('content-disposition', `inline; filename="${filename}"`)
      .header('cache-control', 'no-store')
      .header('x-robots-tag', 'noindex')
      .send(pdf);
  });
}
