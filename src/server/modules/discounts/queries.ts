import type { Selectable } from 'kysely';
import type { z } from 'zod';
import type {
  DiscountType,
  OrderDiscount,
  ProductDiscount,
  orderDiscountUpdateBody,
  productDiscountBody,
} from '../../../core/api/discounts.js';
import type { ListQuery, ListResponse } from '../../../core/api/list.js';
import { fromBani } from '../../../core/money.js';
import type { Engine, Executor } from '../../db/connection.js';
import type { OrderDiscountsTable, ProductDiscountsTable } from '../../db/schema.js';
import { matchesAny, preparedList } from '../../http/list.js';

/** Stored hundredths (bani or hundredths of a percent) as the API's two-decimal number. */
const valueOut = (v: number | null): number | null => (v === null ? null : fromBani(Number(v)));

// ---- order discounts ----

type OrderDiscountRow = Selectable<OrderDiscountsTable> & { source_name: string };
export type OrderDiscountValues = z.output<typeof orderDiscountUpdateBody>;

const toOrderDiscount = (r: OrderDiscountRow): OrderDiscount => ({
  id: r.id,
  type: r.type as DiscountType,
  order_value: fromBani(Number(r.order_value)),
  value: valueOut(r.value),
  company_id: r.company_id,
  source_id: r.source_id,
  source: { id: r.source_id, source: r.source_name },
  created_at: Number(r.created_at),
  updated_at: Number(r.updated_at),
});

/** Order discounts of a company with their source's name joined in (no query per row). */
const orderDiscountsOf = (exec: Executor, companyId: number) =>
  exec
    .selectFrom('order_discounts')
    .innerJoin('sources', 'sources.id', 'order_discounts.source_id')
    .select([
      'order_discounts.id',
      'order_discounts.company_id',
      'order_discounts.source_id',
      'order_discounts.type',
      'order_discounts.order_value',
      'order_discounts.value',
      'order_discounts.created_at',
      'order_discounts.updated_at',
      'sources.source as source_name',
    ])
    .where('order_discounts.company_id', '=', companyId);

const orderDiscountsList = preparedList(
  (exec, v: { companyId: number }) => orderDiscountsOf(exec, v.companyId),
  (q) => q.orderBy('order_discounts.id', 'desc'),
);

export function listOrderDiscounts(
  exec: Executor,
  engine: Engine,
  companyId: number,
  q: ListQuery,
): Promise<ListResponse<OrderDiscount>> {
  const search = q.search ? matchesAny(engine, ['sources.source', 'order_discounts.type'], q.search) : undefined;
  return orderDiscountsList(exec, { companyId }, { page: q.page, items: q.items, map: toOrderDiscount, search });
}

export async function findOrderDiscount(
  exec: Executor,
  companyId: number,
  id: number,
): Promise<OrderDiscount | undefined> {
  const row = await orderDiscountsOf(exec, companyId).where('order_discounts.id', '=', id).executeTakeFirst();
  return row && toOrderDiscount(row);
}

