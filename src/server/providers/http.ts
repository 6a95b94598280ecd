/**
 * The one way a provider client talks HTTP.
 *
 * - Every call has a time limit (the whole exchange, body included), whatever the transport.
 * - Reads (`idempotent: true`) are retried on a timeout, a network failure, a 5xx or a 429;
 *   creates and other writes are sent exactly once: a retry after a timeout could create a second
 *   AWB or invoice, so the caller gets a `timeout` error and must find out what happened.
 * - Failures become one `ProviderError` carrying the provider, a kind the app can act on, and the
 *   provider's own words (never a stack trace).
 *
 * The transport is a `fetch`-shaped function (transport.ts): node's HTTP client in live mode, or
 * one that hands the request to the app's own emulators in process in emulated mode.
 */

import { networkFetch, type ProviderFetch } from './transport.js';

export const PROVIDER_NAMES = [
  'cargus',
  'sameday',
  'dpd',
  'fan',
  'smartbill',
  'vonage',
  'telegram',
  'bnr',
  'woocommerce',
  'shopify',
  'emag',
] as const;
export type ProviderName = (typeof PROVIDER_NAMES)[number];

/** How each provider is named to a user (its own brand spelling). */
export const PROVIDER_LABELS: Record<ProviderName, string> = {
  cargus: 'Cargus',
  sameday: 'Sameday',
  dpd: 'DPD',
  fan: 'FAN Courier',
  smartbill: 'SmartBill',
  vonage: 'Vonage',
  telegram: 'Telegram',
  bnr: 'BNR',
  woocommerce: 'WooCommerce',
  shopify: 'Shopify',
  emag: 'eMAG',
};

/**
 * - `refused_credentials`: the provider answered and refused the login, key or token.
 * - `timeout`: no complete answer in time. After a create this means "unknown": the document may
 *   exist at the provider.
 * - `unavailable`: network failure, 5xx, or an answer that cannot be read.
 * - `rate_limited`: the provider asked us to slow down (429, Vonage status 1); `retryAfterSeconds`
 *   when it said how long.
 * - `rejected`: the provider understood the request and said no (validation, an AWB that can no
 *   longer be deleted, an invoice that is not the last of its series...). `providerMessage` says why.
 * - `not_found`: the AWB / invoice / message does not exist at the provider.
 */
export type ProviderErrorKind =
  'refused_credentials' | 'timeout' | 'unavailable' | 'rate_limited' | 'rejected' | 'not_found';

/** One field the provider complained about (Sameday's nested validation errors, for example). */
export interface ProviderFieldError {
  path: string;
  messages: string[];
}

export class ProviderError extends Error {
  readonly provider: ProviderName;
  readonly kind: ProviderErrorKind;
  /** The provider's own message (or ours when it said nothing), safe to show to a user. */
  readonly providerMessage: string;
  /** HTTP status of the answer, when there was one. */
  readonly status?: number;
  readonly fieldErrors?: ProviderFieldError[];
  readonly retryAfterSeconds?: number;
  /** The provider's own error code when it gives one (Vonage's per-message status: "1", "9", "29"). */
  readonly code?: string;

  constructor(
    provider: ProviderName,
    kind: ProviderErrorKind,
    providerMessage: string,
    extra: {
      status?: number;
      fieldErrors?: ProviderFieldError[];
      retryAfterSeconds?: number;
      code?: string;
      cause?: unknown;
    } = {},
  ) {
    super(
      `${PROVIDER_LABELS[provider]}: ${providerMessage}`,
      extra.cause === undefined ? undefined : { cause: extra.cause },
    );
    this.name = 'ProviderError';
    this.provider = provider;
    this.kind = kind;
    this.providerMessage = providerMessage;
    this.status = extra.status;
    this.fieldErrors = extra.fieldErrors;
    this.retryAfterSeconds = extra.retryAfterSeconds;
    this.code = extra.code;
  }
}

export const isProviderError = (e: unknown): e is ProviderError => e instanceof ProviderError;

