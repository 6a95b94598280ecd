import type { ListQuery, ListResponse } from '../../../core/api/list.js';
import {
  returnRequestCreateBody,
  returnRequestUpdateBody,
  type ReturnRequest,
} from '../../../core/api/returnRequests.js';
import type { ServiceContext } from '../../context.js';
import { notFound, parse } from '../../http/errors.js';
import { requireCompanySource } from '../sources/index.js';
import {
  deleteReturnRequestRow,
  findReturnRequest,
  insertReturnRequest,
  listReturnRequests,
  updateReturnRequestRow,
} from './queries.js';

/** Return requests of the company the request works in (ctx.companyId). */
export function listReturnRequestsOf(ctx: ServiceContext, q: ListQuery): Promise<ListResponse<ReturnRequest>> {
  return listReturnRequests(ctx.db.reads, ctx.db.engine, ctx.companyId, q);
}

export async function getReturnRequest(ctx: ServiceContext, id: number): Promise<ReturnRequest> {
  const request = await findReturnRequest(ctx.db.kysely, ctx.companyId, id);
  if (!request) throw notFound();
  return request;
}

/**
 * The form names its source by name, among the company's sources (whatever its case and
 * surrounding spaces; an inactive source still resolves).
 */
export async function createReturnRequest(ctx: ServiceContext, input: unknown): Promise<ReturnRequest> {
  const body = parse(returnRequestCreateBody, input);
  const id = await ctx.db.transaction(async (trx) => {
    const sourceId = await requireCompanySource(
      trx,
      ctx.companyId,
      { name: body.source },
      { field: 'source', key: 'return_invalid_source' },
    );
    return insertReturnRequest(trx, ctx.companyId, sourceId, body, ctx.now);
  });
  return getReturnRequest(ctx, id);
}

/** Updates the form's fields; the source stays what it was (read-only on edit). Another company's request is not found (before the form is read). */
export async function updateReturnRequest(ctx: ServiceContext, id: number, input: unknown): Promise<ReturnRequest> {
  await getReturnRequest(ctx, id);
  if (!(await updateReturnRequestRow(ctx.db.kysely, ctx.companyId, id, parse(returnRequestUpdateBody, input), ctx.now)))
    throw notFound();
  return getReturnRequest(ctx, id);
}

export async function deleteReturnRequest(ctx: ServiceContext, id: number): Promise<void> {
  if (!(await deleteReturnRequestRow(ctx.db.kysely, ctx.companyId, id))) throw notFound();
}
