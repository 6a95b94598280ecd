import Fastify, {
  type FastifyInstance,
  type FastifyPluginAsync,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db/connection.js';
import { prepared, preparedWrite } from '../db/perf/prepared.js';
import type { Clock } from '../lib/clock.js';
import { preparePdfFonts } from '../lib/pdf/documents.js';
import { LAZY_SCHEMA_COMPILERS } from '../http/schemaCompilers.js';

/**
 * What every emulator shares: where it keeps its state (EmulatorStore), the fault switches, the
 * "hang" of a timeout, the Fastify plugin shape, and a way to start one alone on a free local
 * port (tests).
 *
 * An emulator answers exactly as its provider does (paths, fields, auth, error shapes); the
 * faults make it fail on demand the way that provider fails:
 * - `timeout`: holds the request without answering (until `hangMs`, or the emulator closes);
 * - `server_error`: answers the provider's 5xx;
 * - `error_in_200`: an error inside an HTTP 200, in the provider's shape where it has one
 *   (DPD's `{error}`, SmartBill's `errorText`, Vonage's message status) and an answer without its
 *   expected fields elsewhere;
 * - `expired_token`: the next authenticated call finds its (valid) token expired, as after 24 h;
 * - `refused_login`: the next login is refused even with the demo account;
 * - `answer_lost`: the next create (an AWB, an invoice, a storno) is carried out and stored, but its
 *   answer is held like a timeout's: the caller cannot know the document exists and must resolve it
 *   with the provider instead of sending again (applied by the create routes, after the store);
 * - Vonage's own refusals of the next SMS (HTTP 200, status ≠ 0): `throttled` (status 1),
 *   `quota` (9, partner quota exceeded), `not_whitelisted` (29, a trial account's destination).
 */

export const FAULTS = [
  'timeout',
  'server_error',
  'error_in_200',
  'expired_token',
  'refused_login',
  'answer_lost',
  'throttled',
  'quota',
  'not_whitelisted',
] as const;
export type Fault = (typeof FAULTS)[number];

export class FaultSwitch {
  private readonly active = new Map<Fault, number>();

  /** Turns a fault on for the next `times` requests it applies to (default: until cleared). */
  set(fault: Fault, times = Number.POSITIVE_INFINITY): void {
    this.active.set(fault, times);
  }

  clear(fault?: Fault): void {
    if (fault) this.active.delete(fault);
    else this.active.clear();
  }

  isOn(fault: Fault): boolean {
    return (this.active.get(fault) ?? 0) > 0;
  }

  /** True when the fault is on; uses up one of its times. */
  take(fault: Fault): boolean {
    const left = this.active.get(fault) ?? 0;
    if (left <= 0) return false;
    if (left === 1) this.active.delete(fault);
    else this.active.set(fault, left - 1);
    return true;
  }
}

/**
 * Where an emulator keeps its state: its accounts and everything it creates (AWBs, invoices,
 * messages, tokens), as JSON documents by collection and key, like the provider's own database.
 * In the app it is the application's database (`emulator_records`, dbStore), so a label or an
 * invoice made before a restart still downloads and an AWB keeps moving after one; an emulator
 * started alone (provider tests) keeps it in memory (memoryStore). Both hand out copies: a route
 * that changes a record puts it back. Fault switches are not state: they stay in memory.
 */
export interface EmulatorStore {
  get<T>(collection: string, key: string): Promise<T | undefined>;
  /** Every record of a collection, oldest first. */
  list<T>(collection: string): Promise<T[]>;
  /** Writes a record, replacing the one under the same key (which keeps its place in `list`). */
  put(collection: string, key: string, value: unknown): Promise<void>;
  /** `put` of several records (distinct collection and key each) at once: one statement in the database. */
  putAll(records: { collection: string; key: string; value: unknown }[]): Promise<void>;
  /** Writes a record unless its key is taken; false (nothing written) when it was. */
  add(collection: string, key: string, value: unknown): Promise<boolean>;
  remove(collection: string, key: string): Promise<void>;
  /**
   * Hands out `count` consecutive numbers of the counter `name`, the first time from `first`, and
   * answers the first of them. Numbers are never handed out twice, across restarts and instances:
   * the counter is a stored record (collection `counters`, its value the next number to give)
   * moved in one statement.
   */
  next(name: string, first: number, count?: number): Promise<number>;
  /** Takes back `number` if it is the last one handed out (SmartBill reuses a deleted last invoice's number). */
  giveBack(name: string, number: number): Promise<void>;
  /** Forgets everything (the emulator's reset). */
  clear(): Promise<void>;
}

/** The collection of the counters of EmulatorStore.next: `get<number>('counters', name)` reads the next number. */
export const COUNTERS = 'counters';

/** A store in memory, for an emulator started alone; it copies values through JSON as the database does. */
export function memoryStore(): EmulatorStore {
  const collections = new Map<string, Map<string, string>>();
  const of = (collection: string) => {
    let c = collections.get(collection);
    if (!c) collections.set(collection, (c = new Map()));
    return c;
  };
  const read = <T>(text: string | undefined): T | undefined =>
    text === undefined ? undefined : (JSON.parse(text) as T);
  return {
    get: async (collection, key) => read(of(collection).get(key)),
    list: async <T>(collection: string) => [...of(collection).values()].map((t) => read<T>(t)!),
    put: async (collection, key, value) => void of(collection).set(key, JSON.stringify(value)),
    putAll: async (records) => {
      for (const r of records) of(r.collection).set(r.key, JSON.stringify(r.value));
    },
    add: async (collection, key, value) => {
      const c = of(collection);
      if (c.has(key)) return false;
      c.set(key, JSON.stringify(value));
      return true;
    },
    remove: async (collection, key) => void of(collection).delete(key),
    next: async (name, first, count = 1) => {
      const counters = of(COUNTERS);
      const given = read<number>(counters.get(name)) ?? first;
      counters.set(name, JSON.stringify(given + count));
      return given;
    },
    giveBack: async (name, number) => {
      const counters = of(COUNTERS);
      if (read<number>(counters.get(name)) === number + 1) counters.set(name, JSON.stringify(number));
    },
    clear: async () => collections.clear(),
  };
}

/** One record's data, built and compiled once (perf/prepared.ts): every request of an emulator reads its account. */
const recordData = prepared((exec, v: { provider: string; collection: string; key: string }) =>
  exec
    .selectFrom('emulator_records')
    .select('data')
    .where('provider', '=', v.provider)
    .where('collection', '=', v.collection)
    .where('key', '=', v.key),
);

/**
 * `put` of `count` records (values c0, k0, d0, c1, ...: collection, key and data of each), built
 * and compiled once per count (perf/prepared.ts): every create of an emulator stores its document.
 */
const recordsPut = preparedWrite(
  (exec, v: Record<string, unknown>) =>
    exec
      .insertInto('emulator_records')
      .values(
        Array.from({ length: v.count as number }, (_, i) => ({
          provider: v.provider as string,
          collection: v[`c${i}`] as string,
          key: v[`k${i}`] as string,
          data: v[`d${i}`] as string,
          created_at: v.now as number,
          updated_at: v.now as number,
        })),
      )
      .onConflict((oc) =>
        oc.columns(['provider', 'collection', 'key']).doUpdateSet({
          data: (eb) => eb.ref('excluded.data'),
          updated_at: (eb) => eb.ref('excluded.updated_at'),
        }),
      ),
  { shape: ['count'] },
);

/** A counter moved by `count` (written into the SQL), created at its first use: built and compiled once per count. */
const counterMoved = prepared(
  (exec, v: { provider: string; name: string; data: string; count: number; now: number }) =>
    exec
      .insertInto('emulator_records')
      .values({
        provider: v.provider,
        collection: COUNTERS,
        key: v.name,
        data: v.data,
        created_at: v.now,
        updated_at: v.now,
      })
      .onConflict((oc) =>
        oc.columns(['provider', 'collection', 'key']).doUpdateSet({
          data: sql<string>`cast(cast(emulator_records.data as bigint) + ${sql.lit(v.count)} as text)`,
          updated_at: (eb) => eb.ref('excluded.updated_at'),
        }),
      )
      .returning('data'),
  { shape: ['count'] },
);

/**
 * The store of one provider in the application's database (table `emulator_records`, migration
 * 023), on SQLite and PostgreSQL alike. `add` relies on the unique (provider, collection, key)
 * index, so two creates that pick the same key cannot both store it.
 */
export function dbStore(db: Db, provider: string, clock: Clock): EmulatorStore {
  const k = db.kysely;
  const records = (collection: string) =>
    k.selectFrom('emulator_records').where('provider', '=', provider).where('collection', '=', collection);
  const row = (collection: string, key: string, value: unknown) => {
    const now = clock.now();
    return { provider, collection, key, data: JSON.stringify(value), created_at: now, updated_at: now };
  };
  const counter = (name: string) =>
    k
      .updateTable('emulator_records')
      .where('provider', '=', provider)
      .where('collection', '=', COUNTERS)
      .where('key', '=', name);
  const putAll: EmulatorStore['putAll'] = async (records) => {
    if (records.length === 0) return;
    const values: Record<string, unknown> = { provider, now: clock.now(), count: records.length };
    records.forEach((r, i) => {
      values[`c${i}`] = r.collection;
      values[`k${i}`] = r.key;
      values[`d${i}`] = JSON.stringify(r.value);
    });
    await k.executeQuery(recordsPut(k, values));
  };
  return {
    async get<T>(collection: string, key: string) {
      const [found] = await recordData(k, { provider, collection, key });
      return found ? (JSON.parse(found.data) as T) : undefined;
    },
    async list<T>(collection: string) {
      return (await records(collection).select('data').orderBy('id').execute()).map((r) => JSON.parse(r.data) as T);
    },
    put: (collection, key, value) => putAll([{ collection, key, value }]),
    putAll,
    async add(collection, key, value) {
      const inserted = await k
        .insertInto('emulator_records')
        .values(row(collection, key, value))
        .onConflict((oc) => oc.columns(['provider', 'collection', 'key']).doNothing())
        .returning('id')
        .executeTakeFirst();
      return inserted !== undefined;
    },
    async remove(collection, key) {
      await k
        .deleteFrom('emulator_records')
        .where('provider', '=', provider)
        .where('collection', '=', collection)
        .where('key', '=', key)
        .execute();
    },
    async next(name, first, count = 1) {
      if (!Number.isSafeInteger(count) || count < 1) throw new Error(`count must be a positive integer (got ${count})`);
      // One statement creates the counter at its first use (already moved past the numbers given)
      // or moves it and reads the new value (a row lock on PostgreSQL, SQLite's single writer), so
      // two callers never get the same numbers.
      const [moved] = await counterMoved(k, {
        provider,
        name,
        data: JSON.stringify(first + count),
        count,
        now: clock.now(),
      });
      return Number(moved.data) - count;
    },
    async giveBack(name, number) {
      await counter(name)
        .where('data', '=', String(number + 1))
        .set({ data: String(number), updated_at: clock.now() })
        .execute();
    },
    async clear() {
      await k.deleteFrom('emulator_records').where('provider', '=', provider).execute();
    },
  };
}

export interface EmulatorOptions {
  /** The time the emulator lives in: token expiry, AWB status progress, invoice dates. */
  clock: Clock;
  /** How long a `timeout` fault holds a request (default 60 s; tests set less than nothing waits). */
  hangMs?: number;
  /** Where its state lives (default: in memory, for an emulator started alone). */
  store?: EmulatorStore;
}

/**
 * The seller a courier's emulator opens an account for (emulated mode), as the courier's contract
 * names its client: the company that signs it, its seat and who answers for it. A courier whose
 * create call takes no sender name (Sameday, DPD) prints the account holder and the chosen pickup
 * point on the label, so each seller needs an account of its own, as a real seller has.
 */
export interface AccountHolder {
  /** Who the account is for, stable for the seller (the console's company: `company-<id>`). */
  ref: string;
  name: string;
  /** The person the courier calls at the pickup point. */
  contact: string;
  address: string | null;
  city: string | null;
  county: string | null;
}

/** The login of an opened account, as the wizard asks for it. */
export type OpenedLogin = {
  username: string;
  password: string;
};

/** A mounted-or-standalone emulator: its plugin (routes relative to its mount), store and faults. */
export interface Emulator {
  readonly name: string;
  readonly plugin: FastifyPluginAsync;
  readonly faults: FaultSwitch;
  /** Its accounts and documents (read them in tests through it too). */
  readonly store: EmulatorStore;
  /** The demo account, as the wizard asks for it (field names of the wizard). */
  readonly demoCredentials: Record<string, string>;
  /**
   * Opens the seller's own account (once; later calls answer the same login and keep the holder's
   * details current), for couriers whose labels print the account holder: the wizard shows each
   * company this login instead of the shared demo account.
   */
  openAccount?(holder: AccountHolder): Promise<OpenedLogin>;
  /** Back to the initial state (demo account, no documents), faults cleared. */
  reset(): Promise<void>;
}

/**
 * Everything an emulator is but its routes: the store (with its demo accounts written when the
 * emulator is mounted, unless stored already, and again after a reset), the faults and the hanger.
 */
export function emulatorBase(options: EmulatorOptions, seed: (store: EmulatorStore) => Promise<void>) {
  const store = options.store ?? memoryStore();
  const faults = new FaultSwitch();
  return {
    store,
    faults,
    hanger: new Hanger(options.hangMs ?? 60_000),
    clock: options.clock,
    /** Writes the demo accounts that are not stored yet: a restart keeps what they became (a balance, added companies). */
    seed: () => seed(store),
    async reset() {
      faults.clear();
      await store.clear();
      await seed(store);
    },
  };
}

/**
 * Holds pending `timeout` requests; all are released (answered 503, nobody is listening any more)
 * when the emulator's Fastify instance closes, so a test never leaves a timer behind.
 */
export class Hanger {
  private readonly pending = new Set<() => void>();
  constructor(private readonly hangMs: number) {}

  async hang(reply: FastifyReply): Promise<FastifyReply> {
    await this.wait();
    return reply.code(503).send();
  }

  /** Resolves after `hangMs`, or when the emulator closes. */
  wait(): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(done, this.hangMs);
      timer.unref();
      const pending = this.pending;
      function done() {
        clearTimeout(timer);
        pending.delete(done);
        resolve();
      }
      this.pending.add(done);
    });
  }

  releaseAll(): void {
    for (const done of [...this.pending]) done();
  }
}

