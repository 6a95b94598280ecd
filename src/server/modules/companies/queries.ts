import type { Selectable } from 'kysely';
import type { z } from 'zod';
import type { Company, companyBody } from '../../../core/api/companies.js';
import type { ListQuery, ListResponse } from '../../../core/api/list.js';
import { fromBani } from '../../../core/money.js';
import { rateNumber } from '../../../core/orders/currency.js';
import { forUpdate, type Engine, type Executor } from '../../db/connection.js';
import type { CompaniesTable } from '../../db/schema.js';
import { matchesAny, preparedList } from '../../http/list.js';

/** A company form as parsed by its schema. */
export type CompanyValues = z.output<typeof companyBody>;

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
    eur_rate: row.eur_rate === null || row.eur_rate === undefined ? null : rateNumber(Number(row.eur_rate)),
    eur_rate_set_at:
      row.eur_rate_set_at === null || row.eur_rate_set_at === undefined ? null : Number(row.eur_rate_set_at),
    created_at: Number(row.created_at),
    updated_at: Number(row.updated_at),
  };
}

/** The stored columns of a company form. */
function companyColumns(body: CompanyValues) {
  return {
    ...body,
    vat_payer: body.vat_payer ? 1 : 0,
    active: body.active ? 1 : 0,
    address: body.address ?? null,
    city: body.city ?? null,
    county: body.county ?? null,
  };
}

const ofUser = (exec: Executor, userId: number) =>
  exec
    .selectFrom('companies')
    .innerJoin('company_users', 'company_users.company_id', 'companies.id')
    .where('company_users.user_id', '=', userId);

const userCompaniesList = preparedList(
  (exec, v: { userId: number }) => ofUser(exec, v.userId).selectAll('companies'),
  (q) => q.orderBy('companies.name').orderBy('companies.id'),
);

/** A page of the user's companies by name, searched over name, tax id and administrator. */
export function listUserCompanies(
  exec: Executor,
  engine: Engine,
  userId: number,
  q: ListQuery,
): Promise<ListResponse<Company>> {
  const search = q.search
    ? matchesAny(engine, ['companies.name', 'companies.vat_number', 'companies.administrator_name'], q.search)
    : undefined;
  return userCompaniesList(exec, { userId }, { page: q.page, items: q.items, map: toCompany, search });
}

/** A company the user belongs to, or undefined; `lock` holds its row until the transaction ends. */
export function findUserCompany(
  exec: Executor,
  userId: number,
  id: number,
  opts: { lock?: boolean } = {},
): Promise<Selectable<CompaniesTable> | undefined> {
  const query = ofUser(exec, userId).selectAll('companies').where('companies.id', '=', id);
  return (opts.lock ? forUpdate(exec, query) : query).executeTakeFirst();
}

/**
 * A company the user belongs to whose tax id is `cui`, with or without the RO prefix (the prefix
 * only says the company pays VAT: RO14399840 and 14399840 name one company), other than `exceptId`.
 */
export function userCompanyWithCui(
  exec: Executor,
  userId: number,
  cui: string,
  exceptId?: number,
): Promise<{ id: number; name: string } | undefined> {
  const digits = cui.replace(/^RO/, '');
  let query = ofUser(exec, userId)
    .select(['companies.id', 'companies.name'])
    .where('companies.vat_number', 'in', [digits, `RO${digits}`]);
  if (exceptId !== undefined) query = query.where('companies.id', '<>', exceptId);
  return query.orderBy('companies.id').executeTakeFirst();
}

/**
 * Holds the user's memberships until the transaction ends (PostgreSQL): two saves of one user's
 * companies at the same moment take turns, so each sees the other's tax id.
 */
export async function lockUserMemberships(exec: Executor, userId: number): Promise<void> {
  await forUpdate(exec, exec.selectFrom('company_users').select('company_id').where('user_id', '=', userId)).execute();
}

/** True when the user belongs to the company. */
export async function isMember(exec: Executor, userId: number, companyId: number): Promise<boolean> {
  return Boolean(
    await exec
      .selectFrom('company_users')
      .select('company_id')
      .where('user_id', '=', userId)
      .where('company_id', '=', companyId)
      .executeTakeFirst(),
  );
}

