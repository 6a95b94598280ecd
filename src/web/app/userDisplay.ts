import type { AuthUser } from '../../core/api/auth';

/** First letters of first_name and last_name, upper case (spec: header). */
export function initials(user: Pick<AuthUser, 'first_name' | 'last_name'> | null | undefined): string {
  if (!user) return '';
  return `${(user.first_name ?? '').trim().charAt(0)}${(user.last_name ?? '').trim().charAt(0)}`.toUpperCase();
}

/** first_name then last_name. */
export function fullName(user: Pick<AuthUser, 'first_name' | 'last_name'> | null | undefined): string {
  if (!user) return '';
  return [user.first_name, user.last_name]
    .map((s) => (s ?? '').trim())
    .filter(Boolean)
    .join(' ');
}
