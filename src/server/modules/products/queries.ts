import { sql, type ExpressionBuilder, type Selectable } from 'kysely';
import { SEARCH_COUNT_WINDOW, type ListResponse } from '../../../core/api/list.js';
import type { Currency, Product, SaleType } from '../../../core/api/products.js';
import { fromBani } from '../../../core/money.js';
import type { Db } from '../../db/connection.js';
import type { Database, ProductsTable } from '../../db/schema.js';
import { boundedCount, keptCount, matchesAny, pageMeta } from '../../http/list.js';
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
 * SQLite: the company's FTS matches of a term, up to `bound` + 1 rows (products or variations).
 * Beyond the bound the term is broad (`null`); below it, the number of top-level products they
 * belong to, which is the search's exact total (so a narrow search needs no second count).
 */
async function narrowTotalOnSqlite(db: Db, companyId: number, term: string, bound: number): Promise<number | null> {
  const { rows } = await sql<{ n: number; tops: number }>`select count(*) as n, count(distinct top_id) as tops from (
    select coalesce(m.parent_id, m.id) as top_id from products_search cross join products m on m.id = products_search.rowid
    where products_search match ${ftsPhrase(term)} and m.company_id = ${companyId} limit ${bound + 1})`.execute(db.kysely);
  return Number(rows[0]?.n ?? 0) > bound ? null : Number(rows[0]?.tops ?? 0);
}

/**
 * A page of the company's top-level products, newest first, each with its variations. Two
 * queries plus the count, whatever the page size: the page of parents, then all their children.
 * The search matches the name or SKU of the parent or of any of its variations: the matching rows
 * of the company, mapped to their top-level id, in one subquery that PostgreSQL answers from the
 * search indexes of migration 006.
 */
export async function listProducts(db: Db, signer: ImageSigner, companyId: number, q: { page: number; items: number; search: string }): Promise<ListResponse<Product>> {
  let query = db.kysely.selectFrom('products as p').where('p.company_id', '=', companyId).where('p.parent_id', 'is', null);
  const offset = (q.page - 1) * q.items;
  const bound = offset + SEARCH_COUNT_WINDOW;
  let narrowTotal: number | null | undefined;
  if (q.search) {
    const term = q.search;
    // SQLite's LIKE folds the case of ASCII letters only, the FTS index every letter: a term with
    // others (ă, Ș) keeps the index's answer however broad it is.
    narrowTotal = usesFtsIndex(db, term) && /^[\x20-\x7e]*$/.test(term) ? await narrowTotalOnSqlite(db, companyId, term, bound) : undefined;
    if (narrowTotal === null) {
      // A broad term on SQLite: the company's products newest first, each kept if it or one of
      // its variations matches. The page (and the bounded count) fill after a few rows, so the walk
      // stops early instead of materialising every match of the FTS index (an eighth of a million
      // products held Node's only thread for hundreds of milliseconds).
      query = query.where((eb) =>
        eb.or([
          matchesAny(db.engine, ['p.name', 'p.sku'], term),
          eb.exists(eb.selectFrom('products as v').select(sql`1`.as('one')).whereRef('v.parent_id', '=', 'p.id').where(matchesAny(db.engine, ['v.name', 'v.sku'], term))),
        ]),
      );
    } else if (usesFtsIndex(db, term)) {
      // A narrow term: the matches drive the join (CROSS JOIN keeps SQLite from walking the
      // company's products); there are at most `bound` of them.
      query = query.where('p.id', 'in', sql<number>`(select coalesce(m.parent_id, m.id) from products_search cross join products m on m.id = products_search.rowid
          where products_search match ${ftsPhrase(term)} and m.company_id = ${companyId})`);
    } else {
      query = query.where('p.id', 'in', (eb) =>
        eb
          .selectFrom('products as m')
          .select((x) => x.fn.coalesce('m.parent_id', 'm.id').as('top_id'))
          .where('m.company_id', '=', companyId)
          .where(matchesAny(db.engine, ['m.name', 'm.sku'], term)),
      );
    }
  }
  // meta.total: the kept count of the company's products, or the matches of a search counted up
  // to a bound (a term matching an eighth of a million products counted all of them before).
  const total = typeof narrowTotal === 'number' ? { total: narrowTotal, exact: true } : q.search ? await boundedCount(db.kysely, query, bound) : await keptCount(db.kysely, companyId, 'products');
  // The page's ids first, then its rows: the image subquery runs for the rows shown, never for
  // the rows an OFFSET skips (PostgreSQL ran it for every skipped row of a deep page).
  const pageIds = query.select('p.id').orderBy('p.id', 'desc').limit(q.items).offset(offset);
  const rows = await db.kysely
    .selectFrom(pageIds.as('pg'))
    .innerJoin('products as p', 'p.id', 'pg.id')
    .selectAll('p')
    .select((eb) => eb.selectFrom('product_images as pi').select('pi.sha256').whereRef('pi.product_id', '=', 'p.id').as('image_sha'))
    .orderBy('p.id', 'desc')
    .execute();
  const children = await variationsOf(db, rows.map((r) => r.id), signer);
  return { data: rows.map((row) => toProduct(row, signer, children.get(row.id) ?? [])), meta: pageMeta(total, q.page, q.items) };
}

/** One product of the company (a parent with its variations), or undefined. */
export async function findProduct(db: Db, signer: ImageSigner, companyId: number, id: number): Promise<Product | undefined> {
  const row = await db.kysely.selectFrom('products as p').selectAll('p').select(imageSha).where('p.id', '=', id).where('p.company_id', '=', companyId).executeTakeFirst();
  if (!row) return undefined;
  const children = row.parent_id === null ? await variationsOf(db, [row.id], signer) : new Map<number, Product[]>();
  return toProduct(row, signer, children.get(row.id) ?? []);
}
