import type { ListQuery } from '../../../core/api/list.js';
import { productBodyFor, type Product } from '../../../core/api/products.js';
import { detectImageType } from '../../../core/imageType.js';
import type { ServiceContext } from '../../context.js';
import { readsFor } from '../../db/connection.js';
import { isUniqueViolation } from '../../db/errors.js';
import { FieldProblems, HttpError, notFound, parse } from '../../http/errors.js';
import { sha256Hex } from '../../lib/hash.js';
import { isMember } from '../companies/index.js';
import type { ProductRequestBody, UploadedImage } from './body.js';
import { versionMatches, type ImageSigner } from './images.js';
import {
  clearOwnStockAndPrice,
  companyOfProduct,
  deleteProductRows,
  findImage,
  findProduct,
  findProductRow,
  hasVariations as productHasVariations,
  insertProduct,
  removeImage,
  saveImage,
  skuTaken,
  updateProductRow,
  type ImageLink,
} from './queries.js';
import { listProducts, type ProductPage } from './list/index.js';

interface CheckedImage {
  mime: string;
  bytes: Buffer;
  sha256: string;
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
  return { mime, bytes: image.bytes, sha256: sha256Hex(image.bytes) };
}

const has = (raw: Record<string, unknown>, key: string) => Object.prototype.hasOwnProperty.call(raw, key);

/** Image links signed at the request's time. */
const linksAt =
  (ctx: ServiceContext, signer: ImageSigner): ImageLink =>
  (productId, sha256) =>
    signer.url(productId, sha256, ctx.now);

/** Two saves of one SKU at the same moment: the unique index has the last word, with the check's answer. */
async function unlessSkuTaken<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    throw isUniqueViolation(err) ? FieldProblems.one('sku', 'sku_taken') : err;
  }
}

/**
 * A page of the company's top-level products, newest first, each with its variations: a search
 * in the read pool (it may be long), a plain page on the main connection (readsFor).
 */
export function listProductsOf(ctx: ServiceContext, signer: ImageSigner, q: ListQuery): Promise<ProductPage> {
  return listProducts(readsFor(ctx.db, !!q.search), ctx.db.engine, linksAt(ctx, signer), ctx.companyId, q);
}

/** A product of the company (a parent with its variations); `companyId` reads it from another company of the user. */
export async function getProduct(
  ctx: ServiceContext,
  signer: ImageSigner,
  id: number,
  companyId = ctx.companyId,
): Promise<Product> {
  const product = await findProduct(ctx.db.kysely, linksAt(ctx, signer), companyId, id);
  if (!product) throw notFound();
  return product;
}

/**
 * Creates a product (a variation when parent_id is given) in the company the request works in,
 * or in another company of the user named by company_id. Rules:
 * - a variation's parent is a top-level product of the request's company, and the variation
 *   takes the parent's company (company_id, if sent, must be that company);
 * - the SKU is unique in the company, parents and variations together;
 * - stock and selling price are required (a new product has no variations yet); when a first
 *   variation is added, the parent's own stock and selling price are cleared;
 * - the image, if any, is a real PNG, JPEG or WebP of at most 5 MB.
 * Answers the new product, read back from its company.
 */
export async function createProduct(
  ctx: ServiceContext,
  signer: ImageSigner,
  body: ProductRequestBody,
): Promise<Product> {
  // A new product has no variations yet: stock and selling price are required.
  const input = parse(productBodyFor(false), body.fields);
  const problems = new FieldProblems();
  const image = checkImage(body.image, problems);

  const id = await unlessSkuTaken(() =>
    ctx.db.transaction(async (trx) => {
      let companyId = ctx.companyId;
      // The parent's row is locked: its stock and price are cleared below if it had its own.
      const parent =
        input.parent_id === null
          ? undefined
          : await findProductRow(trx, ctx.companyId, input.parent_id, { lock: true });
      if (input.parent_id !== null) {
        if (!parent) problems.add('parent_id', 'parent_not_found');
        else if (parent.parent_id !== null) problems.add('parent_id', 'parent_is_variation');
        else if (input.company_id !== undefined && input.company_id !== parent.company_id)
          problems.add('company_id', 'company_of_parent');
      } else if (input.company_id !== undefined && input.company_id !== ctx.companyId) {
        if (await isMember(trx, ctx.userId, input.company_id)) companyId = input.company_id;
        else problems.add('company_id', 'company_not_yours');
      }
      if (await skuTaken(trx, companyId, input.sku)) problems.add('sku', 'sku_taken');
      problems.throwIfAny();

      const id = await insertProduct(
        trx,
        companyId,
        parent?.id ?? null,
        { ...input, stock: input.stock ?? null, selling_price: input.selling_price ?? null },
        ctx.now,
      );
      // The parent now has variations: it keeps no stock or selling price of its own.
      if (parent && (parent.stock !== null || parent.selling_price !== null))
        await clearOwnStockAndPrice(trx, parent.id, ctx.now);
      if (image) await saveImage(trx, id, image, ctx.now);
      return id;
    }),
  );
  // A product created in another company of the user (company_id) is read back from there.
  return getProduct(ctx, signer, id, await companyOfProduct(ctx.db.kysely, id));
}

