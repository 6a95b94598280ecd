import { sourceKey } from '../../../core/api/sources.js';
import { forUpdate, type Executor } from '../../db/connection.js';

/** A source named by its id, or by its name (sourceKey: whatever its case and surrounding spaces). */
export type SourceRef = { id: number } | { name: string };

/**
 * The id of a source of the company, or undefined (another company's source is not found). The
 * row is locked until the transaction ends, so the source cannot be deleted under a write that
 * refers to it. Inactive sources resolve too: a customer may return goods bought through a
 * channel that has since been switched off.
 */
export async function findCompanySource(exec: Executor, companyId: number, ref: SourceRef): Promise<number | undefined> {
  let query = exec.selectFrom('sources').select('id').where('company_id', '=', companyId);
  query = 'id' in ref ? query.where('id', '=', ref.id) : query.where('source_key', '=', sourceKey(ref.name));
  return (await forUpdate(exec, query).executeTakeFirst())?.id;
}
