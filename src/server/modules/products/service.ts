import type { FastifyRequest } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import { productBodyFor } from '../../../core/api/products.js';
import { detectImageType } from '../../../core/imageType.js';
import type { Db } from '../../db/connection.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { Database, ProductsTable } from '../../db/schema.js';
import { userOf } from '../../http/auth.js';
import { FieldProblems, HttpError, notFound, parse } from '../../http/errors.js';
import { nowSeconds } from '../../lib/time.js';
import type { ProductRequestBody, UploadedImage } from './body.js';
import { sha256Hex } from './images.js';

interface CheckedImage {
  mime: string;
  bytes: Buffer;
}

/** The type comes from the bytes only; the size limit from what was actually received. */
function checkImage(image: UploadedImage | null, problems: FieldProblems): CheckedImage | null {
  if (!image) return null;
  if (image.tooLarge) {
    problems.add('image', 'image_too_large');
    return null;
  }
  const mime = detectImageType(image.bytes);
  if (!mime) {
    problems.add('image', 'image_type');
    return null;
  }
  return { mime, bytes: image.bytes };
}

const has = (raw: Record<string, unknown>, key: string) => Object.prototype.hasOwnProperty.call(raw, key);


async function skuTaken(db: Db, companyId: number, sku: string, exceptId?: number): Promise<boolean> {
  let q = db.kysely.selectFrom('products').select('id').where('company_id', '=', companyId).where('sku', '=', sku);
  if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
  return Boolean(await q.executeTakeFirst());
}

async function userHasCompany(db: Db, userId: number, companyId: number): Promise<boolean> {
  return Boolean(await db.kysely.selectFrom('company_users').select('company_id').where('user_id', '=', userId).where('company_id', '=', companyId).executeTakeFirst());
}

/** Stores the image of a product, replacing any earlier one (inside the caller's transaction). */
async function saveImage(k: Kysely<Database>, productId: number, image: CheckedImage, now: number): Promise<void> {
  await k.deleteFrom('product_images').where('product_id', '=', productId).execute();
  await k
    .insertInto('product_images')
    .values({ product_id: productId, mime: image.mime, bytes: image.bytes, size: image.bytes.length, sha256: sha256Hex(image.bytes), updated_at: now })
    .execute();
}

/**
 * Creates a product (a variation when parent_id is given) in the company of the X-Company-ID
 * header, or in another company of the user named by company_id. Rules:
 * - a variation's parent is a top-level product of the header's company, and the variation takes
 *   the parent's company (company_id, if sent, must be that company);
 * - the SKU is unique in the company, parents and variations together;
 * - stock and selling price are required (a new product has no variations yet); when a first
 *   variation is added, the parent's own stock and selling price are cleared;
 * - the image, if any, is a real PNG, JPEG or WebP of at most 5 MB.
 */
export async function createProduct(db: Db, req: FastifyRequest, body: ProductRequestBody): Promise<number> {
  // A new product has no variations yet: stock and selling price are required.
  const input = parse(productBodyFor(false), body.fields);
  const problems = new FieldProblems();
  const image = checkImage(body.image, problems);

  let companyId = req.companyId;
  let parent: Selectable<ProductsTable> | undefined;
  if (input.parent_id !== null) {
    parent = await db.kysely.selectFrom('products').selectAll().where('id', '=', input.parent_id).where('company_id', '=', req.companyId).executeTakeFirst();
    if (!parent) problems.add('parent_id', 'parent_not_found');
    else if (parent.parent_id !== null) problems.add('parent_id', 'parent_is_variation');
    else if (input.company_id !== undefined && input.company_id !== parent.company_id) problems.add('company_id', 'company_of_parent');
  } else if (input.company_id !== undefined && input.company_id !== req.companyId) {
    if (await userHasCompany(db, userOf(req).id, input.company_id)) companyId = input.company_id;
    else problems.add('company_id', 'company_not_yours');
  }
  if (await skuTaken(db, companyId, input.sku)) problems.add('sku', 'sku_taken');
  problems.throwIfAny();

  const now = nowSeconds();
  try {
    return await db.kysely.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('products')
        .values({
          company_id: companyId,
          parent_id: parent?.id ?? null,
          name: input.name,
          description: input.description ?? null,
          sku: input.sku,
          sale_type: input.sale_type,
          stock: input.stock,
          selling_price: input.selling_price,
          buying_price: input.buying_price,
          currency: input.currency,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      // The parent now has variations: it keeps no stock or selling price of its own.
      if (parent && (parent.stock !== null || parent.selling_price !== null)) {
        await trx.updateTable('products').set({ stock: null, selling_price: null, updated_at: now }).where('id', '=', parent.id).execute();
      }
      if (image) await saveImage(trx, row.id, image, now);
      return row.id;
    });
  } catch (err) {
    throw isUniqueViolation(err) ? skuConflict() : err;
  }
}

