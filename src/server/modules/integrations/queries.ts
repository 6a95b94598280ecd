import { COURIER_PROVIDERS, type CourierProvider } from '../../providers/couriers/types.js';
import type { Selectable } from 'kysely';
import { forUpdate, type Executor } from '../../db/connection.js';
import { listCacheOf } from '../../db/perf/listCache.js';
import type { CompanyIntegrationsTable, IntegrationsTable } from '../../db/schema.js';

export type IntegrationRow = Selectable<IntegrationsTable>;
export type CompanyIntegrationRow = Selectable<CompanyIntegrationsTable> & { key: string; type: string; name: string };

/** The seven integrations, in the spec's order. */
export function listIntegrations(exec: Executor): Promise<IntegrationRow[]> {
  return exec.selectFrom('integrations').selectAll().orderBy('position').execute();
}

export function findIntegrationByKey(exec: Executor, key: string): Promise<IntegrationRow | undefined> {
  return exec.selectFrom('integrations').selectAll().where('key', '=', key).executeTakeFirst();
}

const withIntegration = (exec: Executor) =>
  exec
    .selectFrom('company_integrations as ci')
    .innerJoin('integrations as i', 'i.id', 'ci.integration_id')
    .selectAll('ci')
    .select(['i.key', 'i.type', 'i.name']);

/**
 * A company's set-ups, one query (at most one row per integration). Read through `db.kysely`, the
 * answer is kept in memory (perf/listCache.ts: dropped at every write to either table, this
 * process's or, announced, another's; migration 070) and frozen: every AWB create reads them.
 */
export function listCompanyIntegrations(exec: Executor, companyId: number): Promise<CompanyIntegrationRow[]> {
  const read = () => withIntegration(exec).where('ci.company_id', '=', companyId).orderBy('i.position').execute();
  const cache = listCacheOf(exec);
  return cache ? cache.get(`set-ups:${companyId}`, SET_UP_TABLES, read) : read();
}

const SET_UP_TABLES = ['company_integrations', 'integrations'];

/** A set-up of the company by its id (undefined for another company's: the caller answers 404). */
export function findCompanyIntegration(
  exec: Executor,
  companyId: number,
  id: number,
  opts: { lock?: boolean } = {},
): Promise<CompanyIntegrationRow | undefined> {
  const q = withIntegration(exec).where('ci.company_id', '=', companyId).where('ci.id', '=', id);
  return (opts.lock ? forUpdate(exec, q) : q).executeTakeFirst();
}

/** The company's set-up of one integration, if it was started. */
export function findCompanyIntegrationByKey(
  exec: Executor,
  companyId: number,
  key: string,
  opts: { lock?: boolean } = {},
): Promise<CompanyIntegrationRow | undefined> {
  const q = withIntegration(exec).where('ci.company_id', '=', companyId).where('i.key', '=', key);
  return (opts.lock ? forUpdate(exec, q) : q).executeTakeFirst();
}

export async function insertCompanyIntegration(
  exec: Executor,
  row: {
    company_id: number;
    integration_id: number;
    credentials: string | null;
    configuration: string | null;
    is_active: number;
    now: number;
  },
): Promise<number> {
  const inserted = await exec
    .insertInto('company_integrations')
    .values({
      company_id: row.company_id,
      integration_id: row.integration_id,
      credentials: row.credentials,
      configuration: row.configuration,
      is_active: row.is_active,
      created_at: row.now,
      updated_at: row.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

export async function updateCompanyIntegration(
  exec: Executor,
  id: number,
  patch: Partial<Pick<CompanyIntegrationsTable, 'credentials' | 'configuration' | 'is_active'>> & { now: number },
): Promise<void> {
  const { now, ...fields } = patch;
  await exec
    .updateTable('company_integrations')
    .set({ ...fields, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/** Every company's stored login, in id order, locked until the transaction ends (the app key's rotation). */
export function listSealedCredentials(exec: Executor): Promise<(CompanyIntegrationRow & { credentials: string })[]> {
  const q = withIntegration(exec).where('ci.credentials', 'is not', null).orderBy('ci.id');
  return forUpdate(exec, q).execute() as Promise<(CompanyIntegrationRow & { credentials: string })[]>;
}

/**
 * Replaces a stored login by the same login sealed under another key. The set-up itself did not
 * change, so its updated_at stays (the Sameday places kept per set-up stay valid).
 */
export async function replaceSealedCredentials(exec: Executor, id: number, sealed: string): Promise<void> {
  await exec.updateTable('company_integrations').set({ credentials: sealed }).where('id', '=', id).execute();
}

export async function deleteCompanyIntegration(exec: Executor, id: number): Promise<void> {
  await exec.deleteFrom('company_integrations').where('id', '=', id).execute();
}

/** A company's courier set-up that can be asked about its AWBs: active, with credentials. */
export interface ActiveCourierSetUp {
  companyId: number;
  courier: CourierProvider;
}

/**
 * Every active courier set-up with credentials, by company then courier (a small table: one row
 * per company and integration). Companies without one are never walked.
 */
export async function activeCourierSetUps(exec: Executor): Promise<ActiveCourierSetUp[]> {
  const rows = await exec
    .selectFrom('company_integrations as ci')
    .innerJoin('integrations as i', 'i.id', 'ci.integration_id')
    .select(['ci.company_id', 'i.key'])
    .where('i.key', 'in', [...COURIER_PROVIDERS])
    .where('ci.is_active', '=', 1)
    .where('ci.credentials', 'is not', null)
    .orderBy('ci.company_id')
    .orderBy('i.key')
    .execute();
  return rows.map((r) => ({ companyId: r.company_id, courier: r.key as CourierProvider }));
}
