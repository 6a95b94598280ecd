import { ApiError } from '../../lib/api';

/** Spec 8: a 403 shows Invalid credentials; otherwise the server's message, else the generic login failure. */
export function loginErrorMessage(error: unknown, t: (key: string) => string): string {
  if (error instanceof ApiError) {
    if (error.status === 403) return t('invalidCredentials');
    return error.message || t('loginFailed');
  }
  return t('loginFailed');
}
