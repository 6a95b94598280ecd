import crypto from 'node:crypto';
import { INTAKE_MAX_SKEW_SECONDS, type IntakeKeyCreated, type SourceIntake } from '../../../core/api/intake.js';
import type { ServiceContext } from '../../context.js';
import type { Db, Executor } from '../../db/connection.js';
import type { SecretBox } from '../../lib/secrets.js';
import { notFound } from '../../http/errors.js';
import {
  allIntakeKeys,
  deleteIntakeKey,
  findCompanySource,
  intakeKeyById,
  intakeKeyOfSource,
  replaceIntakeKey,
  replaceSealedSecret,
  touchIntakeKey,
  type IntakeKeyRow,
} from './queries.js';

/**
 * A source's intake key: what lets a shop (or any program) push the source's orders without a
 * person's session. The key's id travels in X-Intake-Key; the secret never does: the shop signs
 * `"<timestamp>.<raw body>"` with it (HMAC-SHA256). Checking an HMAC needs the secret itself, so
 * it is kept sealed with the app's secret box (lib/secrets.ts, as the providers' logins are),
 * bound to its source and key id, opened only here and never answered again after its creation.
 */

/** Where a shop sends its orders. */
export const intakeEndpoint = (ctx: Pick<ServiceContext, 'publicUrl'>) =>
  `${(ctx.publicUrl ?? 'http://localhost').replace(/\/+$/, '')}/api/v1/intake/orders`;

/** Binds a sealed secret to its source and key: a value copied into another row does not open there. */
const sealContext = (sourceId: number, keyId: string) => `source-intake-key:${sourceId}:${keyId}`;

const newKeyId = () => `ik_${crypto.randomBytes(12).toString('hex')}`;
const newSecret = () => crypto.randomBytes(32).toString('base64url');

/** The company's source, locked (404 for another company's, or none). */
async function requireSource(exec: Executor, ctx: ServiceContext, sourceId: number): Promise<void> {
  if ((await findCompanySource(exec, ctx.companyId, { id: sourceId })) === undefined) throw notFound();
}

/**
 * Creates the source's intake key, or a new one in place of the old (which stops working at once:
 * its id is found no more). The secret is in this answer only.
 */
export async function issueIntakeKey(ctx: ServiceContext, sourceId: number): Promise<IntakeKeyCreated> {
  return issueKeyWith(ctx, sourceId, newKeyId(), newSecret());
}

/** issueIntakeKey with the id and secret given (the demo's documented key). */
export async function issueKeyWith(
  ctx: ServiceContext,
  sourceId: number,
  keyId: string,
  secret: string,
): Promise<IntakeKeyCreated> {
  await ctx.db.transaction(async (trx) => {
    await requireSource(trx, ctx, sourceId);
    await replaceIntakeKey(trx, {
      source_id: sourceId,
      company_id: ctx.companyId,
      key_id: keyId,
      secret_sealed: ctx.secrets.seal(secret, sealContext(sourceId, keyId)),
      created_at: ctx.now,
      last_used_at: null,
    });
  });
  return { key_id: keyId, secret, endpoint: intakeEndpoint(ctx) };
}

/** Revokes the source's intake key (404 for another company's source; nothing to revoke is no error). */
export async function revokeIntakeKey(ctx: ServiceContext, sourceId: number): Promise<void> {
  await ctx.db.transaction(async (trx) => {
    await requireSource(trx, ctx, sourceId);
    await deleteIntakeKey(trx, sourceId);
  });
}

/** What the source's page shows of its key: whether there is one and when it was last used, never the secret. */
export async function sourceIntakeOf(ctx: ServiceContext, sourceId: number): Promise<SourceIntake | null> {
  const row = await intakeKeyOfSource(ctx.db.kysely, sourceId);
  if (!row) return null;
  return {
    key_id: row.key_id,
    created_at: Number(row.created_at),
    last_used_at: row.last_used_at === null ? null : Number(row.last_used_at),
    endpoint: intakeEndpoint(ctx),
  };
}

