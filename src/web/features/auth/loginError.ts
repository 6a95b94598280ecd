import { ApiError } from '../../lib/api';

/**
 * The sign-in error: a 403 shows Invalid credentials; otherwise the server's message, else "An error occurred
 * during login"; an error that is not an API answer at all shows "An unexpected error occurred".
 */
export function loginErrorMessage(error: unknown, t: (key: string) => string): string {
  if (error instanceof ApiError) {
    if (error.status === 403) return t('invalidCredentials');
    return error.message || t('loginFailed');
  }
  return t('common:errors.unexpected');
}
