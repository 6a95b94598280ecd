import { notifications } from '@mantine/notifications';
import { ApiError, errorMessage } from '../../../lib/api';

export const notifyDone = (message: string) => notifications.show({ color: 'green', message });

/** A failed change: the server's message, else the spec's fallback (e.g. "Failed to manage order product"). */
export const notifyFailed = (error: unknown, fallback: string) =>
  notifications.show({ color: 'red', message: errorMessage(error, fallback) });

/**
 * Runs a save and, when it fails without a message of the server, fails with the spec's fallback text
 * instead (keeping the field errors): for EditableField, which shows the error's message.
 */
export async function orFallback<T>(work: Promise<T>, fallback: string): Promise<T> {
  try {
    return await work;
  } catch (e) {
    if (e instanceof ApiError && e.message) throw e;
    throw new ApiError(e instanceof ApiError ? e.status : 0, fallback, e instanceof ApiError ? e.errors : {});
  }
}
