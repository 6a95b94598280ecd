import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { sql } from 'kysely';
import type { Db } from './db/connection.js';
import { pendingMigrations } from './db/migrate.js';
import { registerAuth } from './http/auth.js';
import { registerContext } from './http/context.js';
import {
  errorForLog,
  LOG_REDACT_PATHS,
  REDACTED,
  HEALTH_PATH,
  registerApiNoStore,
  registerSecurityHeaders,
  requestForLog,
  SERVER_TIMEOUTS,
} from './http/security.js';
import { systemClock, type Clock } from './lib/clock.js';
import { registerCompression } from './http/compression.js';
import { serializeAnswer } from './http/jsonText.js';
import { registerErrorHandler } from './http/errors.js';
import { registerIdempotency, type IdempotencyOptions } from './http/idempotency.js';
import { registerSpa } from './http/spa.js';
import { registerOpenApi } from './http/openapi.js';
import { apiDocs } from './apiDocs.js';
import { authRoutes } from './modules/auth/index.js';
import { changelogRoutes } from './modules/changelog/index.js';
import { companyRoutes } from './modules/companies/index.js';
import { sourceRoutes } from './modules/sources/index.js';
import { couponRoutes } from './modules/coupons/index.js';
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
import { orderBulkRoutes } from './modules/order-bulk/index.js';
import { shippingSettingsRoutes } from './modules/shipping/index.js';
import { trackingRoutes } from './modules/tracking/index.js';
import { intakeRoutes } from './modules/intake/index.js';
import { customerRoutes } from './modules/customers/index.js';
import { smsRoutes } from './modules/sms/index.js';
import { codRoutes } from './modules/cod/index.js';
import { dashboardRoutes } from './modules/dashboard/index.js';
import { loadProvidersConfig, type ProvidersConfig } from './providers/config.js';
import { createProviderRegistry, type ProviderRegistry } from './providers/registry.js';
import type { AppServices } from './context.js';
import { injectFetch } from './providers/transport.js';
import { connectorRoutes } from './modules/connectors/index.js';
import { publicDocumentRoutes } from './modules/public-documents/index.js';
import {
  demoAccountOpener,
  demoCredentials,
  demoShopsOf,
  EMULATORS_PREFIX,
  registerEmulators,
  type EmulatorHost,
  type EmulatorSet,
} from './emulators/index.js';
import { LAZY_SCHEMA_COMPILERS } from './http/schemaCompilers.js';

export interface AppDeps {
  db: Db;
  appKey: string;
  dataDir: string;
  /** Folder of the built web app; omitted in API tests. */
  webDist?: string;
  /**
   * true logs every request to stdout; a stream receives them instead (tests read what is logged).
   * No line holds a secret: see "What the log never holds" in http/security.ts.
   */
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
  /** The pause before a read is retried (HttpOptions.retryDelayMs); tests shorten it, never main.ts. */
  providerRetryDelayMs?: number;
  /**
   * Tests only (set through the test harness when a test asks): each emulator's fault switches and
   * reset as HTTP routes under /emulators/<provider>/__emulator. Never set by main.ts.
   */
  emulatorControls?: boolean;
  /** Overrides of IDEMPOTENCY_DEFAULTS (tests shorten the wait for a running request). */
  idempotency?: Partial<IdempotencyOptions>;
}

/**
 * The API's version in its OpenAPI document: the package's, found by walking up from this file, which
 * is src/server/app.ts under tsx and dist-server/main.mjs compiled (a fixed relative path fits one).
 */
const API_VERSION = packageVersion(path.dirname(fileURLToPath(import.meta.url)));

