import type { FastifyInstance } from 'fastify';
import { parse } from '../../http/errors.js';
import { idParam } from '../../http/params.js';
import { listOrderSms, receiveReceipt, sendOrderSms } from './service.js';

/** An order's SMS (send by hand, list) and the companies' delivery receipt URL. */
export function smsRoutes(app: FastifyInstance): void {
  app.post('/api/v1/order/:id/sms', { config: { company: true, idempotent: true } }, async (req, reply) => {
    const { id } = parse(idParam, req.params);
    return reply.code(201).send({ data: await sendOrderSms(req.ctx, id, req.body) });
  });
  app.get('/api/v1/order/:id/sms', { config: { company: true } }, async (req) => {
    const { id } = parse(idParam, req.params);
    return { data: await listOrderSms(req.ctx, id) };
  });

  // Vonage calls back without a session, by GET (query) or POST (JSON body): the URL's token is the
  // company's secret. Whatever arrives is answered 204 without detail, so a forged or unknown
  // receipt learns nothing and a real one is not sent again.
  for (const method of ['GET', 'POST'] as const) {
    app.route<{ Params: { company: string; token: string } }>({
      method,
      url: '/api/v1/sms/receipts/:company/:token',
      config: { public: true },
      handler: async (req, reply) => {
        const payload = {
          ...(req.query as Record<string, unknown>),
          ...(req.body && typeof req.body === 'object' ? (req.body as Record<string, unknown>) : {}),
        };
        await receiveReceipt(req.ctx, req.params.company, req.params.token, payload);
        return reply.code(204).send();
      },
    });
  }
}
