import { smsEncoding } from '../../../core/sms.js';
import { fromBucharest } from '../../lib/bucharestTime.js';
import { ProviderError, ProviderHttp, tryJson, type ProviderErrorKind } from '../http.js';
import type { ClientDeps } from '../shared.js';
import type {
  DeliveryReceipt,
  DeliveryState,
  MessagingClient,
  OutgoingMessage,
  SentMessage,
  VonageCredentials,
} from './types.js';

/**
 * Vonage SMS API (developer.vonage.com): `POST /sms/json` with form fields, HTTP 200 even on
 * error, one item per SMS part whose `status` must be "0". A text outside GSM-7 (Romanian ă ș ț)
 * goes as `type=unicode`. Credentials are checked with the account balance read.
 */

// Vonage's per-message status codes that are not the message's fault.
const STATUS_KIND: Record<string, ProviderErrorKind> = {
  '1': 'rate_limited',
  '4': 'refused_credentials',
  '5': 'unavailable',
  '8': 'refused_credentials',
  '11': 'refused_credentials',
  '14': 'refused_credentials',
};

/** A phone number the way Vonage wants it: 40722123456 (Romanian 07..., +40..., 0040... accepted). */
export function vonageNumber(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, '');
  if (digits.startsWith('+')) return digits.slice(1);
  if (digits.startsWith('00')) return digits.slice(2);
  if (/^0\d{9}$/.test(digits)) return `40${digits.slice(1)}`;
  return digits;
}

export class VonageClient implements MessagingClient {
  readonly provider = 'vonage' as const;
  private readonly http: ProviderHttp;

  constructor(
    private readonly credentials: VonageCredentials,
    deps: ClientDeps,
  ) {
    this.http = new ProviderHttp('vonage', deps.baseUrl, deps.http);
  }

  async verifyCredentials(): Promise<void> {
    const res = await this.http.send({
      method: 'GET',
      path: 'account/get-balance',
      query: { api_key: this.credentials.api_key, api_secret: this.credentials.api_secret },
      headers: { Accept: 'application/json' },
      idempotent: true,
    });
    const body = tryJson(res) as { value?: number; 'error-code-label'?: string } | undefined;
    if (res.status === 401 || res.status === 403)
      throw new ProviderError('vonage', 'refused_credentials', body?.['error-code-label'] ?? 'authentication failed', {
        status: res.status,
      });
    if (res.status >= 300 || typeof body?.value !== 'number')
      throw new ProviderError('vonage', 'unavailable', body?.['error-code-label'] ?? `HTTP ${res.status}`, {
        status: res.status,
      });
  }

  async send(message: OutgoingMessage): Promise<SentMessage> {
    const form = new URLSearchParams({
      api_key: this.credentials.api_key,
      api_secret: this.credentials.api_secret,
      from: this.credentials.phone_number.trim(),
      to: vonageNumber(message.to),
      text: message.text,
      type: smsEncoding(message.text) === 'UCS-2' ? 'unicode' : 'text',
    });
    if (message.reference) form.set('client-ref', message.reference.slice(0, 40));
    if (message.callbackUrl) {
      form.set('callback', message.callbackUrl);
      form.set('status-report-req', '1');
    }
    const res = await this.http.send({
      method: 'POST',
      path: 'sms/json',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
      body: form.toString(),
      idempotent: false,
    });
    if (res.status >= 500)
      throw new ProviderError('vonage', 'unavailable', `HTTP ${res.status}`, { status: res.status });
    if (res.status === 401)
      throw new ProviderError('vonage', 'refused_credentials', 'authentication failed', { status: 401 });
    if (res.status === 429)
      throw new ProviderError('vonage', 'rate_limited', 'too many requests', { status: 429, code: '1' });
    const body = res.json<{
      messages?: { status: string; 'message-id'?: string; 'error-text'?: string; 'message-price'?: string }[];
    }>();
    const parts = body.messages ?? [];
    if (parts.length === 0)
      throw new ProviderError('vonage', 'unavailable', 'the answer lists no message', { status: res.status });
    const failed = parts.find((p) => p.status !== '0');
    if (failed) {
      throw new ProviderError(
        'vonage',
        STATUS_KIND[failed.status] ?? 'rejected',
        failed['error-text'] ?? `status ${failed.status}`,
        { status: res.status, code: String(failed.status) },
      );
    }
    const price = parts.reduce((s, p) => s + Number(p['message-price'] ?? 0), 0);
    return {
      messageIds: parts.map((p) => String(p['message-id'])),
      parts: parts.length,
      price: price ? price.toFixed(4) : null,
      state: 'accepted',
    };
  }
}

const DLR_STATES: DeliveryState[] = ['accepted', 'delivered', 'failed', 'expired', 'rejected', 'buffered', 'unknown'];

/**
 * One Vonage delivery receipt (a webhook's GET query or JSON body) in our terms; null when the
 * payload is not a receipt. One arrives per SMS part: match on `messageId`, group by `reference`.
 */
export function parseDeliveryReceipt(payload: Record<string, unknown>): DeliveryReceipt | null {
  const get = (k: string) => (payload[k] == null ? null : String(payload[k]));
  const messageId = get('messageId') ?? get('message-id');
  const status = get('status');
  if (!messageId || !status) return null;
  const state = (DLR_STATES as string[]).includes(status) ? (status as DeliveryState) : 'unknown';
  // message-timestamp is "YYYY-MM-DD HH:MM:SS" in UTC.
  const ts = get('message-timestamp');
  return {
    messageId,
    reference: get('client-ref'),
    recipient: get('msisdn') ?? '',
    state,
    errorCode: get('err-code'),
    at: ts ? fromBucharest(`${ts.replace(' ', 'T')}Z`) : null,
  };
}
