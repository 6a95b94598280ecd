import type { Executor } from '../../db/connection.js';
import { prepared } from '../../db/perf/prepared.js';

/** The reads of the orders an intake makes or matches (their writes go through the lifecycle and queries.ts). */

/** The company's order of a source with the shop's order number, or undefined. */
export async function orderIdOfExternal(
  exec: Executor,
  companyId: number,
  sourceId: number,
  externalId: string,
): Promise<number | undefined> {
  return (await orderOfExternal(exec, { companyId, sourceId, externalId }))[0]?.id;
}

/** Built and compiled once (perf/prepared.ts): every push asks it (index orders_source_external). */
const orderOfExternal = prepared((exec, v: { companyId: number; sourceId: number; externalId: string }) =>
  exec
    .selectFrom('orders')
    .select('id')
    .where('source_id', '=', v.sourceId)
    .where('external_id', '=', v.externalId)
    .where('company_id', '=', v.companyId),
);

/** The phone number the company knows the order's customer by. */
export async function orderCustomerPhone(exec: Executor, orderId: number): Promise<string | undefined> {
  const row = await exec
    .selectFrom('orders as o')
    .innerJoin('company_customers as cc', (j) =>
      j.onRef('cc.company_id', '=', 'o.company_id').onRef('cc.customer_id', '=', 'o.customer_id'),
    )
    .select('cc.phone_number')
    .where('o.id', '=', orderId)
    .executeTakeFirst();
  return row?.phone_number;
}
