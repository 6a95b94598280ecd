import {
  sql,
  type Expression,
  type ExpressionBuilder,
  type OperandValueExpressionOrList,
  type RawBuilder,
  type Selectable,
  type SqlBool,
} from 'kysely';
import { searchCountBound, type ListMeta } from '../../../core/api/list.js';
import type { Currency, Product, SaleType } from '../../../core/api/products.js';
import { fromBani } from '../../../core/money.js';
import { foldCase, forUpdate, type Engine, type Executor } from '../../db/connection.js';
import type { Database, ProductImagesTable, ProductsTable } from '../../db/schema.js';
import {
  emptyJsonArray,
  jsonItems,
  jsonLei,
  jsonValues,
  nestedItems,
  parsedJson,
  type JsonFields,
} from '../../db/json.js';
import { JsonText } from '../../http/jsonText.js';
import { prepared } from '../../db/perf/prepared.js';
import { ONE_PLAN } from '../../db/perf/pgStatements.js';
import {
  boundedCount,
  containsPattern,
  ftsPhrase,
  keptCountOf,
  likeAny,
  pageMeta,
  type ListTotal,
} from '../../http/list.js';

type ProductRow = Selectable<ProductsTable> & { image_sha: string | null };

/** A page of products: the JSON text the database wrote (productItemsJson), image links signed in. */
export type ProductPage = { data: JsonText<Product[]>; meta: ListMeta };

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
const imageSha = (eb: ExpressionBuilder<Database & { p: ProductsTable }, 'p'>) =>
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

