import type { FastifyInstance, FastifyRequest } from 'fastify';
import { serviceContext, type AppServices, type ServiceContext } from '../context.js';
import { langOf } from './errors.js';

const contexts = new WeakMap<FastifyRequest, ServiceContext>();

/**
 * The service context of a request, built on first use after the auth hook has set the user and
 * the company (routes call it in their handler, never in an onRequest hook of their own).
 */
export function registerContext(app: FastifyInstance, services: AppServices): void {
  app.decorateRequest('ctx', {
    getter(this: FastifyRequest): ServiceContext {
      let ctx = contexts.get(this);
      if (!ctx) {
        ctx = serviceContext(services, { companyId: this.companyId, userId: this.user?.id ?? 0, lang: langOf(this) });
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
