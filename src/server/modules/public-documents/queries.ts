import type { Selectable } from 'kysely';
import type { Executor } from '../../db/connection.js';
import type { PublicDocumentsTable } from '../../db/schema.js';

/** The SQL of the public document links: only the public-documents module runs it. */

export type PublicDocumentRow = Selectable<PublicDocumentsTable>;

export function documentByToken(exec: Executor, token: string) {
  return exec.selectFrom('public_documents').selectAll().where('token', '=', token).executeTakeFirst();
}

export function documentOf(exec: Executor, orderId: number, kind: string, ref: string) {
  return exec
    .selectFrom('public_documents')
    .selectAll()
    .where('order_id', '=', orderId)
    .where('kind', '=', kind)
    .where('ref', '=', ref)
    .executeTakeFirst();
}

/** Adds the link unless the document has one (false: it had). */
export async function insertDocument(exec: Executor, row: Omit<PublicDocumentRow, 'id' | 'revoked_at'>): Promise<void> {
  await exec
    .insertInto('public_documents')
    .values(row)
    .onConflict((oc) => oc.columns(['order_id', 'kind', 'ref']).doNothing())
    .execute();
}

export async function revokeDocuments(exec: Executor, orderId: number, now: number): Promise<void> {
  await exec
    .updateTable('public_documents')
    .set({ revoked_at: now })
    .where('order_id', '=', orderId)
    .where('revoked_at', 'is', null)
    .execute();
}
