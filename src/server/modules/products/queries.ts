import { sql, type ExpressionBuilder, type Selectable } from 'kysely';
import type { ListResponse } from '../../../core/api/list.js';
import type { Currency, Product, SaleType } from '../../../core/api/products.js';
import { fromBani } from '../../../core/money.js';
import { forUpdate, type Db, type Executor } from '../../db/connection.js';
import type { Database, ProductsTable } from '../../db/schema.js';
import { matchesAny, paginate } from '../../http/list.js';
import type { ImageSigner } from './images.js';

type ProductRow = Selectable<ProductsTable> & { image_sha: string | null };

/** The SHA-256 of the product's image (null without one), without reading the image itself. */
const imageSha = (eb: ExpressionBuilder<Database & { p: ProductsTable }, 'p'>) =>
  eb.selectFrom('product_images as pi').select('pi.sha256').whereRef('pi.product_id', '=', 'p.id').as('image_sha');

export function toProduct(row: ProductRow, signer: ImageSigner, variations: Product[] = []): Product {
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
    image: row.image_sha ? signer.url(row.id, row.image_sha) : null,
    variations,
    created_at: Number(row.created_at),
    updated_at: Number(row.updated_at),
  };
}

/** The variations of the given parents, in ONE query, grouped by parent id (in creation order). */
async function variationsOf(db: Db, parentIds: number[], signer: ImageSigner): Promise<Map<number, Product[]>> {
  const byParent = new Map<number, Product[]>();
  if (parentIds.length === 0) return byParent;
  const rows = await db.kysely
    .selectFrom('products as p')
    .selectAll('p')
    .select(imageSha)
    .where('p.parent_id', 'in', parentIds)
    .orderBy('p.parent_id')
    .orderBy('p.id')
    .execute();
  for (const row of rows) {
    const list = byParent.get(row.parent_id!) ?? [];
    list.push(toProduct(row, signer));
    byParent.set(row.parent_id!, list);
  }
  return byParent;
}

/**
 * On SQLite the FTS5 trigram index of migration 006 answers a search of 3 characters or more
 * (trigrams need 3; shorter terms read the company's rows with LIKE). PostgreSQL's ILIKE uses its
 * trigram indexes by itself.
 */
const usesFtsIndex = (db: Db, term: string) => db.engine === 'sqlite' && [...term].length >= 3;

/** The term as one FTS5 phrase: a substring match, every character literal. */
const ftsPhrase = (term: string) => `"${term.replace(/"/g, '""')}"`;

/**
 * A page of the company's top-level products, newest first, each with its variations. Two
 * queries plus the count, whatever the page size: the page of parents, then all their children.
 * The search matches the name or SKU of the parent or of any of its variations: the matching rows
 * of the company, mapped to their top-level id, in one subquery that PostgreSQL answers from the
 * search indexes of migration 006.
 */
export async function listProducts(db: Db, signer: ImageSigner, companyId: number, q: { page: number; items: number; search: string }): Promise<ListResponse<Product>> {
  let query = db.kysely.selectFrom('products as p').where('p.company_id', '=', companyId).where('p.parent_id', 'is', null);
  if (q.search) {
    const term = q.search;
    query = usesFtsIndex(db, term)
      ? // The matches drive the join (CROSS JOIN keeps SQLite from walking the company's products).
        query.where('p.id', 'in', sql<number>`(select coalesce(m.parent_id, m.id) from products_search cross join products m on m.id = products_search.rowid
          where products_search match ${ftsPhrase(term)} and m.company_id = ${companyId})`)
      : query.where('p.id', 'in', (eb) =>
          eb
            .selectFrom('products as m')
            .select((x) => x.fn.coalesce('m.parent_id', 'm.id').as('top_id'))
            .where('m.company_id', '=', companyId)
            .where(matchesAny(db.engine, ['m.name', 'm.sku'], term)),
        );
  }
  const page = await paginate(query.selectAll('p').select(imageSha), {
    page: q.page,
    items: q.items,
    order: (x) => x.orderBy('p.id', 'desc'),
    map: (row) => row,
  });
  const children = await variationsOf(db, page.data.map((r) => r.id), signer);
  return { data: page.data.map((row) => toProduct(row, signer, children.get(row.id) ?? [])), meta: page.meta };
}

/** One product of the company (a parent with its variations), or undefined. */
export async function findProduct(db: Db, signer: ImageSigner, companyId: number, id: number): Promise<Product | undefined> {
  const row = await db.kysely.selectFrom('products as p').selectAll('p').select(imageSha).where('p.id', '=', id).where('p.company_id', '=', companyId).executeTakeFirst();
  if (!row) return undefined;
  const children = row.parent_id === null ? await variationsOf(db, [row.id], signer) : new Map<number, Product[]>();
  return toProduct(row, signer, children.get(row.id) ?? []);
}

/**
 * Which of the given product ids belong to the company (one IN query), their rows locked until
 * the transaction ends so they cannot be deleted under a write that refers to them.
 */
export async function companyProductIds(exec: Executor, companyId: number, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await forUpdate(exec, exec.selectFrom('products').select('id').where('company_id', '=', companyId).where('id', 'in', ids)).execute();
  return new Set(rows.map((r) => r.id));
}
