import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { registerMessages, translate } from '../../core/messages.js';
import type { Db } from '../db/connection.js';
import type { Clock } from '../lib/clock.js';
import { HttpError, langOf } from './errors.js';
import { readForm } from './form.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A create call that accepts an `Idempotency-Key` header: the same key (per user and company)
     * within 24 hours answers the first request's result and creates nothing more.
     */
    idempotent?: boolean;
  }
}

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** Set on an answer replayed from an earlier request with the same key. */
export const REPLAYED_HEADER = 'idempotent-replayed';
/** A key answers its first result for this long after the first request arrived. */
export const IDEMPOTENCY_TTL_SECONDS = 24 * 3600;
/**
 * A claim still unanswered after this long lost its request (the process stopped mid-call): the
 * key may be claimed again. Longer than any create runs (a provider call's limit is 15 s).
 */
export const CLAIM_STALE_SECONDS = 120;
/** Expired keys are deleted at most this often per process, by the next request that claims one. */
const SWEEP_EVERY_SECONDS = 60;
/** 1 to 255 visible ASCII characters: a UUID, or any token a client makes. */
const KEY_FORMAT = /^[\x21-\x7e]{1,255}$/;

export interface IdempotencyOptions {
  /**
   * How long a request waits for an earlier one with the same key to finish before answering 409
   * "still being processed" (milliseconds).
   */
  waitMs: number;
}

export const IDEMPOTENCY_DEFAULTS: IdempotencyOptions = { waitMs: 10_000 };

/** The request that claimed its key, until its answer is stored (or the key released). */
interface Claim {
  id: number;
  scope: string;
  done: boolean;
}

/**
 * Idempotency-Key for the create calls (routes marked `{ idempotent: true }`), so a double click
 * or a retry after a lost answer never creates twice. Without the header a call runs as always.
 *
 * Before the handler (preHandler: after the auth hook has set the user and the company) the key is
 * claimed by inserting its row; the unique index on (user, company, key) lets exactly one of the
 * requests arriving together win, on one instance or on several sharing PostgreSQL. The others
 * read the row: a different fingerprint (method, URL and body) answers 422; a stored answer is
 * sent again (same status and body, `Idempotent-Replayed: true`); a claim still running is waited
 * for (woken at once on this instance, polled from others) for up to `waitMs`, then 409.
 *
 * When the winner's answer leaves (onSend, before compression: the stored body is the JSON
 * itself) a success (2xx) is stored and replayed for 24 hours; any error answer (4xx or 5xx)
 * deletes the claim instead. An error created nothing (every write runs in one transaction that
 * the error rolled back), so the same key may simply be sent again, and a passing failure (a 409
 * on a row another user changed, a provider that did not answer) is never pinned for a day. Only
 * a fingerprint of the request is kept, never its body; a route whose body carries secrets (an
 * integration's login) is not marked idempotent, so nothing of it is stored.
 */
