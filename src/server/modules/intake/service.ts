import crypto from 'node:crypto';
import type { z } from 'zod';
import {
  intakeListQuery,
  intakeOrderBody,
  intakeSettingsBody,
  type IntakeCounts,
  type IntakeItem,
  type IntakeItemDetail,
  type IntakeOrder,
  type IntakeOrderInput,
  type IntakeProblem,
  type IntakePushAnswer,
  type IntakeSettings,
  type IntakeStatus,
} from '../../../core/api/intake.js';
import type { ListResponse } from '../../../core/api/list.js';
import { translate, type Lang } from '../../../core/messages.js';
import { fieldsWithNul } from '../../../core/validation.js';
import { forCompany, type ServiceContext } from '../../context.js';
import { isDeadlock, isUniqueViolation } from '../../db/errors.js';
import { FieldProblems, HttpError, notFound, parse } from '../../http/errors.js';
import { insertSystemNotification } from '../notifications/index.js';
import {
  createIntakeOrder,
  HeldOrder,
  intakeOrderId,
  updateIntakeOrder,
  type IntakeIssue,
  type IntakeOrderSpec,
} from '../orders/index.js';
import { sourceNameOf, verifyIntakePush, type SignedPush } from '../sources/index.js';
import { bodyOfGroup, type ImportGroup, rowsOfField } from './importFile.js';
import {
  appliedFingerprint,
  countWaiting,
  heldItemOf,
  heldUnnumberedOf,
  insertItem,
  itemOf,
  listItems,
  oversellOf,
  saveOversell,
  setOutcome,
  settleItem,
  supersedeHeld,
  type IntakeItemRow,
  type ListedItem,
} from './queries.js';

/**
 * The inbox of orders that arrive by themselves. Nothing a shop or a file sends is lost: every
 * push (once its signature and its shape are right) and every order of an import is written to
 * `intake_items` as received before anything else is done with it; then it is made an order
 * (orders' createIntakeOrder), matched to the order it already made (a duplicate, or a change
 * applied while the order has no AWB and no invoice), or held with its problems for the seller to
 * retry or dismiss. A push answers 401 with one message whatever failed in its signature, so a
 * caller learns nothing of which check it failed.
 */

/** A problem as the inbox keeps it: a message key and its parameters, the field, the file's rows. */
export type StoredProblem = IntakeIssue & { rows?: number[] };

const problemsOf = (stored: string | null): StoredProblem[] => (stored ? (JSON.parse(stored) as StoredProblem[]) : []);

/** The problems in the reader's language. */
export function problemsView(problems: StoredProblem[], lang: Lang): IntakeProblem[] {
  return problems.map((p) => ({
    code: p.key,
    field: p.field ?? null,
    message: translate(lang, p.key, p.params ?? {}),
    ...(p.rows ? { rows: p.rows } : {}),
  }));
}

/** The order as read, hashed: a later push of the same order number with the same hash is a duplicate. */
export const fingerprintOf = (order: IntakeOrder): string =>
  crypto.createHash('sha256').update(JSON.stringify(order)).digest('hex');

/**
 * The issues of a body that does not parse, as keys the inbox keeps (the 422's own words): what a
 * row of an import that cannot be read says, with the field it is about.
 */
export function issuesOfParse(input: unknown): { order: IntakeOrder } | { issues: IntakeIssue[] } {
  const nul = fieldsWithNul(input);
  if (nul.length) return { issues: nul.map((field) => ({ field, key: 'nul_character' })) };
  const result = intakeOrderBody.safeParse(input);
  if (result.success) return { order: result.data };
  return { issues: result.error.issues.map(issueOf) };
}

function issueOf(issue: z.core.$ZodIssue): IntakeIssue {
  const i = issue as z.core.$ZodIssue & { minimum?: number; maximum?: number; values?: unknown[]; origin?: string };
  const field = issue.path.length ? issue.path.join('.') : undefined;
  const params = { min: Number(i.minimum ?? 0), max: Number(i.maximum ?? 0), options: (i.values ?? []).join(', ') };
  let key = issue.message;
  if (issue.code === 'invalid_value') key = 'one_of';
  else if (issue.code === 'too_big' && i.origin === 'string') key = 'too_long';
  else if (translate('en', key) === key)
    key = issue.code === 'too_small' ? 'min' : issue.code === 'too_big' ? 'max' : 'invalid';
  return { key, params, ...(field ? { field } : {}) };
}

