import { sql } from 'kysely';
import type { Executor } from '../../db/connection.js';

/**
 * What still refers to a company and blocks its deletion. Orders join this count when the
 * orders module lands (its table does not exist yet).
 */
export async function countCompanyUsage(exec: Executor, companyId: number): Promise<{ products: number; orders: number }> {
  const row = await exec
    .selectFrom('products')
    .select(sql<number>`count(*)`.as('n'))
    .where('company_id', '=', companyId)
    // Top-level products, as the Products list and the dashboard count them (variations belong to their product).
    .where('parent_id', 'is', null)
    .executeTakeFirst();
  return { products: Number(row?.n ?? 0), orders: 0 };
}
