import crypto from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { seller, type Seller } from './bulk.js';
import type { TestUser } from './harness.js';

/** A source's intake key as its creation answers it (the secret shown once). */
export interface IntakeKey {
  key_id: string;
  secret: string;
  endpoint: string;
}

/** Creates (or rotates) the source's intake key through the API, as the source's page does. */
export async function intakeKeyFor(u: TestUser, sourceId: number): Promise<IntakeKey> {
  const res = await u.call('POST', `/api/v1/source/${sourceId}/intake-key`);
  if (res.statusCode !== 201) throw new Error(`intake key: ${res.statusCode} ${res.body}`);
  return res.json().data as IntakeKey;
}

/** A seller (test/bulk.ts: DPD, a source, two products in stock) with its source's intake key. */
export async function sellerWithIntakeKey(u: TestUser): Promise<Seller & { key: IntakeKey }> {
  const s = await seller(u);
  return { ...s, key: await intakeKeyFor(s.u, s.source) };
}

/** The signature a shop sends: `sha256=<hex HMAC-SHA256 of "<timestamp>.<body>">`. */
export const signature = (secret: string, timestamp: number | string, body: string | Buffer) =>
  `sha256=${crypto.createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest('hex')}`;

/**
 * A push as a shop sends it: the body as JSON text (or as given), signed with the key at `now`
 * unless the test says otherwise.
 */
export function push(
  app: FastifyInstance,
  key: Pick<IntakeKey, 'key_id' | 'secret'> | null,
  body: unknown,
  opts: { now?: number; timestamp?: string; signature?: string; headers?: Record<string, string> } = {},
): Promise<LightMyRequestResponse> {
  const text = typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body);
  const ts = opts.timestamp ?? String(opts.now ?? Math.floor(Date.now() / 1000));
  const headers: Record<string, string> = { 'content-type': 'application/json', ...opts.headers };
  if (key) {
    headers['x-intake-key'] = key.key_id;
    headers['x-intake-timestamp'] = ts;
    headers['x-intake-signature'] = opts.signature ?? signature(key.secret, ts, text);
  }
  return app.inject({ method: 'POST', url: '/api/v1/intake/orders', headers, payload: text });
}

/** A push body of the shape the intake reads, to a Cluj-Napoca street the address data knows. */
export function shopOrder(externalId: string, over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    external_id: externalId,
    customer: { name: 'Ioana Popescu', phone_number: '0744 123 456', email: 'ioana@example.ro' },
    shipping_address: { county: 'Cluj', city: 'Cluj-Napoca', street: 'Strada Memorandumului', number: '28' },
    lines: [{ sku: 'CANA-1', quantity: 1 }],
    payment_method: 'cash_on_delivery',
    ...over,
  };
}