/** The rows of the products `ids` names (a list of ids or a subquery of them), newest first. */
function productRows(exec: Executor, ids: OperandValueExpressionOrList<Database & { p: ProductsTable }, 'p', 'p.id'>) {
  return exec
    .selectFrom('products as p')
    .selectAll('p')
    .select(imageSha)
    .where('p.id', 'in', ids)
    .orderBy('p.id', 'desc');
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

/**
 * On SQLite the FTS5 trigram index of migration 006 answers a search of 3 characters or more
 * (trigrams need 3; shorter terms read the company's rows with LIKE). PostgreSQL's LIKE on the folded
 * text (productMatches) uses its trigram index by itself.
 */
const usesFtsIndex = (engine: Engine, term: string) => engine === 'sqlite' && [...term].length >= 3;

/**
 * How a term is compared with name and SKU. PostgreSQL compares the folded text of migrations 021
 * and 084 (name || line feed || sku, lower case, ă â î ș ț without their marks, kept by the
 * database) with plain LIKE, without folding the columns on every comparison. A term with a line feed could match across
 * name and SKU joined there, so it is compared with the columns themselves, as on SQLite.
 */
type MatchForm = 'folded' | Engine;
const matchFormOf = (engine: Engine, term: string): MatchForm =>
  engine === 'postgres' && !term.includes('\n') ? 'folded' : engine;

/** Whether the product `alias` matches `pattern` (containsPattern of the term) by name or SKU. */
function productMatches(form: MatchForm, alias: 'm' | 'p' | 'v', pattern: string) {
  if (form === 'folded') return sql<SqlBool>`${sql.ref(`${alias}.search_text`)} like lower(${pattern}) escape '\\'`;
  return likeAny(form, [`${alias}.name`, `${alias}.sku`], pattern);
}

/**
 * The top-level ids of the company's rows that the FTS5 index matches with `phrase` (ftsPhrase):
 * CROSS JOIN keeps SQLite from walking the company's products and checking each.
 */
const ftsTops = (phrase: string, companyId: number) =>
  sql<{
    top_id: number;
  }>`select coalesce(m.parent_id, m.id) as top_id from products_search cross join products m on m.id = products_search.rowid
    where products_search match ${phrase} and m.company_id = ${companyId}`;

/** The company's top-level products. */
const topLevel = (exec: Executor, companyId: number) =>
  exec.selectFrom('products as p').where('p.company_id', '=', companyId).where('p.parent_id', 'is', null);
type TopLevel = ReturnType<typeof topLevel>;

/**
 * The ids of a page, newest first. Ordering by parent_id too (null on every top-level row, so the
 * order is the same) names the index (company_id, parent_id, id): PostgreSQL otherwise walked the
 * primary key backwards and stepped over every newer variation (a million-row catalogue's page 1
 * took 400 ms). The rows are read for these ids only (productRows), so the image subquery runs for
 * the rows shown, never for the rows an OFFSET skips (PostgreSQL ran it for every skipped row).
 */
const pageIdsOf = (query: TopLevel, limit: number, offset: number) =>
  query.select('p.id').orderBy('p.parent_id', 'desc').orderBy('p.id', 'desc').limit(limit).offset(offset);

/**
 * A broad term's walk: the company's products newest first, each kept if it or one of its
 * variations matches. The page (and the bounded count, if needed) fill after a few rows, so the
 * walk stops early instead of materialising every match of the index (an eighth of a million
 * products held Node's only thread for hundreds of milliseconds on SQLite, and took PostgreSQL's
 * bitmap scan 120 ms). The variations' test is a scalar subquery, not EXISTS: PostgreSQL turns an
 * EXISTS under OR into a hash of every matching variation, built first.
 */
const broadWalk = (query: TopLevel, form: MatchForm, pattern: string) =>
  query.where((eb) =>
    eb.or([
      walkMatches(form, 'p', pattern),
      eb(
        eb
          .selectFrom('products as v')
          .select(sql<number>`1`.as('one'))
          .whereRef('v.parent_id', '=', 'p.id')
          .where(walkMatches(form, 'v', pattern))
          .limit(1),
        'is not',
        null,
      ),
    ]),
  );

/**
 * The walk's test. A walk is only run for a term the index found broad, and its plan is the same
 * whatever the term (the company's products newest first, each checked), so on PostgreSQL its
 * statements are prepared once per connection (`walkStatement`) instead of parsed and planned on
 * every search: planning the page's statement took 0.9 ms of the 1.7 it cost (pgbench, one client,
 * a million products). The folded pattern is read once by an init plan, without an ESCAPE clause
 * (PostgreSQL's LIKE escapes with a backslash by default, as containsPattern does): in a plan made
 * without the values, `lower()` and `like_escape()` of a parameter ran for every row walked.
 */
function walkMatches(form: MatchForm, alias: 'p' | 'v', pattern: string) {
  if (form === 'folded') return sql<SqlBool>`${sql.ref(`${alias}.search_text`)} like (select lower(${pattern}))`;
  return productMatches(form, alias, pattern);
}

/** The start of a walk's statement: ONE_PLAN (prepared once) when its plan does not depend on the term. */
const walkStatement = (form: MatchForm) => sql.raw(form === 'folded' ? `${ONE_PLAN} ` : '');

// The usual queries of the list are built and compiled once (db/perf/prepared.ts); Kysely building
// them on every request cost a broad search about a third of its time in Node.
export const unsearchedPage = prepared(
  (exec, v: { companyId: number; limit: number; offset: number }) =>
    productRows(exec, pageIdsOf(topLevel(exec, v.companyId), v.limit, v.offset)),
  {
    shape: ['limit', 'offset'],
  },
);
const broadItems = prepared(
  (exec, v: { engine: Engine; companyId: number; form: MatchForm; pattern: string; limit: number; offset: number }) =>
    sql<{ rows: string | null }>`${walkStatement(v.form)}select ${productItemsOf(
      v.engine,
      pageIdsOf(broadWalk(topLevel(exec, v.companyId), v.form, v.pattern), v.limit, v.offset),
    )} as rows`,
  { shape: ['engine', 'form', 'limit', 'offset'] },
);
const itemsById = prepared(
  (_exec, v: { engine: Engine; ids: number[] }) =>
    sql<{ rows: string | null }>`select ${productItemsOf(v.engine, sql.join(v.ids))} as rows`,
  { lists: ['ids'], shape: ['engine'] },
);

/**
 * The products `alias` ranges over in `from` (the rest of a FROM clause) as ONE JSON array the
 * database writes as the API answers it (toProduct's fields), ordered by id in `dir`, with
 * (`variations`) each one's variations the same way, in creation order. The image is written as
 * `"<id>:<sha256>"` and withImageLinks makes it the signed link, which only the server can sign.
 */
function productItemsJson(engine: Engine, alias: string, variations: RawBuilder<unknown> | null): JsonFields {
  const ref = (c: string) => sql.ref(`${alias}.${c}`);
  const lei = (c: string) => jsonLei(engine, ref(c));
  const sha = sql`(select pi.sha256 from product_images pi where pi.product_id = ${ref('id')})`;
  const image = sql`${ref('id')} || ':' || ${sha}`;
  return [
    ['id', ref('id')],
    ['company_id', ref('company_id')],
    ['parent_id', ref('parent_id')],
    ['name', ref('name')],
    ['description', ref('description')],
    ['sku', ref('sku')],
    ['sale_type', ref('sale_type')],
    ['stock', ref('stock')],
    ['selling_price', lei('selling_price')],
    ['buying_price', lei('buying_price')],
    ['currency', ref('currency')],
    ['vat_rate', ref('vat_rate')],
    ['image', image],
    ['variations', variations ?? emptyJsonArray(engine)],
    ['created_at', ref('created_at')],
    ['updated_at', ref('updated_at')],
  ];
}

/** The image fields productItemsJson wrote: `"image":"<id>:<sha256>"`, a key of the JSON's own (its quotes are not escaped). */
const IMAGE_FIELD = /,"image":"(\d+):([0-9a-f]{64})"/g;

/** The JSON text of productItemsJson with each image's signed link (a product without one keeps null). */
function withImageLinks(text: string, link: ImageLink): JsonText<Product[]> {
  return new JsonText(
    text.replace(IMAGE_FIELD, (_all, id: string, sha: string) => `,"image":${JSON.stringify(link(Number(id), sha))}`),
  );
}

/**
 * The products `ids` names (a list of ids or a subquery of them) as productItemsJson's text, newest
 * first, each with its variations in creation order.
 */
function productItemsOf(engine: Engine, ids: Expression<unknown>) {
  const variations = nestedItems(
    engine,
    productItemsJson(engine, 'c', null),
    { by: 'id', dir: 'asc' },
    sql`from products c where c.parent_id = p.id`,
  );
  return jsonItems(
    engine,
    productItemsJson(engine, 'p', variations),
    { by: 'id', dir: 'desc' },
    sql`from products p where p.id in (${ids})`,
  );
}

/**
 * An unsearched page in ONE statement on both engines: the kept count, and the page's products
 * newest first, each with its variations (productItemsOf). Three statements (count, page,
 * variations) cost the server more than the database's work: on PostgreSQL a round trip each, on
 * SQLite a pass through Kysely and the driver each and an object per row.
 */
const unsearchedPageInOne = prepared(
  (exec, v: { engine: Engine; companyId: number; limit: number; offset: number }) =>
    sql<{
      total: number | string | null;
      rows: string | null;
    }>`select ${keptCountOf(v.companyId, 'products')} as total,
      ${productItemsOf(v.engine, pageIdsOf(topLevel(exec, v.companyId), v.limit, v.offset))} as rows`,
  { shape: ['engine', 'limit', 'offset'] },
);

/** The products of an unsearched page, with their variations, and the total. */
async function onePage(
  exec: Executor,
  engine: Engine,
  link: ImageLink,
  companyId: number,
  q: { page: number; items: number },
): Promise<ProductPage> {
  const [found] = await unsearchedPageInOne(exec, {
    engine,
    companyId,
    limit: q.items,
    offset: (q.page - 1) * q.items,
  });
  return {
    data: withImageLinks(found?.rows ?? '[]', link),
    meta: pageMeta({ total: Number(found?.total ?? 0), exact: true }, q.page, q.items),
  };
}

/**
 * What the search index says of a term: the top-level ids of the company's first `bound` + 1
 * matching rows (products or variations), read from SQLite's FTS5 trigram table or PostgreSQL's
 * trigram indexes (which its planner leaves for a plain read when the term is broad: the rows
 * come after a few pages).
 * - Fewer rows than that: every match was read, the term is narrow. Its distinct tops are the
 *   exact total and the page is cut from them, so the index is searched once.
 * - As many: the term is broad. When those rows already belong to more than `bound` products the
 *   total is "more than bound" without a count; when they do not (a term matching many variations
 *   of each product), the walk counts.
 */
type IndexProbe = { narrow: true; tops: number[] } | { narrow: false; moreThanBound: boolean };

/** The probe's matches (a top-level id for each row read, at most `limit`) in one row (jsonValues). */
const probeRows = prepared(
  (_exec, v: { engine: Engine; companyId: number; form: MatchForm | 'fts'; match: string; limit: number }) => {
    const read =
      v.form === 'fts'
        ? sql`${ftsTops(v.match, v.companyId)} limit ${v.limit}`
        : sql`select coalesce(m.parent_id, m.id) as top_id from products m where m.company_id = ${v.companyId} and ${productMatches(v.form, 'm', v.match)} limit ${v.limit}`;
    const tops = jsonValues(v.engine, sql`top_id`);
    return sql<{ tops: number[] | string }>`select ${tops} as tops from (${read}) probe`;
  },
  { shape: ['engine', 'form'] },
);

async function probeSearchIndex(
  exec: Executor,
  engine: Engine,
  companyId: number,
  term: string,
  bound: number,
): Promise<IndexProbe> {
  const values =
    engine === 'sqlite'
      ? { form: 'fts' as const, match: ftsPhrase(term) }
      : { form: matchFormOf(engine, term), match: containsPattern(term) };
  const [probe] = await probeRows(exec, { engine, companyId, ...values, limit: bound + 1 });
  const read = parsedJson(probe!.tops).map(Number);
  const tops = [...new Set(read)];
  return read.length > bound
    ? { narrow: false, moreThanBound: tops.length > bound }
    : { narrow: true, tops: tops.sort((x, y) => y - x) };
}

/**
 * Whether the index can tell a narrow term from a broad one. SQLite's FTS5 trigrams need 3
 * characters, and its LIKE (the broad walk) folds the case of ASCII letters only where the index
 * folds every letter: a term with others (ă, Ș) keeps the index's answer however broad it is.
 * PostgreSQL's comparison (productMatches) is the same in the probe and in the walk, whatever the term.
 */
const probesIndex = (engine: Engine, term: string) =>
  engine === 'postgres' || (usesFtsIndex(engine, term) && /^[\x20-\x7e]*$/.test(term));

/** The page's rows and its total, by the way the term (if any) is searched. */
async function searchedPage(
  exec: Executor,
  engine: Engine,
  companyId: number,
  term: string,
  offset: number,
  items: number,
): Promise<{ rows: string; known: ListTotal }> {
  const bound = searchCountBound(offset, items);
  if (probesIndex(engine, term)) {
    const probe = await probeSearchIndex(exec, engine, companyId, term, bound);
    if (probe.narrow) {
      const ids = probe.tops.slice(offset, offset + items);
      return {
        rows: ids.length === 0 ? '[]' : ((await itemsById(exec, { engine, ids }))[0]?.rows ?? '[]'),
        known: { total: probe.tops.length, exact: true },
      };
    }
    const form = matchFormOf(engine, term);
    const pattern = containsPattern(term);
    const known = probe.moreThanBound
      ? { total: bound, exact: false }
      : await boundedCount(exec, broadWalk(topLevel(exec, companyId), form, pattern), bound, walkStatement(form));
    const [page] = await broadItems(exec, { engine, companyId, form, pattern, limit: items, offset });
    return { rows: page?.rows ?? '[]', known };
  }
  // The terms the index cannot judge (SQLite: under 3 characters, or beyond ASCII), each page
  // built for its term: the top-level ids of the matching rows, found through the FTS index when
  // it can or by LIKE.
  const query = topLevel(exec, companyId).where(
    'p.id',
    'in',
    usesFtsIndex(engine, term)
      ? sql<number>`(${ftsTops(ftsPhrase(term), companyId)})`
      : exec
          .selectFrom('products as m')
          .select((x) => x.fn.coalesce('m.parent_id', 'm.id').as('top_id'))
          .where('m.company_id', '=', companyId)
          .where(productMatches(engine, 'm', containsPattern(term))),
  );
  const {
    rows: [page],
  } = await sql<{
    rows: string | null;
  }>`select ${productItemsOf(engine, pageIdsOf(query, items, offset))} as rows`.execute(exec);
  return { rows: page?.rows ?? '[]', known: await boundedCount(exec, query, bound) };
}

/**
 * A page of the company's top-level products, newest first, each with its variations. Two
 * queries plus the count (or the search index's probe), whatever the page size: the page of
 * parents, then all their children. The search matches the name or SKU of the parent or of any
 * of its variations. meta.total is the kept count of the company's products, or the matches of a
 * search counted up to a bound (a term matching an eighth of a million products counted all of
 * them before).
 */
export async function listProducts(
  exec: Executor,
  engine: Engine,
  link: ImageLink,
  companyId: number,
  q: { page: number; items: number; search: string },
): Promise<ProductPage> {
  if (!q.search) return onePage(exec, engine, link, companyId, q);
  // Name and SKU are compared folded (foldCase: case and the marks of ă â î ș ț ignored), the term
  // here and the texts by the index (migration 084), so "visina" finds "Vișină".
  const term = foldCase(q.search);
  const { rows, known } = await searchedPage(exec, engine, companyId, term, (q.page - 1) * q.items, q.items);
  return { data: withImageLinks(rows, link), meta: pageMeta(known, q.page, q.items) };
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

/** The company's first products (id order) with their SKU, price, stock and parent: what an emulated shop is filled with. */
export function companyCatalogue(exec: Executor, companyId: number, limit: number) {
  return exec
    .selectFrom('products')
    .select(['id', 'parent_id', 'sku', 'name', 'selling_price', 'stock'])
    .where('company_id', '=', companyId)
    .orderBy('id')
    .limit(limit)
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
