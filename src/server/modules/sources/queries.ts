import type { Selectable } from 'kysely';
import type { ListQuery, ListResponse } from '../../../core/api/list.js';
import { sourceKey, type Source } from '../../../core/api/sources.js';
import { forUpdate, type Engine, type Executor } from '../../db/connection.js';
import type { SourceIntakeKeysTable, SourcesTable } from '../../db/schema.js';
import { prepared } from '../../db/perf/prepared.js';
import { matchesAny, preparedList } from '../../http/list.js';

/** A source named by its id, or by its name (sourceKey: whatever its case and surrounding spaces). */
export type SourceRef = { id: number } | { name: string };

/**
 * The id of a source of the company, or undefined (another company's source is not found). The
 * row is locked until the transaction ends, so the source cannot be deleted under a write that
 * refers to it. Inactive sources resolve too: a customer may return goods bought through a
 * channel that has since been switched off.
 */
export async function findCompanySource(
  exec: Executor,
  companyId: number,
  ref: SourceRef,
): Promise<number | undefined> {
  let query = exec.selectFrom('sources').select('id').where('company_id', '=', companyId);
  query = 'id' in ref ? query.where('id', '=', ref.id) : query.where('source_key', '=', sourceKey(ref.name));
  return (await forUpdate(exec, query).executeTakeFirst())?.id;
}

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

/** Sources of a company with the company's name joined in. */
const sourcesOf = (exec: Executor, companyId: number) =>
  exec
    .selectFrom('sources')
    .innerJoin('companies', 'companies.id', 'sources.company_id')
    .select([
      'sources.id',
      'sources.company_id',
      'sources.source',
      'sources.active',
      'sources.created_at',
      'sources.updated_at',
      'companies.name as company_name',
    ])
    .where('sources.company_id', '=', companyId);

const sourcesList = preparedList(
  (exec, v: { companyId: number }) => sourcesOf(exec, v.companyId),
  (q) => q.orderBy('sources.id', 'desc'),
);

export function listSources(
  exec: Executor,
  engine: Engine,
  companyId: number,
  q: ListQuery,
): Promise<ListResponse<Source>> {
  const search = q.search ? matchesAny(engine, ['sources.source'], q.search) : undefined;
  return sourcesList(exec, { companyId }, { page: q.page, items: q.items, map: toSource, search });
}

export async function findSource(exec: Executor, companyId: number, id: number): Promise<Source | undefined> {
  const row = await sourcesOf(exec, companyId).where('sources.id', '=', id).executeTakeFirst();
  return row && toSource(row);
}

/** True when another source of the company has the name, whatever its case (sourceKey). */
export async function sourceNameTaken(
  exec: Executor,
  companyId: number,
  name: string,
  exceptId?: number,
): Promise<boolean> {
  let q = exec
    .selectFrom('sources')
    .select('id')
    .where('company_id', '=', companyId)
    .where('source_key', '=', sourceKey(name));
  if (exceptId) q = q.where('id', '<>', exceptId);
  return Boolean(await q.executeTakeFirst());
}

export async function insertSource(
  exec: Executor,
  companyId: number,
  values: { source: string; active: boolean },
  now: number,
): Promise<number> {
  const { id } = await exec
    .insertInto('sources')
    .values({
      company_id: companyId,
      source: values.source,
      source_key: sourceKey(values.source),
      active: values.active ? 1 : 0,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function updateSourceRow(
  exec: Executor,
  companyId: number,
  id: number,
  changes: { source?: string; active?: boolean },
  now: number,
): Promise<void> {
  await exec
    .updateTable('sources')
    .set({
      ...(changes.source !== undefined ? { source: changes.source, source_key: sourceKey(changes.source) } : {}),
      ...(changes.active !== undefined ? { active: changes.active ? 1 : 0 } : {}),
      updated_at: now,
    })
    .where('id', '=', id)
    .where('company_id', '=', companyId)
    .execute();
}

export async function deleteSourceRow(exec: Executor, companyId: number, id: number): Promise<void> {
  await exec.deleteFrom('sources').where('id', '=', id).where('company_id', '=', companyId).execute();
}

// ---- the source's intake key ----------------------------------------------------------------------

export type IntakeKeyRow = Selectable<SourceIntakeKeysTable>;

/** The source's intake key, or undefined. */
export function intakeKeyOfSource(exec: Executor, sourceId: number): Promise<IntakeKeyRow | undefined> {
  return exec.selectFrom('source_intake_keys').selectAll().where('source_id', '=', sourceId).executeTakeFirst();
}

/** The key a push names in X-Intake-Key (unique across companies), or undefined. */
export async function intakeKeyById(exec: Executor, keyId: string): Promise<IntakeKeyRow | undefined> {
  return (await keyById(exec, { keyId }))[0];
}

/** Built and compiled once (perf/prepared.ts): every push reads it. */
const keyById = prepared((exec, v: { keyId: string }) =>
  exec.selectFrom('source_intake_keys').selectAll().where('key_id', '=', v.keyId),
);

/** The source's key becomes this one: the row is replaced, so the old key id is found no more. */
export async function replaceIntakeKey(exec: Executor, row: IntakeKeyRow): Promise<void> {
  await exec.deleteFrom('source_intake_keys').where('source_id', '=', row.source_id).execute();
  await exec.insertInto('source_intake_keys').values(row).execute();
}

export async function deleteIntakeKey(exec: Executor, sourceId: number): Promise<boolean> {
  const res = await exec.deleteFrom('source_intake_keys').where('source_id', '=', sourceId).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

/**
 * The key was used now: written at most once a minute (`every`), so that a shop pushing hundreds of
 * orders a minute does not queue them all on the key's one row.
 */
export async function touchIntakeKey(exec: Executor, keyId: string, now: number, every = 60): Promise<void> {
  await exec
    .updateTable('source_intake_keys')
    .set({ last_used_at: now })
    .where('key_id', '=', keyId)
    .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', now - every)]))
    .execute();
}

/** A source's name by id (the caller knows it is of its company), or undefined. */
export async function sourceNameOf(exec: Executor, sourceId: number): Promise<string | undefined> {
  return (await exec.selectFrom('sources').select('source').where('id', '=', sourceId).executeTakeFirst())?.source;
}

/** Every source's intake key (the app key's rotation re-seals them). */
export function allIntakeKeys(exec: Executor): Promise<IntakeKeyRow[]> {
  return exec.selectFrom('source_intake_keys').selectAll().orderBy('source_id').execute();
}

export async function replaceSealedSecret(exec: Executor, sourceId: number, sealed: string): Promise<void> {
  await exec
    .updateTable('source_intake_keys')
    .set({ secret_sealed: sealed })
    .where('source_id', '=', sourceId)
    .execute();
}
