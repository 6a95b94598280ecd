import type { Selectable } from 'kysely';
import { INVITATION_HOURS, type Member } from '../../../core/api/members.js';
import type { Executor } from '../../db/connection.js';
import type { UsersTable } from '../../db/schema.js';
import { hashToken, newToken } from '../../http/auth.js';
import { deleteInvitations, insertInvitation, insertInvitedUser, usersByIds } from './queries.js';

/**
 * The accounts side of a company's colleagues, for the companies module (which owns the
 * memberships): users found or made by e-mail, their invitation links, their sessions.
 */

export const INVITATION_SECONDS = INVITATION_HOURS * 3600;

/** A user who has not chosen a password yet: invited, the link not opened. */
export const hasNoPassword = (user: Pick<Selectable<UsersTable>, 'password_hash'>) => user.password_hash === '';

export function toMember(
  user: Pick<Selectable<UsersTable>, 'id' | 'email' | 'first_name' | 'last_name' | 'password_hash'>,
): Member {
  return {
    id: user.id,
    email: user.email,
    first_name: user.first_name,
    last_name: user.last_name,
    invitation_pending: hasNoPassword(user),
  };
}

/** The members of `ids` by name. */
export async function membersByIds(exec: Executor, ids: readonly number[]): Promise<Member[]> {
  return (await usersByIds(exec, ids)).map(toMember);
}

export { insertInvitedUser as createInvitedUser };

/**
 * A new link for the user to choose a password and join `companyId` (their earlier links to it
 * stop working): the token is answered once and only its hash is kept, as a session's.
 */
export async function issueInvitation(
  exec: Executor,
  input: { userId: number; companyId: number; invitedBy: number },
  now: number,
): Promise<{ token: string; expiresAt: number }> {
  await deleteInvitations(exec, input.userId, input.companyId);
  const token = newToken();
  const expiresAt = now + INVITATION_SECONDS;
  await insertInvitation(
    exec,
    { user_id: input.userId, company_id: input.companyId, invited_by: input.invitedBy, token_hash: hashToken(token) },
    now,
    expiresAt,
  );
  return { token, expiresAt };
}
