import type { ListQuery, ListResponse } from '../../../core/api/list.js';
import { sourceBody, sourceUpdateBody, type Source } from '../../../core/api/sources.js';
import { type ServiceContext } from '../../context.js';
import type { Executor } from '../../db/connection.js';
import { isUniqueViolation } from '../../db/errors.js';
import { FieldProblems, HttpError, notFound, parse, assertSelectedCompany } from '../../http/errors.js';
import {
  deleteSourceRow,
  findCompanySource,
  findSource,
  insertSource,
  listSources,
  sourceNameTaken,
  updateSourceRow,
  type SourceRef,
} from './queries.js';
import { sourceIntakeOf } from './intakeKey.js';
import { countSourceUsage, describeUsage, isInUse, type SourceUsage } from './usage.js';

/** Sources of the company the request works in (ctx.companyId): the channels its orders come from. */
export function listSourcesOf(ctx: ServiceContext, q: ListQuery): Promise<ListResponse<Source>> {
  return listSources(ctx.db.kysely, ctx.db.engine, ctx.companyId, q);
}

/** One source of the company, with its intake key's state (whether it has one, its last use; never the secret). */
export async function getSource(ctx: ServiceContext, id: number): Promise<Source> {
  const source = await findSource(ctx.db.kysely, ctx.companyId, id);
  if (!source) throw notFound();
  return { ...source, intake: await sourceIntakeOf(ctx, id) };
}

/**
 * The source a form names, among the company's sources, or a 422 on the form's field with the
 * form's own message. Run it inside the transaction of the write that refers to the source.
 */
export async function requireCompanySource(
  exec: Executor,
  companyId: number,
  ref: SourceRef,
  problem: { field: string; key: string },
): Promise<number> {
  const id = await findCompanySource(exec, companyId, ref);
  if (id === undefined) throw FieldProblems.one(problem.field, problem.key);
  return id;
}

const nameTaken = () => FieldProblems.one('source', 'source_taken');

/** A name is unique within a company whatever its case; the unique index has the last word when two saves of one name pass the check at once. */
async function unlessNameTaken<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    throw isUniqueViolation(err) ? nameTaken() : err;
  }
}

export async function createSource(ctx: ServiceContext, input: unknown): Promise<Source> {
  const body = parse(sourceBody, input);
  assertSelectedCompany(ctx, body.company_id);
  const id = await unlessNameTaken(() =>
    ctx.db.transaction(async (trx) => {
      if (await sourceNameTaken(trx, ctx.companyId, body.source)) throw nameTaken();
      return insertSource(trx, ctx.companyId, body, ctx.now);
    }),
  );
  return getSource(ctx, id);
}

/** Renames and/or (de)activates a source of the company; another company's source is not found (before the form is read). */
export async function updateSource(ctx: ServiceContext, id: number, input: unknown): Promise<Source> {
  await unlessNameTaken(() =>
    ctx.db.transaction(async (trx) => {
      if ((await findCompanySource(trx, ctx.companyId, { id })) === undefined) throw notFound();
      const body = parse(sourceUpdateBody, input);
      assertSelectedCompany(ctx, body.company_id);
      if (body.source !== undefined && (await sourceNameTaken(trx, ctx.companyId, body.source, id))) throw nameTaken();
      await updateSourceRow(trx, ctx.companyId, id, body, ctx.now);
    }),
  );
  return getSource(ctx, id);
}

const inUse = (usage: SourceUsage, ctx: ServiceContext) =>
  new HttpError(409, 'source_in_use', { uses: describeUsage(usage, ctx.lang) });

/**
 * Deletes a source nothing refers to (409 naming what does, in the reader's language: deactivate
 * it instead). Its row is locked while counting: on PostgreSQL a row that refers to it waits for
 * the delete (its foreign key reads that row).
 */
export async function deleteSource(ctx: ServiceContext, id: number): Promise<void> {
  try {
    await ctx.db.transaction(async (trx) => {
      if ((await findCompanySource(trx, ctx.companyId, { id })) === undefined) throw notFound();
      const usage = await countSourceUsage(trx, id);
      if (isInUse(usage)) throw inUse(usage, ctx);
      await deleteSourceRow(trx, ctx.companyId, id);
    });
  } catch (err) {
    if (err instanceof HttpError) throw err;
    // A row referring to the source was added meanwhile: the foreign key refused the delete.
    const again = await countSourceUsage(ctx.db.kysely, id);
    if (isInUse(again)) throw inUse(again, ctx);
    throw err;
  }
}
