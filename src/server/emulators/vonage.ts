import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { countSms } from '../../core/sms.js';
import {
  acceptFormBodies,
  applyCommonFaults,
  emulatorBase,
  type Emulator,
  type EmulatorOptions,
  type EmulatorStore,
} from './kit.js';

/**
 * Vonage (Nexmo) SMS API emulator (as https://rest.nexmo.com): `POST /sms/json` with form fields
 * (or JSON) `api_key`, `api_secret`, `from`, `to`, `text`, `type`, `callback`, `client-ref`;
 * answers HTTP 200 with one item per SMS part, `status` "0" or an error code with `error-text`.
 * `GET /account/get-balance` checks the credentials (401 otherwise). Delivery receipts are posted,
 * one per part, to the message's `callback` (or the account's) through `deliverReceipt`.
 *
 * Its store: `accounts` by API key (with the balance each message takes from), `messages` (one
 * per SMS, by its first part's id), oldest first.
 */

export interface SentSms {
  messageIds: string[];
  from: string;
  to: string;
  text: string;
  type: 'text' | 'unicode';
  parts: number;
  clientRef: string | null;
  at: number;
}

interface VonageAccount {
  apiKey: string;
  apiSecret: string;
  balance: number;
  /** Receipts go here when a message names no callback (the dashboard setting). */
  callback: string | null;
}

export interface VonageEmulatorOptions extends EmulatorOptions {
  /** Sends a receipt to a webhook; the default POSTs JSON with fetch. registerEmulators hands them to the app. */
  deliverReceipt?: (url: string, receipt: Record<string, string>) => Promise<void>;
  /** How long after the send its receipts come (the handset's answer), in ms. */
  receiptDelayMs?: number;
}

/** Receipts come this long after the send by default: long enough for the demo to show "sent" first. */
export const RECEIPT_DELAY_MS = 2000;

/**
 * Which sends the demo's phones do not take, deterministically: a number ending in 0000 (an
 * unreachable phone) and one number in eight, by a hash of the number (so the demo shows failed
 * receipts too, and the same number always fails).
 */
export function undeliverable(to: string): boolean {
  if (to.endsWith('0000')) return true;
  return crypto.createHash('sha256').update(`vonage-demo-phone:${to}`).digest()[0] % 8 === 0;
}

const PRICE_PER_PART = 0.0545; // EUR, what a Romanian SMS part costs on the demo account

/** A Romanian (or any) number as Vonage wants it: digits with the country code, no + or 00. */
const e164Digits = (to: string) =>
  to
    .replace(/[\s().-]/g, '')
    .replace(/^\+/, '')
    .replace(/^00/, '');

async function seedDemo(store: EmulatorStore): Promise<void> {
  await store.add('accounts', 'demo', {
    apiKey: 'demo',
    apiSecret: 'demo',
    balance: 20,
    callback: null,
  } satisfies VonageAccount);
}

/** "YYMMDDHHMM" as Vonage's scts. */
function scts(seconds: number): string {
  const d = new Date(seconds * 1000).toISOString();
  return d.slice(2, 4) + d.slice(5, 7) + d.slice(8, 10) + d.slice(11, 13) + d.slice(14, 16);
}

