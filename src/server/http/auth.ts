import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthUser } from '../../core/api/auth.js';
import type { Db } from '../db/connection.js';
import type { Clock } from '../lib/clock.js';
import { TtlCache } from '../lib/ttlCache.js';
import { sha256Hex } from '../lib/hash.js';
import { HttpError } from './errors.js';
import { canonicalId } from './params.js';

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
    tokenId: number | null;
    /** The company of X-Company-ID, checked against the user's memberships (company-scoped routes only). */
    companyId: number;
  }
  interface FastifyContextConfig {
    /** No sign-in needed (login, health, the SPA). */
    public?: boolean;
    /** Needs X-Company-ID naming a company of the user. */
    company?: boolean;
    /** Shared, but scoped like `company` when X-Company-ID is sent (checked the same way). */
    companyOptional?: boolean;
  }
}

export const hashToken = (token: string): string => sha256Hex(token);
export const newToken = (): string => crypto.randomBytes(32).toString('base64url');

// Touching last_used_at on every call would be a write per request; once a minute is enough.
const TOUCH_EVERY_SECONDS = 60;

/** A session ends after 30 days without use, and 90 days after sign-in however much it is used. */
export const TOKEN_IDLE_SECONDS = 30 * 86_400;
export const TOKEN_MAX_AGE_SECONDS = 90 * 86_400;

/**
 * How long this instance trusts what it read of a session and of a membership: a token revoked
 * or a member removed on another instance is refused at most this many seconds later (at once on
 * the instance that signed the token out). Without it, every request paid two queries before its
 * handler, which held even a 3-row list under a tenth of a bare route's throughput.
 */
export const AUTH_CACHE_SECONDS = 5;

interface Session {
  tokenId: number;
  createdAt: number;
  lastUsedAt: number;
  user: AuthUser;
}

interface AuthCaches {
  sessions: TtlCache<string, Session>;
  members: TtlCache<string, boolean>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Forgets what this instance remembers of a token (on sign-out, a password change, a removed member). */
    forgetSession(tokenHash: string): void;
    /** Forgets what this instance remembers of a membership (a member removed: refused at once here). */
    forgetMember(userId: number, companyId: number): void;
  }
}

/**
 * Every /api route needs a valid bearer token unless marked public; company-scoped routes also
 * need X-Company-ID of a company the user belongs to (403 otherwise).
 */
export function registerAuth(app: FastifyInstance, db: Db, clock: Clock): void {
  const caches: AuthCaches = {
    sessions: new TtlCache(AUTH_CACHE_SECONDS, 20_000, clock),
    members: new TtlCache(AUTH_CACHE_SECONDS, 50_000, clock),
  };
  app.decorate('forgetSession', (tokenHash: string) => caches.sessions.delete(tokenHash));
  app.decorate('forgetMember', (userId: number, companyId: number) => caches.members.delete(`${userId}:${companyId}`));
  app.decorateRequest('user', null);
  app.decorateRequest('tokenId', null);
  app.decorateRequest('companyId', 0);

  // Decided on the route the router matched, never on the raw URL: the router decodes the path
  // (`/%61pi/...`) and accepts absolute-form request lines (`GET http://host/api/...`), so a
  // prefix test on req.url could be walked around. Deny by default: only a route whose config
  // says `public` is reached without a token (the SPA marks its own routes so, see spa.ts).
  app.addHook('onRequest', async (req) => {
    if (req.routeOptions.config?.public) return;
    await authenticate(req, db, clock, caches);
    const config = req.routeOptions.config;
    if (config?.company) await scopeToCompany(req, db, caches);
    // A shared route that answers a company more (its own demo logins) when X-Company-ID names one.
    else if (config?.companyOptional && req.headers['x-company-id'] !== undefined)
      await scopeToCompany(req, db, caches);
  });
}

/** The hash of the request's bearer token, or null without one. */
export function tokenHashOf(req: FastifyRequest): string | null {
  const token = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
  return token ? hashToken(token) : null;
}

async function readSession(db: Db, tokenHash: string): Promise<Session | null> {
  const row = await db.kysely
    .selectFrom('auth_tokens')
    .innerJoin('users', 'users.id', 'auth_tokens.user_id')
    .select([
      'auth_tokens.id as token_id',
      'auth_tokens.last_used_at',
      'auth_tokens.created_at',
      'users.id',
      'users.first_name',
      'users.last_name',
      'users.email',
    ])
    .where('auth_tokens.token_hash', '=', tokenHash)
    .where('auth_tokens.revoked_at', 'is', null)
    .executeTakeFirst();
  if (!row) return null;
  return {
    tokenId: row.token_id,
    createdAt: Number(row.created_at),
    lastUsedAt: Number(row.last_used_at),
    user: { id: row.id, first_name: row.first_name, last_name: row.last_name, email: row.email },
  };
}

async function authenticate(req: FastifyRequest, db: Db, clock: Clock, caches: AuthCaches): Promise<void> {
  const tokenHash = tokenHashOf(req);
  if (!tokenHash) throw new HttpError(401, 'unauthenticated');
  let session = caches.sessions.get(tokenHash) ?? null;
  if (!session) {
    session = await readSession(db, tokenHash);
    if (!session) throw new HttpError(401, 'unauthenticated');
    caches.sessions.set(tokenHash, session);
  }
  const now = clock.now();
  if (now - session.lastUsedAt > TOKEN_IDLE_SECONDS || now - session.createdAt > TOKEN_MAX_AGE_SECONDS) {
    caches.sessions.delete(tokenHash);
    throw new HttpError(401, 'unauthenticated');
  }
  if (now - session.lastUsedAt > TOUCH_EVERY_SECONDS) {
    await db.kysely.updateTable('auth_tokens').set({ last_used_at: now }).where('id', '=', session.tokenId).execute();
    session.lastUsedAt = now;
  }
  req.user = session.user;
  req.tokenId = session.tokenId;
}

async function scopeToCompany(req: FastifyRequest, db: Db, caches: AuthCaches): Promise<void> {
  // A 32-bit id written canonically, as in a path: `2147483648` reached PostgreSQL's integer column
  // and answered 500, and `0x10` or ` 16` named company 16.
  const raw = req.headers['x-company-id'];
  const companyId = canonicalId(Array.isArray(raw) ? raw[0] : raw);
  if (companyId === null) throw new HttpError(400, 'company_header_required');
  const key = `${req.user!.id}:${companyId}`;
  let member = caches.members.get(key);
  if (member === undefined) {
    member = Boolean(
      await db.kysely
        .selectFrom('company_users')
        .select('company_id')
        .where('user_id', '=', req.user!.id)
        .where('company_id', '=', companyId)
        .executeTakeFirst(),
    );
    caches.members.set(key, member);
  }
  if (!member) throw new HttpError(403, 'company_forbidden');
  req.companyId = companyId;
  // A list's company_id filter must name the same company as the header.
  const filter = (req.query as Record<string, unknown> | undefined)?.company_id;
  if (filter !== undefined && filter !== '' && Number(filter) !== companyId)
    throw new HttpError(403, 'company_filter_mismatch');
}

/** The signed-in user; only called on routes that are not public. */
export function userOf(req: FastifyRequest): AuthUser {
  if (!req.user) throw new HttpError(401, 'unauthenticated');
  return req.user;
}
