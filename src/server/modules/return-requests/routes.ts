import type { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { listQuery } from '../../../core/api/list.js';
import { returnRequestCreateBody, returnRequestUpdateBody, type ReturnRequest } from '../../../core/api/returnRequests.js';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { ReturnRequestsTable } from '../../db/schema.js';
import { idParam } from '../../http/params.js';
import { fieldError, notFound, parse } from '../../http/errors.js';
import { containsPattern, matchesAny, paginate } from '../../http/list.js';
import { nowSeconds } from '../../lib/time.js';


type Row = Selectable<ReturnRequestsTable> & { source_name: string | null };

/** The stored columns of the form's fields (the same on create and update; the source is set on create only). */
function requestColumns(body: z.output<typeof returnRequestUpdateBody>) {
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

export function returnRequestRoutes(app: FastifyInstance, db: Db): void {
  const company = { config: { company: true } };

  /** Requests of a company with their source's name joined in (no query per row). */
  const ofCompany = (companyId: number) =>
    db.kysely
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

  async function findOwn(companyId: number, id: number): Promise<Row> {
    const row = await ofCompany(companyId).where('r.id', '=', id).executeTakeFirst();
    if (!row) throw notFound();
    return row;
  }

  /**
   * The source named on the form, among the selected company's sources. Names are unique per
   * company; the match ignores case and surrounding spaces. Inactive sources still resolve: a
   * customer may return goods bought through a channel that has since been switched off.
   */
  async function resolveSource(companyId: number, name: string): Promise<number> {
    const row = await db.kysely
      .selectFrom('sources')
      .select('id')
      .where('company_id', '=', companyId)
      .where(sql`lower(source)`, '=', name.trim().toLowerCase())
      .orderBy('active', 'desc')
      .orderBy('id')
      .executeTakeFirst();
    if (!row) throw fieldError('source', 'return_invalid_source');
    return row.id;
  }

  app.get('/api/v1/return-request', company, async (req) => {
    const q = parse(listQuery, req.query);
    let query = ofCompany(req.companyId);
    if (q.search) {
      const byText = matchesAny(db.engine, ['r.full_name', 'r.phone_number', 'r.email', 'r.bill_number', 'r.iban', 's.source'], q.search);
      // IBANs are stored without spaces: "RO49 AAAA" finds "RO49AAAA...".
      const compact = q.search.replace(/\s+/g, '').toUpperCase();
      query = compact && compact !== q.search ? query.where((eb) => eb.or([byText, eb('r.iban', 'like', containsPattern(compact))])) : query.where(byText);
    }
    return paginate(query, { page: q.page, items: q.items, order: (x) => x.orderBy('r.id', 'desc'), map: toReturnRequest });
  });

  app.get('/api/v1/return-request/:id', company, async (req) => {
    const { id } = parse(idParam, req.params);
    return { data: toReturnRequest(await findOwn(req.companyId, id)) };
  });

  app.post('/api/v1/return-request', company, async (req, reply) => {
    const body = parse(returnRequestCreateBody, req.body);
    const sourceId = await resolveSource(req.companyId, body.source);
    const now = nowSeconds();
    const { id } = await db.kysely
      .insertInto('return_requests')
      .values({
        company_id: req.companyId,
        source_id: sourceId,
        ...requestColumns(body),
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return reply.status(201).send({ data: toReturnRequest(await findOwn(req.companyId, id)) });
  });

  /** Updates the form's fields; the source stays what it was (read-only on edit). */
  app.post('/api/v1/return-request/:id', company, async (req) => {
    const { id } = parse(idParam, req.params);
    await findOwn(req.companyId, id);
    const body = parse(returnRequestUpdateBody, req.body);
    await db.kysely
      .updateTable('return_requests')
      .set({ ...requestColumns(body), updated_at: nowSeconds() })
      .where('id', '=', id)
      .where('company_id', '=', req.companyId)
      .execute();
    return { data: toReturnRequest(await findOwn(req.companyId, id)) };
  });

  app.delete('/api/v1/return-request/:id', company, async (req) => {
    const { id } = parse(idParam, req.params);
    await findOwn(req.companyId, id);
    await db.kysely.deleteFrom('return_requests').where('id', '=', id).where('company_id', '=', req.companyId).execute();
    return { message: 'deleted' };
  });
}
