import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { CREDENTIAL_FIELDS, PLAIN_FIELDS } from '../../core/api/integrations.js';

/**
 * Browser-facing headers on every answer (pages, assets, API): a strict Content-Security-Policy
 * (scripts only from the app itself: with the session token in local storage, one injected
 * script would otherwise be a lasting takeover), nosniff, no framing by other sites, no referrer
 * sent to other sites. Styles allow 'unsafe-inline' because Mantine writes its styles at run time;
 * blob: frames and images serve the printing of PDFs (AWB labels, invoices).
 */
export const SECURITY_HEADER_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      frameSrc: ["'self'", 'blob:'],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  referrerPolicy: { policy: 'same-origin' },
  xFrameOptions: { action: 'deny' },
  // The app embeds nothing cross-origin that would need these relaxed; COEP would block nothing useful.
  crossOriginEmbedderPolicy: false,
  // HSTS belongs to whoever terminates TLS for the company's domain: sent from here it would pin
  // every subdomain to https for a year, and the console often runs over plain http on a LAN.
  strictTransportSecurity: false,
};

/**
 * The headers helmet writes for these options. They are the same for every answer (no nonces),
 * so they are worked out once: the Fastify plugin rebuilt helmet's middleware on every request,
 * a tenth of the cost of a small list under load (bench/list-load.ts).
 */
export function securityHeaders(options: HelmetOptions = SECURITY_HEADER_OPTIONS): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
}

/**
 * The headers a hashed asset of the web build (`/assets/<name>-<hash>.<ext>`: a script, a
 * stylesheet, an image) needs: it is never a document, so the policies of documents (CSP, framing,
 * opener, referrer...) do nothing on it; what does is nosniff (a script or stylesheet is run only
 * as its declared type) and the resource policy (no other site embeds it). The dashboard's first
 * load is some sixty such files: the document headers were 0.5 KB on each, a tenth of what a
 * browser received (e2e/first-load.e2e.ts).
 */
export const ASSET_HEADER_NAMES = ['x-content-type-options', 'cross-origin-resource-policy'] as const;

