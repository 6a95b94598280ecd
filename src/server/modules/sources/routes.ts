import type { FastifyInstance } from 'fastify';
import { listQuery } from '../../../core/api/list.js';
import { sourceBody, sourceKey, sourceUpdateBody, type Source } from '../../../core/api/sources.js';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/connection.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { SourcesTable } from '../../db/schema.js';
import { idParam } from '../../http/params.js';
import { assertSelectedCompany } from '../../http/auth.js';
import { fieldError, HttpError, langOf, notFound, parse } from '../../http/errors.js';
import { matchesAny, paginate } from '../../http/list.js';
import { nowSeconds } from '../../lib/time.js';
import { countSourceUsage, describeUsage, isInUse } from './usage.js';


type SourceRow = Omit<Selectable<SourcesTable>, 'source_key'> & { company_name: string };

const toSource = (r: SourceRow): Source => ({
  id: r.id,
  company_id: r.company_id,
  source: r.source,
  active: Boolean(r.active),
  company: { id: r.company_id, name: r.company_name },
  created_at: Number(r.created_at),
  updated_at: Number(r.updated_at),
});

/** Sources of the selected company (X-Company-ID): the channels its orders come from. */
export function sourceRoutes(app: FastifyInstance, db: Db): void {
  const scoped = { config: { company: true } };

  const base = (companyId: number) =>
    db.kysely
      .selectFrom('sources')
      .innerJoin('companies', 'companies.id', 'sources.company_id')
      .select(['sources.id', 'sources.company_id', 'sources.source', 'sources.active', 'sources.created_at', 'sources.updated_at', 'companies.name as company_name'])
      .where('sources.company_id', '=', companyId);

  async function findOwn(companyId: number, id: number): Promise<SourceRow> {
    const row = await base(companyId).where('sources.id', '=', id).executeTakeFirst();
    if (!row) throw notFound();
    return row;
  }

  /** A name is unique within a company, whatever its case (sourceKey). */
  async function assertNameFree(companyId: number, name: string, exceptId?: number): Promise<void> {
    let q = db.kysely.selectFrom('sources').select('id').where('company_id', '=', companyId).where('source_key', '=', sourceKey(name));
    if (exceptId) q = q.where('id', '<>', exceptId);
    if (await q.executeTakeFirst()) throw fieldError('source', 'source_taken');
  }

  /** The unique index has the last word when two saves of one name pass the check at once. */
  async function unlessNameTaken<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (err) {
      if (isUniqueViolation(err)) throw fieldError('source', 'source_taken');
      throw err;
    }
  }

  app.get('/api/v1/source', scoped, async (req) => {
    const q = parse(listQuery, req.query);
    let query = base(req.companyId);
    if (q.search) query = query.where(matchesAny(db.engine, ['sources.source'], q.search));
    return paginate(query, { page: q.page, items: q.items, order: (x) => x.orderBy('sources.id', 'desc'), map: toSource });
  });

  app.get('/api/v1/source/:id', scoped, async (req) => {
    const { id } = parse(idParam, req.params);
    return { data: toSource(await findOwn(req.companyId, id)) };
  });

  app.post('/api/v1/source', scoped, async (req, reply) => {
    const body = parse(sourceBody, req.body);
    assertSelectedCompany(body.company_id, req);
    await assertNameFree(req.companyId, body.source);
    const now = nowSeconds();
    const { id } = await unlessNameTaken(() =>
      db.kysely
        .insertInto('sources')
        .values({ company_id: req.companyId, source: body.source, source_key: sourceKey(body.source), active: body.active ? 1 : 0, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow(),
    );
    return reply.status(201).send({ data: toSource(await findOwn(req.companyId, id)) });
  });

  app.post('/api/v1/source/:id', scoped, async (req) => {
    const { id } = parse(idParam, req.params);
    const current = await findOwn(req.companyId, id);
    const body = parse(sourceUpdateBody, req.body);
    assertSelectedCompany(body.company_id, req);
    if (body.source !== undefined && body.source !== current.source) await assertNameFree(req.companyId, body.source, id);
    await unlessNameTaken(() =>
      db.kysely
        .updateTable('sources')
        .set({
          ...(body.source !== undefined ? { source: body.source, source_key: sourceKey(body.source) } : {}),
          ...(body.active !== undefined ? { active: body.active ? 1 : 0 } : {}),
          updated_at: nowSeconds(),
        })
        .where('id', '=', id)
        .where('company_id', '=', req.companyId)
        .execute(),
    );
    return { data: toSource(await findOwn(req.companyId, id)) };
  });

  app.delete('/api/v1/source/:id', scoped, async (req) => {
    const { id } = parse(idParam, req.params);
    await findOwn(req.companyId, id);
    const usage = await countSourceUsage(db, id);
    if (isInUse(usage)) throw new HttpError(409, 'source_in_use', { uses: describeUsage(usage, langOf(req)) });
    try {
      await db.kysely.deleteFrom('sources').where('id', '=', id).where('company_id', '=', req.companyId).execute();
    } catch (err) {
      // A row referring to the source was added meanwhile: the foreign key refused the delete.
      const again = await countSourceUsage(db, id);
      if (isInUse(again)) throw new HttpError(409, 'source_in_use', { uses: describeUsage(again, langOf(req)) });
      throw err;
    }
    return { message: 'deleted' };
  });
}
