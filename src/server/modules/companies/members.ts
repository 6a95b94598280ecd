import { inviteBody, type InvitationAnswer, type Member } from '../../../core/api/members.js';
import type { ServiceContext } from '../../context.js';
import { isUniqueViolation } from '../../db/errors.js';
import { FieldProblems, HttpError, notFound, parse } from '../../http/errors.js';
import {
  createInvitedUser,
  deleteInvitations,
  findUserByEmail,
  hasNoPassword,
  issueInvitation,
  membersByIds,
  revokeUserTokens,
  toMember,
} from '../auth/index.js';
import { addMember, findUserCompany, isMember, memberIds, removeMember } from './queries.js';

/**
 * A company's colleagues. No roles (the specification has none): every member sees the members,
 * invites and removes, as they do everything else in the company. A company the user is not in is
 * "not found", as for every company call, checked before the form.
 */

export async function listMembers(ctx: ServiceContext, companyId: number): Promise<Member[]> {
  if (!(await findUserCompany(ctx.db.kysely, ctx.userId, companyId))) throw notFound();
  return membersByIds(ctx.db.kysely, await memberIds(ctx.db.kysely, companyId));
}

/** Where the console is reached (PUBLIC_URL): the link is handed on by the inviter, so it is absolute. */
const linkOf = (ctx: ServiceContext, token: string) =>
  `${(ctx.publicUrl ?? 'http://localhost').replace(/\/+$/, '')}/invitation/${token}`;

/**
 * Invites a colleague by e-mail and name. An e-mail with an account that has a password: that user
 * is added at once, no link (the answer's link is null). Otherwise the user is made (or was made
 * by an earlier invitation and never opened it) and gets a one-time link, valid 72 hours, that the
 * inviter passes on: the console sends no e-mail. Inviting again someone who has not opened their
 * link gives a new one (the old one stops working); a member with a password is refused.
 */
export async function inviteMember(ctx: ServiceContext, companyId: number, input: unknown): Promise<InvitationAnswer> {
  if (!(await findUserCompany(ctx.db.kysely, ctx.userId, companyId))) throw notFound();
  const body = parse(inviteBody, input);
  const attempt = () =>
    ctx.db.transaction(async (trx) => {
      // The company's row held: invitations and removals of one company take turns.
      if (!(await findUserCompany(trx, ctx.userId, companyId, { lock: true }))) throw notFound();
      let user = await findUserByEmail(trx, body.email);
      if (user && (await isMember(trx, user.id, companyId))) {
        if (!hasNoPassword(user)) throw FieldProblems.one('email', 'already_member');
      } else {
        user ??= await createInvitedUser(
          trx,
          { email: body.email, first_name: body.first_name, last_name: body.last_name },
          ctx.now,
        );
        await addMember(trx, companyId, user.id);
      }
      if (!hasNoPassword(user)) return { link: null, expires_at: null, member: toMember(user) };
      const { token, expiresAt } = await issueInvitation(
        trx,
        { userId: user.id, companyId, invitedBy: ctx.userId },
        ctx.now,
      );
      return { link: linkOf(ctx, token), expires_at: expiresAt, member: toMember(user) };
    });
  try {
    return await attempt();
  } catch (err) {
    // The same new e-mail invited to another company at the same moment: that account exists now.
    if (isUniqueViolation(err)) return attempt();
    throw err;
  }
}

/**
 * Removes a member (oneself included) from the company: their links to it stop working and every
 * session of theirs ends at once (the caller makes this instance forget them; other instances
 * refuse them within their few seconds of cache). The last member stays (409): a company always
 * has someone who can work in it. Answers the ended sessions' token hashes.
 */
export async function removeCompanyMember(ctx: ServiceContext, companyId: number, userId: number): Promise<string[]> {
  return ctx.db.transaction(async (trx) => {
    if (!(await findUserCompany(trx, ctx.userId, companyId, { lock: true }))) throw notFound();
    const members = await memberIds(trx, companyId);
    if (!members.includes(userId)) throw notFound();
    if (members.length === 1) throw new HttpError(409, 'last_member');
    await removeMember(trx, companyId, userId);
    await deleteInvitations(trx, userId, companyId);
    return revokeUserTokens(trx, userId, ctx.now);
  });
}