/**
 * Adds the fault hooks every emulator has: a timeout hangs, a server error answers `serverError`.
 * Provider-specific faults (error in 200, token expiry, refused login) are applied by the routes.
 */
export function applyCommonFaults(
  app: FastifyInstance,
  faults: FaultSwitch,
  hanger: Hanger,
  serverError: (reply: FastifyReply) => FastifyReply,
): void {
  tolerantJson(app);
  // preClose: before the server waits for its open requests, which include the held ones.
  app.addHook('preClose', async () => hanger.releaseAll());
  app.addHook('preHandler', async (_req: FastifyRequest, reply: FastifyReply) => {
    if (faults.take('timeout')) return hanger.hang(reply);
    if (faults.take('server_error')) return serverError(reply);
  });
}

/**
 * The fault switches and the reset of one emulator over HTTP: `POST __emulator/faults`
 * `{fault, times?}`, `DELETE __emulator/faults`, `POST __emulator/reset`. They change what every
 * company sees of the provider, so they exist only where a test asks for them (registerEmulators'
 * `controls`); tests usually hold the emulator itself and call `faults` and `reset()` directly.
 * Registered beside the emulator's own routes, outside its scope, so its faults never apply to them.
 */
export function controlRoutes(app: FastifyInstance, emulator: () => Emulator): void {
  app.post('/__emulator/faults', async (req, reply) => {
    const body = (req.body ?? {}) as { fault?: string; times?: number };
    if (!FAULTS.includes(body.fault as Fault))
      return reply.code(400).send({ message: `fault must be one of ${FAULTS.join(', ')}` });
    emulator().faults.set(
      body.fault as Fault,
      typeof body.times === 'number' && body.times > 0 ? body.times : undefined,
    );
    return { ok: true };
  });
  app.delete('/__emulator/faults', async () => {
    emulator().faults.clear();
    return { ok: true };
  });
  app.post('/__emulator/reset', async () => {
    await emulator().reset();
    return { ok: true };
  });
}