/**
 * The provider answered a create and made nothing: it said no, refused the login, did not know
 * what was asked for, or asked us to slow down before doing anything. Every other failure of a
 * create (a timeout, a lost connection, a 5xx, an answer we could not read, a fault of ours) leaves
 * the outcome unknown: the document may exist at the provider and must be looked for, never sent again.
 */
export const NOTHING_CREATED: readonly ProviderErrorKind[] = [
  'rejected',
  'refused_credentials',
  'not_found',
  'rate_limited',
];
export const isRefusal = (e: unknown): e is ProviderError => isProviderError(e) && NOTHING_CREATED.includes(e.kind);

export interface HttpOptions {
  /** The transport; the network (networkFetch) when omitted. */
  fetch?: ProviderFetch;
  /** Time limit of one attempt, body included (default 15 s). */
  timeoutMs?: number;
  /** Extra attempts for reads (default 2). Writes never get any. */
  readRetries?: number;
  /** Pause before the first retry, doubled after each (default 300 ms). */
  retryDelayMs?: number;
  /** Waiting, injectable so tests need not sleep. */
  sleep?: (ms: number) => Promise<void>;
}

export interface ProviderRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Appended to the base URL (which may itself hold a path, e.g. .../SBORO/api). */
  path: string;
  query?: Record<string, string | number | boolean | undefined>;
  headers?: Record<string, string>;
  body?: string;
  /** True for reads: safe to send again. Creates, deletes and state changes are false. */
  idempotent: boolean;
  /**
   * Runs each attempt, retries included, under the caller's rate limit (a Throttle's `run`): a
   * provider that counts calls per second counts a retry too, so a retry sent outside the limit
   * would be refused with a 429 on an account the client keeps just under it.
   */
  pace?: (attempt: () => Promise<ProviderResponse>) => Promise<ProviderResponse>;
}

export interface ProviderResponse {
  status: number;
  headers: Headers;
  body: Buffer;
  contentType: string;
  text(): string;
  /** Parses the body as JSON; an unreadable body is `unavailable`. */
  json<T = unknown>(): T;
}

const DEFAULT_TIMEOUT_MS = 15_000;
const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class ProviderHttp {
  readonly provider: ProviderName;
  readonly baseUrl: string;
  private readonly fetchImpl: ProviderFetch;
  private readonly timeoutMs: number;
  private readonly readRetries: number;
  private readonly retryDelayMs: number;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(provider: ProviderName, baseUrl: string, options: HttpOptions = {}) {
    this.provider = provider;
    this.baseUrl = baseUrl.replace(/\/+$/, '');
    this.fetchImpl = options.fetch ?? networkFetch;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.readRetries = options.readRetries ?? 2;
    this.retryDelayMs = options.retryDelayMs ?? 300;
    this.sleep = options.sleep ?? realSleep;
  }

  url(path: string, query?: ProviderRequest['query']): string {
    const qs = new URLSearchParams();
    for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) qs.append(k, String(v));
    const q = qs.toString();
    return `${this.baseUrl}/${path.replace(/^\/+/, '')}${q ? `?${q}` : ''}`;
  }

  /**
   * Sends the request; answers with whatever status the provider gave, except that a read is
   * retried on 5xx/429 first. Throws `timeout` / `unavailable` when there was no usable answer.
   */
  async send(req: ProviderRequest): Promise<ProviderResponse> {
    const attempts = req.idempotent ? 1 + this.readRetries : 1;
    let delay = this.retryDelayMs;
    for (let attempt = 1; ; attempt++) {
      const last = attempt >= attempts;
      try {
        const res = await (req.pace ? req.pace(() => this.once(req)) : this.once(req));
        if (!last && (res.status >= 500 || res.status === 429)) {
          const retryAfter = Number(res.headers.get('retry-after'));
          await this.sleep(res.status === 429 && retryAfter > 0 ? Math.min(retryAfter * 1000, 10_000) : delay);
          delay *= 2;
          continue;
        }
        return res;
      } catch (e) {
        if (last || !(e instanceof ProviderError)) throw e;
        await this.sleep(delay);
        delay *= 2;
      }
    }
  }

  private async once(req: ProviderRequest): Promise<ProviderResponse> {
    const controller = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        controller.abort();
        reject(new ProviderError(this.provider, 'timeout', `no answer within ${Math.round(this.timeoutMs / 1000)} s`));
      }, this.timeoutMs);
    });
    const exchange = (async () => {
      const res = await this.fetchImpl(this.url(req.path, req.query), {
        method: req.method,
        headers: req.headers ?? {},
        body: req.body,
        signal: controller.signal,
      });
      const raw = await res.arrayBuffer();
      const body =
        raw instanceof Uint8Array ? Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength) : Buffer.from(raw);
      return { res, body };
    })();
    try {
      const { res, body } = await Promise.race([exchange, timedOut]);
      const contentType = res.headers.get('content-type') ?? '';
      const provider = this.provider;
      return {
        status: res.status,
        headers: res.headers,
        body,
        contentType,
        text: () => body.toString('utf8'),
        json<T>(): T {
          try {
            return JSON.parse(body.toString('utf8')) as T;
          } catch (cause) {
            throw new ProviderError(provider, 'unavailable', `unreadable answer (HTTP ${res.status})`, {
              status: res.status,
              cause,
            });
          }
        },
      };
    } catch (e) {
      if (e instanceof ProviderError) throw e;
      throw new ProviderError(this.provider, 'unavailable', `could not be reached (${(e as Error).message})`, {
        cause: e,
      });
    } finally {
      clearTimeout(timer);
      // A transport that ignores the abort keeps running; its late answer is dropped here.
      exchange.catch(() => undefined);
    }
  }
}

