import {
  COD_MATCHES,
  codImportFields,
  codRangeQuery,
  codSettingsBody,
  codUnpaidQuery,
  type CodDifference,
  type CodImportResult,
  type CodImportRow,
  type CodMatch,
  type CodSettings,
  type CodSummary,
  type CodSummaryRow,
  type CodUnpaid,
} from '../../../core/api/cod.js';
import type { ListResponse } from '../../../core/api/list.js';
import { translate } from '../../../core/messages.js';
import { fromBani } from '../../../core/money.js';
import type { ServiceContext } from '../../context.js';
import { FieldProblems, parse } from '../../http/errors.js';
import { boundedCount, endOfList, pageMeta } from '../../http/list.js';
import { bucharestDate, fromBucharest } from '../../lib/bucharestTime.js';
import { excerpt } from '../../lib/sheetImport.js';
import {
  awbsOfCourier,
  differencesOf,
  insertSettlements,
  settlementsOf,
  storeUnpaidDays,
  summaryOf,
  unpaidDaysOf,
  unpaidPage,
  unpaidQuery,
  type AwbOfCourier,
  type NewSettlement,
  type SettlementRecord,
} from './queries.js';
import { MAX_FILE_BYTES, readTable, settlementRows, type SettlementRow } from './settlementFile.js';

const DAY = 86_400;

/** A settlement reported for one AWB, from a file row or a courier's report. */
export interface ReportedPayment {
  awb: string;
  paidBani: number;
  feeBani: number;
  date: string;
  reference: string;
}

/** What one payment is, against the company's AWBs and what was already paid. */
interface Matched {
  match: CodMatch;
  awb?: AwbOfCourier;
}

/**
 * The matching rules, in order: an AWB met earlier in the same report is a duplicate row; an AWB
 * that is not one of the company's AWBs at this courier (unknown, or another company's: the two are
 * never told apart) is not ours; an AWB already paid is the same payment again (already recorded:
 * a file imported twice changes nothing) or a second payment (paid twice); otherwise the payment
 * and the fee add up to the AWB's cash on delivery (exact) or not (amount differs).
 */
export async function matchPayments(
  ctx: ServiceContext,
  courier: string,
  payments: (ReportedPayment | null)[],
): Promise<Matched[]> {
  const awbs = payments.flatMap((p) => (p ? [p.awb] : []));
  const found = await awbsOfCourier(ctx.db.kysely, courier, awbs);
  const ours = new Map(found.filter((a) => a.company_id === ctx.companyId).map((a) => [a.awb, a]));
  const paid = new Map(
    (await settlementsOf(ctx.db.kysely, ctx.companyId, courier, [...ours.keys()])).map((s) => [s.awb, s]),
  );
  const seen = new Set<string>();
  return payments.map((p): Matched => {
    if (!p) return { match: 'unreadable' };
    if (seen.has(p.awb)) return { match: 'duplicate_row' };
    seen.add(p.awb);
    const awb = ours.get(p.awb);
    if (!awb) return { match: 'not_ours' };
    const earlier = paid.get(p.awb);
    if (earlier) return { match: samePayment(earlier, p) ? 'already_recorded' : 'paid_twice', awb };
    return { match: p.paidBani + p.feeBani === awb.cod_bani ? 'exact' : 'amount_differs', awb };
  });
}

function samePayment(s: SettlementRecord, p: ReportedPayment): boolean {
  return s.paid_bani === p.paidBani && s.fee_bani === p.feeBani && s.paid_on === p.date && s.reference === p.reference;
}

function newSettlement(
  ctx: ServiceContext,
  courier: string,
  p: ReportedPayment,
  awb: AwbOfCourier,
  origin: 'file' | 'api',
): NewSettlement {
  return {
    company_id: ctx.companyId,
    courier,
    awb: p.awb,
    shipment_id: awb.shipment_id,
    order_id: awb.order_id,
    expected_bani: awb.cod_bani,
    paid_bani: p.paidBani,
    fee_bani: p.feeBani,
    paid_on: p.date,
    reference: p.reference.slice(0, 100),
    origin,
    created_by: ctx.userId || null,
    created_at: ctx.now,
  };
}