/**
 * Updates a product of the request's company (404 otherwise). The parent and the company cannot
 * change (when sent they must equal the stored ones). A product with variations takes no stock
 * or selling price (422 when sent); any other product needs both. A new image replaces the old
 * one; `remove_image=1` without a new image removes it.
 */
export async function updateProduct(
  ctx: ServiceContext,
  signer: ImageSigner,
  id: number,
  body: ProductRequestBody,
): Promise<Product> {
  await unlessSkuTaken(() =>
    ctx.db.transaction(async (trx) => {
      const existing = await findProductRow(trx, ctx.companyId, id, { lock: true });
      if (!existing) throw notFound();
      const hasVariations = existing.parent_id === null && (await productHasVariations(trx, id));
      const input = parse(productBodyFor(hasVariations), body.fields);
      const problems = new FieldProblems();
      const image = checkImage(body.image, problems);

      if (has(body.fields, 'parent_id') && input.parent_id !== existing.parent_id)
        problems.add('parent_id', 'parent_locked');
      if (input.company_id !== undefined && input.company_id !== existing.company_id)
        problems.add('company_id', existing.parent_id === null ? 'company_locked' : 'company_of_parent');
      if (hasVariations) {
        if (input.stock !== undefined) problems.add('stock', 'has_variations_no_stock');
        if (input.selling_price !== undefined) problems.add('selling_price', 'has_variations_no_price');
      }
      if (await skuTaken(trx, existing.company_id, input.sku, id)) problems.add('sku', 'sku_taken');
      problems.throwIfAny();

      await updateProductRow(
        trx,
        id,
        {
          ...input,
          stock: hasVariations ? null : input.stock!,
          selling_price: hasVariations ? null : input.selling_price!,
        },
        ctx.now,
      );
      if (image) await saveImage(trx, id, image, ctx.now);
      else if (input.remove_image) await removeImage(trx, id);
    }),
  );
  return getProduct(ctx, signer, id);
}

/** Deletes a product of the request's company and, for a parent, its variations. Answers how many variations went with it. */
export async function deleteProduct(ctx: ServiceContext, id: number): Promise<number> {
  return ctx.db.transaction(async (trx) => {
    if (!(await findProductRow(trx, ctx.companyId, id, { lock: true }))) throw notFound();
    return deleteProductRows(trx, id);
  });
}

/**
 * The image behind a signed link (public: an <img> cannot send the token), and how long it may
 * be cached: until the link expires. 403 for a link that is not ours or has expired, 404 when
 * the image has since been replaced or removed.
 */
export async function signedImage(
  ctx: ServiceContext,
  signer: ImageSigner,
  id: number,
  link: { v: string; exp: number; sig: string } | null,
): Promise<{ mime: string; bytes: Buffer; sha256: string; maxAge: number }> {
  if (!link || !signer.verify(id, link.v, link.exp, link.sig, ctx.now)) throw new HttpError(403, 'image_link_invalid');
  const image = await findImage(ctx.db.kysely, id);
  if (!image || !versionMatches(image.sha256, link.v)) throw notFound();
  return {
    mime: image.mime,
    bytes: Buffer.from(image.bytes),
    sha256: image.sha256,
    maxAge: Math.max(0, link.exp - ctx.now),
  };
}
