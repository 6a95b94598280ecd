// The picking list's headings are in the bulk messages of core.
import '../../../core/api/orderBulk.js';
import { translate, type Lang } from '../../../core/messages.js';
import { documentDateTime } from '../../lib/documentFormat.js';
import { pickingListPdf } from '../../lib/pdf/documents.js';
import type { PickingLine } from '../orders/index.js';

/** The picking list as a file: a PDF to print, or CSV for a spreadsheet, headed in the reader's language. */

const headings = (lang: Lang) =>
  ['picking_sku', 'picking_name', 'picking_variation', 'picking_quantity', 'picking_orders'].map((k) =>
    translate(lang, k),
  ) as [string, string, string, string, string];

/**
 * One CSV cell: quoted, quotes doubled, and a text a spreadsheet would run as a formula (one that
 * starts with =, +, -, @, a tab or a carriage return) made plain text by a leading apostrophe.
 */
export function csvCell(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

export function pickingListCsv(lines: readonly PickingLine[], lang: Lang): string {
  const rows = [headings(lang), ...lines.map((l) => [l.sku, l.name, l.variation, l.quantity, l.orders])];
  // A byte order mark so that spreadsheet programs read the diacritics as UTF-8.
  return `\uFEFF${rows.map((r) => r.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

export function pickingListFile(
  lines: readonly PickingLine[],
  orders: number,
  lang: Lang,
  now: number,
): Promise<Buffer> {
  return pickingListPdf({
    title: translate(lang, 'picking_title'),
    headings: headings(lang),
    lines: [...lines],
    footer: translate(lang, 'picking_footer', { orders, lines: lines.length, date: documentDateTime(now, lang) }),
  });
}
