/**
 * The rules of a password a user chooses, apart from the API's schemas (core/api/members.ts) so
 * that the invitation page, written without React or Zod, checks the same without downloading Zod.
 */

/** Shortest password a user may choose (the CLI's `user:create` asks the same). */
export const MIN_PASSWORD = 8;