export function insertCompany(exec: Executor, body: CompanyValues, now: number): Promise<Selectable<CompaniesTable>> {
  return exec
    .insertInto('companies')
    .values({
      ...companyColumns(body),
      eur_rate_set_at: body.eur_rate == null ? null : now,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function addMember(exec: Executor, companyId: number, userId: number): Promise<void> {
  await exec.insertInto('company_users').values({ company_id: companyId, user_id: userId }).execute();
}

/** Saves the form; the EUR rate's time moves only when the rate changes (`before`: the row as it was). */
export function updateCompanyRow(
  exec: Executor,
  id: number,
  body: CompanyValues,
  now: number,
  before?: Pick<Selectable<CompaniesTable>, 'eur_rate'>,
): Promise<Selectable<CompaniesTable>> {
  const rateChanged =
    body.eur_rate !== undefined && (before?.eur_rate === null ? null : Number(before?.eur_rate)) !== body.eur_rate;
  return exec
    .updateTable('companies')
    .set({
      ...companyColumns(body),
      ...(rateChanged ? { eur_rate_set_at: body.eur_rate === null ? null : now } : {}),
      updated_at: now,
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteCompanyRow(exec: Executor, id: number): Promise<void> {
  await exec.deleteFrom('companies').where('id', '=', id).execute();
}

/** The company as the sender of its parcels: its name (a courier prints it on the label as the sender). */
export async function companySenderName(exec: Executor, companyId: number): Promise<string> {
  const row = await exec.selectFrom('companies').select('name').where('id', '=', companyId).executeTakeFirstOrThrow();
  return row.name;
}

/** The company as a courier's contract names its client: name, administrator and seat (emulated accounts). */
export function companyAccountHolder(exec: Executor, companyId: number) {
  return exec
    .selectFrom('companies')
    .select(['name', 'administrator_name', 'address', 'city', 'county'])
    .where('id', '=', companyId)
    .executeTakeFirstOrThrow();
}

/** Whether the company is a VAT payer (what its invoices charge VAT by). */
export async function companyIsVatPayer(exec: Executor, companyId: number): Promise<boolean> {
  const row = await exec
    .selectFrom('companies')
    .select('vat_payer')
    .where('id', '=', companyId)
    .executeTakeFirstOrThrow();
  return Boolean(row.vat_payer);
}

/** What a new order of the company starts with: its default shipping cost (bani). */
export async function companyShippingCost(exec: Executor, companyId: number): Promise<number> {
  const row = await exec
    .selectFrom('companies')
    .select('shipping_cost')
    .where('id', '=', companyId)
    .executeTakeFirstOrThrow();
  return Number(row.shipping_cost);
}

/** The EUR rate the company set (ten-thousandths of a leu) and when, or null. */
export async function companyEurRate(
  exec: Executor,
  companyId: number,
): Promise<{ rate: number; setAt: number } | null> {
  const row = await exec
    .selectFrom('companies')
    .select(['eur_rate', 'eur_rate_set_at'])
    .where('id', '=', companyId)
    .executeTakeFirst();
  if (!row || row.eur_rate === null) return null;
  return { rate: Number(row.eur_rate), setAt: Number(row.eur_rate_set_at ?? 0) };
}

/** The company's tax id as stored (SmartBill names the company by it on every call). */
export async function companyVatCode(exec: Executor, companyId: number): Promise<string> {
  const row = await exec
    .selectFrom('companies')
    .select('vat_number')
    .where('id', '=', companyId)
    .executeTakeFirstOrThrow();
  return row.vat_number;
}

/** The ids of the company's members. */
export async function memberIds(exec: Executor, companyId: number): Promise<number[]> {
  const rows = await exec.selectFrom('company_users').select('user_id').where('company_id', '=', companyId).execute();
  return rows.map((r) => r.user_id);
}

export async function removeMember(exec: Executor, companyId: number, userId: number): Promise<void> {
  await exec.deleteFrom('company_users').where('company_id', '=', companyId).where('user_id', '=', userId).execute();
}
