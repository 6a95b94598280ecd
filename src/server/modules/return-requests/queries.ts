import type { Selectable } from 'kysely';
import type { z } from 'zod';
import type { ListQuery, ListResponse } from '../../../core/api/list.js';
import type { ReturnRequest, returnRequestUpdateBody } from '../../../core/api/returnRequests.js';
import type { Engine, Executor } from '../../db/connection.js';
import type { ReturnRequestsTable } from '../../db/schema.js';
import { containsPattern, matchesAny, paginate } from '../../http/list.js';

type Row = Selectable<ReturnRequestsTable> & { source_name: string | null };
/** The form's fields (the same on create and update; the source is set on create only). */
export type ReturnRequestValues = z.output<typeof returnRequestUpdateBody>;

function requestColumns(body: ReturnRequestValues) {
  return {
    full_name: body.full_name,
    phone_number: body.phone_number,
    email: body.email ?? null,
    bill_number: body.bill_number ?? null,
    iban: body.iban,
    reason: body.reason ?? null,
    details: body.details ?? null,
  };
}

function toReturnRequest(r: Row): ReturnRequest {
  return {
    id: r.id,
    company_id: r.company_id,
    source_id: r.source_id,
    source: r.source_name === null ? null : { id: r.source_id, source: r.source_name },
    full_name: r.full_name,
    phone_number: r.phone_number,
    email: r.email,
    bill_number: r.bill_number,
    iban: r.iban,
    reason: r.reason,
    details: r.details,
    created_at: Number(r.created_at),
    updated_at: Number(r.updated_at),
  };
}

/** Requests of a company with their source's name joined in (no query per row). */
const requestsOf = (exec: Executor, companyId: number) =>
  exec
    .selectFrom('return_requests as r')
    .leftJoin('sources as s', 's.id', 'r.source_id')
    .select([
      'r.id',
      'r.company_id',
      'r.source_id',
      's.source as source_name',
      'r.full_name',
      'r.phone_number',
      'r.email',
      'r.bill_number',
      'r.iban',
      'r.reason',
      'r.details',
      'r.created_at',
      'r.updated_at',
    ])
    .where('r.company_id', '=', companyId);

export function listReturnRequests(
  exec: Executor,
  engine: Engine,
  companyId: number,
  q: ListQuery,
): Promise<ListResponse<ReturnRequest>> {
  let query = requestsOf(exec, companyId);
  if (q.search) {
    const byText = matchesAny(
      engine,
      ['r.full_name', 'r.phone_number', 'r.email', 'r.bill_number', 'r.iban', 's.source'],
      q.search,
    );
    // IBANs are stored without spaces: "RO49 AAAA" finds "RO49AAAA...".
    const compact = q.search.replace(/\s+/g, '').toUpperCase();
    query =
      compact && compact !== q.search
        ? query.where((eb) => eb.or([byText, eb('r.iban', 'like', containsPattern(compact))]))
        : query.where(byText);
  }
  return paginate(query, {
    page: q.page,
    items: q.items,
    order: (x) => x.orderBy('r.id', 'desc'),
    map: toReturnRequest,
  });
}

export async function findReturnRequest(
  exec: Executor,
  companyId: number,
  id: number,
): Promise<ReturnRequest | undefined> {
  const row = await requestsOf(exec, companyId).where('r.id', '=', id).executeTakeFirst();
  return row && toReturnRequest(row);
}

export async function insertReturnRequest(
  exec: Executor,
  companyId: number,
  sourceId: number,
  body: ReturnRequestValues,
  now: number,
): Promise<number> {
  const { id } = await exec
    .insertInto('return_requests')
    .values({ company_id: companyId, source_id: sourceId, ...requestColumns(body), created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** Updates the form's fields of a request of the company; answers whether there was one. */
export async function updateReturnRequestRow(
  exec: Executor,
  companyId: number,
  id: number,
  body: ReturnRequestValues,
  now: number,
): Promise<boolean> {
  const result = await exec
    .updateTable('return_requests')
    .set({ ...requestColumns(body), updated_at: now })
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteReturnRequestRow(exec: Executor, companyId: number, id: number): Promise<boolean> {
  const result = await exec
    .deleteFrom('return_requests')
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
