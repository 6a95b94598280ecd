import type { Selectable } from 'kysely';
import type { Executor } from '../../db/connection.js';
import type { UsersTable } from '../../db/schema.js';

export function findUserByEmail(exec: Executor, email: string): Promise<Selectable<UsersTable> | undefined> {
  return exec.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

/** Stores a new session token (only its hash: the token itself is handed to the client once). */
export async function insertToken(exec: Executor, userId: number, tokenHash: string, now: number): Promise<void> {
  await exec
    .insertInto('auth_tokens')
    .values({ user_id: userId, token_hash: tokenHash, created_at: now, last_used_at: now, revoked_at: null })
    .execute();
}

export async function revokeToken(exec: Executor, tokenId: number, now: number): Promise<void> {
  await exec.updateTable('auth_tokens').set({ revoked_at: now }).where('id', '=', tokenId).execute();
}
