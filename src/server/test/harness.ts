import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp, type AppDeps } from '../app.js';
import type { AppServices } from '../context.js';
import { openDb, type Db } from '../db/connection.js';
import { migrateToLatest } from '../db/migrate.js';
import { hashPassword } from '../lib/passwords.js';
import { hashToken, newToken } from '../http/auth.js';
import { systemClock, type Clock } from '../lib/clock.js';
import { createAppSchema } from './pgSchemas.js';

/**
 * A fresh app and database for one test file: in-memory SQLite, or a schema of its own in the
 * PostgreSQL of TEST_DATABASE_URL (so files can run side by side).
 */
export interface TestApp {
  app: FastifyInstance;
  db: Db;
  /** The app key the app was built with (opens what it sealed: stored credentials). */
  appKey: string;
  /** The app's services (database, clock, providers, secrets): what a job runner or a service call in a test is given. */
  services: AppServices;
  close(): Promise<void>;
  /** A user with a token, member of a new company (or of the given ones). */
  signUp(opts?: { companies?: number[]; email?: string; password?: string }): Promise<TestUser>;
  createCompany(name?: string): Promise<number>;
  /** The same user (token, company) calling this app: a user made on another app of the same database. */
  as(user: TestUser): TestUser;
  /** The SQLite file the app runs on, when it runs on one (another instance can open it). */
  sqliteFile?: string;
}

export interface TestUser {
  id: number;
  email: string;
  token: string;
  companyId: number;
  /** Calls the API as this user, in the user's company unless told otherwise. */
  call(
    method: string,
    url: string,
    opts?: { body?: unknown; company?: number | null; headers?: Record<string, string> },
  ): Promise<LightMyRequestResponse>;
}

export const engineUnderTest = process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite';

/**
 * `deps.emulatorControls` adds the emulators' fault switches and reset as HTTP routes (a test that
 * checks them asks for it; others hold `app.emulators` in process). `sqliteFile` runs the app on that SQLite file with a read pool of two workers (db.reads), on any
 * engine under test: the pool exists only on a SQLite file. `restartOf` builds the app again on
 * another test app's database and app key, as a restart of it (stop that app first: its `app.close()`);
 * closing the new one leaves the database to the first, which closes it. `instanceOf` builds a second
 * instance beside a running one: the same database (PostgreSQL schema or SQLite file) through
 * connections of its own and the same app key, as two servers behind a load balancer. `databaseUrl`
 * runs the app on that database as it is (migrated here; closing leaves it): one a test shares with
 * a server process of its own, which takes no schema.
 */
export async function startTestApp(
  opts: {
    clock?: Clock;
    deps?: Pick<
      AppDeps,
      'logger' | 'providerRegistry' | 'providers' | 'emulatorControls' | 'idempotency' | 'providerRetryDelayMs'
    >;
    sqliteFile?: string;
    databaseUrl?: string;
    restartOf?: TestApp;
    instanceOf?: TestApp;
  } = {},
): Promise<TestApp> {
  const clock = opts.clock ?? systemClock;
  const pgUrl = process.env.TEST_DATABASE_URL;
  let db: Db;
  let closeDb = true;
  const sqliteFile = opts.sqliteFile ?? opts.instanceOf?.sqliteFile;
  if (opts.restartOf) {
    db = opts.restartOf.db;
    closeDb = false;
  } else if (opts.databaseUrl) {
    db = openDb(opts.databaseUrl, { keepLists: true });
  } else if (opts.instanceOf && !sqliteFile) {
    if (!pgUrl)
      throw new Error('a second instance needs PostgreSQL or a SQLite file: in-memory SQLite has one connection');
    db = openDb(pgUrl, { schema: opts.instanceOf.db.schema, keepLists: true });
  } else if (sqliteFile) {
    db = openDb(`sqlite:${sqliteFile}`, { readers: 2, keepLists: true });
  } else if (pgUrl) {
    // A copy of the run's migrated template, dropped when the run ends, not when the file does (pgSchemas.ts).
    db = openDb(pgUrl, { schema: await createAppSchema(pgUrl), keepLists: true });
  } else {
    db = openDb('sqlite::memory:', { keepLists: true });
  }
  if (closeDb && !opts.instanceOf) await migrateToLatest(db);
  const dataDir = path.join(os.tmpdir(), `console-test-${crypto.randomBytes(4).toString('hex')}`);
  const appKey = opts.restartOf?.appKey ?? opts.instanceOf?.appKey ?? crypto.randomBytes(32).toString('base64');
  // A read the provider failed is retried after 5 ms instead of 300 ms (then 600): the same attempts,
  // without the waits that made a test of a provider that is down spend seconds doing nothing.
  const app = await buildApp({ db, appKey, dataDir, clock: opts.clock, providerRetryDelayMs: 5, ...opts.deps });
  let counter = 0;

  async function createCompany(name = `Test Company ${++counter}`): Promise<number> {
    const now = clock.now();
    const row = await db.kysely
      .insertInto('companies')
      .values({
        name,
        vat_number: 'RO14399840',
        vat_payer: 1,
        administrator_name: 'Test Admin',
        active: 1,
        address: null,
        city: null,
        county: null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async function signUp(opts: { companies?: number[]; email?: string; password?: string } = {}): Promise<TestUser> {
    const email = opts.email ?? `user${++counter}-${crypto.randomBytes(3).toString('hex')}@example.ro`;
    const now = clock.now();
    const user = await db.kysely
      .insertInto('users')
      .values({
        email,
        password_hash: await hashPassword(opts.password ?? 'secret-pass'),
        first_name: 'Test',
        last_name: 'User',
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const companies = opts.companies ?? [await createCompany()];
    for (const c of companies)
      await db.kysely.insertInto('company_users').values({ company_id: c, user_id: user.id }).execute();
    const token = newToken();
    await db.kysely
      .insertInto('auth_tokens')
      .values({ user_id: user.id, token_hash: hashToken(token), created_at: now, last_used_at: now, revoked_at: null })
      .execute();
    return as({ id: user.id, email, token, companyId: companies[0] });
  }

  function as(user: Omit<TestUser, 'call'>): TestUser {
    const { id, email, token, companyId } = user;
    return {
      id,
      email,
      token,
      companyId,
      call: (method, url, o = {}) => {
        const headers: Record<string, string> = { authorization: `Bearer ${token}`, ...o.headers };
        const company = o.company === undefined ? companyId : o.company;
        if (company !== null) headers['x-company-id'] = String(company);
        return app.inject({ method: method as 'GET', url, headers, payload: o.body as string | object | undefined });
      },
    };
  }

  return {
    app,
    db,
    appKey,
    services: app.services,
    signUp,
    createCompany,
    as,
    sqliteFile,
    close: async () => {
      await app.close();
      if (!closeDb) return;
      await db.close();
    },
  };
}

/** A multipart/form-data body for app.inject: fields plus optional files. */
export function multipart(
  fields: Record<string, string | number | boolean | null | undefined>,
  files: { name: string; filename: string; type: string; data: Buffer }[] = [],
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----test${crypto.randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    if (v === undefined) continue;
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v === null ? '' : String(v)}\r\n`,
      ),
    );
  }
  for (const f of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.name}"; filename="${f.filename}"\r\nContent-Type: ${f.type}\r\n\r\n`,
      ),
    );
    parts.push(f.data, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
