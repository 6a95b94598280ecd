import crypto from 'node:crypto';
import {
  intakeImportFields,
  type ImportOrderResult,
  type ImportOutcome,
  type ImportResult,
  type IntakeOrder,
} from '../../../core/api/intake.js';
import type { ServiceContext } from '../../context.js';
import { FieldProblems, parse } from '../../http/errors.js';
import { readSpreadsheet, SpreadsheetRefused } from '../../lib/sheetImport.js';
import { insertSystemNotification } from '../notifications/index.js';
import { intakeOrderId, planIntakeOrder, type IntakeIssue } from '../orders/index.js';
import { requireCompanySource, sourceNameOf } from '../sources/index.js';
import { bodyOfGroup, groupRows, importRows, rowsOfField, type ImportGroup } from './importFile.js';
import { appliedFingerprint, insertItem, oversellOf } from './queries.js';
import {
  fingerprintOf,
  hold,
  issuesOfParse,
  processItem,
  problemsView,
  type Item,
  type Outcome,
  type StoredProblem,
} from './service.js';

/**
 * `POST /api/v1/intake/import`: a CSV or XLSX file of orders (one row per line) read through
 * lib/sheetImport.ts (the zip guard, a worker), grouped into orders (importFile.ts) and each made
 * as a push of it is: written to the inbox as received, then created, matched ("already
 * imported" when it is the order as the file had it before: a second import of one file creates
 * nothing), updated, or held with its problems and their rows. A dry run answers the same per
 * order ("would be created", "already imported", its problems) and writes nothing.
 */

export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 20_000;

export interface ImportFile {
  filename: string;
  bytes: Buffer;
  truncated: boolean;
}

const emptyCounts = (): Record<ImportOutcome, number> => ({
  would_be_created: 0,
  would_be_updated: 0,
  would_be_held: 0,
  created: 0,
  updated: 0,
  held: 0,
  already_imported: 0,
});

/** A group's order as written, or the problems of its rows (no order number, rows that disagree, a field). */
function readGroup(g: ImportGroup): { order: IntakeOrder } | { problems: StoredProblem[] } {
  const all = g.rows.map((r) => r.row);
  if (!g.externalId) return { problems: [{ key: 'import_no_order_number', rows: all }] };
  const { body, disagree } = bodyOfGroup(g);
  const problems: StoredProblem[] = disagree.map((column) => ({
    key: 'import_rows_disagree',
    params: { column },
    field: column,
    rows: all,
  }));
  const parsed = issuesOfParse(body);
  if ('issues' in parsed) problems.push(...parsed.issues.map((i) => ({ ...i, rows: rowsOfField(g, i.field) })));
  if (problems.length) return { problems };
  return { order: (parsed as { order: IntakeOrder }).order };
}

export async function importOrders(
  ctx: ServiceContext,
  input: { fields: Record<string, unknown>; file: ImportFile | null },
): Promise<ImportResult> {
  const fields = parse(intakeImportFields, input.fields);
  const sourceId = await requireCompanySource(
    ctx.db.kysely,
    ctx.companyId,
    { id: fields.source_id },
    { field: 'source_id', key: 'invalid_source' },
  );
  const file = input.file;
  if (!file || file.bytes.length === 0) throw FieldProblems.one('file', 'import_file_required');
  if (file.truncated || file.bytes.length > MAX_IMPORT_BYTES) throw FieldProblems.one('file', 'import_file_too_large');
  let table;
  try {
    table = await readSpreadsheet(file.bytes, file.filename, { maxRows: MAX_IMPORT_ROWS + 10 });
  } catch (err) {
    if (err instanceof SpreadsheetRefused)
      throw err.key === 'sheet_rows'
        ? FieldProblems.one('file', 'import_too_many_rows', { max: MAX_IMPORT_ROWS })
        : FieldProblems.one('file', err.key, err.params);
    throw err;
  }
  const read = importRows(table);
  if ('missing' in read)
    throw FieldProblems.one('file', 'import_missing_columns', { columns: read.missing.join(', ') });
  if (read.rows.length === 0) throw FieldProblems.one('file', 'import_empty');
  if (read.rows.length > MAX_IMPORT_ROWS)
    throw FieldProblems.one('file', 'import_too_many_rows', { max: MAX_IMPORT_ROWS });

  const groups = groupRows(read.rows);
  const counts = emptyCounts();
  const results: ImportOrderResult[] = [];
  const oversell = await oversellOf(ctx.db.kysely, ctx.companyId);
  let held = 0;
  // One order at a time, each in its own transaction, in the file's order: a few at once on
  // PostgreSQL measured slower on the 2-core machine (bench/README.md, "Intake").
  for (const g of groups) {
    const result = fields.dry_run
      ? await previewGroup(ctx, sourceId, g, oversell)
      : await importGroup(ctx, sourceId, g, file.filename);
    counts[result.outcome]++;
    if (result.outcome === 'held') held++;
    results.push({ ...result, external_id: g.externalId, rows: g.rows.map((r) => r.row) });
  }
  if (held > 0)
    await insertSystemNotification(ctx.db.kysely, {
      companyId: ctx.companyId,
      kind: 'intake_import_held',
      params: { source: (await sourceNameOf(ctx.db.kysely, sourceId)) ?? '', count: held },
      type: 'warning',
      now: ctx.now,
    });
  return { dry_run: fields.dry_run, rows: read.rows.length, orders: groups.length, counts, results };
}

