import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

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

export function registerSecurityHeaders(app: FastifyInstance): void {
  const headers = securityHeaders();
  app.addHook('onRequest', (_req, reply, done) => {
    reply.headers(headers);
    done();
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

/**
 * The request as the log writes it: signed image links lose their signature and expiry (a link
 * copied out of a log would otherwise open the image for an hour or two).
 */
export function requestForLog(req: FastifyRequest): Record<string, unknown> {
  return { method: req.method, url: withoutSecrets(req.url), remoteAddress: req.ip };
}

export function withoutSecrets(url: string): string {
  return url.replace(/([?&](?:sig|exp|token)=)[^&#]*/gi, '$1[redacted]');
}

/**
 * How long a client may take: the whole request (headers and body) within 30 s, an idle
 * connection closed after 60 s, so a slow client cannot hold a connection for ever.
 */
export const SERVER_TIMEOUTS = { requestTimeout: 30_000, connectionTimeout: 60_000, keepAliveTimeout: 10_000 };