/** The headers and body of a push, as received. */
export interface SignedPush {
  keyId: string | undefined;
  timestamp: string | undefined;
  signature: string | undefined;
  body: Buffer;
}

/** The HMAC-SHA256 of `"<timestamp>.<body>"` with the secret, in hex: what a push's signature must be. */
export function intakeSignature(secret: string, timestamp: string, body: Buffer | string): string {
  return crypto.createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest('hex');
}

/**
 * The company and source a push is signed for, or null: an unknown or revoked key, a signature that
 * is not the HMAC of this timestamp and body with the key's secret, or a timestamp more than
 * INTAKE_MAX_SKEW_SECONDS from the clock. The caller answers every null the same way, so nothing
 * tells a caller which check failed. The key's last use is noted (at most once a minute).
 */
export async function verifyIntakePush(
  ctx: ServiceContext,
  push: SignedPush,
): Promise<{ companyId: number; sourceId: number } | null> {
  const { keyId, timestamp, signature } = push;
  if (!keyId || keyId.length > 64 || !timestamp || !/^\d{1,12}$/.test(timestamp)) return null;
  if (Math.abs(ctx.now - Number(timestamp)) > INTAKE_MAX_SKEW_SECONDS) return null;
  const sent = /^sha256=([0-9a-fA-F]{64})$/.exec(signature?.trim() ?? '')?.[1];
  if (!sent) return null;
  const row = await intakeKeyById(ctx.db.kysely, keyId);
  if (!row) return null;
  const secret = openSecret(ctx, row);
  if (secret === null) return null;
  const expected = Buffer.from(intakeSignature(secret, timestamp, push.body), 'hex');
  if (!crypto.timingSafeEqual(expected, Buffer.from(sent.toLowerCase(), 'hex'))) return null;
  await noteUse(ctx, keyId);
  return { companyId: row.company_id, sourceId: row.source_id };
}

/** When this process last wrote each key's last use: the row is written at most once a minute. */
const touched = new Map<string, number>();
const TOUCH_EVERY_SECONDS = 60;

/**
 * The key's last use, written at most once a minute per process (and, on the row, once a minute
 * whatever the processes), so a shop pushing hundreds of orders a minute costs no write per push.
 */
async function noteUse(ctx: ServiceContext, keyId: string): Promise<void> {
  const last = touched.get(keyId);
  if (last !== undefined && ctx.now - last < TOUCH_EVERY_SECONDS && last <= ctx.now) return;
  if (touched.size >= 10_000) touched.clear();
  touched.set(keyId, ctx.now);
  await touchIntakeKey(ctx.db.kysely, keyId, ctx.now, TOUCH_EVERY_SECONDS);
}

/** The key's secret, or null when it no longer opens (the app key changed): the key must be made again. */
function openSecret(ctx: ServiceContext, row: IntakeKeyRow): string | null {
  try {
    return ctx.secrets.open(row.secret_sealed, sealContext(row.source_id, row.key_id));
  } catch {
    return null;
  }
}

/**
 * Re-seals every source's intake key from one app key to another (the CLI's app-key:rotate, after
 * the providers' logins), in one transaction. A key that does not open with the old app key is
 * left as it is and counted: it could not be checked with any key, and its source needs a new one.
 */
export function resealIntakeKeys(
  db: Db,
  from: SecretBox,
  to: SecretBox,
): Promise<{ resealed: number; unreadable: number }> {
  return db.transaction(async (trx) => {
    let resealed = 0;
    let unreadable = 0;
    for (const row of await allIntakeKeys(trx)) {
      const context = sealContext(row.source_id, row.key_id);
      let plain: string;
      try {
        plain = from.open(row.secret_sealed, context);
      } catch {
        unreadable++;
        continue;
      }
      await replaceSealedSecret(trx, row.source_id, to.seal(plain, context));
      resealed++;
    }
    return { resealed, unreadable };
  });
}