type GroupResult = Omit<ImportOrderResult, 'external_id' | 'rows'>;

/** What importing the group would do, read without writing anything. */
async function previewGroup(
  ctx: ServiceContext,
  sourceId: number,
  g: ImportGroup,
  oversell: boolean,
): Promise<GroupResult> {
  const read = readGroup(g);
  const none = { order_id: null, intake_id: null };
  if ('problems' in read) return { ...none, outcome: 'would_be_held', problems: problemsView(read.problems, ctx.lang) };
  const existing = await intakeOrderId(ctx.db.kysely, ctx, sourceId, read.order.external_id);
  if (existing !== undefined) {
    const same =
      (await appliedFingerprint(ctx.db.kysely, sourceId, read.order.external_id)) === fingerprintOf(read.order);
    return { ...none, order_id: existing, outcome: same ? 'already_imported' : 'would_be_updated', problems: [] };
  }
  const { issues } = await planIntakeOrder(ctx.db.kysely, ctx, {
    sourceId,
    via: 'import',
    intakeId: null,
    order: read.order,
    oversell,
  });
  if (issues.length)
    return {
      ...none,
      outcome: 'would_be_held',
      problems: problemsView(
        issues.map((i: IntakeIssue) => ({ ...i, rows: rowsOfField(g, i.field) })),
        ctx.lang,
      ),
    };
  return { ...none, outcome: 'would_be_created', problems: [] };
}

/** The group written to the inbox as received (its rows as the file had them), then made an order or held. */
async function importGroup(
  ctx: ServiceContext,
  sourceId: number,
  g: ImportGroup,
  filename: string,
): Promise<GroupResult> {
  const read = readGroup(g);
  // Rows that do not make an order are told apart by their cells: the same rows imported again wait once.
  const fingerprint =
    'order' in read
      ? fingerprintOf(read.order)
      : crypto
          .createHash('sha256')
          .update(JSON.stringify(g.rows.map((r) => r.cells)))
          .digest('hex');
  const id = await insertItem(ctx.db.kysely, {
    company_id: ctx.companyId,
    source_id: sourceId,
    external_id: g.externalId,
    via: 'import',
    payload: JSON.stringify({ file: filename.slice(0, 255), rows: g.rows }),
    fingerprint,
    received_at: ctx.now,
  });
  const item: Item = { id, companyId: ctx.companyId, sourceId, via: 'import', externalId: g.externalId, fingerprint };
  const outcome: Outcome =
    'problems' in read
      ? await hold(ctx, item, read.problems, null, { notify: false })
      : await processItem(ctx, item, read.order, { notify: false, rowsOf: (i) => rowsOfField(g, i.field) });
  if (outcome.kind === 'held')
    return {
      outcome: 'held',
      order_id: outcome.orderId,
      intake_id: outcome.intakeId,
      problems: problemsView(outcome.problems, ctx.lang),
    };
  return {
    outcome: outcome.kind === 'duplicate' ? 'already_imported' : outcome.kind,
    order_id: outcome.orderId,
    intake_id: outcome.intakeId,
    problems: [],
  };
}
