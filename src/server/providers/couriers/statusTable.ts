import type { AwbStatus, CourierStatusRow, TrackingAttention } from './types.js';

/** What one tracking event means: the AwbStatus, and what it tells the seller to look at (null: nothing). */
export interface StatusMeaning {
  status: AwbStatus;
  attention: TrackingAttention | null;
}

/** A courier's words for codes its table does not list (Cargus publishes no codes; Sameday adds some). */
export interface StatusWords {
  pattern: RegExp;
  awbStatus: AwbStatus;
  attention?: TrackingAttention | null;
}

/**
 * The lookup of one courier's status table: its row by code, else the first words matching the
 * event's text, else `fallback` (a movement between depots). Each code appears once in a table.
 */
export function statusLookup(
  rows: readonly CourierStatusRow[],
  words: readonly StatusWords[],
  fallback: AwbStatus = 'in_transit',
): (code: string | number, text?: string) => StatusMeaning {
  const byCode = new Map<string, CourierStatusRow>();
  for (const row of rows) {
    if (byCode.has(row.code)) throw new Error(`status code ${row.code} listed twice`);
    byCode.set(row.code, row);
  }
  return (code, text = '') => {
    const row = byCode.get(String(code));
    if (row) return { status: row.awbStatus, attention: row.attention ?? null };
    const lower = text.toLowerCase();
    const match = words.find((w) => w.pattern.test(lower));
    if (match) return { status: match.awbStatus, attention: match.attention ?? null };
    return { status: fallback, attention: null };
  };
}
