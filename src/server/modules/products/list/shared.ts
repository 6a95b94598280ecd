import { sql, type Expression, type OperandValueExpressionOrList, type RawBuilder, type SqlBool } from 'kysely';
import type { ListMeta } from '../../../../core/api/list.js';
import type { Product } from '../../../../core/api/products.js';
import type { Engine, Executor } from '../../../db/connection.js';
import type { Database, ProductsTable } from '../../../db/schema.js';
import { emptyJsonArray, jsonItems, jsonLei, nestedItems, type JsonFields } from '../../../db/json.js';
import { ONE_PLAN } from '../../../db/perf/pgStatements.js';
import { prepared } from '../../../db/perf/prepared.js';
import { JsonText } from '../../../http/jsonText.js';
import { containsPattern, keptCountOf, likeAny } from '../../../http/list.js';
import { imageSha, type ImageLink } from '../queries.js';

/** A page of products: the JSON text the database wrote (productItemsJson), image links signed in. */
export type ProductPage = { data: JsonText<Product[]>; meta: ListMeta };

/**
 * How a term is compared with name and SKU. PostgreSQL compares the folded text of migrations 021
 * and 084 (name || line feed || sku, lower case, ă â î ș ț without their marks, kept by the
 * database) with plain LIKE, without folding the columns on every comparison. A term with a line feed could match across
 * name and SKU joined there, so it is compared with the columns themselves, as on SQLite.
 */
export type MatchForm = 'folded' | Engine;

/** The ids of products, a list or a subquery of them, that a query of the company's products `p` takes. */
export type ProductIds = OperandValueExpressionOrList<Database & { p: ProductsTable }, 'p', 'p.id'>;

/**
 * What each engine does its own way in the products list's search (the term already folded):
 * how it compares a term with name and SKU, whether and how its search index is probed, and the
 * matches of a term the index cannot judge. The page, the count and the JSON rows are written once
 * (index.ts, this file).
 */
export interface ProductListReader {
  /** How the term is compared with name and SKU by LIKE (productMatches, the broad walk). */
  matchForm(term: string): MatchForm;
  /** Whether the index can tell a narrow term from a broad one (probe); otherwise matchingTops builds the page. */
  probesIndex(term: string): boolean;
  /**
   * The probe of the search index: the top-level id (its parent's, or its own) of each of the
   * company's first `limit` rows matching the term, products or variations, in the order read.
   */
  probe(exec: Executor, companyId: number, term: string, limit: number): Promise<number[]>;
  /** The top-level ids of the company's rows matching a term the index cannot judge (a subquery). */
  matchingTops(exec: Executor, companyId: number, term: string): ProductIds;
}

/** Whether the product `alias` matches `pattern` (containsPattern of the term) by name or SKU. */
export function productMatches(form: MatchForm, alias: 'm' | 'p' | 'v', pattern: string) {
  if (form === 'folded') return sql<SqlBool>`${sql.ref(`${alias}.search_text`)} like lower(${pattern}) escape '\\'`;
  return likeAny(form, [`${alias}.name`, `${alias}.sku`], pattern);
}

/** The top-level ids of the company's rows whose name or SKU contains the term, compared by LIKE as `form` says. */
export const likeTops = (exec: Executor, form: MatchForm, companyId: number, term: string) =>
  exec
    .selectFrom('products as m')
    .select((x) => x.fn.coalesce('m.parent_id', 'm.id').as('top_id'))
    .where('m.company_id', '=', companyId)
    .where(productMatches(form, 'm', containsPattern(term)));

/** The company's top-level products. */
export const topLevel = (exec: Executor, companyId: number) =>
  exec.selectFrom('products as p').where('p.company_id', '=', companyId).where('p.parent_id', 'is', null);
export type TopLevel = ReturnType<typeof topLevel>;

/**
 * The ids of a page, newest first. Ordering by parent_id too (null on every top-level row, so the
 * order is the same) names the index (company_id, parent_id, id): PostgreSQL otherwise walked the
 * primary key backwards and stepped over every newer variation (a million-row catalogue's page 1
 * took 400 ms). The rows are read for these ids only (productRows), so the image subquery runs for
 * the rows shown, never for the rows an OFFSET skips (PostgreSQL ran it for every skipped row).
 */
export const pageIdsOf = (query: TopLevel, limit: number, offset: number) =>
  query.select('p.id').orderBy('p.parent_id', 'desc').orderBy('p.id', 'desc').limit(limit).offset(offset);

/**
 * A broad term's walk: the company's products newest first, each kept if it or one of its
 * variations matches. The page (and the bounded count, if needed) fill after a few rows, so the
 * walk stops early instead of materialising every match of the index (an eighth of a million
 * products held Node's only thread for hundreds of milliseconds on SQLite, and took PostgreSQL's
 * bitmap scan 120 ms). The variations' test is a scalar subquery, not EXISTS: PostgreSQL turns an
 * EXISTS under OR into a hash of every matching variation, built first.
 */
export const broadWalk = (query: TopLevel, form: MatchForm, pattern: string) =>
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
export const walkStatement = (form: MatchForm) => sql.raw(form === 'folded' ? `${ONE_PLAN} ` : '');

/** The rows of the products a page's ids name, newest first. */
function productRows(exec: Executor, ids: ProductIds) {
  return exec
    .selectFrom('products as p')
    .selectAll('p')
    .select(imageSha)
    .where('p.id', 'in', ids)
    .orderBy('p.id', 'desc');
}

// The usual queries of the list are built and compiled once (db/perf/prepared.ts); Kysely building
// them on every request cost a broad search about a third of its time in Node.
export const unsearchedPage = prepared(
  (exec, v: { companyId: number; limit: number; offset: number }) =>
    productRows(exec, pageIdsOf(topLevel(exec, v.companyId), v.limit, v.offset)),
  {
    shape: ['limit', 'offset'],
  },
);
export const broadItems = prepared(
  (exec, v: { engine: Engine; companyId: number; form: MatchForm; pattern: string; limit: number; offset: number }) =>
    sql<{ rows: string | null }>`${walkStatement(v.form)}select ${productItemsOf(
      v.engine,
      pageIdsOf(broadWalk(topLevel(exec, v.companyId), v.form, v.pattern), v.limit, v.offset),
    )} as rows`,
  { shape: ['engine', 'form', 'limit', 'offset'] },
);
export const itemsById = prepared(
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
export function withImageLinks(text: string, link: ImageLink): JsonText<Product[]> {
  return new JsonText(
    text.replace(IMAGE_FIELD, (_all, id: string, sha: string) => `,"image":${JSON.stringify(link(Number(id), sha))}`),
  );
}

/**
 * The products `ids` names (a list of ids or a subquery of them) as productItemsJson's text, newest
 * first, each with its variations in creation order.
 */
export function productItemsOf(engine: Engine, ids: Expression<unknown>) {
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
export const unsearchedPageInOne = prepared(
  (exec, v: { engine: Engine; companyId: number; limit: number; offset: number }) =>
    sql<{
      total: number | string | null;
      rows: string | null;
    }>`select ${keptCountOf(v.companyId, 'products')} as total,
      ${productItemsOf(v.engine, pageIdsOf(topLevel(exec, v.companyId), v.limit, v.offset))} as rows`,
  { shape: ['engine', 'limit', 'offset'] },
);
