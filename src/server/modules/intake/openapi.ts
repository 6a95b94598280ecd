import { importTemplateQuery, intakeListQuery, intakeOrderBody, intakeSettingsBody } from '../../../core/api/intake.js';
import type { ApiDoc } from '../../http/openapi.js';

const waiting = {
  409: 'Only an item waiting in the inbox (held, or never finished) can be retried or dismissed.',
} as const;

/** The intake: a shop's signed push, the inbox of what arrived, the import of a file. */
export const intakeApiDocs: ApiDoc[] = [
  {
    method: 'POST',
    url: '/api/v1/intake/orders',
    summary:
      'Push an order, signed with the source\'s intake key: `X-Intake-Key: <key_id>`, `X-Intake-Timestamp: <unix seconds>`, `X-Intake-Signature: sha256=<hex HMAC-SHA256 of "<timestamp>.<raw body>" with the secret>`. 201 created, 200 duplicate or updated, 202 held in the inbox with its problems; 401 for any signature failure (one message), 413 over 1 MB',
    body: intakeOrderBody,
    ok: { status: 201, description: '`{ data: { order_id, status } }`; 200 and 202 as described above.' },
  },
  {
    method: 'GET',
    url: '/api/v1/intake',
    summary:
      "The inbox: every push and imported order as received, waiting ones first, with their problems in the reader's language (paged; by status and source); `meta.held` counts the waiting ones",
    query: intakeListQuery,
  },
  { method: 'GET', url: '/api/v1/intake/counts', summary: 'How many items wait in the inbox (for the sidebar)' },
  { method: 'GET', url: '/api/v1/intake/:id', summary: 'One item of the inbox with its body as it was received' },
  {
    method: 'POST',
    url: '/api/v1/intake/:id/retry',
    summary: 'Try a waiting item again as it was received (after the product was added or the SKU fixed)',
    errors: waiting,
  },
  {
    method: 'DELETE',
    url: '/api/v1/intake/:id',
    summary: 'Dismiss a waiting item (kept in the inbox as dismissed)',
    errors: waiting,
  },
  {
    method: 'GET',
    url: '/api/v1/intake/settings',
    summary: "The company's intake settings: whether an arriving order may take stock below zero",
  },
  {
    method: 'POST',
    url: '/api/v1/intake/settings',
    summary: "Change the company's intake settings",
    body: intakeSettingsBody,
  },
  {
    method: 'POST',
    url: '/api/v1/intake/import',
    summary:
      'Import orders from a CSV (comma or semicolon, UTF-8 with or without BOM) or XLSX file, one row per line, rows of one order number one order; `dry_run=1` answers what would happen and writes nothing; a second import of the same file creates nothing',
    multipart: { source_id: 'string', file: 'file', dry_run: 'string' },
  },
  {
    method: 'GET',
    url: '/api/v1/intake/import/template',
    summary: "The import's template with its columns and example rows (CSV, or XLSX with format=xlsx)",
    query: importTemplateQuery,
    ok: { content: 'csv', description: 'CSV, or XLSX with format=xlsx.' },
  },
];
