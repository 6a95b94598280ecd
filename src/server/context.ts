import type { Lang } from '../core/messages.js';
import type { Db } from './db/connection.js';
import type { Clock } from './lib/clock.js';
import type { SecretBox } from './lib/secrets.js';
import type { ProviderRegistry } from './providers/registry.js';

/**
 * What the app is made of, built once at start (buildApp) and shared by every request and every
 * background job: the database, the clock every rule reads, the provider clients and the box that
 * opens the companies' stored credentials. There is no other channel for these: a service reaches
 * them through its ServiceContext.
 */
export interface AppServices {
  db: Db;
  clock: Clock;
  providers: ProviderRegistry;
  secrets: SecretBox;
  /** The address users (and providers' webhooks) reach the console at (PUBLIC_URL); absolute links are built on it. */
  publicUrl?: string;
}

/**
 * What a service needs to know about who is asking, built once per request by http/context.ts;
 * a background job gets one from the runner and narrows it to a company with `forCompany`, the
 * CLI and tests build one with `serviceContext`. Services never see Fastify's request.
 */
export interface ServiceContext extends AppServices {
  /** The company of X-Company-ID, checked against the user's memberships; 0 on routes not scoped to a company. */
  companyId: number;
  /** The signed-in user; 0 for the system (jobs, CLI). */
  userId: number;
  /** The language of the person asking: messages and notifications are written in it. */
  lang: Lang;
  /** Unix seconds at the start of the request (or job run): one "now" for every row it writes. */
  now: number;
}

export function serviceContext(
  app: AppServices,
  who: { companyId?: number; userId?: number; lang?: Lang } = {},
): ServiceContext {
  return {
    db: app.db,
    clock: app.clock,
    providers: app.providers,
    secrets: app.secrets,
    publicUrl: app.publicUrl,
    companyId: who.companyId ?? 0,
    userId: who.userId ?? 0,
    lang: who.lang ?? 'en',
    now: app.clock.now(),
  };
}

/** The same caller working in one company (a job handling one company's row). */
export function forCompany(ctx: ServiceContext, companyId: number): ServiceContext {
  return { ...ctx, companyId };
}