/** Saves the matched payments that may be saved; answers, per payment, whether it was saved. */
export async function savePayments(
  ctx: ServiceContext,
  courier: string,
  payments: (ReportedPayment | null)[],
  matched: Matched[],
  opts: { origin: 'file' | 'api'; acceptDifferences: boolean },
): Promise<boolean[]> {
  const saved = payments.map(() => false);
  await ctx.db.transaction(async (trx) => {
    for (let i = 0; i < payments.length; i++) {
      const p = payments[i];
      const m = matched[i];
      if (!p || !m.awb) continue;
      if (m.match !== 'exact' && !(m.match === 'amount_differs' && opts.acceptDifferences)) continue;
      saved[i] = (await insertSettlements(trx, [newSettlement(ctx, courier, p, m.awb, opts.origin)])) === 1;
    }
  });
  return saved;
}

function paymentOf(row: SettlementRow): ReportedPayment | null {
  if (row.problem || !row.awb || row.amountBani === null || row.feeBani === null || !row.date || !row.reference)
    return null;
  return { awb: row.awb, paidBani: row.amountBani, feeBani: row.feeBani, date: row.date, reference: row.reference };
}

const money = (bani: number | null) => (bani === null ? null : fromBani(bani));
const shortText = (text: string | null) => (text === null ? null : excerpt(text));

/**
 * A courier's settlement file: every row answered with how it matched; with `preview` nothing is
 * saved, otherwise the exact rows are (and the rows whose amount differs when the form accepts
 * them: the user has seen them in the preview). A file with any row that cannot be read is saved
 * only when the form accepts them too (`accept_unreadable`): a half-read file is usually a file
 * the user would fix first, so without it the answer is its preview and nothing is saved. Only
 * the company's AWBs are ever matched. The answer echoes at most 80 characters of any cell.
 */
export async function importSettlementFile(
  ctx: ServiceContext,
  form: { fields: Record<string, unknown>; file: { filename: string; bytes: Buffer; truncated: boolean } | null },
  preview: boolean,
): Promise<CodImportResult> {
  const problems = new FieldProblems();
  const fields = codImportFields.safeParse(form.fields);
  if (!fields.success) {
    for (const issue of fields.error.issues) problems.add(String(issue.path[0] ?? 'courier'), issue.message);
  }
  if (!form.file || form.file.bytes.length === 0) problems.add('file', 'cod_file_required');
  else if (form.file.truncated || form.file.bytes.length > MAX_FILE_BYTES) problems.add('file', 'cod_file_too_large');
  problems.throwIfAny();
  const { courier, accept_differences, accept_unreadable } = fields.data!;
  const rows = settlementRows(await readTable(form.file!.bytes, form.file!.filename));
  const payments = rows.map(paymentOf);
  const matched = await matchPayments(ctx, courier, payments);
  const needsConfirmation = !accept_unreadable && matched.some((m) => m.match === 'unreadable');
  const onlyPreview = preview || needsConfirmation;
  const saved = onlyPreview
    ? payments.map(() => false)
    : await savePayments(ctx, courier, payments, matched, { origin: 'file', acceptDifferences: accept_differences });
  const counts = Object.fromEntries(COD_MATCHES.map((m) => [m, 0])) as Record<CodMatch, number>;
  const answer: CodImportRow[] = rows.map((row, i) => {
    counts[matched[i].match]++;
    return {
      line: row.line,
      awb: shortText(row.awb),
      amount: money(row.amountBani),
      fee: money(row.feeBani),
      date: row.date,
      reference: shortText(row.reference),
      match: matched[i].match,
      expected: matched[i].awb ? fromBani(matched[i].awb!.cod_bani) : null,
      order_id: matched[i].awb?.order_id ?? null,
      problem: row.problem,
      problem_message: row.problem ? translate(ctx.lang, row.problem) : null,
      problem_text: shortText(row.problemText),
      saved: saved[i],
    };
  });
  return {
    preview: onlyPreview,
    needs_confirmation: needsConfirmation,
    courier,
    rows: answer,
    counts,
    saved: saved.filter(Boolean).length,
  };
}