function packageVersion(dir: string): string {
  const file = path.join(dir, 'package.json');
  if (fs.existsSync(file)) return (JSON.parse(fs.readFileSync(file, 'utf8')) as { version: string }).version;
  const up = path.dirname(dir);
  if (up === dir) throw new Error('package.json not found above the server');
  return packageVersion(up);
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
    /** The emulators (emulated mode), else null: `emulatorHost.emulators`, for tests. */
    emulators: EmulatorSet | null;
    /** Where the emulators run (emulated mode), reached only in process through its `inject`; else null. */
    emulatorHost: EmulatorHost | null;
  }
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    ...LAZY_SCHEMA_COMPILERS,
    logger: deps.logger
      ? {
          // No secret in any line (http/security.ts): the request line without its secrets, errors
          // scrubbed, and any secret-named field of a logged object censored.
          redact: { paths: [...LOG_REDACT_PATHS], censor: REDACTED },
          serializers: { req: requestForLog, err: (err: unknown) => errorForLog(err) },
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
  app.setReplySerializer(serializeAnswer);
  registerErrorHandler(app);
  registerSecurityHeaders(app);
  registerApiNoStore(app);
  const clock = deps.clock ?? systemClock;
  // Before compression: its onSend must see (and store) the answer's JSON, not the compressed bytes.
  registerIdempotency(app, deps.db, clock, deps.idempotency);
  registerCompression(app);
  // Room for a 5 MB image plus the other fields; the image's own limit is checked by the products module.
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES + 1, files: 1, fields: 50 } });
  registerAuth(app, deps.db, clock);

  // Emulated providers live in this process, on a host of their own that only the provider
  // clients reach (in process, never over a socket): see registerEmulators.
  const providersConfig = deps.providers ?? loadProvidersConfig({});
  const emulatorHost =
    providersConfig.mode === 'emulated'
      ? await registerEmulators(app, { db: deps.db, clock, controls: deps.emulatorControls })
      : null;
  app.decorate('emulatorHost', emulatorHost);
  app.decorate('emulators', emulatorHost?.emulators ?? null);
  const providers =
    deps.providerRegistry ??
    createProviderRegistry({
      config: providersConfig,
      clock,
      fetch: emulatorHost ? injectFetch(emulatorHost) : undefined,
      retryDelayMs: deps.providerRetryDelayMs,
      demoAccounts: emulatorHost ? demoCredentials(emulatorHost.emulators) : undefined,
      openDemoAccount: emulatorHost ? demoAccountOpener(emulatorHost.emulators) : undefined,
      demoShops: emulatorHost ? demoShopsOf(emulatorHost.emulators) : undefined,
    });
  // The app itself serves nothing under /emulators, in either mode: a request from outside gets the
  // 404 of a path that does not exist (not the 401 of an unknown API path, nor the web app).
  await app.register(
    async (scope) => {
      scope.all('/', { config: { public: true } }, (_req, reply) => reply.callNotFound());
      scope.all('/*', { config: { public: true } }, (_req, reply) => reply.callNotFound());
    },
    { prefix: EMULATORS_PREFIX },
  );
  const services: AppServices = {
    db: deps.db,
    clock,
    providers,
    secrets: secretBox(deps.appKey),
    publicUrl: deps.publicUrl ?? 'http://localhost',
  };
  app.decorate('services', services);
  registerContext(app, services);

  // Health: the process answers. Ready: it can serve (the database answers and has every migration);
  // a load balancer sends traffic only to a ready instance. Neither needs a sign-in nor tells a secret.
  app.get(HEALTH_PATH, { config: { public: true } }, async () => ({ status: 'ok', engine: deps.db.engine }));
  app.get('/api/ready', { config: { public: true } }, async (_req, reply) => {
    try {
      await sql`select 1`.execute(deps.db.kysely);
    } catch {
      return reply.status(503).send({ status: 'unavailable', reason: 'database' });
    }
    const pending = await pendingMigrations(deps.db);
    if (pending.length) return reply.status(503).send({ status: 'unavailable', reason: 'migrations', pending });
    return { status: 'ready', engine: deps.db.engine };
  });
  authRoutes(app);
  companyRoutes(app);
  sourceRoutes(app);
  discountRoutes(app);
  couponRoutes(app);
  productRoutes(app, deps.appKey);
  notificationRoutes(app);
  packageRoutes(app);
  returnRequestRoutes(app);
  messageRoutes(app, deps.publicUrl ?? 'http://localhost');
  integrationRoutes(app);
  orderRoutes(app);
  orderBulkRoutes(app);
  shippingSettingsRoutes(app);
  trackingRoutes(app);
  intakeRoutes(app);
  customerRoutes(app);
  smsRoutes(app);
  codRoutes(app);
  dashboardRoutes(app);
  changelogRoutes(app);
  connectorRoutes(app);
  publicDocumentRoutes(app);
  geoRoutes(app, geoData);
  registerOpenApi(app, apiDocs, apiRoutes, API_VERSION);

  if (deps.webDist) await registerSpa(app, path.resolve(deps.webDist));
  return app;
}
