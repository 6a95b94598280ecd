import i18n from 'i18next';
import { IDEMPOTENCY_HEADER } from './idempotency';
import { session } from './session';

/** An error answer of the API (or a network failure, status 0). */
export class ApiError extends Error {
  constructor(
    public status: number,
    message: string,
    public errors: Record<string, string[]> = {},
    /** The whole error answer, for the extra fields some calls send (a provider's own refusal: provider, provider_error). */
    public body: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export type QueryParams = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A plain object is sent as JSON; FormData as multipart. */
  body?: unknown;
  query?: QueryParams;
  signal?: AbortSignal;
  /** 'blob' for PDFs and files; 'file' for a blob with the server's file name. */
  as?: 'json' | 'blob' | 'file';
  /** Extra or overriding headers (e.g. another X-Company-ID for one call). */
  headers?: Record<string, string>;
  /**
   * Sent as the Idempotency-Key header of a create call: the same key answers the first result
   * instead of creating again (one key per form submission: `useIdempotentCall` in idempotency.ts).
   */
  idempotencyKey?: string;
}

/** `path?query` with empty values left out. */
export function withQuery(path: string, query?: QueryParams): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${path}${path.includes('?') ? '&' : '?'}${qs}` : path;
}

/** The headers of every call: bearer token, selected company and the interface language. */
export function requestHeaders(): Record<string, string> {
  const { token, company } = session.get();
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': i18n.language || 'en' };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (company) headers['X-Company-ID'] = String(company.id);
  return headers;
}

/**
 * Calls the API and answers the parsed JSON. Error answers become ApiError {status, message, errors};
 * a 401 on any call clears the session (the router then shows /login).
 */
export async function request<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const headers = { ...requestHeaders(), ...opts.headers };
  if (opts.idempotencyKey) headers[IDEMPOTENCY_HEADER] = opts.idempotencyKey;
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) body = opts.body;
  else if (opts.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  let res: Response;
  try {
    res = await fetch(withQuery(path, opts.query), {
      method: opts.method ?? 'GET',
      headers,
      body,
      signal: opts.signal,
    });
  } catch (e) {
    if ((e as Error).name === 'AbortError') throw e;
    throw new ApiError(0, i18n.t('common:errors.network'));
  }
  if (!res.ok) {
    let payload: { message?: unknown; errors?: unknown } & Record<string, unknown> = {};
    try {
      payload = (await res.json()) as typeof payload;
    } catch {
      /* not JSON */
    }
    if (res.status === 401 && session.get().token) session.clear();
    const message = typeof payload.message === 'string' ? payload.message : '';
    const errors =
      payload.errors && typeof payload.errors === 'object' ? (payload.errors as Record<string, string[]>) : {};
    throw new ApiError(res.status, message, errors, payload && typeof payload === 'object' ? payload : {});
  }
  if (opts.as === 'blob') return (await res.blob()) as T;
  if (opts.as === 'file')
    return {
      blob: await res.blob(),
      filename: fileNameOf(res.headers.get('Content-Disposition')),
    } satisfies DownloadedFile as T;
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/**
 * Short forms: api.get('/api/v1/source', {page: 1}), api.post(path, body), api.delete(path);
 * a create: api.post(path, body, { idempotencyKey }).
 */
export const api = {
  get: <T>(path: string, query?: QueryParams, signal?: AbortSignal) => request<T>(path, { query, signal }),
  post: <T>(path: string, body?: unknown, opts: Pick<RequestOptions, 'headers' | 'idempotencyKey'> = {}) =>
    request<T>(path, { ...opts, method: 'POST', body: body ?? {} }),
  put: <T>(path: string, body?: unknown) => request<T>(path, { method: 'PUT', body: body ?? {} }),
  delete: <T>(path: string) => request<T>(path, { method: 'DELETE' }),
  blob: (path: string, query?: QueryParams) => request<Blob>(path, { query, as: 'blob' }),
  /** A file with the name the server gives it (Content-Disposition), e.g. a PDF to save. */
  file: (path: string, query?: QueryParams) => request<DownloadedFile>(path, { query, as: 'file' }),
};

/** A downloaded file: its content and the server's file name (null when the server named none). */
export interface DownloadedFile {
  blob: Blob;
  filename: string | null;
}

/**
 * The file name of a Content-Disposition header: `filename*=UTF-8''…` (RFC 5987) before `filename="…"`.
 * Only the last path segment is kept, so a name can never point elsewhere.
 */
export function fileNameOf(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)?''([^;]+)/.exec(header);
  let name: string | null = null;
  if (extended) {
    try {
      name = decodeURIComponent(extended[1].trim());
    } catch {
      name = null;
    }
  }
  if (!name) {
    const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]+))/.exec(header);
    name = plain ? (plain[1] !== undefined ? plain[1].replace(/\\(.)/g, '$1') : plain[2].trim()) : null;
  }
  const base = name?.split(/[\\/]/).pop()?.trim();
  return base ? base : null;
}

/**
 * X-Company-ID of a company chosen in a form, when it is not the one selected in the sidebar (the
 * server makes a record in the header's company): `request(path, { headers: companyHeader(id) })`.
 */
export function companyHeader(companyId: number): Record<string, string> | undefined {
  return session.get().company?.id === companyId ? undefined : { 'X-Company-ID': String(companyId) };
}

/** The server's message of an error, else the fallback text: the server's message names the cause, so it wins. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.message) return error.message;
  return fallback;
}

/** True for a 404 (the resource or endpoint does not exist). */
export const isNotFound = (error: unknown): boolean => error instanceof ApiError && error.status === 404;

/**
 * The spec's "Failed to ... package: {reason}" texts: the reason is the server's message (or the
 * network / unknown text). Answers an ApiError that keeps the field errors, so FormErrorAlert can
 * show both the sentence and the per-field messages.
 */
export function withReason(error: unknown, format: (reason: string) => string, unknown: string): ApiError {
  const reason = errorMessage(
    error,
    error instanceof Error && !(error instanceof ApiError) && error.message ? error.message : unknown,
  );
  return new ApiError(
    error instanceof ApiError ? error.status : 0,
    format(reason),
    error instanceof ApiError ? error.errors : {},
  );
}
