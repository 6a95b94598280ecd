import type { Lang } from '../core/messages.js';
import type { Db } from './db/connection.js';
import type { Clock } from './lib/clock.js';
import type { ProviderRegistry } from './providers/registry.js';
import { FieldProblems } from './http/errors.js';

/**
 * What a service needs to know about who is asking, built once per request by http/context.ts.
 * A background job, the CLI or a test builds one the same way (`serviceContext`), so services
 * never see Fastify's request.
 *
 * `providers` builds provider clients (couriers, invoicing, messaging) from a company's stored
 * credentials; absent where no provider is reachable (a CLI command, a test that needs none).
 */
export interface ServiceContext {
  db: Db;
  /** The company of X-Company-ID, checked against the user's memberships; 0 on routes not scoped to a company. */
  companyId: number;
  /** The signed-in user; 0 for the system (jobs, CLI). */
  userId: number;
  /** The language of the person asking: messages and notifications are written in it. */
  lang: Lang;
  /** Unix seconds at the start of the request: one "now" for every row a request writes. */
  now: number;
  clock: Clock;
  providers?: ProviderRegistry;
}

export function serviceContext(opts: { db: Db; clock: Clock; companyId?: number; userId?: number; lang?: Lang; providers?: ProviderRegistry }): ServiceContext {
  return { db: opts.db, clock: opts.clock, companyId: opts.companyId ?? 0, userId: opts.userId ?? 0, lang: opts.lang ?? 'en', now: opts.clock.now(), providers: opts.providers };
}

/**
 * A company_id sent in a body (forms send it) must be the company the request works in (the one
 * of X-Company-ID): 422 on the field otherwise, so the form can show it.
 */
export function assertSelectedCompany(ctx: ServiceContext, given: number | undefined): void {
  if (given !== undefined && given !== ctx.companyId) throw FieldProblems.one('company_id', 'company_not_selected');
}