/**
 * JSON bodies as the real APIs take them: an empty body with a JSON content type is no body
 * (Fastify's default parser would answer 400 where the provider does not).
 */
export function tolerantJson(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = String(body).trim();
    if (!text) return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      const err = new Error('Invalid JSON body') as Error & { statusCode: number };
      err.statusCode = 400;
      done(err, undefined);
    }
  });
}

/** Accepts form-encoded bodies (Sameday, Vonage) as raw text; the route parses them. */
export function acceptFormBodies(app: FastifyInstance): void {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, body),
  );
}

/** Starts an emulator alone on a free port of 127.0.0.1, mounted at `prefix` (tests). */
export async function startEmulator(
  emulator: Emulator,
  prefix = `/emulators/${emulator.name}`,
): Promise<{ origin: string; app: FastifyInstance; close: () => Promise<void> }> {
  // A test's client may leave a keep-alive socket or an aborted request behind: close them all.
  const app = Fastify({ logger: false, forceCloseConnections: true, ...LAZY_SCHEMA_COMPILERS });
  await preparePdfFonts();
  await app.register(emulator.plugin, { prefix });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const addr = app.server.address();
  if (!addr || typeof addr === 'string') throw new Error('emulator did not get a port');
  return { origin: `http://127.0.0.1:${addr.port}`, app, close: () => app.close() };
}

/** Money in bani → the decimal number providers put in JSON. */
export const baniToNumber = (bani: number): number => Math.round(bani) / 100;
/** A decimal amount a client sent → bani (rounded to the nearest ban). */
export const numberToBani = (n: unknown): number => Math.round(Number(n) * 100);
