import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { pickLang, translate, type Lang } from '../../core/messages.js';
import { fieldErrors, fieldsWithNul, type FieldErrors } from '../../core/validation.js';
import { ProviderError } from '../providers/http.js';
import { providerErrorMessage } from '../providers/messages.js';
import { errorForLog, secretValuesOf } from './security.js';

/** An error meant for the user: a status, a message key of the catalogue and optional field errors. */
export class HttpError extends Error {
  constructor(
    public status: number,
    public key: string,
    public params: Record<string, string | number> = {},
    public fields?: Record<string, { key: string; params?: Record<string, string | number> }[]>,
  ) {
    super(key);
  }
}

export const notFound = () => new HttpError(404, 'not_found');

/**
 * Rule failures gathered field by field and thrown together as one 422, so a form shows every
 * problem at once: `const problems = new FieldProblems(); problems.add('sku', 'sku_taken');
 * problems.throwIfAny();`.
 */
export class FieldProblems {
  private fields: Record<string, { key: string; params?: Record<string, string | number> }[]> = {};
  add(field: string, key: string, params?: Record<string, string | number>): void {
    (this.fields[field] ??= []).push(params ? { key, params } : { key });
  }
  get any(): boolean {
    return Object.keys(this.fields).length > 0;
  }
  throwIfAny(): void {
    if (this.any) throw this.error();
  }
  /** The 422 of the problems gathered so far. */
  error(): HttpError {
    return new HttpError(422, 'validation_failed', {}, this.fields);
  }
  /** A single problem as a 422 to throw: `throw FieldProblems.one('source_id', 'invalid_source')`. */
  static one(field: string, key: string, params?: Record<string, string | number>): HttpError {
    const problems = new FieldProblems();
    problems.add(field, key, params);
    return problems.error();
  }
}

class ValidationError extends Error {
  constructor(public zodError: z.ZodError) {
    super('validation');
  }
}

export function langOf(req: FastifyRequest): Lang {
  return pickLang(req.headers['accept-language']);
}

/** Parses input with a schema or throws a 422 carrying a message per field. */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  // Every text of every request passes here: a NUL is refused on its field before any rule runs.
  const withNul = fieldsWithNul(input);
  if (withNul.length) {
    const problems = new FieldProblems();
    for (const field of withNul) problems.add(field, 'nul_character');
    problems.throwIfAny();
  }
  const result = schema.safeParse(input ?? {});
  if (!result.success) throw new ValidationError(result.error);
  return result.data;
}

/**
 * What the user is told of an error meant for them (a 422 of the parser, an HttpError, a
 * provider's error): status, message and the messages per field, in `lang`; null for any other
 * error. The error handler answers it; a bulk job keeps it as an order's reason.
 */
export function userFacingError(
  error: unknown,
  lang: Lang,
): { status: number; message: string; errors?: FieldErrors; retryAfter?: number } | null {
  if (error instanceof ValidationError) {
    return { status: 422, message: translate(lang, 'validation_failed'), errors: fieldErrors(error.zodError, lang) };
  }
  if (error instanceof HttpError) {
    const errors = error.fields
      ? Object.fromEntries(
          Object.entries(error.fields).map(([f, list]) => [f, list.map((m) => translate(lang, m.key, m.params))]),
        )
      : undefined;
    return { status: error.status, message: translate(lang, error.key, error.params), ...(errors ? { errors } : {}) };
  }
  if (error instanceof ProviderError) {
    const m = providerErrorMessage(error);
    return {
      status: m.status,
      message: translate(lang, m.key, m.params),
      ...(error.retryAfterSeconds ? { retryAfter: error.retryAfterSeconds } : {}),
    };
  }
  return null;
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error, req, reply) => {
    const lang = langOf(req);
    const known = userFacingError(error, lang);
    if (known) {
      if (error instanceof ProviderError) {
        req.log.warn({ provider: error.provider, kind: error.kind, status: error.status }, 'provider error');
        if (known.retryAfter) reply.header('retry-after', String(known.retryAfter));
        return reply
          .status(known.status)
          .send({ message: known.message, provider: error.provider, provider_error: error.kind });
      }
      return reply
        .status(known.status)
        .send({ message: known.message, ...(known.errors ? { errors: known.errors } : {}) });
    }
    const status = (error as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, body too large, unsupported media type).
      return reply.status(status).send({ message: (error as Error).message });
    }
    // The error's text may quote what the request typed (a provider's key, a bot token in a URL):
    // the log gets it without those values and without anything token-shaped.
    req.log.error({ err: errorForLog(error, secretValuesOf(req)) }, 'unhandled error');
    return reply.status(500).send({ message: translate(lang, 'internal_error') });
  });
  app.setNotFoundHandler((req, reply) => reply.status(404).send({ message: translate(langOf(req), 'not_found') }));
}

/**
 * A company_id sent in a body (forms send it) must be the company the request works in (the one
 * of X-Company-ID): 422 on the field otherwise, so the form can show it.
 */
export function assertSelectedCompany(ctx: { companyId: number }, given: number | undefined): void {
  if (given !== undefined && given !== ctx.companyId) throw FieldProblems.one('company_id', 'company_not_selected');
}
