import { companyBody, type Company } from '../../../core/api/companies.js';
import type { ListQuery, ListResponse } from '../../../core/api/list.js';
import type { ServiceContext } from '../../context.js';
import type { Executor } from '../../db/connection.js';
import { FieldProblems, HttpError, notFound, parse } from '../../http/errors.js';
import {
  addMember,
  deleteCompanyRow,
  findUserCompany,
  insertCompany,
  listUserCompanies,
  lockUserMemberships,
  toCompany,
  updateCompanyRow,
  userCompanyWithCui,
  type CompanyValues,
} from './queries.js';
import { countCompanyUsage } from './usage.js';
import { companyFlagsLeaving } from '../order-lifecycle/index.js';

/**
 * Companies are not company-scoped: a user sees and changes only the companies they belong to
 * (another user's company is "not found").
 */
export function listCompanies(ctx: ServiceContext, q: ListQuery): Promise<ListResponse<Company>> {
  return listUserCompanies(ctx.db.kysely, ctx.db.engine, ctx.userId, q);
}

export async function getCompany(ctx: ServiceContext, id: number): Promise<Company> {
  const row = await findUserCompany(ctx.db.kysely, ctx.userId, id);
  if (!row) throw notFound();
  return toCompany(row);
}

/**
 * A tax id is one company's: among the companies the user belongs to, another one with the same
 * CUI is refused on the field, naming it (the user sees it anyway). Companies of other users are
 * not looked at, so the answer never tells whether someone else registered that CUI.
 */
async function assertCuiFree(trx: Executor, ctx: ServiceContext, body: CompanyValues, exceptId?: number) {
  await lockUserMemberships(trx, ctx.userId);
  const other = await userCompanyWithCui(trx, ctx.userId, body.vat_number, exceptId);
  if (other) throw FieldProblems.one('vat_number', 'vat_number_taken', { name: other.name });
}

/** Creates a company whose creator becomes its first member, in one transaction. */
export async function createCompany(ctx: ServiceContext, input: unknown): Promise<Company> {
  const body = parse(companyBody, input);
  const row = await ctx.db.transaction(async (trx) => {
    await assertCuiFree(trx, ctx, body);
    const company = await insertCompany(trx, body, ctx.now);
    await addMember(trx, company.id, ctx.userId);
    return company;
  });
  return toCompany(row);
}

/** The company must be the user's (404, checked before the form: a stranger learns nothing from a 422). */
export async function updateCompany(ctx: ServiceContext, id: number, input: unknown): Promise<Company> {
  const row = await ctx.db.transaction(async (trx) => {
    const before = await findUserCompany(trx, ctx.userId, id, { lock: true });
    if (!before) throw notFound();
    const body = parse(companyBody, input);
    await assertCuiFree(trx, ctx, body, id);
    return updateCompanyRow(trx, id, body, ctx.now, before);
  });
  return toCompany(row);
}

/**
 * Deletes a company of the user that nothing refers to any more (409 naming what is left). The
 * company's row is locked while counting: a product added at the same moment waits for the
 * delete on PostgreSQL (its foreign key reads that row), so it cannot slip in between.
 */
export async function deleteCompany(ctx: ServiceContext, id: number): Promise<void> {
  await ctx.db.transaction(async (trx) => {
    if (!(await findUserCompany(trx, ctx.userId, id, { lock: true }))) throw notFound();
    const usage = await countCompanyUsage(trx, id);
    if (usage.products > 0 || usage.orders > 0) throw new HttpError(409, 'company_in_use', usage);
    // Its flags go with it: the customers only it flagged leave other companies' flagged counts.
    await companyFlagsLeaving(trx, id);
    await deleteCompanyRow(trx, id);
  });
}
