import type { Selectable } from 'kysely';
import { forUpdate, type Executor } from '../../db/connection.js';
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

/** The users of `ids` (their names and e-mail, and whether they chose a password yet). */
export function usersByIds(exec: Executor, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return exec
    .selectFrom('users')
    .select(['id', 'email', 'first_name', 'last_name', 'password_hash'])
    .where('id', 'in', [...ids])
    .orderBy('first_name')
    .orderBy('last_name')
    .orderBy('id')
    .execute();
}

/** A user invited by e-mail: no password yet (see UsersTable), until they open their link. */
export async function insertInvitedUser(
  exec: Executor,
  user: { email: string; first_name: string; last_name: string },
  now: number,
): Promise<Selectable<UsersTable>> {
  return exec
    .insertInto('users')
    .values({ ...user, password_hash: '', created_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function setPasswordHash(exec: Executor, userId: number, hash: string): Promise<void> {
  await exec.updateTable('users').set({ password_hash: hash }).where('id', '=', userId).execute();
}

/**
 * The first password of an invited user: written only while they have none (two of their links
 * opened at one moment: one wins, the other is told its link was used). True when written.
 */
export async function setFirstPassword(exec: Executor, userId: number, hash: string): Promise<boolean> {
  const res = await exec
    .updateTable('users')
    .set({ password_hash: hash })
    .where('id', '=', userId)
    .where('password_hash', '=', '')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/**
 * Ends every open session of the user but `keepTokenId` (their current one, on a password change);
 * answers the hashes of the tokens it ended, so this instance's session cache forgets them at once.
 */
export async function revokeUserTokens(
  exec: Executor,
  userId: number,
  now: number,
  keepTokenId?: number,
): Promise<string[]> {
  let open = exec
    .selectFrom('auth_tokens')
    .select(['id', 'token_hash'])
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (keepTokenId !== undefined) open = open.where('id', '<>', keepTokenId);
  const rows = await open.execute();
  if (rows.length === 0) return [];
  await exec
    .updateTable('auth_tokens')
    .set({ revoked_at: now })
    .where(
      'id',
      'in',
      rows.map((r) => r.id),
    )
    .execute();
  return rows.map((r) => r.token_hash);
}

export async function insertInvitation(
  exec: Executor,
  row: { user_id: number; company_id: number; invited_by: number | null; token_hash: string },
  now: number,
  expiresAt: number,
): Promise<void> {
  await exec
    .insertInto('invitations')
    .values({ ...row, created_at: now, expires_at: expiresAt, used_at: null })
    .execute();
}

/** The invitation of a token's hash; `lock` holds its row until the transaction ends (one link, one use). */
export function findInvitation(exec: Executor, tokenHash: string, opts: { lock?: boolean } = {}) {
  const query = exec
    .selectFrom('invitations')
    .select(['id', 'user_id', 'company_id', 'expires_at', 'used_at'])
    .where('token_hash', '=', tokenHash);
  return (opts.lock ? forUpdate(exec, query) : query).executeTakeFirst();
}

export function findUserById(exec: Executor, id: number): Promise<Selectable<UsersTable> | undefined> {
  return exec.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Spends every open link of the user: once a password is chosen, no link may choose another. */
export async function useInvitationsOf(exec: Executor, userId: number, now: number): Promise<void> {
  await exec
    .updateTable('invitations')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}

/** The links of a user to one company go with their membership (removed, or a new link made). */
export async function deleteInvitations(exec: Executor, userId: number, companyId: number): Promise<void> {
  await exec.deleteFrom('invitations').where('user_id', '=', userId).where('company_id', '=', companyId).execute();
}