export async function insertOrderDiscount(
  exec: Executor,
  companyId: number,
  sourceId: number,
  body: OrderDiscountValues,
  now: number,
): Promise<number> {
  const { id } = await exec
    .insertInto('order_discounts')
    .values({
      company_id: companyId,
      source_id: sourceId,
      type: body.type,
      order_value: body.order_value,
      value: body.value,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function updateOrderDiscountRow(
  exec: Executor,
  companyId: number,
  id: number,
  body: OrderDiscountValues,
  now: number,
): Promise<void> {
  await exec
    .updateTable('order_discounts')
    .set({ type: body.type, order_value: body.order_value, value: body.value, updated_at: now })
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .execute();
}

/** Deletes a discount of the company; answers whether there was one. */
export async function deleteOrderDiscountRow(exec: Executor, companyId: number, id: number): Promise<boolean> {
  const result = await exec
    .deleteFrom('order_discounts')
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

// ---- product discounts ----

type ProductDiscountRow = Omit<Selectable<ProductDiscountsTable>, 'company_id'> & {
  product_name: string;
  product_sku: string;
};
export type ProductDiscountValues = z.output<typeof productDiscountBody>;

const toProductDiscount = (r: ProductDiscountRow): ProductDiscount => ({
  id: r.id,
  product_id: r.product_id,
  product: { id: r.product_id, name: r.product_name, sku: r.product_sku },
  type: r.type as DiscountType,
  quantity: Number(r.quantity),
  value: valueOut(r.value),
  created_at: Number(r.created_at),
  updated_at: Number(r.updated_at),
});

/** Product discounts of a company with their product's name and SKU joined in. */
const productDiscountsOf = (exec: Executor, companyId: number) =>
  exec
    .selectFrom('product_discounts')
    .innerJoin('products', 'products.id', 'product_discounts.product_id')
    .select([
      'product_discounts.id',
      'product_discounts.product_id',
      'product_discounts.type',
      'product_discounts.quantity',
      'product_discounts.value',
      'product_discounts.created_at',
      'product_discounts.updated_at',
      'products.name as product_name',
      'products.sku as product_sku',
    ])
    .where('product_discounts.company_id', '=', companyId);

const productDiscountsList = preparedList(
  (exec, v: { companyId: number }) => productDiscountsOf(exec, v.companyId),
  (q) => q.orderBy('product_discounts.id', 'desc'),
);

export function listProductDiscounts(
  exec: Executor,
  engine: Engine,
  companyId: number,
  q: ListQuery,
): Promise<ListResponse<ProductDiscount>> {
  const search = q.search
    ? matchesAny(engine, ['products.name', 'products.sku', 'product_discounts.type'], q.search)
    : undefined;
  return productDiscountsList(exec, { companyId }, { page: q.page, items: q.items, map: toProductDiscount, search });
}

export async function findProductDiscount(
  exec: Executor,
  companyId: number,
  id: number,
): Promise<ProductDiscount | undefined> {
  const row = await productDiscountsOf(exec, companyId).where('product_discounts.id', '=', id).executeTakeFirst();
  return row && toProductDiscount(row);
}

export async function insertProductDiscount(
  exec: Executor,
  companyId: number,
  body: ProductDiscountValues,
  now: number,
): Promise<number> {
  const { id } = await exec
    .insertInto('product_discounts')
    .values({
      company_id: companyId,
      product_id: body.product_id,
      type: body.type,
      quantity: body.quantity,
      value: body.value,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function updateProductDiscountRow(
  exec: Executor,
  companyId: number,
  id: number,
  body: ProductDiscountValues,
  now: number,
): Promise<void> {
  await exec
    .updateTable('product_discounts')
    .set({ product_id: body.product_id, type: body.type, quantity: body.quantity, value: body.value, updated_at: now })
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .execute();
}

export async function deleteProductDiscountRow(exec: Executor, companyId: number, id: number): Promise<boolean> {
  const result = await exec
    .deleteFrom('product_discounts')
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

// ---- the rules an order applies -----------------------------------------------------------------

/** The company's product discounts of these products (an order line gets the best one it reaches). */
export function productDiscountRules(exec: Executor, companyId: number, productIds: number[]) {
  if (productIds.length === 0) return Promise.resolve([]);
  return exec
    .selectFrom('product_discounts')
    .select(['id', 'product_id', 'type', 'quantity', 'value'])
    .where('company_id', '=', companyId)
    .where('product_id', 'in', productIds)
    .execute();
}

/** The company's order discounts of a source (an order gets the best one its value reaches). */
export function orderDiscountRules(exec: Executor, companyId: number, sourceId: number | null) {
  if (sourceId === null) return Promise.resolve([]);
  return exec
    .selectFrom('order_discounts')
    .select(['id', 'source_id', 'type', 'order_value', 'value'])
    .where('company_id', '=', companyId)
    .where('source_id', '=', sourceId)
    .execute();
}
