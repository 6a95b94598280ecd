import { ApiError, errorMessage } from '../../lib/api';

/**
 * The spec's "Failed to ... package: {reason}": the reason is the server's message (or the
 * network/unknown text). Answers an ApiError that keeps the field errors, so FormErrorAlert can
 * show both the sentence and the per-field messages.
 */
export function withReason(error: unknown, format: (reason: string) => string, unknown: string): ApiError {
  const reason = errorMessage(error, error instanceof Error && !(error instanceof ApiError) && error.message ? error.message : unknown);
  return new ApiError(error instanceof ApiError ? error.status : 0, format(reason), error instanceof ApiError ? error.errors : {});
}
