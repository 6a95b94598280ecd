import { sql, type ExpressionBuilder, type Selectable } from 'kysely';
import type { Currency, Product, SaleType } from '../../../core/api/products.js';
import { fromBani } from '../../../core/money.js';
import { forUpdate, type Executor } from '../../db/connection.js';
import type { Database, ProductImagesTable, ProductsTable } from '../../db/schema.js';
import { prepared } from '../../db/perf/prepared.js';

/**
 * The products domain's reads and writes. The products list (its page, search and per-engine SQL)
 * is list/ (list/index.ts), as the orders and customers lists are.
 */

type ProductRow = Selectable<ProductsTable> & { image_sha: string | null };

/** What a list shows of a product's row, and its image's SHA-256. */
type ShownRow = Pick<
  ProductRow,
  | 'id'
  | 'company_id'
  | 'parent_id'
  | 'name'
  | 'description'
  | 'sku'
  | 'sale_type'
  | 'stock'
  | 'selling_price'
  | 'buying_price'
  | 'currency'
  | 'vat_rate'
  | 'created_at'
  | 'updated_at'
  | 'image_sha'
>;

/** The signed link of a product's image (see images.ts), made at the request's time. */
export type ImageLink = (productId: number, sha256: string) => string;

/** The SHA-256 of the product's image (null without one), without reading the image itself. */
export const imageSha = (eb: ExpressionBuilder<Database & { p: ProductsTable }, 'p'>) =>
  eb.selectFrom('product_images as pi').select('pi.sha256').whereRef('pi.product_id', '=', 'p.id').as('image_sha');

export function toProduct(row: ShownRow, link: ImageLink, variations: Product[] = []): Product {
  const money = (v: number | null) => (v === null ? null : fromBani(Number(v)));
  return {
    id: row.id,
    company_id: row.company_id,
    parent_id: row.parent_id,
    name: row.name,
    description: row.description,
    sku: row.sku,
    sale_type: row.sale_type as SaleType,
    stock: row.stock === null ? null : Number(row.stock),
    selling_price: money(row.selling_price),
    buying_price: money(row.buying_price),
    currency: row.currency as Currency,
    vat_rate: row.vat_rate === null ? null : Number(row.vat_rate),
    image: row.image_sha ? link(row.id, row.image_sha) : null,
    variations,
    created_at: Number(row.created_at),
    updated_at: Number(row.updated_at),
  };
}

const variationRows = prepared(
  (exec, v: { parentIds: number[] }) =>
    exec
      .selectFrom('products as p')
      .selectAll('p')
      .select(imageSha)
      .where('p.parent_id', 'in', v.parentIds)
      .orderBy('p.parent_id')
      .orderBy('p.id'),
  { lists: ['parentIds'] },
);

/** The variations of the given parents, in ONE query, grouped by parent id (in creation order). */
export async function variationsOf(
  exec: Executor,
  parentIds: number[],
  link: ImageLink,
): Promise<Map<number, Product[]>> {
  const byParent = new Map<number, Product[]>();
  if (parentIds.length === 0) return byParent;
  for (const row of await variationRows(exec, { parentIds })) {
    const list = byParent.get(row.parent_id!) ?? [];
    list.push(toProduct(row, link));
    byParent.set(row.parent_id!, list);
  }
  return byParent;
}

/** One product of the company (a parent with its variations), or undefined. */
export async function findProduct(
  exec: Executor,
  link: ImageLink,
  companyId: number,
  id: number,
): Promise<Product | undefined> {
  const row = await exec
    .selectFrom('products as p')
    .selectAll('p')
    .select(imageSha)
    .where('p.id', '=', id)
    .where('p.company_id', '=', companyId)
    .executeTakeFirst();
  if (!row) return undefined;
  const children = row.parent_id === null ? await variationsOf(exec, [row.id], link) : new Map<number, Product[]>();
  return toProduct(row, link, children.get(row.id) ?? []);
}

/**
 * Which of the given product ids belong to the company (one IN query), their rows locked until
 * the transaction ends so they cannot be deleted under a write that refers to them.
 */
