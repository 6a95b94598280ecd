import type { FastifyInstance } from 'fastify';
import { companyBody, type Company } from '../../../core/api/companies.js';
import { listQuery } from '../../../core/api/list.js';
import type { Db } from '../../db/connection.js';
import { idParam } from '../../http/params.js';
import type { CompaniesTable } from '../../db/schema.js';
import { userOf } from '../../http/auth.js';
import { HttpError, notFound, parse } from '../../http/errors.js';
import { matchesAny, paginate } from '../../http/list.js';
import { nowSeconds } from '../../lib/time.js';
import type { Selectable } from 'kysely';
import { countCompanyUsage } from './usage.js';
import { fromBani } from '../../../core/money.js';


export function toCompany(row: Selectable<CompaniesTable>): Company {
  return {
    id: row.id,
    name: row.name,
    vat_number: row.vat_number,
    vat_payer: Boolean(row.vat_payer),
    administrator_name: row.administrator_name,
    active: Boolean(row.active),
    address: row.address,
    city: row.city,
    county: row.county,
    shipping_cost: fromBani(Number(row.shipping_cost ?? 0)),
    created_at: Number(row.created_at),
    updated_at: Number(row.updated_at),
  };
}

/** Companies are not company-scoped: a user sees and changes only the companies they belong to. */
export function companyRoutes(app: FastifyInstance, db: Db): void {
  const ofUser = (userId: number) =>
    db.kysely
      .selectFrom('companies')
      .innerJoin('company_users', 'company_users.company_id', 'companies.id')
      .where('company_users.user_id', '=', userId);

  async function findOwn(userId: number, id: number) {
    const row = await ofUser(userId).selectAll('companies').where('companies.id', '=', id).executeTakeFirst();
    if (!row) throw notFound();
    return row;
  }

  app.get('/api/v1/company', async (req) => {
    const q = parse(listQuery, req.query);
    let query = ofUser(userOf(req).id).selectAll('companies');
    if (q.search) query = query.where(matchesAny(db.engine, ['companies.name', 'companies.vat_number', 'companies.administrator_name'], q.search));
    return paginate(query, { page: q.page, items: q.items, order: (x) => x.orderBy('companies.name').orderBy('companies.id'), map: toCompany });
  });

  app.get('/api/v1/company/:id', async (req) => {
    const { id } = parse(idParam, req.params);
    return { data: toCompany(await findOwn(userOf(req).id, id)) };
  });

  app.post('/api/v1/company', async (req, reply) => {
    const body = parse(companyBody, req.body);
    const now = nowSeconds();
    const company = await db.kysely.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('companies')
        .values({ ...body, vat_payer: body.vat_payer ? 1 : 0, active: body.active ? 1 : 0, address: body.address ?? null, city: body.city ?? null, county: body.county ?? null, created_at: now, updated_at: now })
        .returningAll()
        .executeTakeFirstOrThrow();
      await trx.insertInto('company_users').values({ company_id: row.id, user_id: userOf(req).id }).execute();
      return row;
    });
    return reply.status(201).send({ data: toCompany(company) });
  });

  app.post('/api/v1/company/:id', async (req) => {
    const { id } = parse(idParam, req.params);
    await findOwn(userOf(req).id, id);
    const body = parse(companyBody, req.body);
    const row = await db.kysely
      .updateTable('companies')
      .set({ ...body, vat_payer: body.vat_payer ? 1 : 0, active: body.active ? 1 : 0, address: body.address ?? null, city: body.city ?? null, county: body.county ?? null, updated_at: nowSeconds() })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return { data: toCompany(row) };
  });

  app.delete('/api/v1/company/:id', async (req) => {
    const { id } = parse(idParam, req.params);
    await findOwn(userOf(req).id, id);
    const usage = await countCompanyUsage(db, id);
    if (usage.products > 0 || usage.orders > 0) throw new HttpError(409, 'company_in_use', usage);
    await db.kysely.deleteFrom('companies').where('id', '=', id).execute();
    return { message: 'deleted' };
  });
}