// ---- processing ---------------------------------------------------------------------------------

/** An item being processed: its row's facts. */
interface Item {
  id: number;
  companyId: number;
  sourceId: number;
  via: 'push' | 'import';
  externalId: string | null;
  fingerprint: string | null;
}

export type Outcome =
  | { kind: 'created' | 'updated' | 'duplicate'; orderId: number; intakeId: number }
  | { kind: 'held'; intakeId: number; orderId: number | null; problems: StoredProblem[] };

interface ProcessOptions {
  /** Tell the seller's alerts when the item is held (a push; an import tells once for the file). */
  notify: boolean;
  /** The file's rows of an issue (an import). */
  rowsOf?: (issue: IntakeIssue) => number[];
  /** The company's oversell setting when the caller read it already (a page of a shop's orders reads it once). */
  oversell?: boolean;
}

/**
 * Makes the item's order, or matches it to the one it made, or holds it. Each try runs in one
 * transaction with the order's own writes; the item's outcome is written with them. The orders'
 * unique index on (source, order number) settles two pushes of one order at the same moment: the
 * one that finds the order made by the other (its insert refused, its stock moves rolled back)
 * tries again and answers as a duplicate.
 */
export async function processItem(
  ctx: ServiceContext,
  item: Item,
  order: IntakeOrder,
  opts: ProcessOptions,
): Promise<Outcome> {
  const spec: IntakeOrderSpec = {
    sourceId: item.sourceId,
    via: item.via,
    intakeId: item.id,
    order,
    oversell: opts.oversell ?? (await oversellOf(ctx.db.kysely, ctx.companyId)),
  };
  const ext = order.external_id;
  for (let attempt = 0; ; attempt++) {
    let matched: number | null = null;
    try {
      return await ctx.db.transaction(async (trx): Promise<Outcome> => {
        // Its outcome, an earlier held item of the order number superseded by it (settleItem).
        const done = (kind: 'created' | 'updated' | 'duplicate', orderId: number) =>
          settleItem(trx, {
            id: item.id,
            status: kind,
            orderId,
            sourceId: item.sourceId,
            externalId: ext,
            now: ctx.now,
          }).then((): Outcome => ({ kind, orderId, intakeId: item.id }));
        const existing = await intakeOrderId(trx, ctx, item.sourceId, ext);
        if (existing !== undefined) {
          matched = existing;
          // The same order again: a held change of it sent before is settled by this one.
          if ((await appliedFingerprint(trx, item.sourceId, ext)) === item.fingerprint)
            return done('duplicate', existing);
          await updateIntakeOrder(trx, ctx, existing, spec);
          return done('updated', existing);
        }
        return done('created', await createIntakeOrder(trx, ctx, spec));
      });
    } catch (err) {
      if (err instanceof HeldOrder) {
        const problems = err.issues.map((i) => (opts.rowsOf ? { ...i, rows: opts.rowsOf(i) } : i));
        return hold(ctx, item, problems, matched, opts);
      }
      // Another push of this order made it meanwhile: the next try finds it. A deadlock with another
      // order's transaction (orders of a page are made side by side) kept nothing: it is tried again.
      if ((isUniqueViolation(err) || isDeadlock(err)) && attempt < 3) continue;
      throw err;
    }
  }
}

/**
 * The item waits in the inbox with its problems (and the order it would change, if any). An
 * identical item already waiting for the same order number keeps waiting alone: this one becomes
 * its duplicate (the partial unique index intake_items_one_held settles two at once); an earlier
 * different one gives way to this one.
 */