/** The range asked for, as Bucharest days and the seconds they span; the last 30 days by default. */
export function rangeOf(ctx: ServiceContext, input: unknown): { from: string; to: string; start: number; end: number } {
  const q = parse(codRangeQuery, input);
  const to = q.to ?? bucharestDate(ctx.now);
  const from = q.from ?? bucharestDate(fromBucharest(to)! - 29 * DAY + 12 * 3600);
  const start = fromBucharest(from)!;
  // The day after `to`, at midnight: +36 h then back to that day's start (a DST day lasts 23 or 25 hours).
  const end = fromBucharest(bucharestDate(fromBucharest(to)! + 36 * 3600))!;
  return { from, to, start, end };
}

export async function codSummary(ctx: ServiceContext, input: unknown): Promise<CodSummary> {
  const range = rangeOf(ctx, input);
  const rows = await summaryOf(ctx.db.kysely, ctx.companyId, range.start, range.end);
  const couriers: CodSummaryRow[] = rows.map((r) => ({
    courier: r.courier,
    parcels: r.parcels,
    collected: fromBani(r.collected),
    paid_out: fromBani(r.paid_out),
    fees: fromBani(r.fees),
    owed: fromBani(r.owed),
    differences: r.differences,
  }));
  const sum = (k: 'collected' | 'paid_out' | 'fees' | 'owed' | 'parcels' | 'differences') =>
    rows.reduce((a, r) => a + r[k], 0);
  return {
    from: range.from,
    to: range.to,
    currency: 'RON',
    couriers,
    total: {
      parcels: sum('parcels'),
      collected: fromBani(sum('collected')),
      paid_out: fromBani(sum('paid_out')),
      fees: fromBani(sum('fees')),
      owed: fromBani(sum('owed')),
      differences: sum('differences'),
    },
  };
}

/** How far the unpaid list counts before it says "more than". */
const UNPAID_COUNT_BOUND = 1000;

/**
 * Delivered AWBs with cash on delivery that no payment settled, made at least N days ago (N the
 * query's `days`, else the company's setting, 10 by default), oldest first, a page at a time.
 */
export async function codUnpaid(ctx: ServiceContext, input: unknown): Promise<ListResponse<CodUnpaid>> {
  const q = parse(codUnpaidQuery, input);
  const days = q.days ?? (await unpaidDaysOf(ctx.db.kysely, ctx.companyId));
  const before = ctx.now - days * DAY;
  const offset = (q.page - 1) * q.items;
  const rows = await unpaidPage(ctx.db.kysely, ctx.companyId, before, q.items, offset);
  const known =
    endOfList(rows.length, offset, q.items) ??
    (await boundedCount(ctx.db.kysely, unpaidQuery(ctx.db.kysely, ctx.companyId, before), offset + UNPAID_COUNT_BOUND));
  return {
    data: rows.map((r) => ({
      order_id: r.order_id,
      courier: r.courier,
      awb: r.awb,
      cod: fromBani(r.cod_bani),
      awb_created_at: r.created_at,
      days: Math.floor((ctx.now - r.created_at) / DAY),
    })),
    meta: pageMeta(known, q.page, q.items),
  };
}

/** The latest payments that do not add up to their cash on delivery (at most 100): what to look at. */
export async function codDifferences(ctx: ServiceContext): Promise<CodDifference[]> {
  const rows = await differencesOf(ctx.db.kysely, ctx.companyId, 100);
  return rows.map((r) => ({
    order_id: r.order_id,
    courier: r.courier,
    awb: r.awb,
    expected: fromBani(r.expected_bani),
    paid: fromBani(r.paid_bani),
    fee: fromBani(r.fee_bani),
    paid_on: r.paid_on,
    reference: r.reference,
  }));
}

export async function codSettings(ctx: ServiceContext): Promise<CodSettings> {
  return { unpaid_days: await unpaidDaysOf(ctx.db.kysely, ctx.companyId) };
}

export async function updateCodSettings(ctx: ServiceContext, input: unknown): Promise<CodSettings> {
  const body = parse(codSettingsBody, input);
  await storeUnpaidDays(ctx.db.kysely, ctx.companyId, body.unpaid_days, ctx.now);
  return { unpaid_days: body.unpaid_days };
}
