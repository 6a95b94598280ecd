import type { ListResponse } from '../../../core/api/list.js';
import type { Product } from '../../../core/api/products.js';
import type { Executor } from '../../db/connection.js';
import { keptCount, pageMeta } from '../../http/list.js';
import { unsearchedPage } from './list/index.js';
import { toProduct, variationsOf, type ImageLink } from './queries.js';

/**
 * The reference version of the products list's unsearched page, read in parts as before it became
 * one statement. Only oneStatement.test.ts uses it, holding the one statement to it field by field
 * on both engines; it lives beside that test so that no code that runs carries it.
 */

/**
 * An unsearched page as it was read before the one statement: the kept count, the page, the
 * variations, each a query, the rows as objects.
 */
export async function listProductsInParts(
  exec: Executor,
  link: ImageLink,
  companyId: number,
  q: { page: number; items: number },
): Promise<ListResponse<Product>> {
  const known = await keptCount(exec, companyId, 'products');
  const rows = await unsearchedPage(exec, { companyId, limit: q.items, offset: (q.page - 1) * q.items });
  const children = await variationsOf(
    exec,
    rows.map((r) => r.id),
    link,
  );
  return {
    data: rows.map((row) => toProduct(row, link, children.get(row.id) ?? [])),
    meta: pageMeta(known, q.page, q.items),
  };
}
