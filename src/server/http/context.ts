import type { FastifyInstance, FastifyRequest } from 'fastify';
import { serviceContext, type ServiceContext } from '../context.js';
import type { Db } from '../db/connection.js';
import type { Clock } from '../lib/clock.js';
import type { ProviderRegistry } from '../providers/registry.js';
import { langOf } from './errors.js';

const contexts = new WeakMap<FastifyRequest, ServiceContext>();

/**
 * The service context of a request, built on first use after the auth hook has set the user and
 * the company (routes call it in their handler, never in an onRequest hook of their own).
 */
export function registerContext(app: FastifyInstance, deps: { db: Db; clock: Clock; providers?: ProviderRegistry }): void {
  // The registry given, else the app's own (decorated as app.providers once the providers are set up), read per request.
  const registry = () => deps.providers ?? (app as unknown as { providers?: ProviderRegistry }).providers;
  app.decorateRequest('ctx', {
    getter(this: FastifyRequest): ServiceContext {
      let ctx = contexts.get(this);
      if (!ctx) {
        ctx = serviceContext({ db: deps.db, clock: deps.clock, companyId: this.companyId, userId: this.user?.id ?? 0, lang: langOf(this), providers: registry() });
        contexts.set(this, ctx);
      }
      return ctx;
    },
  });
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The request's ServiceContext (see src/server/context.ts). */
    readonly ctx: ServiceContext;
  }
}
