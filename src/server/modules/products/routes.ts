import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { listQuery } from '../../../core/api/list.js';
import { parse } from '../../http/errors.js';
import { idParam } from '../../http/params.js';
import { readProductBody } from './body.js';
import { imageSigner } from './images.js';
import { createProduct, deleteProduct, getProduct, listProductsOf, signedImage, updateProduct } from './service.js';

const imageQuery = z.object({ v: z.string().max(64), exp: z.coerce.number().int(), sig: z.string().max(128) });

/**
 * Products of the selected company, with their variations. Create and update take multipart form
 * data (fields + optional `image` file) or JSON (fields only). The image itself is served by a
 * public route whose links are signed with the app key (see images.ts).
 */
export function productRoutes(app: FastifyInstance, appKey: string): void {
  const signer = imageSigner(appKey);
  const scoped = { config: { company: true } };
  // Creates accept an Idempotency-Key (http/idempotency.ts): a repeated submission answers the first one's result.
  const create = { config: { company: true, idempotent: true } };

  app.get('/api/v1/product', scoped, async (req) => listProductsOf(req.ctx, signer, parse(listQuery, req.query)));

  app.get('/api/v1/product/:id', scoped, async (req) => {
    const { id } = parse(idParam, req.params);
    return { data: await getProduct(req.ctx, signer, id) };
  });

  app.post('/api/v1/product', create, async (req, reply) => {
    const body = await readProductBody(req);
    return reply.status(201).send({ data: await createProduct(req.ctx, signer, body) });
  });

  app.post('/api/v1/product/:id', scoped, async (req) => {
    const { id } = parse(idParam, req.params);
    const body = await readProductBody(req);
    return { data: await updateProduct(req.ctx, signer, id, body) };
  });

  app.delete('/api/v1/product/:id', scoped, async (req) => {
    const { id } = parse(idParam, req.params);
    const deletedVariations = await deleteProduct(req.ctx, id);
    return { message: 'deleted', deleted_variations: deletedVariations };
  });

  // Public, but only through a link handed out in a product answer (signed, expiring).
  app.get('/api/v1/product/:id/image', { config: { public: true } }, async (req, reply) => {
    const { id } = parse(idParam, req.params);
    const q = imageQuery.safeParse(req.query);
    const image = await signedImage(req.ctx, signer, id, q.success ? q.data : null);
    return reply
      .header('content-type', image.mime)
      .header('cache-control', `private, max-age=${image.maxAge}`)
      .header('etag', `"${image.sha256}"`)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'")
      .send(image.bytes);
  });
}