export async function hold(
  ctx: ServiceContext,
  item: Item,
  problems: StoredProblem[],
  orderId: number | null,
  opts: ProcessOptions,
): Promise<Outcome> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await ctx.db.transaction(async (trx): Promise<Outcome> => {
        const held = item.externalId
          ? await heldItemOf(trx, item.sourceId, item.externalId)
          : item.fingerprint
            ? await heldUnnumberedOf(trx, item.sourceId, item.fingerprint)
            : undefined;
        if (held && held.id !== item.id) {
          if (held.fingerprint === item.fingerprint) {
            await setOutcome(trx, item.id, {
              status: 'duplicate',
              problems: held.problems,
              order_id: held.order_id,
              now: ctx.now,
            });
            return { kind: 'held', intakeId: held.id, orderId: held.order_id, problems: problemsOf(held.problems) };
          }
          if (item.externalId) await supersedeHeld(trx, item.sourceId, item.externalId, item.id, ctx.now);
        }
        await setOutcome(trx, item.id, {
          status: 'held',
          problems: JSON.stringify(problems),
          order_id: orderId,
          now: ctx.now,
        });
        if (opts.notify)
          await insertSystemNotification(trx, {
            companyId: ctx.companyId,
            kind: 'intake_held',
            params: {
              source: (await sourceNameOf(trx, item.sourceId)) ?? '',
              external_id: item.externalId ?? '—',
            },
            type: 'warning',
            now: ctx.now,
          });
        return { kind: 'held', intakeId: item.id, orderId, problems };
      });
    } catch (err) {
      if (isUniqueViolation(err) && attempt < 3) continue;
      throw err;
    }
  }
}

/** An item row as processing needs it. */
const itemFacts = (row: IntakeItemRow): Item => ({
  id: row.id,
  companyId: row.company_id,
  sourceId: row.source_id,
  via: row.via === 'import' ? 'import' : 'push',
  externalId: row.external_id,
  fingerprint: row.fingerprint,
});

// ---- a push -------------------------------------------------------------------------------------

const unauthorized = () => new HttpError(401, 'intake_unauthorized');

/** What a push answers: the HTTP status and `{ data }`. */
export interface PushAnswer {
  status: 200 | 201 | 202;
  data: IntakePushAnswer;
}

function answerOf(o: Outcome, lang: Lang): PushAnswer {
  if (o.kind === 'held')
    return { status: 202, data: { intake_id: o.intakeId, status: 'held', problems: problemsView(o.problems, lang) } };
  return { status: o.kind === 'created' ? 201 : 200, data: { order_id: o.orderId, status: o.kind } };
}

/**
 * `POST /api/v1/intake/orders`: the signature first (401), then the body's JSON and shape (422 with
 * a message per field, nothing stored: the sender has it and is told what to fix); then the
 * push is written to the inbox as received, and only then processed.
 */
export async function receivePush(base: ServiceContext, push: SignedPush): Promise<PushAnswer> {
  const who = await verifyIntakePush(base, push);
  if (!who) throw unauthorized();
  const ctx = forCompany(base, who.companyId);
  const text = push.body.toString('utf8');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw FieldProblems.one('body', 'intake_invalid_json');
  }
  const order = parse(intakeOrderBody, json);
  const fingerprint = fingerprintOf(order);
  const id = await insertItem(ctx.db.kysely, {
    company_id: ctx.companyId,
    source_id: who.sourceId,
    external_id: order.external_id,
    via: 'push',
    payload: text,
    fingerprint,
    received_at: ctx.now,
  });
  const item: Item = {
    id,
    companyId: ctx.companyId,
    sourceId: who.sourceId,
    via: 'push',
    externalId: order.external_id,
    fingerprint,
  };
  return answerOf(await processItem(ctx, item, order, { notify: true }), ctx.lang);
}

// ---- a connected shop ---------------------------------------------------------------------------

/** What a shop's order came to here: the intake's outcome, or `unchanged` (nothing stored: as last applied or held). */
export type ShopOrderOutcome = Outcome | { kind: 'unchanged' };

/** A shop's order as the inbox reads it: the order (or its problems), its number and its hash. */
export function readShopOrder(input: IntakeOrderInput): {
  read: { order: IntakeOrder } | { issues: IntakeIssue[] };
  externalId: string | null;
  fingerprint: string;
} {
  const read = issuesOfParse(input);
  const externalId = 'order' in read ? read.order.external_id : String(input.external_id ?? '').slice(0, 64) || null;
  const fingerprint =
    'order' in read
      ? fingerprintOf(read.order)
      : crypto.createHash('sha256').update(JSON.stringify(input)).digest('hex');
  return { read, externalId, fingerprint };
}

