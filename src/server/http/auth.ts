import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthUser } from '../../core/api/auth.js';
import type { Db } from '../db/connection.js';
import { nowSeconds } from '../lib/time.js';
import { HttpError, fieldError } from './errors.js';

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
  }
}

export const hashToken = (token: string): string => crypto.createHash('sha256').update(token).digest('hex');
export const newToken = (): string => crypto.randomBytes(32).toString('base64url');

// Touching last_used_at on every call would be a write per request; once a minute is enough.
const TOUCH_EVERY_SECONDS = 60;

/**
 * Every /api route needs a valid bearer token unless marked public; company-scoped routes also
 * need X-Company-ID of a company the user belongs to (403 otherwise).
 */
export function registerAuth(app: FastifyInstance, db: Db): void {
  app.decorateRequest('user', null);
  app.decorateRequest('tokenId', null);
  app.decorateRequest('companyId', 0);

  // Decided on the route the router matched, never on the raw URL: the router decodes the path
  // (`/%61pi/...`) and accepts absolute-form request lines (`GET http://host/api/...`), so a
  // prefix test on req.url could be walked around. Deny by default: only a route whose config
  // says `public` is reached without a token (the SPA marks its own routes so, see spa.ts).
  app.addHook('onRequest', async (req) => {
    if (req.routeOptions.config?.public) return;
    await authenticate(req, db);
    if (req.routeOptions.config?.company) await scopeToCompany(req, db);
  });
}

async function authenticate(req: FastifyRequest, db: Db): Promise<void> {
  const header = req.headers.authorization ?? '';
  const token = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
  if (!token) throw new HttpError(401, 'unauthenticated');
  const row = await db.kysely
    .selectFrom('auth_tokens')
    .innerJoin('users', 'users.id', 'auth_tokens.user_id')
    .select(['auth_tokens.id as token_id', 'auth_tokens.last_used_at', 'users.id', 'users.first_name', 'users.last_name', 'users.email'])
    .where('auth_tokens.token_hash', '=', hashToken(token))
    .where('auth_tokens.revoked_at', 'is', null)
    .executeTakeFirst();
  if (!row) throw new HttpError(401, 'unauthenticated');
  const now = nowSeconds();
  if (now - Number(row.last_used_at) > TOUCH_EVERY_SECONDS) {
    await db.kysely.updateTable('auth_tokens').set({ last_used_at: now }).where('id', '=', row.token_id).execute();
  }
  req.user = { id: row.id, first_name: row.first_name, last_name: row.last_name, email: row.email };
  req.tokenId = row.token_id;
}

async function scopeToCompany(req: FastifyRequest, db: Db): Promise<void> {
  const raw = req.headers['x-company-id'];
  const companyId = Number(Array.isArray(raw) ? raw[0] : raw);
  if (!raw || !Number.isInteger(companyId) || companyId <= 0) throw new HttpError(400, 'company_header_required');
  const member = await db.kysely
    .selectFrom('company_users')
    .select('company_id')
    .where('user_id', '=', req.user!.id)
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  if (!member) throw new HttpError(403, 'company_forbidden');
  req.companyId = companyId;
  // A list's company_id filter must name the same company as the header.
  const filter = (req.query as Record<string, unknown> | undefined)?.company_id;
  if (filter !== undefined && filter !== '' && Number(filter) !== companyId) throw new HttpError(403, 'company_filter_mismatch');
}

/**
 * A company_id sent in a body (forms send it) must be the company of X-Company-ID, the one the
 * request was scoped to: 422 on the field otherwise, so the form can show it.
 */
export function assertSelectedCompany(given: number | undefined, req: FastifyRequest): void {
  if (given !== undefined && given !== req.companyId) throw fieldError('company_id', 'company_not_selected');
}

/** The signed-in user; only called on routes that are not public. */
export function userOf(req: FastifyRequest): AuthUser {
  if (!req.user) throw new HttpError(401, 'unauthenticated');
  return req.user;
}