export async function companyProductIds(exec: Executor, companyId: number, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await forUpdate(
    exec,
    exec.selectFrom('products').select('id').where('company_id', '=', companyId).where('id', 'in', ids),
  ).execute();
  return new Set(rows.map((r) => r.id));
}

/** A product's row of the company, or undefined; `lock` holds it until the transaction ends. */
export function findProductRow(
  exec: Executor,
  companyId: number,
  id: number,
  opts: { lock?: boolean } = {},
): Promise<Selectable<ProductsTable> | undefined> {
  const query = exec.selectFrom('products').selectAll().where('id', '=', id).where('company_id', '=', companyId);
  return (opts.lock ? forUpdate(exec, query) : query).executeTakeFirst();
}

/** The company a product belongs to (any company), or undefined. */
export async function companyOfProduct(exec: Executor, id: number): Promise<number | undefined> {
  return (await exec.selectFrom('products').select('company_id').where('id', '=', id).executeTakeFirst())?.company_id;
}

export async function hasVariations(exec: Executor, productId: number): Promise<boolean> {
  return Boolean(
    await exec.selectFrom('products').select('id').where('parent_id', '=', productId).limit(1).executeTakeFirst(),
  );
}

/** True when another product of the company (parents and variations together) has the SKU. */
export async function skuTaken(exec: Executor, companyId: number, sku: string, exceptId?: number): Promise<boolean> {
  let q = exec.selectFrom('products').select('id').where('company_id', '=', companyId).where('sku', '=', sku);
  if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
  return Boolean(await q.executeTakeFirst());
}

export type ProductValues = {
  name: string;
  description?: string | null;
  sku: string;
  sale_type: string;
  stock: number | null;
  selling_price: number | null;
  buying_price: number | null;
  currency: string;
  /** Undefined keeps the stored rate (an update that does not send it). */
  vat_rate?: number | null;
};

function productColumns(v: ProductValues) {
  return {
    name: v.name,
    description: v.description ?? null,
    sku: v.sku,
    sale_type: v.sale_type,
    stock: v.stock,
    selling_price: v.selling_price,
    buying_price: v.buying_price,
    currency: v.currency,
    ...(v.vat_rate !== undefined ? { vat_rate: v.vat_rate } : {}),
  };
}

