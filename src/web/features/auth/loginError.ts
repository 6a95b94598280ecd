/**
 * An error answer of the API as the sign-in sees it: ApiError (lib/api.ts) has this shape, and so
 * has the sign-in page's own (features/auth/signIn.ts), which does not load the app's api client.
 */
export interface AnswerError extends Error {
  /** The HTTP status; 0 when the server could not be reached. */
  status: number;
}

export function isAnswerError(error: unknown): error is AnswerError {
  return error instanceof Error && typeof (error as Partial<AnswerError>).status === 'number';
}

/**
 * The sign-in error: a 403 shows Invalid credentials; otherwise the server's message, else "An error occurred
 * during login"; an error that is not an API answer at all shows "An unexpected error occurred".
 */
export function loginErrorMessage(error: unknown, t: (key: string) => string): string {
  if (isAnswerError(error)) {
    if (error.status === 403) return t('invalidCredentials');
    return error.message || t('loginFailed');
  }
  return t('common:errors.unexpected');
}
