import {
  orderDiscountBody,
  orderDiscountUpdateBody,
  productDiscountBody,
  type OrderDiscount,
  type ProductDiscount,
} from '../../../core/api/discounts.js';
import type { ListQuery, ListResponse } from '../../../core/api/list.js';
import { type ServiceContext } from '../../context.js';
import type { Executor } from '../../db/connection.js';
import { FieldProblems, notFound, parse, assertSelectedCompany } from '../../http/errors.js';
import { companyProductIds } from '../products/index.js';
import { requireCompanySource } from '../sources/index.js';
import {
  deleteOrderDiscountRow,
  deleteProductDiscountRow,
  findOrderDiscount,
  findProductDiscount,
  insertOrderDiscount,
  insertProductDiscount,
  listOrderDiscounts,
  listProductDiscounts,
  updateOrderDiscountRow,
  updateProductDiscountRow,
} from './queries.js';

// Order discounts and product discounts of the company the request works in (ctx.companyId).

// ---- order discounts ----

export function listOrderDiscountsOf(ctx: ServiceContext, q: ListQuery): Promise<ListResponse<OrderDiscount>> {
  return listOrderDiscounts(ctx.db.kysely, ctx.db.engine, ctx.companyId, q);
}

export async function getOrderDiscount(
  ctx: ServiceContext,
  id: number,
  exec: Executor = ctx.db.kysely,
): Promise<OrderDiscount> {
  const discount = await findOrderDiscount(exec, ctx.companyId, id);
  if (!discount) throw notFound();
  return discount;
}

/** The source must be one of the company's (another company's source is "invalid", not found). */
export async function createOrderDiscount(ctx: ServiceContext, input: unknown): Promise<OrderDiscount> {
  const body = parse(orderDiscountBody, input);
  assertSelectedCompany(ctx, body.company_id);
  const id = await ctx.db.transaction(async (trx) => {
    const sourceId = await requireCompanySource(
      trx,
      ctx.companyId,
      { id: body.source_id },
      { field: 'source_id', key: 'invalid_source' },
    );
    return insertOrderDiscount(trx, ctx.companyId, sourceId, body, ctx.now);
  });
  return getOrderDiscount(ctx, id);
}

/** Type and values change; the source stays. A discount of another company is not found (before the form is read). */
export async function updateOrderDiscount(ctx: ServiceContext, id: number, input: unknown): Promise<OrderDiscount> {
  await ctx.db.transaction(async (trx) => {
    await getOrderDiscount(ctx, id, trx);
    await updateOrderDiscountRow(trx, ctx.companyId, id, parse(orderDiscountUpdateBody, input), ctx.now);
  });
  return getOrderDiscount(ctx, id);
}

export async function deleteOrderDiscount(ctx: ServiceContext, id: number): Promise<void> {
  if (!(await deleteOrderDiscountRow(ctx.db.kysely, ctx.companyId, id))) throw notFound();
}

// ---- product discounts ----

export function listProductDiscountsOf(ctx: ServiceContext, q: ListQuery): Promise<ListResponse<ProductDiscount>> {
  return listProductDiscounts(ctx.db.kysely, ctx.db.engine, ctx.companyId, q);
}

export async function getProductDiscount(
  ctx: ServiceContext,
  id: number,
  exec: Executor = ctx.db.kysely,
): Promise<ProductDiscount> {
  const discount = await findProductDiscount(exec, ctx.companyId, id);
  if (!discount) throw notFound();
  return discount;
}

/** The product must be one of the company's (another company's product is "invalid", not found). */
async function assertOwnProduct(trx: Executor, companyId: number, productId: number): Promise<void> {
  if (!(await companyProductIds(trx, companyId, [productId])).has(productId))
    throw FieldProblems.one('product_id', 'invalid_product');
}

export async function createProductDiscount(ctx: ServiceContext, input: unknown): Promise<ProductDiscount> {
  const body = parse(productDiscountBody, input);
  const id = await ctx.db.transaction(async (trx) => {
    await assertOwnProduct(trx, ctx.companyId, body.product_id);
    return insertProductDiscount(trx, ctx.companyId, body, ctx.now);
  });
  return getProductDiscount(ctx, id);
}

export async function updateProductDiscount(ctx: ServiceContext, id: number, input: unknown): Promise<ProductDiscount> {
  await ctx.db.transaction(async (trx) => {
    await getProductDiscount(ctx, id, trx);
    const body = parse(productDiscountBody, input);
    await assertOwnProduct(trx, ctx.companyId, body.product_id);
    await updateProductDiscountRow(trx, ctx.companyId, id, body, ctx.now);
  });
  return getProductDiscount(ctx, id);
}

export async function deleteProductDiscount(ctx: ServiceContext, id: number): Promise<void> {
  if (!(await deleteProductDiscountRow(ctx.db.kysely, ctx.companyId, id))) throw notFound();
}
