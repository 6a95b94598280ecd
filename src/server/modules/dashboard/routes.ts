import type { FastifyInstance } from 'fastify';
import { dashboardStats } from './service.js';

/** The dashboard's figures of the selected company (X-Company-ID). */
export function dashboardRoutes(app: FastifyInstance): void {
  app.get('/api/v1/dashboard/stats', { config: { company: true } }, async (req) => ({
    data: await dashboardStats(req.ctx, req.query),
  }));
}
