import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { listQuery } from '../../../core/api/list.js';
import type { Db } from '../../db/connection.js';
import { idParam } from '../../http/params.js';
import { HttpError, notFound, parse } from '../../http/errors.js';
import { nowSeconds } from '../../lib/time.js';
import { readProductBody } from './body.js';
import { imageSigner, versionMatches } from './images.js';
import { findProduct, listProducts } from './queries.js';
import { createProduct, deleteProduct, updateProduct } from './service.js';

const imageQuery = z.object({ v: z.string().max(64), exp: z.coerce.number().int(), sig: z.string().max(128) });

/**
 * Products of the selected company, with their variations. Create and update take multipart form
 * data (fields + optional `image` file) or JSON (fields only). The image itself is served by a
 * public route whose links are signed with the app key (see images.ts).
 */
export function productRoutes(app: FastifyInstance, db: Db, appKey: string): void {
  const signer = imageSigner(appKey);
  const scoped = { config: { company: true } };

  app.get('/api/v1/product', scoped, async (req) => {
    const q = parse(listQuery, req.query);
    return listProducts(db, signer, req.companyId, q);
  });

  app.get('/api/v1/product/:id', scoped, async (req) => {
    const { id } = parse(idParam, req.params);
    const product = await findProduct(db, signer, req.companyId, id);
    if (!product) throw notFound();
    return { data: product };
  });

  app.post('/api/v1/product', scoped, async (req, reply) => {
    const body = await readProductBody(req);
    const id = await createProduct(db, req, body);
    // A product created in another company of the user (company_id) is read back from there.
    const product = await db.kysely.selectFrom('products').select('company_id').where('id', '=', id).executeTakeFirstOrThrow();
    return reply.status(201).send({ data: await findProduct(db, signer, product.company_id, id) });
  });

  app.post('/api/v1/product/:id', scoped, async (req) => {
    const { id } = parse(idParam, req.params);
    const body = await readProductBody(req);
    await updateProduct(db, req, id, body);
    return { data: await findProduct(db, signer, req.companyId, id) };
  });

  app.delete('/api/v1/product/:id', scoped, async (req) => {
    const { id } = parse(idParam, req.params);
    const deletedVariations = await deleteProduct(db, req, id);
    return { message: 'deleted', deleted_variations: deletedVariations };
  });

  // Public, but only through a link handed out in a product answer (signed, expiring).
  app.get('/api/v1/product/:id/image', { config: { public: true } }, async (req, reply) => {
    const { id } = parse(idParam, req.params);
    const q = imageQuery.safeParse(req.query);
    if (!q.success || !signer.verify(id, q.data.v, q.data.exp, q.data.sig)) throw new HttpError(403, 'image_link_invalid');
    const image = await db.kysely.selectFrom('product_images').select(['mime', 'bytes', 'sha256']).where('product_id', '=', id).executeTakeFirst();
    if (!image || !versionMatches(image.sha256, q.data.v)) throw notFound();
    const maxAge = Math.max(0, q.data.exp - nowSeconds());
    return reply
      .header('content-type', image.mime)
      .header('cache-control', `private, max-age=${maxAge}`)
      .header('etag', `"${image.sha256}"`)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'")
      .send(Buffer.from(image.bytes));
  });
}