/** Parses a JSON body when there is one; `undefined` for an empty or non-JSON body. */
export function tryJson(res: ProviderResponse): unknown {
  const text = res.text().trim();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Spaces calls to one account: at most `perSecond` starts per second, in order. SmartBill
 * answers 429 above about 3 requests a second, so its client queues instead of failing. The
 * spacing keeps a 10 % margin: requests started exactly 1/3 s apart can still reach the server
 * four within one second when the first one travels slower.
 *
 * Each call waits for the one before it to have started, then for the spacing after that start
 * as it actually happened: a timer that fires late (a busy event loop) delays the calls after it
 * instead of letting them leave together, which a slot reserved in advance would.
 */
export class Throttle {
  private lastStart = Number.NEGATIVE_INFINITY;
  private turn: Promise<void> = Promise.resolve();
  private readonly intervalMs: number;
  constructor(
    perSecond: number,
    private readonly nowMs: () => number = () => Date.now(),
    private readonly sleep: (ms: number) => Promise<void> = realSleep,
  ) {
    this.intervalMs = 1100 / perSecond;
  }

  async run<T>(fn: () => Promise<T>): Promise<T> {
    const started = this.turn.then(() => this.waitForSpacing());
    this.turn = started;
    await started;
    return fn();
  }

  private async waitForSpacing(): Promise<void> {
    for (;;) {
      const wait = this.lastStart + this.intervalMs - this.nowMs();
      if (wait <= 0) break;
      await this.sleep(wait);
    }
    this.lastStart = this.nowMs();
  }
}

/** A cached login token and when it stops being valid (Unix seconds). */
export interface CachedToken {
  token: string;
  expiresAt: number;
}

/**
 * Where clients keep their login tokens between calls, keyed per provider, base URL and account
 * (so two companies with different accounts never share one). In memory: a token is only a
 * shortcut, any instance can log in again.
 */
export interface TokenStore {
  get(key: string): CachedToken | undefined;
  set(key: string, token: CachedToken): void;
  delete(key: string): void;
}

export function memoryTokenStore(): TokenStore {
  const tokens = new Map<string, CachedToken>();
  return {
    get: (key) => tokens.get(key),
    set: (key, token) => void tokens.set(key, token),
    delete: (key) => void tokens.delete(key),
  };
}