export async function insertProduct(
  exec: Executor,
  companyId: number,
  parentId: number | null,
  values: ProductValues,
  now: number,
): Promise<number> {
  const row = await exec
    .insertInto('products')
    .values({ company_id: companyId, parent_id: parentId, ...productColumns(values), created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateProductRow(exec: Executor, id: number, values: ProductValues, now: number): Promise<void> {
  await exec
    .updateTable('products')
    .set({ ...productColumns(values), updated_at: now })
    .where('id', '=', id)
    .execute();
}

/** A parent that gets its first variation keeps no stock or selling price of its own. */
export async function clearOwnStockAndPrice(exec: Executor, id: number, now: number): Promise<void> {
  await exec
    .updateTable('products')
    .set({ stock: null, selling_price: null, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/** Deletes a product and its variations; answers how many variations went with it. */
export async function deleteProductRows(exec: Executor, id: number): Promise<number> {
  // Explicit rather than left to ON DELETE CASCADE alone; images go with their product by cascade.
  const children = await exec.deleteFrom('products').where('parent_id', '=', id).executeTakeFirst();
  await exec.deleteFrom('products').where('id', '=', id).execute();
  return Number(children.numDeletedRows);
}

/** Stores the image of a product, replacing any earlier one. */
export async function saveImage(
  exec: Executor,
  productId: number,
  image: { mime: string; bytes: Buffer; sha256: string },
  now: number,
): Promise<void> {
  await exec.deleteFrom('product_images').where('product_id', '=', productId).execute();
  await exec
    .insertInto('product_images')
    .values({
      product_id: productId,
      mime: image.mime,
      bytes: image.bytes,
      size: image.bytes.length,
      sha256: image.sha256,
      updated_at: now,
    })
    .execute();
}

export async function removeImage(exec: Executor, productId: number): Promise<void> {
  await exec.deleteFrom('product_images').where('product_id', '=', productId).execute();
}

export function findImage(
  exec: Executor,
  productId: number,
): Promise<Pick<Selectable<ProductImagesTable>, 'mime' | 'bytes' | 'sha256'> | undefined> {
  return exec
    .selectFrom('product_images')
    .select(['mime', 'bytes', 'sha256'])
    .where('product_id', '=', productId)
    .executeTakeFirst();
}

// ---- what orders take from the catalogue --------------------------------------------------------

/** The company's products with these SKUs (parents and variations alike). */
export function companyProductsBySku(exec: Executor, companyId: number, skus: string[]) {
  if (skus.length === 0) return Promise.resolve([]);
  return exec.selectFrom('products').selectAll().where('company_id', '=', companyId).where('sku', 'in', skus).execute();
}

/** The company's first top-level products (id order) and their variations, with SKU, price, stock and parent: what an emulated shop is filled with. */
export function companyCatalogue(exec: Executor, companyId: number, parents: number) {
  // The first `parents` top-level products and every variation of them: a parent sold without
  // its variations would be a simple product in the shop, and its orders held here.
  const firstParents = exec
    .selectFrom('products')
    .select('id')
    .where('company_id', '=', companyId)
    .where('parent_id', 'is', null)
    .orderBy('id')
    .limit(parents);
  return exec
    .selectFrom('products')
    .select(['id', 'parent_id', 'sku', 'name', 'selling_price', 'stock'])
    .where('company_id', '=', companyId)
    .where((eb) => eb.or([eb('id', 'in', firstParents), eb('parent_id', 'in', firstParents)]))
    .orderBy('id')
    .execute();
}

/** The company's product with this id, or undefined. */
export function companyProduct(exec: Executor, companyId: number, id: number) {
  return exec
    .selectFrom('products')
    .selectAll()
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .executeTakeFirst();
}

/** Which of these products have variations (an order takes a variation, never its parent). */
export async function productsWithVariations(exec: Executor, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await exec.selectFrom('products').select('parent_id').where('parent_id', 'in', ids).execute();
  return new Set(rows.map((r) => r.parent_id!));
}

/**
 * Moves stock for an order's lines, product by product in id order: two transactions moving the
 * same products lock their rows in the same order, so PostgreSQL never finds them waiting on each
 * other; each move is one statement, so two orders taking the same product never lose an update.
 */
export async function moveStocks(trx: Executor, moves: { productId: number | null; delta: number }[]): Promise<void> {
  const total = new Map<number, number>();
  for (const m of moves) if (m.productId !== null) total.set(m.productId, (total.get(m.productId) ?? 0) + m.delta);
  for (const id of [...total.keys()].sort((a, b) => a - b)) {
    const delta = total.get(id)!;
    if (delta === 0) continue;
    await trx
      .updateTable('products')
      .set({ stock: sql<number>`coalesce(stock, 0) + ${delta}` })
      .where('id', '=', id)
      .execute();
  }
}

/**
 * The VAT rate each product of the company carries (whole percent), a variation without its own
 * taking its parent's; null where neither has one (the company's default applies). Products not
 * found (deleted since, or another company's) are left out.
 */
export async function productVatRates(
  exec: Executor,
  companyId: number,
  productIds: (number | null)[],
): Promise<Map<number, number | null>> {
  const out = new Map<number, number | null>();
  const ids = [...new Set(productIds.filter((id): id is number => id !== null))];
  if (ids.length === 0) return out;
  const rows = await exec
    .selectFrom('products as p')
    .leftJoin('products as parent', 'parent.id', 'p.parent_id')
    .select(['p.id', 'p.vat_rate', 'parent.vat_rate as parent_vat_rate'])
    .where('p.company_id', '=', companyId)
    .where('p.id', 'in', ids)
    .execute();
  for (const r of rows) {
    const rate = r.vat_rate ?? r.parent_vat_rate;
    out.set(r.id, rate === null || rate === undefined ? null : Number(rate));
  }
  return out;
}
