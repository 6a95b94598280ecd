import { sql } from 'kysely';
import type { Executor } from '../../db/connection.js';
import { keptCount } from '../../http/list.js';

/**
 * What still refers to a company and blocks its deletion. Orders are read from the counts the
 * orders module keeps with every write (no count of the orders table).
 */
export async function countCompanyUsage(
  exec: Executor,
  companyId: number,
): Promise<{ products: number; orders: number }> {
  const row = await exec
    .selectFrom('products')
    .select(sql<number>`count(*)`.as('n'))
    .where('company_id', '=', companyId)
    // Top-level products, as the Products list and the dashboard count them (variations belong to their product).
    .where('parent_id', 'is', null)
    .executeTakeFirst();
  const orders = await keptCount(exec, companyId, 'orders');
  return { products: Number(row?.n ?? 0), orders: orders.total };
}