export function createVonageEmulator(options: VonageEmulatorOptions): Emulator {
  const { store, faults, hanger, clock, seed, reset } = emulatorBase(options, seedDemo);
  const deliver =
    options.deliverReceipt ??
    (async (url: string, receipt: Record<string, string>) => {
      await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(receipt),
      }).catch(() => undefined);
    });
  const emulator: Emulator = {
    name: 'vonage',
    faults,
    store,
    demoCredentials: { api_key: 'demo', api_secret: 'demo', phone_number: 'DemoShop' },
    reset,
    plugin: async (app: FastifyInstance) => {
      await seed();
      applyCommonFaults(app, faults, hanger, (reply) =>
        reply.code(500).type('text/plain').send('Internal Server Error'),
      );
      acceptFormBodies(app);

      /** Fields from the form body, a JSON body or the query; key/secret also from Basic auth. */
      const fields = (req: FastifyRequest): Record<string, string> => {
        const out: Record<string, string> = { ...(req.query as Record<string, string>) };
        if (typeof req.body === 'string') for (const [k, v] of new URLSearchParams(req.body)) out[k] = v;
        else if (req.body && typeof req.body === 'object')
          for (const [k, v] of Object.entries(req.body)) out[k] = String(v);
        const basic = /^Basic (.+)$/.exec(String(req.headers.authorization ?? ''));
        if (basic && !out.api_key) {
          const [key, secret] = Buffer.from(basic[1], 'base64').toString('utf8').split(':');
          out.api_key = key;
          out.api_secret = secret;
        }
        return out;
      };
      const accountOf = async (f: Record<string, string>) => {
        const found = f.api_key ? await store.get<VonageAccount>('accounts', f.api_key) : undefined;
        return found && found.apiSecret === f.api_secret ? found : undefined;
      };
      const smsError = (reply: FastifyReply, status: string, text: string, to = '') =>
        reply.code(200).send({ 'message-count': '1', messages: [{ to, status, 'error-text': text }] });

      app.get('/account/get-balance', async (req, reply) => {
        const f = fields(req);
        const account = await accountOf(f);
        if (faults.take('refused_login') || !account)
          return reply.code(401).send({ 'error-code': '401', 'error-code-label': 'authentication failed' });
        return { value: account.balance, autoReload: false };
      });

      app.post('/sms/json', async (req, reply) => {
        const f = fields(req);
        if (!f.api_key || (!f.api_secret && !f.sig)) return smsError(reply, '2', 'Missing api_key');
        if (f.api_secret && f.sig) return smsError(reply, '32', 'Signature and API secret cannot be used together');
        const account = await accountOf(f);
        if (faults.take('refused_login') || !account) return smsError(reply, '4', 'Bad Credentials');
        if (faults.take('error_in_200')) return smsError(reply, '5', 'Internal Error', f.to ?? '');
        if (faults.take('throttled'))
          return smsError(reply, '1', 'Throughput Rate Exceeded - please wait [ 1000 ] and retry', f.to ?? '');
        if (faults.take('quota')) return smsError(reply, '9', 'Partner quota exceeded', f.to ?? '');
        if (faults.take('not_whitelisted'))
          return smsError(reply, '29', 'Non White-listed Destination - rejected', f.to ?? '');
        const to = e164Digits(f.to ?? '');
        if (!f.from) return smsError(reply, '2', 'Missing from param');
        if (!/^\d{7,15}$/.test(to)) return smsError(reply, '3', 'Invalid to address', f.to ?? '');
        if (!f.text) return smsError(reply, '2', 'Missing text param', to);
        if ((f['client-ref'] ?? '').length > 40) return smsError(reply, '3', 'Invalid client-ref: too long', to);
        const type = f.type === 'unicode' ? 'unicode' : 'text';
        const count = countSms(f.text);
        // type=text with characters outside GSM-7 arrives garbled at the phone; Vonage still sends it.
        const parts =
          type === 'unicode'
            ? Math.max(1, f.text.length <= 70 ? 1 : Math.ceil(f.text.length / 67))
            : Math.max(1, count.parts);
        if (parts > 6 && f.text.length > 3200) return smsError(reply, '12', 'Message too long', to);
        if (account.balance < parts * PRICE_PER_PART) return smsError(reply, '9', 'Partner quota exceeded', to);
        account.balance = Math.round((account.balance - parts * PRICE_PER_PART) * 10000) / 10000;
        await store.put('accounts', account.apiKey, account);
        const ids = Array.from({ length: parts }, () =>
          crypto.randomUUID().replace(/-/g, '').slice(0, 16).toUpperCase(),
        );
        const sent: SentSms = {
          messageIds: ids,
          from: f.from,
          to,
          text: f.text,
          type,
          parts,
          clientRef: f['client-ref'] ?? null,
          at: clock.now(),
        };
        await store.put('messages', ids[0], sent);
        const callback = f.callback || account.callback;
        if (callback && f['status-report-req'] !== '0' && f['status-report-req'] !== 'false') {
          const failed = undeliverable(to);
          const receipts = ids.map((messageId) => ({
            msisdn: to,
            to: f.from,
            'network-code': '22610',
            messageId,
            price: String(PRICE_PER_PART),
            status: failed ? 'failed' : 'delivered',
            scts: scts(clock.now()),
            'err-code': failed ? '3' : '0',
            'api-key': account.apiKey,
            ...(sent.clientRef ? { 'client-ref': sent.clientRef } : {}),
            'message-timestamp': new Date(clock.now() * 1000).toISOString().slice(0, 19).replace('T', ' '),
          }));
          const timer = setTimeout(
            () => void Promise.all(receipts.map((r) => deliver(callback, r))),
            options.receiptDelayMs ?? RECEIPT_DELAY_MS,
          );
          timer.unref();
        }
        if (faults.take('answer_lost')) return hanger.hang(reply);
        return {
          'message-count': String(parts),
          messages: ids.map((id) => ({
            to,
            'message-id': id,
            status: '0',
            'remaining-balance': String(account.balance),
            'message-price': String(PRICE_PER_PART),
            network: '22610',
            ...(sent.clientRef ? { 'client-ref': sent.clientRef } : {}),
          })),
        };
      });
    },
  };
  return emulator;
}