function skuConflict(): HttpError {
  return new HttpError(422, 'validation_failed', {}, { sku: [{ key: 'sku_taken' }] });
}

/**
 * Updates a product of the header's company (404 otherwise). The parent and the company cannot
 * change (when sent they must equal the stored ones). A product with variations takes no stock
 * or selling price (422 when sent); any other product needs both. A new image replaces the old
 * one; `remove_image=1` without a new image removes it.
 */
export async function updateProduct(db: Db, req: FastifyRequest, id: number, body: ProductRequestBody): Promise<void> {
  const existing = await db.kysely.selectFrom('products').selectAll().where('id', '=', id).where('company_id', '=', req.companyId).executeTakeFirst();
  if (!existing) throw notFound();
  const child = existing.parent_id === null ? await db.kysely.selectFrom('products').select('id').where('parent_id', '=', id).limit(1).executeTakeFirst() : undefined;
  const hasVariations = Boolean(child);
  const input = parse(productBodyFor(hasVariations), body.fields);
  const problems = new FieldProblems();
  const image = checkImage(body.image, problems);

  if (has(body.fields, 'parent_id') && input.parent_id !== existing.parent_id) problems.add('parent_id', 'parent_locked');
  if (input.company_id !== undefined && input.company_id !== existing.company_id) problems.add('company_id', existing.parent_id === null ? 'company_locked' : 'company_of_parent');

  if (hasVariations) {
    if (input.stock !== undefined) problems.add('stock', 'has_variations_no_stock');
    if (input.selling_price !== undefined) problems.add('selling_price', 'has_variations_no_price');
  }
  if (await skuTaken(db, existing.company_id, input.sku, id)) problems.add('sku', 'sku_taken');
  problems.throwIfAny();

  const now = nowSeconds();
  try {
    await db.kysely.transaction().execute(async (trx) => {
      await trx
        .updateTable('products')
        .set({
          name: input.name,
          description: input.description ?? null,
          sku: input.sku,
          sale_type: input.sale_type,
          stock: hasVariations ? null : input.stock!,
          selling_price: hasVariations ? null : input.selling_price!,
          buying_price: input.buying_price,
          currency: input.currency,
          updated_at: now,
        })
        .where('id', '=', id)
        .execute();
      if (image) await saveImage(trx, id, image, now);
      else if (input.remove_image) await trx.deleteFrom('product_images').where('product_id', '=', id).execute();
    });
  } catch (err) {
    throw isUniqueViolation(err) ? skuConflict() : err;
  }
}

/** Deletes a product of the header's company and, for a parent, its variations. Answers how many variations went with it. */
export async function deleteProduct(db: Db, req: FastifyRequest, id: number): Promise<number> {
  const existing = await db.kysely.selectFrom('products').select(['id']).where('id', '=', id).where('company_id', '=', req.companyId).executeTakeFirst();
  if (!existing) throw notFound();
  return db.kysely.transaction().execute(async (trx) => {
    // Explicit rather than left to ON DELETE CASCADE alone; images go with their product by cascade.
    const children = await trx.deleteFrom('products').where('parent_id', '=', id).executeTakeFirst();
    await trx.deleteFrom('products').where('id', '=', id).execute();
    return Number(children.numDeletedRows);
  });
}
