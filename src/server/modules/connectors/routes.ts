import type { FastifyInstance } from 'fastify';
import { HttpError, parse } from '../../http/errors.js';
import { idParam } from '../../http/params.js';
import { receiveWebhook } from './ordersIn.js';
import { webhookShopTypes } from './shops/index.js';
import {
  connect,
  connectorForm,
  disconnect,
  getConnector,
  listConnectedShops,
  syncNow,
  updateSettings,
} from './service.js';

/** The largest webhook body taken (an order of 200 lines is far below it). */
const HOOK_MAX_BODY_BYTES = 2 * 1024 * 1024;

/**
 * A source's shop connector (the selected company's, X-Company-ID), and the shops' webhooks (no
 * session: the signature of the body is the proof).
 */
export function connectorRoutes(app: FastifyInstance): void {
  const scoped = { config: { company: true } };

  app.get('/api/v1/connectors', scoped, async (req) => ({ data: await listConnectedShops(req.ctx) }));

  app.get('/api/v1/source/:id/connector', scoped, async (req) => {
    const { id } = parse(idParam, req.params);
    return { data: await getConnector(req.ctx, id) };
  });

  app.get('/api/v1/source/:id/connector/form', scoped, async (req) => {
    const { id } = parse(idParam, req.params);
    return { data: await connectorForm(req.ctx, id) };
  });

  app.post('/api/v1/source/:id/connector', scoped, async (req, reply) => {
    const { id } = parse(idParam, req.params);
    return reply.status(201).send({ data: await connect(req.ctx, id, req.body) });
  });

  app.delete('/api/v1/source/:id/connector', scoped, async (req) => {
    const { id } = parse(idParam, req.params);
    await disconnect(req.ctx, id);
    return { message: 'deleted' };
  });

  app.post('/api/v1/source/:id/connector/sync', scoped, async (req, reply) => {
    const { id } = parse(idParam, req.params);
    return reply.status(202).send({ data: await syncNow(req.ctx, id) });
  });

  app.post('/api/v1/source/:id/connector/settings', scoped, async (req) => {
    const { id } = parse(idParam, req.params);
    return { data: await updateSettings(req.ctx, id, req.body) };
  });

  // The signature is over the body's exact bytes: this scope reads them as they came (JSON, or the
  // form-encoded ping) and the service parses them itself.
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: HOOK_MAX_BODY_BYTES }, (_req, body, done) =>
      done(null, body),
    );
    // One address per kind of shop that sends webhooks (`/hooks/woocommerce/7`, `/hooks/shopify/7`):
    // a delivery to another kind's address is refused as unsigned.
    for (const type of webhookShopTypes())
      scope.post(
        `/api/v1/hooks/${type}/:id`,
        { config: { public: true }, bodyLimit: HOOK_MAX_BODY_BYTES },
        async (req, reply) => {
          const params = idParam.safeParse(req.params);
          if (!params.success) throw new HttpError(401, 'webhook_unauthorized');
          const headers: Record<string, string | undefined> = {};
          for (const [k, v] of Object.entries(req.headers)) headers[k] = Array.isArray(v) ? v[0] : v;
          const answer = await receiveWebhook(req.ctx, {
            type,
            sourceId: params.data.id,
            headers,
            body: Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0),
          });
          return reply.status(answer.status).send({ ok: true });
        },
      );
  });
}