/**
 * An order a connected shop brought (its webhook or its safety pull, read into the intake's shape
 * by the connector): one item of the source's inbox, with the same dedupe, held reasons and address
 * resolution as a push. The same order as last applied (or as it already waits) stores nothing:
 * a pull reads again what it read a minute before, and the shop still holds it.
 */
export async function receiveShopOrder(
  base: ServiceContext,
  shop: { companyId: number; sourceId: number },
  input: IntakeOrderInput,
): Promise<ShopOrderOutcome> {
  const ctx = forCompany(base, shop.companyId);
  const { read, externalId, fingerprint } = readShopOrder(input);
  if (externalId) {
    if ((await appliedFingerprint(ctx.db.kysely, shop.sourceId, externalId)) === fingerprint)
      return { kind: 'unchanged' };
    const held = await heldItemOf(ctx.db.kysely, shop.sourceId, externalId);
    if (held?.fingerprint === fingerprint) return { kind: 'unchanged' };
  }
  const id = await insertItem(ctx.db.kysely, {
    company_id: ctx.companyId,
    source_id: shop.sourceId,
    external_id: externalId,
    via: 'push',
    payload: JSON.stringify(input),
    fingerprint,
    received_at: ctx.now,
  });
  const item: Item = { id, companyId: ctx.companyId, sourceId: shop.sourceId, via: 'push', externalId, fingerprint };
  // A shop's order that does not read as an order (no SKU on a line, no phone) waits with its problems.
  if ('issues' in read) return hold(ctx, item, read.issues, null, { notify: true });
  return processItem(ctx, item, read.order, { notify: true });
}

// ---- the inbox ----------------------------------------------------------------------------------

/** What the list shows of an item's payload: its customer, city and lines, where it says them. */
function summaryOf(row: IntakeItemRow): IntakeItem['summary'] {
  try {
    const p = JSON.parse(row.payload) as Record<string, unknown>;
    if (row.via === 'import') {
      const rows = (p.rows ?? []) as { cells: Record<string, string> }[];
      return {
        customer_name: rows[0]?.cells.customer_name ?? null,
        city: rows[0]?.cells.city ?? null,
        lines: rows.map((r) => ({ sku: r.cells.sku ?? '', quantity: Number(r.cells.quantity) || 0 })),
      };
    }
    const customer = (p.customer ?? {}) as Record<string, unknown>;
    const address = (p.shipping_address ?? {}) as Record<string, unknown>;
    const lines = Array.isArray(p.lines) ? (p.lines as Record<string, unknown>[]) : [];
    return {
      customer_name: typeof customer.name === 'string' ? customer.name : null,
      city: typeof address.city === 'string' ? address.city : null,
      lines: lines.map((l) => ({ sku: String(l.sku ?? ''), quantity: Number(l.quantity) || 0 })),
    };
  } catch {
    return { customer_name: null, city: null, lines: [] };
  }
}

function itemView(row: ListedItem, lang: Lang): IntakeItem {
  const problems =
    row.status === 'received' ? [{ key: 'intake_not_received' } as StoredProblem] : problemsOf(row.problems);
  return {
    id: row.id,
    source_id: row.source_id,
    source: row.source,
    external_id: row.external_id,
    via: row.via === 'import' ? 'import' : 'push',
    status: row.status as IntakeStatus,
    problems: problemsView(problems, lang),
    order_id: row.order_id,
    summary: summaryOf(row),
    received_at: Number(row.received_at),
    updated_at: Number(row.updated_at),
  };
}

/** The company's item with its source's name, or 404 (another company's item is not found either). */
async function companyItem(ctx: ServiceContext, id: number): Promise<ListedItem> {
  const row = await itemOf(ctx.db.kysely, ctx.companyId, id);
  if (!row) throw notFound();
  return { ...row, source: (await sourceNameOf(ctx.db.kysely, row.source_id)) ?? '' };
}