export function registerIdempotency(
  app: FastifyInstance,
  db: Db,
  clock: Clock,
  options: Partial<IdempotencyOptions> = {},
): void {
  const { waitMs } = { ...IDEMPOTENCY_DEFAULTS, ...options };
  const claims = new WeakMap<FastifyRequest, Claim>();
  const waiters = new Map<string, Set<() => void>>();
  let lastSweep = -Infinity;

  /** Resolves when the claim of `scope` is finished on this instance, or after `ms`. */
  const waitFor = (scope: string, ms: number) =>
    new Promise<void>((resolve) => {
      const set = waiters.get(scope) ?? new Set<() => void>();
      waiters.set(scope, set);
      const wake = () => {
        clearTimeout(timer);
        set.delete(wake);
        if (set.size === 0 && waiters.get(scope) === set) waiters.delete(scope);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      set.add(wake);
    });
  const wakeAll = (scope: string) => {
    for (const wake of [...(waiters.get(scope) ?? [])]) wake();
  };

  const sweep = async (now: number) => {
    if (now - lastSweep < SWEEP_EVERY_SECONDS) return;
    lastSweep = now;
    await db.kysely
      .deleteFrom('idempotency_keys')
      .where('created_at', '<=', now - IDEMPOTENCY_TTL_SECONDS)
      .execute();
  };

  app.addHook('preHandler', async (req, reply) => {
    if (!req.routeOptions.config?.idempotent || !req.user) return;
    const raw = req.headers[IDEMPOTENCY_HEADER];
    if (raw === undefined) return;
    const key = Array.isArray(raw) ? raw[0] : raw;
    if (!KEY_FORMAT.test(key)) throw new HttpError(400, 'idempotency_key_invalid');
    const userId = req.user.id;
    const companyId = req.companyId;
    const fingerprint = await fingerprintOf(req);
    const scope = `${userId}:${companyId}:${key}`;
    const deadline = Date.now() + waitMs;
    let pause = 20;
    await sweep(clock.now());
    for (;;) {
      const now = clock.now();
      const claimed = await db.kysely
        .insertInto('idempotency_keys')
        .values({
          user_id: userId,
          company_id: companyId,
          key,
          fingerprint,
          status_code: null,
          content_type: null,
          response_body: null,
          created_at: now,
        })
        .onConflict((oc) => oc.columns(['user_id', 'company_id', 'key']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (claimed) {
        claims.set(req, { id: claimed.id, scope, done: false });
        return;
      }
      const row = await db.kysely
        .selectFrom('idempotency_keys')
        .selectAll()
        .where('user_id', '=', userId)
        .where('company_id', '=', companyId)
        .where('key', '=', key)
        .executeTakeFirst();
      const age = row ? now - Number(row.created_at) : 0;
      if (row && (age >= IDEMPOTENCY_TTL_SECONDS || (row.status_code === null && age >= CLAIM_STALE_SECONDS))) {
        // An expired key is new again; a claim whose request died is taken over.
        await db.kysely.deleteFrom('idempotency_keys').where('id', '=', row.id).execute();
        continue;
      }
      if (row && row.fingerprint !== fingerprint) throw new HttpError(422, 'idempotency_key_reused');
      if (row && row.status_code !== null) {
        reply.code(row.status_code).header(REPLAYED_HEADER, 'true');
        if (row.content_type) reply.header('content-type', row.content_type);
        return reply.send(row.response_body ?? '');
      }
      // Still running (or released between the two statements: then claim again at once).
      const left = deadline - Date.now();
      if (left <= 0) {
        return reply
          .code(409)
          .header('retry-after', '1')
          .send({ message: translate(langOf(req), 'idempotency_in_progress') });
      }
      if (row) {
        await waitFor(scope, Math.min(left, pause));
        pause = Math.min(pause * 2, 250);
      }
    }
  });

  /** Stores a success for the key's later requests, or releases the key after an error. */
  const finish = async (req: FastifyRequest, claim: Claim, status: number, body: string | null, type: unknown) => {
    claim.done = true;
    try {
      if (status >= 200 && status < 300 && body !== null) {
        await db.kysely
          .updateTable('idempotency_keys')
          .set({
            status_code: status,
            content_type: typeof type === 'string' ? type.slice(0, 200) : null,
            response_body: body,
          })
          .where('id', '=', claim.id)
          .execute();
      } else {
        await db.kysely.deleteFrom('idempotency_keys').where('id', '=', claim.id).execute();
      }
    } catch (err) {
      // The answer still goes out; the claim is taken over once stale (CLAIM_STALE_SECONDS).
      req.log.error({ err }, 'idempotency key not recorded');
    } finally {
      wakeAll(claim.scope);
    }
  };

  app.addHook('onSend', async (req, reply, payload) => {
    const claim = claims.get(req);
    if (claim && !claim.done)
      await finish(
        req,
        claim,
        reply.statusCode,
        typeof payload === 'string' ? payload : null,
        reply.getHeader('content-type'),
      );
    return payload;
  });
  // An answer that never reached onSend (the connection dropped) releases its key too.
  app.addHook('onResponse', async (req) => {
    const claim = claims.get(req);
    if (claim && !claim.done) await finish(req, claim, 0, null, null);
  });
}

/**
 * What makes two requests "the same": method, URL and body. A JSON body is compared by value (keys
 * in any order); a multipart form by its fields and its files' names, types and bytes, not by the
 * boundary, which a browser draws anew for every send of the same form.
 */
async function fingerprintOf(req: FastifyRequest): Promise<string> {
  const hash = crypto.createHash('sha256').update(`${req.method} ${req.url}\n`);
  if (req.isMultipart()) {
    const form = await readForm(req);
    const files = form.files.map((f) => ({
      field: f.field,
      filename: f.filename,
      mimetype: f.mimetype,
      size: f.bytes.length,
      truncated: f.truncated,
      sha256: crypto.createHash('sha256').update(f.bytes).digest('hex'),
    }));
    hash.update(canonicalJson({ form: { fields: form.fields, files } }));
  } else {
    hash.update(canonicalJson({ body: req.body ?? null }));
  }
  return hash.digest('hex');
}

/** JSON with every object's keys sorted, so equal values give equal text. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object' && !Buffer.isBuffer(value)) {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  if (Buffer.isBuffer(value)) return JSON.stringify(value.toString('base64'));
  return JSON.stringify(value) ?? 'null';
}

registerMessages({
  en: {
    idempotency_key_invalid:
      'The Idempotency-Key header must be 1 to 255 visible ASCII characters (letters, digits, punctuation).',
    idempotency_key_reused:
      'This Idempotency-Key was already used for another request (another address or body): send a new key for a new request.',
    idempotency_in_progress:
      'The same request is still being processed: wait a moment, then send it again with the same key.',
  },
  ro: {
    idempotency_key_invalid:
      'Antetul Idempotency-Key trebuie să aibă între 1 și 255 de caractere ASCII vizibile (litere, cifre, semne de punctuație).',
    idempotency_key_reused:
      'Această cheie Idempotency-Key a fost deja folosită pentru o altă cerere (altă adresă sau alt conținut): trimiteți o cheie nouă pentru o cerere nouă.',
    idempotency_in_progress:
      'Aceeași cerere este încă în curs de procesare: așteptați puțin, apoi trimiteți-o din nou cu aceeași cheie.',
  },
});
