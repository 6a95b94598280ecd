import type { FastifyInstance } from 'fastify';
import { changelog } from './service.js';

/** The product's own release notes, kept in the repository, in the user's language. */
export function changelogRoutes(app: FastifyInstance): void {
  app.get('/api/v1/changelog', async (req) => ({ data: changelog(req.ctx) }));
}
