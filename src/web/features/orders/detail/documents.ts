import type { TFunction } from 'i18next';
import { ApiError } from '../../../lib/api';
import type { PrintStage } from '../../../lib/printPdf';

/** A courier's name ("Cargus"); an unknown key as it came. */
export const courierName = (key: unknown, t: TFunction): string => {
  const k = key === null || key === undefined ? '' : String(key);
  return t(`orders:couriers.${k}`, { defaultValue: k });
};

/**
 * A provider's refusal as the user should read it (spec 8, the server's message first): the API's
 * message, with the provider's own words under it when the message does not already carry them
 * (`{message, provider, provider_error}`). Other errors come back as they are, a bare failure with
 * the fallback as its message.
 */
export function withProviderReason(error: unknown, fallback: string): unknown {
  if (!(error instanceof ApiError)) return new ApiError(0, fallback);
  const own = typeof error.body.provider_error === 'string' ? error.body.provider_error.trim() : '';
  const message = error.message || fallback;
  if (!own || message.includes(own)) return error.message ? error : new ApiError(error.status, message, error.errors, error.body);
  return new ApiError(error.status, message, { ...error.errors, provider_error: [own] }, error.body);
}

/** The one-line text of a failed document call: the server's message (and the provider's words), else the fallback. */
export function documentFailure(error: unknown, fallback: string): string {
  const e = withProviderReason(error, fallback) as ApiError;
  const own = e.errors.provider_error?.[0];
  return own ? `${e.message} ${own}` : e.message;
}

export type DocumentKind = 'awb' | 'invoice';

/**
 * The text of a failed print (spec 8: "Failed to initiate AWB print. Please try downloading instead."
 * and its variants for fetch, set-up and load), each ending with the suggestion to download; a fetch
 * the server refused says the server's reason.
 */
export function printFailure(kind: DocumentKind, stage: PrintStage, cause: unknown, t: TFunction): string {
  const base = kind === 'awb' ? 'orders:errors.awbPrint' : 'orders:errors.invoicePrint';
  const reason = stage === 'fetch' && cause instanceof ApiError && cause.message ? cause.message.trim().replace(/[.!]+$/, '') : '';
  return reason ? t(`${base}.fetchReason`, { reason, interpolation: { escapeValue: false } }) : t(`${base}.${stage}`);
}

/** The file name of a downloaded PDF when the server named none: the AWB or invoice number in it. */
export function fallbackFileName(kind: DocumentKind, number: string | null | undefined): string {
  const safe = String(number ?? '').replace(/[^\w.-]+/g, '-').replace(/^-+|-+$/g, '') || 'document';
  return kind === 'awb' ? `AWB-${safe}.pdf` : `Invoice-${safe}.pdf`;
}
