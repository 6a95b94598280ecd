import Fastify, { type FastifyInstance, type FastifyPluginAsync, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Clock } from '../lib/clock.js';
import { preparePdfFonts } from '../lib/pdf/documents.js';

/**
 * What every emulator shares: the fault switches, the "hang" of a timeout, the Fastify plugin
 * shape, and a way to start one alone on a free local port (tests).
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
 *   with the provider instead of sending again (applied by the create routes, after the store).
 */

export const FAULTS = ['timeout', 'server_error', 'error_in_200', 'expired_token', 'refused_login', 'answer_lost'] as const;
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

export interface EmulatorOptions {
  /** The time the emulator lives in: token expiry, AWB status progress, invoice dates. */
  clock: Clock;
  /** How long a `timeout` fault holds a request (default 60 s; tests set less than nothing waits). */
  hangMs?: number;
}

/** A mounted-or-standalone emulator: its plugin (routes relative to its mount), state and faults. */
export interface Emulator<S = unknown> {
  readonly name: string;
  readonly plugin: FastifyPluginAsync;
  readonly faults: FaultSwitch;
  readonly state: S;
  /** The demo account, as the wizard asks for it (field names of the wizard). */
  readonly demoCredentials: Record<string, string>;
  /** Back to the initial state (demo account, no documents), faults cleared. */
  reset(): void;
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
export function applyCommonFaults(app: FastifyInstance, faults: FaultSwitch, hanger: Hanger, serverError: (reply: FastifyReply) => FastifyReply): void {
  tolerantJson(app);
  // preClose: before the server waits for its open requests, which include the held ones.
  app.addHook('preClose', async () => hanger.releaseAll());
  app.addHook('preHandler', async (req: FastifyRequest, reply: FastifyReply) => {
    if (isControl(req)) return;
    if (faults.take('timeout')) return hanger.hang(reply);
    if (faults.take('server_error')) return serverError(reply);
  });
}

const isControl = (req: FastifyRequest) => req.url.includes('/__emulator/');

/**
 * A small control API under each emulator (demo and browser tests): `POST __emulator/faults`
 * `{fault, times?}`, `DELETE __emulator/faults`, `POST __emulator/reset`.
 */
export function controlRoutes(app: FastifyInstance, emulator: () => Emulator): void {
  app.post('/__emulator/faults', async (req, reply) => {
    const body = (req.body ?? {}) as { fault?: string; times?: number };
    if (!FAULTS.includes(body.fault as Fault)) return reply.code(400).send({ message: `fault must be one of ${FAULTS.join(', ')}` });
    emulator().faults.set(body.fault as Fault, typeof body.times === 'number' && body.times > 0 ? body.times : undefined);
    return { ok: true };
  });
  app.delete('/__emulator/faults', async () => {
    emulator().faults.clear();
    return { ok: true };
  });
  app.post('/__emulator/reset', async () => {
    emulator().reset();
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
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => done(null, body));
}

/** Starts an emulator alone on a free port of 127.0.0.1, mounted at `prefix` (tests). */
export async function startEmulator(emulator: Emulator, prefix = `/emulators/${emulator.name}`): Promise<{ origin: string; app: FastifyInstance; close: () => Promise<void> }> {
  // A test's client may leave a keep-alive socket or an aborted request behind: close them all.
  const app = Fastify({ logger: false, forceCloseConnections: true });
  preparePdfFonts();
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
