import crypto from 'node:crypto';
import type { Clock } from '../lib/clock.js';
import type { HttpOptions, TokenStore } from './http.js';

/** What every client is built with (the registry fills it in). */
export interface ClientDeps {
  /** The provider's base URL (production host, or the mounted emulator). */
  baseUrl: string;
  /** Token expiry reads this clock, so tests move time instead of waiting. */
  clock: Clock;
  /** Shared login tokens (one cache for the app). */
  tokens: TokenStore;
  /** Transport, time limit, read retries. */
  http?: HttpOptions;
}

/**
 * The cache key of an account's token: provider, host and the credentials, hashed so that no
 * secret sits in memory as a map key and a changed password never reuses an old token.
 */
export function tokenKey(...parts: string[]): string {
  return crypto.createHash('sha256').update(parts.join('\u0000')).digest('base64url');
}