const ASSET_PATH = /^\/assets\/[^/?#]+-[A-Za-z0-9_-]{8,}\.[a-z0-9]+(?:[?#]|$)/;

/**
 * The policy of an API answer in JSON: it is data, never a page, so nothing may load or run in it
 * if it is opened as one (OWASP's advice for REST answers), and no site may frame it. The page's
 * policy (scripts, styles, images, frames of the app) says nothing more on it and was 0.3 KB on
 * each of the dozen answers of the dashboard's first load (e2e/first-load.e2e.ts).
 */
export const API_JSON_CSP = "default-src 'none'; frame-ancestors 'none'";
/**
 * What an API answer in JSON keeps besides that policy: nosniff (a JSON is never read as a script or
 * a page), no framing for browsers without frame-ancestors, no referrer, the resource policy. The
 * others (opener policy, origin cluster, DNS prefetch, IE's download and XSS switches, Flash's
 * cross-domain policy) act on documents only.
 */
export const API_JSON_HEADER_NAMES = [
  'x-content-type-options',
  'x-frame-options',
  'referrer-policy',
  'cross-origin-resource-policy',
] as const;

export function registerSecurityHeaders(app: FastifyInstance): void {
  const headers = securityHeaders();
  const documentOnly = Object.keys(headers).filter((name) => !(ASSET_HEADER_NAMES as readonly string[]).includes(name));
  const notForJson = Object.keys(headers).filter(
    (name) => name !== 'content-security-policy' && !(API_JSON_HEADER_NAMES as readonly string[]).includes(name),
  );
  app.addHook('onRequest', (_req, reply, done) => {
    reply.headers(headers);
    done();
  });
  // Decided on the answer, not the path alone: an asset path that names no file answers the web
  // app's index.html, a document, which keeps every header; an API answer that is not JSON (a PDF,
  // an image, a spreadsheet) keeps them too.
  app.addHook('onSend', (req, reply, payload, done) => {
    const type = String(reply.getHeader('content-type') ?? '');
    if (ASSET_PATH.test(req.url) && !/html/i.test(type)) for (const name of documentOnly) reply.removeHeader(name);
    else if (req.url.startsWith('/api/') && /^application\/json\b/i.test(type)) {
      for (const name of notForJson) reply.removeHeader(name);
      reply.header('content-security-policy', API_JSON_CSP);
    }
    done(null, payload);
  });
}

/**
 * No cache may keep an API answer: they carry session tokens (sign-in) and people's names, phones
 * and addresses, and a shared or browser cache would hand them to the next user of the machine.
 * A route that chose its own caching keeps it (a signed image link is `private` for an hour or
 * two, a PDF says `no-store` itself); the public health check carries nothing of anyone and is
 * left to the monitor's caching. The route the router matched decides, as for the sign-in check,
 * so a percent-encoded path is treated alike.
 */
export function registerApiNoStore(app: FastifyInstance): void {
  app.addHook('onSend', (req, reply, payload, done) => {
    const path = req.routeOptions.url ?? req.url;
    if (path.startsWith('/api/') && path !== HEALTH_PATH && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}

/** The public health check (app.ts). */
export const HEALTH_PATH = '/api/health';

// ---------------------------------------------------------------------------------------------
// What the log never holds
//
// With LOG_REQUESTS=true every request is logged, and an unhandled error with its message. No
// secret may reach that log in any mode: whoever reads the log (a host's log collector, a support
// ticket's paste) must not be able to sign in to a provider as a company, nor open its images. So
// the request line loses the values of secret query parameters and a Telegram bot token in the
// path, an error loses whatever the request typed into a secret field and any token-shaped text,
// and any object logged under a secret field name is censored.

/** What stands in the log for a value taken out. */
export const REDACTED = '[redacted]';

/**
 * The names whose values never go to the log: the secret fields of every provider's sign-in
 * (core's CREDENTIAL_FIELDS that are not PLAIN_FIELDS: password, api_key, token, api_secret,
 * bot_token), the console's own password and tokens, and a signed image link's signature and
 * expiry (a link copied out of a log would otherwise open the image for an hour or two).
 */
export const SECRET_NAMES: readonly string[] = [
  ...new Set([
    ...Object.values(CREDENTIAL_FIELDS)
      .flat()
      .filter((f) => !PLAIN_FIELDS.includes(f)),
    'password',
    'token',
    'api_key',
    'api_secret',
    'bot_token',
    'authorization',
    'cookie',
    'sig',
    'exp',
  ]),
];

/**
 * A name that holds a secret: one of SECRET_NAMES, or any name ending in a password, secret,
 * token, key or signature word (`access_token`, `apiKey`, `client-secret`, `X-Api-Key`), so a
 * field added later under such a name is covered without a change here.
 */
export function isSecretName(name: string): boolean {
  const n = name.toLowerCase().replace(/-/g, '_');
  return (
    SECRET_NAMES.includes(n) ||
    /(^|_)(pass|passwd|password|secret|token|key|signature)$|(apikey|secret|token|password)/.test(n)
  );
}

/** Pino's redact paths: a secret field of any object a log line carries, up to two levels down (`req.body.password`). */
export const LOG_REDACT_PATHS: readonly string[] = SECRET_NAMES.flatMap((f) => [f, `*.${f}`, `*.*.${f}`]);

/** The request as the log writes it: method, the URL without its secrets (withoutSecrets), the client's address. */
export function requestForLog(req: FastifyRequest): Record<string, unknown> {
  return { method: req.method, url: withoutSecrets(req.url), remoteAddress: req.ip };
}

const decodeName = (name: string) => {
  try {
    return decodeURIComponent(name.replace(/\+/g, ' '));
  } catch {
    return name;
  }
};

/**
 * A URL (or a text holding URLs) without its secrets: the value of every query parameter with a
 * secret name (`?api_key=…&api_secret=…`, `sig`, `exp`), and a path segment that carries a
 * Telegram bot token (`/bot<token>/<method>`: a segment starting with `bot` that holds a colon, as
 * every bot token does, or that has a method after it), and an invitation link's token
 * (`/invitation/<token>`, the page and its API call: the token lets whoever holds it choose a password).
 */
export function withoutSecrets(url: string): string {
  return url
    .replace(/\/invitation\/[^/?#\s"']+/gi, `/invitation/${REDACTED}`)
    .replace(/\/bot([^/?#\s"']*(?::|%3a)[^/?#\s"']*|[^/?#\s"']+(?=\/))/gi, `/bot${REDACTED}`)
    .replace(/([?&;])([^=&#;?\s"']+)=([^&#;\s"']*)/g, (all, sep: string, name: string) =>
      isSecretName(decodeName(name)) ? `${sep}${name}=${REDACTED}` : all,
    );
}

/**
 * A text for the log: without the given secret values (each as typed, trimmed, and encoded the
 * ways a URL or a form carries it), without URLs' secrets (withoutSecrets), and without a bearer
 * token or a bot token written anywhere in it.
 */
export function scrubText(text: string, secrets: readonly string[] = []): string {
  let out = text;
  for (const secret of secrets) {
    for (const form of new Set([
      secret,
      secret.trim(),
      encodeURIComponent(secret),
      encodeURIComponent(secret.trim()),
      new URLSearchParams({ s: secret }).toString().slice(2),
      JSON.stringify(secret).slice(1, -1),
    ])) {
      if (form.length >= 3) out = out.split(form).join(REDACTED);
    }
  }
  return withoutSecrets(out)
    .replace(/\b(Bearer|Basic) +[A-Za-z0-9._~+/=-]{8,}/g, `$1 ${REDACTED}`)
    .replace(/\b\d{5,}:[A-Za-z0-9_-]{20,}\b/g, REDACTED);
}

/** Any value for the log, with scrubText applied to every text in it and secret-named fields censored. */
export function scrubForLog(value: unknown, secrets: readonly string[] = [], depth = 0): unknown {
  if (typeof value === 'string') return scrubText(value, secrets);
  if (value === null || typeof value !== 'object') return value;
  if (depth > 4) return '[nested]';
  if (value instanceof Error) return errorForLog(value, secrets, depth);
  if (Array.isArray(value)) return value.map((v) => scrubForLog(v, secrets, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [k, isSecretName(k) ? REDACTED : scrubForLog(v, secrets, depth + 1)]),
  );
}

export interface LoggedError {
  type: string;
  message: string;
  stack: string;
  [field: string]: unknown;
}

/**
 * An error as the log writes it: its type, message, stack, own fields (a code, a provider's kind
 * and words, an invalid URL's `input`) and its causes, each scrubbed (scrubText), so a provider's
 * text or a URL quoted in a message never carries a key, a password or a bot token to the log.
 * `secrets` are values known to be secret (what the request typed into its secret fields).
 */
export function errorForLog(err: unknown, secrets: readonly string[] = [], depth = 0): LoggedError {
  if (!(err instanceof Error)) {
    // Something thrown that is not an Error, or an error already made ready for the log.
    const value = scrubForLog(err, secrets, depth);
    return value && typeof value === 'object' && !Array.isArray(value)
      ? { type: 'Object', message: '', stack: '', ...value }
      : { type: typeof err, message: String(value), stack: '' };
  }
  const out: LoggedError = {
    type: err.constructor?.name ?? err.name,
    message: scrubText(err.message, secrets),
    stack: scrubText(err.stack ?? '', secrets),
  };
  for (const [k, v] of Object.entries(err)) {
    if (k !== 'cause') out[k] = isSecretName(k) ? REDACTED : scrubForLog(v, secrets, depth + 1);
  }
  if (err.cause !== undefined && depth < 4) out.cause = errorForLog(err.cause, secrets, depth + 1);
  return out;
}

/**
 * The values a request typed into secret fields (its body and query, at any depth a form
 * has), for errorForLog: a provider or a library quoting them back in an error must not put
 * them in the log.
 */
export function secretValuesOf(req: Pick<FastifyRequest, 'body' | 'query'>): string[] {
  const found: string[] = [];
  const walk = (value: unknown, depth: number) => {
    if (!value || typeof value !== 'object' || depth > 4) return;
    for (const [k, v] of Object.entries(value)) {
      if (typeof v === 'string' && isSecretName(k)) found.push(v);
      else walk(v, depth + 1);
    }
  };
  walk(req.body, 0);
  walk(req.query, 0);
  return found;
}

/**
 * How long a client may take: the whole request (headers and body) within 30 s, an idle
 * connection closed after 60 s, so a slow client cannot hold a connection for ever.
 */
export const SERVER_TIMEOUTS = { requestTimeout: 30_000, connectionTimeout: 60_000, keepAliveTimeout: 10_000 };
