import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import type { Db } from './db/connection.js';
import { registerAuth } from './http/auth.js';
import { registerContext } from './http/context.js';
import { registerSecurityHeaders, requestForLog, SERVER_TIMEOUTS } from './http/security.js';
import { systemClock, type Clock } from './lib/clock.js';
import { registerCompression } from './http/compression.js';
import { registerErrorHandler } from './http/errors.js';
import { registerIdempotency, type IdempotencyOptions } from './http/idempotency.js';
import { registerSpa } from './http/spa.js';
import { authRoutes } from './modules/auth/index.js';
import { changelogRoutes } from './modules/changelog/index.js';
import { companyRoutes } from './modules/companies/index.js';
import { sourceRoutes } from './modules/sources/index.js';
import { discountRoutes } from './modules/discounts/index.js';
import { productRoutes } from './modules/products/index.js';
import { notificationRoutes } from './modules/notifications/index.js';
import { packageRoutes } from './modules/packages/index.js';
import { returnRequestRoutes } from './modules/return-requests/index.js';
import { messageRoutes } from './modules/messages/index.js';
import { geoData, geoRoutes } from './modules/geo/index.js';
import { integrationRoutes } from './modules/integrations/index.js';
import { secretBox } from './lib/secrets.js';
import { orderRoutes } from './modules/orders/index.js';
import { customerRoutes } from './modules/customers/index.js';
import { loadProvidersConfig, type ProvidersConfig } from './providers/config.js';
import { createProviderRegistry, type ProviderRegistry } from './providers/registry.js';
import type { AppServices } from './context.js';
import { injectFetch } from './providers/transport.js';
import { demoCredentials, registerEmulators, type EmulatorSet } from './emulators/index.js';

export interface AppDeps {
  db: Db;
  appKey: string;
  dataDir: string;
  /** Folder of the built web app; omitted in API tests. */
  webDist?: string;
  /** true logs every request to stdout; a stream receives them instead (tests read what is logged). */
  logger?: boolean | { stream: NodeJS.WritableStream };
  /** The console's own address, for absolute links in answers (never the request's Host header). */
  publicUrl?: string;
  /** Overrides of SERVER_TIMEOUTS (tests shorten them). */
  timeouts?: Partial<typeof SERVER_TIMEOUTS>;
  /** Behind a load balancer: take the client address from X-Forwarded-For (never trust it otherwise). */
  trustProxy?: boolean;
  /** The time every rule reads (ServiceContext.now); tests pass a manual clock. */
  clock?: Clock;
  /** Where provider calls go (default: every provider emulated inside the app). */
  providers?: ProvidersConfig;
  /** A provider registry to use instead of the app's own (ServiceContext.providers); tests pass one. */
  providerRegistry?: ProviderRegistry;
  /** Overrides of IDEMPOTENCY_DEFAULTS (tests shorten the wait for a running request). */
  idempotency?: Partial<IdempotencyOptions>;
}

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

/** Every API route with its access rules, as registered: lets tests hold each one to the 401 and scope rules. */
export interface RouteInfo {
  method: string;
  url: string;
  public: boolean;
  company: boolean;
  /** Accepts an Idempotency-Key (http/idempotency.ts). */
  idempotent: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    apiRoutes: RouteInfo[];
    /** What every request's and job's ServiceContext is made of (main.ts hands it to the job runner). */
    services: AppServices;
    /** The emulators mounted under /emulators (emulated mode), else null. */
    emulators: EmulatorSet | null;
  }
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.logger
      ? {
          redact: ['req.headers.authorization', 'req.body.password'],
          serializers: { req: requestForLog },
          ...(typeof deps.logger === 'object' ? { stream: deps.logger.stream } : {}),
        }
      : false,
    trustProxy: deps.trustProxy ?? false,
    ...SERVER_TIMEOUTS,
    ...deps.timeouts,
  });
  const apiRoutes: RouteInfo[] = [];
  app.decorate('apiRoutes', apiRoutes);
  app.addHook('onRoute', (r) => {
    if (!r.url.startsWith('/api/')) return;
    for (const method of [r.method].flat()) {
      if (method === 'HEAD') continue;
      const config = (r.config ?? {}) as { public?: boolean; company?: boolean; idempotent?: boolean };
      apiRoutes.push({
        method,
        url: r.url,
        public: Boolean(config.public),
        company: Boolean(config.company),
        idempotent: Boolean(config.idempotent),
      });
    }
  });
  registerErrorHandler(app);
  registerSecurityHeaders(app);
  const clock = deps.clock ?? systemClock;
  // Before compression: its onSend must see (and store) the answer's JSON, not the compressed bytes.
  registerIdempotency(app, deps.db, clock, deps.idempotency);
  registerCompression(app);
  // Room for a 5 MB image plus the other fields; the image's own limit is checked by the products module.
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES + 1, files: 1, fields: 50 } });
  registerAuth(app, deps.db, clock);

  // Emulated providers live in this process: their routes under /emulators, reached in process.
  const providersConfig = deps.providers ?? loadProvidersConfig({});
  const emulators = providersConfig.mode === 'emulated' ? await registerEmulators(app, { db: deps.db, clock }) : null;
  app.decorate('emulators', emulators);
  const providers =
    deps.providerRegistry ??
    createProviderRegistry({
      config: providersConfig,
      clock,
      fetch: emulators ? injectFetch(app) : undefined,
      demoAccounts: emulators ? demoCredentials(emulators) : undefined,
    });
  const services: AppServices = { db: deps.db, clock, providers, secrets: secretBox(deps.appKey) };
  app.decorate('services', services);
  registerContext(app, services);

  app.get('/api/health', { config: { public: true } }, async () => ({ status: 'ok', engine: deps.db.engine }));
  authRoutes(app);
  companyRoutes(app);
  sourceRoutes(app);
  discountRoutes(app);
  productRoutes(app, deps.appKey);
  notificationRoutes(app);
  packageRoutes(app);
  returnRequestRoutes(app);
  messageRoutes(app, deps.publicUrl ?? 'http://localhost');
  integrationRoutes(app);
  orderRoutes(app);
  customerRoutes(app);
  changelogRoutes(app);
  geoRoutes(app, geoData());

  if (deps.webDist) await registerSpa(app, path.resolve(deps.webDist));
  return app;
}
