import type { Executor } from '../../db/connection.js';
import { FieldProblems } from '../../http/errors.js';
import { findCompanySource, type SourceRef } from './queries.js';

/**
 * The source a form names, among the company's sources, or a 422 on the form's field with the
 * form's own message. Run it inside the transaction of the write that refers to the source.
 */
export async function requireCompanySource(exec: Executor, companyId: number, ref: SourceRef, problem: { field: string; key: string }): Promise<number> {
  const id = await findCompanySource(exec, companyId, ref);
  if (id === undefined) throw FieldProblems.one(problem.field, problem.key);
  return id;
}
