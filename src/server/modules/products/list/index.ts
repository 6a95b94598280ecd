import { sql } from 'kysely';
import { searchCountBound } from '../../../../core/api/list.js';
import { foldCase, type Engine, type Executor } from '../../../db/connection.js';
import { boundedCount, containsPattern, pageMeta, type ListTotal } from '../../../http/list.js';
import type { ImageLink } from '../queries.js';
import { postgresProductReader } from './postgres.js';
import {
  broadItems,
  broadWalk,
  itemsById,
  pageIdsOf,
  productItemsOf,
  topLevel,
  unsearchedPageInOne,
  walkStatement,
  withImageLinks,
  type ProductListReader,
  type ProductPage,
} from './shared.js';
import { sqliteProductReader } from './sqlite.js';

/**
 * The products list: its page, search and count, written here once; what each engine answers its
 * own way (how a term is compared, its search index's probe) is the engine's ProductListReader
 * (sqlite.ts, postgres.ts), as the orders and customers lists' readers are.
 */
export { unsearchedPage, type ProductListReader, type ProductPage } from './shared.js';

/** The engine's reader of the products list. */
export const readerOf = (engine: Engine): ProductListReader =>
  engine === 'sqlite' ? sqliteProductReader : postgresProductReader;

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
 * matching rows (products or variations), read by the engine's reader (probe).
 * - Fewer rows than that: every match was read, the term is narrow. Its distinct tops are the
 *   exact total and the page is cut from them, so the index is searched once.
 * - As many: the term is broad. When those rows already belong to more than `bound` products the
 *   total is "more than bound" without a count; when they do not (a term matching many variations
 *   of each product), the walk counts.
 */
type IndexProbe = { narrow: true; tops: number[] } | { narrow: false; moreThanBound: boolean };

async function probeSearchIndex(
  exec: Executor,
  reader: ProductListReader,
  companyId: number,
  term: string,
  bound: number,
): Promise<IndexProbe> {
  const read = await reader.probe(exec, companyId, term, bound + 1);
  const tops = [...new Set(read)];
  return read.length > bound
    ? { narrow: false, moreThanBound: tops.length > bound }
    : { narrow: true, tops: tops.sort((x, y) => y - x) };
}

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
  const reader = readerOf(engine);
  if (reader.probesIndex(term)) {
    const probe = await probeSearchIndex(exec, reader, companyId, term, bound);
    if (probe.narrow) {
      const ids = probe.tops.slice(offset, offset + items);
      return {
        rows: ids.length === 0 ? '[]' : ((await itemsById(exec, { engine, ids }))[0]?.rows ?? '[]'),
        known: { total: probe.tops.length, exact: true },
      };
    }
    const form = reader.matchForm(term);
    const pattern = containsPattern(term);
    const known = probe.moreThanBound
      ? { total: bound, exact: false }
      : await boundedCount(exec, broadWalk(topLevel(exec, companyId), form, pattern), bound, walkStatement(form));
    const [page] = await broadItems(exec, { engine, companyId, form, pattern, limit: items, offset });
    return { rows: page?.rows ?? '[]', known };
  }
  // The terms the index cannot judge, each page built for its term: the top-level ids of the
  // matching rows, as the engine's reader finds them (matchingTops).
  const query = topLevel(exec, companyId).where('p.id', 'in', reader.matchingTops(exec, companyId, term));
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
