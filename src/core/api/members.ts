import { z } from 'zod';
import { registerMessages } from '../messages.js';
import { MIN_PASSWORD } from '../passwords.js';
import { email, requiredText } from '../validation.js';

/**
 * A company's colleagues (`/api/v1/company/{id}/members`), the invitation link a new colleague
 * opens to choose a password (`/api/v1/invitation/{token}`) and a user's own password
 * (`/api/v1/me/password`), shared by server and web. There are no roles: every member can do
 * everything in the company, inviting and removing colleagues included.
 */

/** An invitation link opens for this long after it is made. */
export const INVITATION_HOURS = 72;

const password = () =>
  z
    .string({ error: 'required' })
    .min(1, { error: 'required' })
    .min(MIN_PASSWORD, { error: 'password_too_short' })
    .max(500, { error: 'too_long' });

export const inviteBody = z.object({
  email: email(),
  first_name: requiredText(100),
  last_name: requiredText(100),
});
export type InviteInput = z.input<typeof inviteBody>;

export const acceptInvitationBody = z.object({ password: password() });

export const changePasswordBody = z.object({
  current_password: z.string({ error: 'required' }).min(1, { error: 'required' }).max(500, { error: 'too_long' }),
  new_password: password(),
});
export type ChangePasswordInput = z.input<typeof changePasswordBody>;

export interface Member {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  /** Invited, and has not chosen a password yet (cannot sign in until they open their link). */
  invitation_pending: boolean;
}

/**
 * The answer of an invitation (201): the link to pass on and when it stops working, or both null
 * when the e-mail already had an account with a password (that user was added, no link needed).
 */
export interface InvitationAnswer {
  link: string | null;
  expires_at: number | null;
  member: Member;
}

registerMessages({
  en: {
    password_too_short: `At least ${MIN_PASSWORD} characters.`,
    already_member: 'This person is already a member of the company.',
    last_member: 'A company keeps at least one member: invite a colleague before removing the last one.',
    invitation_not_found: 'This invitation link is not valid. Ask a colleague for a new one.',
    invitation_used: 'This invitation link was already used. Sign in with your e-mail and password.',
    invitation_expired: 'This invitation link has expired. Ask a colleague to invite you again.',
    current_password_wrong: 'The current password is not correct.',
  },
  ro: {
    password_too_short: `Cel puțin ${MIN_PASSWORD} caractere.`,
    already_member: 'Această persoană este deja membră a companiei.',
    last_member: 'O companie păstrează cel puțin un membru: invitați un coleg înainte de a-l elimina pe ultimul.',
    invitation_not_found: 'Acest link de invitație nu este valid. Cereți unui coleg unul nou.',
    invitation_used: 'Acest link de invitație a fost deja folosit. Autentificați-vă cu adresa de e-mail și parola.',
    invitation_expired: 'Acest link de invitație a expirat. Cereți unui coleg să vă invite din nou.',
    current_password_wrong: 'Parola actuală nu este corectă.',
  },
});
