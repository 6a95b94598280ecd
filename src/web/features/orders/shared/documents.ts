import type { TFunction } from 'i18next';
import { ApiError } from '../../../lib/api';
import type { PrintStage } from '../../../lib/printPdf';

/** A courier's name ("Cargus"); an unknown key as it came. */
export const courierName = (key: unknown, t: TFunction): string => {
  const k = key === null || key === undefined ? '' : String(key);
  return t(`orders:couriers.${k}`, { defaultValue: k });
};

/**
 * A failed document call as the error box shows it (the server's message first, as it names the cause): the API's
 * message as it is (a provider's refusal, `{message, provider, provider_error}`, carries the
 * provider's own words in its message; provider_error only names the kind), else the fallback.
 */
export function withProviderReason(error: unknown, fallback: string): ApiError {
  if (!(error instanceof ApiError)) return new ApiError(0, fallback);
  return error.message ? error : new ApiError(error.status, fallback, error.errors, error.body);
}

/** The one-line text of a failed document call: the server's message, else the fallback. */
export const documentFailure = (error: unknown, fallback: string): string =>
  withProviderReason(error, fallback).message;

export type DocumentKind = 'awb' | 'invoice';

/**
 * The text of a failed print ("Failed to initiate AWB print. Please try downloading instead."
 * and its variants for fetch, set-up and load), each ending with the suggestion to download; a fetch
 * the server refused says the server's reason.
 */
export function printFailure(kind: DocumentKind, stage: PrintStage, cause: unknown, t: TFunction): string {
  const base = kind === 'awb' ? 'orders:errors.awbPrint' : 'orders:errors.invoicePrint';
  const reason =
    stage === 'fetch' && cause instanceof ApiError && cause.message ? cause.message.trim().replace(/[.!]+$/, '') : '';
  return reason ? t(`${base}.fetchReason`, { reason, interpolation: { escapeValue: false } }) : t(`${base}.${stage}`);
}

/** The file name of a downloaded PDF when the server named none: the AWB or invoice number in it. */
export function fallbackFileName(kind: DocumentKind, number: string | null | undefined): string {
  const safe =
    String(number ?? '')
      .replace(/[^\w.-]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'document';
  return kind === 'awb' ? `AWB-${safe}.pdf` : `Invoice-${safe}.pdf`;
}