export async function listInbox(
  ctx: ServiceContext,
  query: unknown,
): Promise<ListResponse<IntakeItem> & { meta: { held: number } }> {
  const q = parse(intakeListQuery, query);
  const page = (await listItems(ctx.db.kysely, ctx.companyId, q, (r) =>
    itemView(r, ctx.lang),
  )) as ListResponse<IntakeItem>;
  const { held } = await countWaiting(ctx.db.kysely, ctx.companyId);
  return { data: page.data, meta: { ...page.meta, held } };
}

export async function inboxItem(ctx: ServiceContext, id: number): Promise<IntakeItemDetail> {
  const row = await companyItem(ctx, id);
  let payload: unknown;
  try {
    payload = JSON.parse(row.payload);
  } catch {
    payload = row.payload;
  }
  return { ...itemView(row, ctx.lang), payload };
}

export async function inboxCounts(ctx: ServiceContext): Promise<IntakeCounts> {
  return countWaiting(ctx.db.kysely, ctx.companyId);
}

/** The order an item's payload makes again (a retry): a push's JSON, or an import's rows. */
function orderOfItem(row: IntakeItemRow): { order: IntakeOrder } | { issues: StoredProblem[] } {
  let payload: unknown;
  try {
    payload = JSON.parse(row.payload);
  } catch {
    return { issues: [{ key: 'intake_invalid_json', field: 'body' }] };
  }
  if (row.via !== 'import') return issuesOfParse(payload);
  const group = payload as ImportGroup & { rows: ImportGroup['rows'] };
  const g: ImportGroup = { externalId: row.external_id, rows: group.rows ?? [] };
  if (!g.externalId) return { issues: [{ key: 'import_no_order_number', rows: g.rows.map((r) => r.row) }] };
  const { body, disagree } = bodyOfGroup(g);
  if (disagree.length)
    return {
      issues: disagree.map((column) => ({
        key: 'import_rows_disagree',
        params: { column },
        rows: g.rows.map((r) => r.row),
      })),
    };
  const parsed = issuesOfParse(body);
  if ('issues' in parsed) return { issues: parsed.issues.map((i) => ({ ...i, rows: rowsOfField(g, i.field) })) };
  return parsed;
}

/**
 * `POST /api/v1/intake/{id}/retry`: a held item (or one whose processing never finished) tried
 * again as received, after the seller added the product, fixed the SKU or changed a setting.
 */
export async function retryItem(ctx: ServiceContext, id: number): Promise<IntakeItem> {
  const row = await companyItem(ctx, id);
  if (row.status !== 'held' && row.status !== 'received') throw new HttpError(409, 'intake_not_held');
  const read = orderOfItem(row);
  const item = itemFacts(row);
  if ('issues' in read) await hold(ctx, item, read.issues, row.order_id, { notify: false });
  else {
    const g: ImportGroup | null =
      row.via === 'import'
        ? { externalId: row.external_id, rows: (JSON.parse(row.payload) as ImportGroup).rows ?? [] }
        : null;
    await processItem(ctx, item, read.order, {
      notify: false,
      ...(g ? { rowsOf: (i: IntakeIssue) => rowsOfField(g, i.field) } : {}),
    });
  }
  return itemView(await companyItem(ctx, id), ctx.lang);
}

/** `DELETE /api/v1/intake/{id}`: the seller dismisses a waiting item (it stays in the inbox as dismissed). */
export async function dismissItem(ctx: ServiceContext, id: number): Promise<IntakeItem> {
  const row = await companyItem(ctx, id);
  if (row.status !== 'held' && row.status !== 'received') throw new HttpError(409, 'intake_not_held');
  await setOutcome(ctx.db.kysely, id, {
    status: 'dismissed',
    problems: row.problems,
    order_id: row.order_id,
    now: ctx.now,
  });
  return itemView(await companyItem(ctx, id), ctx.lang);
}

// ---- settings -----------------------------------------------------------------------------------

export async function intakeSettings(ctx: ServiceContext): Promise<IntakeSettings> {
  return { oversell: await oversellOf(ctx.db.kysely, ctx.companyId) };
}

export async function updateIntakeSettings(ctx: ServiceContext, body: unknown): Promise<IntakeSettings> {
  const input = parse(intakeSettingsBody, body);
  await saveOversell(ctx.db.kysely, ctx.companyId, input.oversell, ctx.now);
  return intakeSettings(ctx);
}

export { insertItem, itemFacts, type Item };
