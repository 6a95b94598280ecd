import { sql, type Selectable } from 'kysely';
import type { InvoiceDocument, OrderInvoice } from '../../../core/api/invoices.js';
import { fromBani } from '../../../core/money.js';
import type { Engine, Executor } from '../../db/connection.js';
import { columnsOf, partArray, sqliteRowJson } from '../../db/json.js';
import type { InvoiceLinesTable, InvoicesTable } from '../../db/schema.js';
import type { PlannedLine, StoredLine, StornoLine } from './lines.js';

export type DocumentRow = Selectable<InvoicesTable>;
export type DocumentState =
  'pending' | 'unknown' | 'issued' | 'failed' | 'partially_storno' | 'storno' | 'cancelled' | 'deleted';

/**
 * An invoice in one of these states holds its order: no other invoice may be issued (the unique
 * index agrees, migration 073). A fully reversed invoice (`storno`) no longer does: nothing is left
 * of it, so the order is free again (cancelled, changed, invoiced anew under a new number). It is
 * the only way an issued invoice frees its order besides its cancel or delete at SmartBill.
 */
export const HOLDING_STATES: DocumentState[] = ['pending', 'unknown', 'issued', 'partially_storno'];
/** Sent to SmartBill with no answer yet, or none that could be read. */
export const IN_FLIGHT_STATES: DocumentState[] = ['pending', 'unknown'];
/** An issued invoice with something of it left (not reversed, or in part): the one the order's bill_number names. */
export const CURRENT_STATES: DocumentState[] = ['issued', 'partially_storno'];
/** An issued invoice that no longer holds its order, kept readable: cancelled at SmartBill, or fully reversed. */
const ENDED_STATES: DocumentState[] = ['cancelled', 'storno'];

export const billNumberOf = (series: string, number: string) => `${series} ${number}`;

// ---- reading ----------------------------------------------------------------------------------

/** Every document of the order (invoices and storno documents), oldest first: a handful per order. */
export function documentsOfOrder(exec: Executor, orderId: number): Promise<DocumentRow[]> {
  return exec.selectFrom('invoices').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
}

export function findDocument(exec: Executor, id: number): Promise<DocumentRow | undefined> {
  return exec.selectFrom('invoices').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The invoice the order's bill_number names, if any. */
export const currentInvoice = (docs: DocumentRow[]) =>
  docs.find((d) => d.kind === 'invoice' && CURRENT_STATES.includes(d.state as DocumentState));

/** The document of this kind sent without a known outcome, if any (at most one: the unique indexes). */
export const inFlight = (docs: DocumentRow[], kind: 'invoice' | 'storno') =>
  docs.find((d) => d.kind === kind && IN_FLIGHT_STATES.includes(d.state as DocumentState));

const toStoredLine = (l: Selectable<InvoiceLinesTable>): StoredLine => ({
  id: l.id,
  position: l.position,
  kind: l.kind as StoredLine['kind'],
  order_product_id: l.order_product_id,
  discount_of: l.discount_of,
  name: l.name,
  code: l.code,
  quantity: l.quantity,
  unit_price: Number(l.unit_price),
  applies_to: l.applies_to,
  vat_name: l.vat_name,
  vat_percentage: l.vat_percentage,
  reversed: l.reversed,
  reversed_value: Number(l.reversed_value),
});

export async function linesOf(exec: Executor, invoiceId: number): Promise<StoredLine[]> {
  const rows = await exec
    .selectFrom('invoice_lines')
    .selectAll()
    .where('invoice_id', '=', invoiceId)
    .orderBy('position')
    .execute();
  return rows.map(toStoredLine);
}

/** A storno document's lines with the invoice line each one reverses. */
export async function stornoLinesOf(
  exec: Executor,
  stornoId: number,
): Promise<{ reverses_line_id: number; quantity: number; amount: number }[]> {
  const rows = await exec
    .selectFrom('invoice_lines')
    .select(['reverses_line_id', 'kind', 'quantity', 'unit_price'])
    .where('invoice_id', '=', stornoId)
    .orderBy('position')
    .execute();
  return rows.map((r) => ({
    reverses_line_id: r.reverses_line_id!,
    quantity: r.kind === 'discount' ? 0 : r.quantity,
    amount: r.quantity * Number(r.unit_price),
  }));
}

/**
 * Moves the order's current invoice (issued, reversed or not) `seconds` into the past: its last
 * change and issue time. Answers the invoice as it was, or undefined without one.
 */
export async function ageCurrentInvoice(
  exec: Executor,
  orderId: number,
  seconds: number,
): Promise<DocumentRow | undefined> {
  const invoice = currentInvoice(await documentsOfOrder(exec, orderId));
  if (!invoice) return undefined;
  await exec
    .updateTable('invoices')
    .set({
      updated_at: sql<number>`updated_at - ${seconds}`,
      issued_at: sql<number>`issued_at - ${seconds}`,
    })
    .where('id', '=', invoice.id)
    .execute();
  return invoice;
}

/**
 * The numbers of a series our rows already hold (a document found at SmartBill under one of them is
 * not the one we look for). A deleted document holds none: SmartBill gives its number again.
 */
export async function heldNumbers(
  exec: Executor,
  companyId: number,
  series: string,
  numbers: string[],
): Promise<Set<string>> {
  if (numbers.length === 0) return new Set();
  const rows = await exec
    .selectFrom('invoices')
    .select('number')
    .where('company_id', '=', companyId)
    .where('series', '=', series)
    .where('number', 'in', numbers)
    .where('state', '<>', 'deleted')
    .execute();
  return new Set(rows.map((r) => r.number!));
}

/**
 * The company's document of the series with the highest number (an invoice or a storno document:
 * they share the series' numbering), and when it was sent; a deleted one is left out, since
 * SmartBill gives its number again. One step down the (company, series, number) index. Numbers
 * compare as text: a wider number after a narrower one ("10000" after "9999") is not the one
 * answered, which only makes the bound drawn from it looser or older.
 */
export function highestNumbered(
  exec: Executor,
  companyId: number,
  series: string,
): Promise<{ number: string; created_at: number } | undefined> {
  return highestNumberedQuery(exec, companyId, series).executeTakeFirst() as Promise<
    { number: string; created_at: number } | undefined
  >;
}

/** highestNumbered's query (its plan is tested). */
export const highestNumberedQuery = (exec: Executor, companyId: number, series: string) =>
  exec
    .selectFrom('invoices')
    .select(['number', 'created_at'])
    .where('company_id', '=', companyId)
    .where('series', '=', series)
    .where('number', 'is not', null)
    .where('state', '<>', 'deleted')
    .orderBy('number', 'desc')
    .limit(1);

/** Whether an invoice create for the order is in flight or being checked (the order's contents are fixed meanwhile). */
export async function invoiceInFlight(exec: Executor, orderId: number): Promise<boolean> {
  return Boolean(inFlight(await documentsOfOrder(exec, orderId), 'invoice'));
}

/**
 * Why the order cannot be deleted for its invoices, a message key, or null: a tax document stays
 * with its order. An invoice that holds it (issued, reversed in part, being sent) must be cancelled
 * or deleted first; a fully reversed one and its stornos stay for good (the order can be cancelled).
 * A cancelled or deleted invoice keeps nothing.
 */
export async function invoiceDeleteRefusal(
  exec: Executor,
  orderId: number,
): Promise<'order_delete_has_invoice' | 'order_delete_reversed_invoice' | null> {
  const invoices = (await documentsOfOrder(exec, orderId)).filter((d) => d.kind === 'invoice');
  if (invoices.some((d) => HOLDING_STATES.includes(d.state as DocumentState))) return 'order_delete_has_invoice';
  if (invoices.some((d) => d.state === 'storno')) return 'order_delete_reversed_invoice';
  return null;
}

/** Documents whose outcome is still open, oldest first (the background check). */
export function openDocuments(exec: Executor, limit: number): Promise<DocumentRow[]> {
  return exec
    .selectFrom('invoices')
    .selectAll()
    .where('state', 'in', IN_FLIGHT_STATES)
    .orderBy('id')
    .limit(limit)
    .execute();
}

// ---- the order's view -------------------------------------------------------------------------

/**
 * What the order shows of its invoices (findOrder): a document in flight, and the invoice its
 * bill_number names (else the last cancelled or fully reversed one, kept so it can still be read),
 * with its lines and storno documents. Two queries, whatever the order's history.
 */
export async function orderInvoiceView(exec: Executor, orderId: number): Promise<OrderInvoiceView> {
  const docs = await documentsOfOrder(exec, orderId);
  const shown = shownInvoice(docs);
  return invoiceViewOf(docs, shown && shown.number !== null ? await linesOf(exec, shown.id) : []);
}

export type OrderInvoiceView = {
  state: 'pending' | 'unknown' | null;
  invoice: OrderInvoice | null;
  documents: InvoiceDocument[];
};

/** The order's last invoice that ended (cancelled, or fully reversed), if any. */
export const endedInvoice = (docs: DocumentRow[]) =>
  [...docs].reverse().find((d) => d.kind === 'invoice' && ENDED_STATES.includes(d.state as DocumentState));

/** The invoice the order shows: the one its bill_number names, else the last that ended (cancelled or fully reversed). */
export const shownInvoice = (docs: DocumentRow[]) => currentInvoice(docs) ?? endedInvoice(docs);

/** Every column of an invoice and of an invoice line, for SQLite's JSON of them (db/json.ts). */
const DOCUMENT_COLUMNS = columnsOf<DocumentRow>()([
  'id',
  'company_id',
  'order_id',
  'kind',
  'reverses_id',
  'state',
  'series',
  'number',
  'expected_number',
  'total',
  'full_reversal',
  'client',
  'error',
  'created_by',
  'created_at',
  'issued_at',
  'updated_at',
]);
const LINE_COLUMNS = columnsOf<Selectable<InvoiceLinesTable>>()([
  'id',
  'invoice_id',
  'position',
  'kind',
  'order_product_id',
  'discount_of',
  'reverses_line_id',
  'name',
  'code',
  'quantity',
  'unit_price',
  'applies_to',
  'vat_name',
  'vat_percentage',
  'reversed',
  'reversed_value',
]);

/**
 * The order's invoice documents (`docs`) and the lines of each (`lines`) as JSON, for the
 * statement that answers an order in one round trip (text on SQLite: read them with parsedJson);
 * invoiceViewFromJson reads them.
 */
export const invoiceDocsJson = (orderRef: string, engine: Engine = 'postgres') =>
  engine === 'postgres'
    ? {
        docs: sql<
          DocumentRow[]
        >`(select coalesce(json_agg(i order by i.id), '[]'::json) from invoices i where i.order_id = ${sql.ref(orderRef)})`,
        lines: sql<
          Selectable<InvoiceLinesTable>[]
        >`(select coalesce(json_agg(l order by l.invoice_id, l.position), '[]'::json) from invoice_lines l join invoices i on i.id = l.invoice_id where i.order_id = ${sql.ref(orderRef)})`,
      }
    : {
        docs: partArray(
          engine,
          sqliteRowJson('i', DOCUMENT_COLUMNS),
          sql`i.id`,
          sql`from invoices i where i.order_id = ${sql.ref(orderRef)}`,
        ).$castTo<DocumentRow[] | string>(),
        lines: partArray(
          engine,
          sqliteRowJson('l', LINE_COLUMNS),
          sql`l.invoice_id, l.position`,
          sql`from invoice_lines l join invoices i on i.id = l.invoice_id where i.order_id = ${sql.ref(orderRef)}`,
        ).$castTo<Selectable<InvoiceLinesTable>[] | string>(),
      };

/** What orderInvoiceView answers, from the rows invoiceDocsJson read. */
export function invoiceViewFromJson(docs: DocumentRow[], lines: Selectable<InvoiceLinesTable>[]): OrderInvoiceView {
  const shown = shownInvoice(docs);
  return invoiceViewOf(docs, shown ? lines.filter((l) => l.invoice_id === shown.id).map(toStoredLine) : []);
}

/** The view of the order's documents, given the lines of the invoice it shows. */
function invoiceViewOf(docs: DocumentRow[], lines: StoredLine[]): OrderInvoiceView {
  const flying = docs.find((d) => IN_FLIGHT_STATES.includes(d.state as DocumentState));
  const shown = shownInvoice(docs);
  const state = flying ? (flying.state as 'pending' | 'unknown') : null;
  const documents = invoiceDocumentsOf(docs);
  if (!shown || shown.number === null) return { state, invoice: null, documents };
  const stornos = docs.filter(
    (d) => d.kind === 'storno' && d.reverses_id === shown.id && d.state === 'issued' && d.number !== null,
  );
  return {
    state,
    invoice: {
      series: shown.series,
      number: shown.number,
      status: shown.state as OrderInvoice['status'],
      issued_at: Number(shown.issued_at ?? shown.created_at),
      updated_at: Number(shown.updated_at),
      total: fromBani(Number(shown.total)),
      lines: lines.map((l) => ({
        order_product_id: l.order_product_id,
        name: l.name,
        quantity: l.quantity,
        // A discount line goes back in shares of its value: it counts as reversed once all of it went back.
        reversed: l.kind === 'discount' ? (l.reversed_value >= l.unit_price ? 1 : 0) : l.reversed,
      })),
      stornos: stornos.map((s) => ({
        series: s.series,
        number: s.number!,
        issued_at: Number(s.issued_at ?? s.created_at),
        total: fromBani(Number(s.total)),
      })),
    },
    documents,
  };
}

/** The invoice documents our rows hold in SmartBill. */
export function invoiceDocumentsOf(docs: DocumentRow[]): InvoiceDocument[] {
  const byId = new Map(docs.map((d) => [d.id, d]));
  return docs.filter(downloadable).map((d) => {
    const original = d.reverses_id === null ? undefined : byId.get(d.reverses_id);
    return {
      id: d.id,
      kind: d.kind as InvoiceDocument['kind'],
      series: d.series,
      number: d.number!,
      status: d.state as InvoiceDocument['status'],
      reverses: original?.number ? billNumberOf(original.series, original.number) : null,
      full_reversal: d.kind === 'storno' && Boolean(Number(d.full_reversal)),
      issued_at: Number(d.issued_at ?? d.created_at),
      total: fromBani(Number(d.total)),
      // Every invoice is issued in lei (the SmartBill client's default currency).
      currency: 'RON',
    };
  });
}

/**
 * A document SmartBill holds under its number: an issued invoice (reversed or not), one cancelled
 * there (it keeps its number, stamped), an issued storno document. A deleted invoice is gone and
 * its number free again; a failed or unanswered one has none.
 */
export const downloadable = (d: DocumentRow): boolean =>
  d.number !== null &&
  (d.kind === 'storno'
    ? d.state === 'issued'
    : [...CURRENT_STATES, ...ENDED_STATES].includes(d.state as DocumentState));

// ---- writing ----------------------------------------------------------------------------------

export interface NewDocument {
  company_id: number;
  order_id: number;
  kind: 'invoice' | 'storno';
  reverses_id: number | null;
  series: string;
  total: number;
  full_reversal: boolean;
  client: string;
  created_by: number | null;
  now: number;
}

/** A pending document with its lines (in the caller's transaction). */
export async function insertPending(
  exec: Executor,
  doc: NewDocument,
  lines: (PlannedLine | StornoLine)[],
): Promise<number> {
  const row = await exec
    .insertInto('invoices')
    .values({
      company_id: doc.company_id,
      order_id: doc.order_id,
      kind: doc.kind,
      reverses_id: doc.reverses_id,
      state: 'pending',
      series: doc.series,
      number: null,
      expected_number: null,
      total: doc.total,
      full_reversal: doc.full_reversal ? 1 : 0,
      client: doc.client,
      error: null,
      created_by: doc.created_by,
      created_at: doc.now,
      issued_at: null,
      updated_at: doc.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const l of lines) {
    await exec
      .insertInto('invoice_lines')
      .values({
        invoice_id: row.id,
        position: l.position,
        kind: l.kind,
        order_product_id: l.order_product_id,
        discount_of: l.discount_of,
        reverses_line_id: 'reverses_line_id' in l ? l.reverses_line_id : null,
        name: l.name,
        code: l.code,
        quantity: l.quantity,
        unit_price: l.unit_price,
        applies_to: l.applies_to,
        vat_name: l.vat_name,
        vat_percentage: l.vat_percentage,
      })
      .execute();
  }
  return row.id;
}

export async function setExpectedNumber(exec: Executor, id: number, expected: string | null): Promise<void> {
  await exec.updateTable('invoices').set({ expected_number: expected }).where('id', '=', id).execute();
}

/**
 * Moves a document out of `from` (a guard: two checks of one document at the same moment change it
 * once). True when this call changed it.
 */
export async function moveDocument(
  exec: Executor,
  id: number,
  from: DocumentState[],
  set: {
    state: DocumentState;
    series?: string;
    number?: string;
    issued_at?: number;
    error?: string | null;
    now: number;
  },
): Promise<boolean> {
  const { now, ...fields } = set;
  const res = await exec
    .updateTable('invoices')
    .set({
      ...fields,
      ...(fields.error !== undefined ? { error: fields.error?.slice(0, 500) ?? null } : {}),
      updated_at: now,
    })
    .where('id', '=', id)
    .where('state', 'in', from)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** Adds a storno document's take-back to the invoice lines it reverses. */
export async function addReversed(
  exec: Executor,
  taken: { reverses_line_id: number; quantity: number; amount: number }[],
): Promise<void> {
  for (const t of taken) {
    await exec
      .updateTable('invoice_lines')
      .set({
        reversed: sql<number>`reversed + ${t.quantity}`,
        reversed_value: sql<number>`reversed_value + ${t.amount}`,
      })
      .where('id', '=', t.reverses_line_id)
      .execute();
  }
}

// ---- the order as invoiced --------------------------------------------------------------------

/**
 * What an invoice is made of: the order's lines, discounts and customer details (in the caller's
 * transaction); the client's phone is the one the order's company knows (its view of the customer).
 */
export async function invoiceSource(exec: Executor, orderId: number) {
  const [lines, discounts, detail] = await Promise.all([
    exec
      .selectFrom('order_products')
      .select([
        'id',
        'product_id',
        'name',
        'sku',
        'price',
        'quantity',
        'original_currency',
        'original_price',
        'exchange_rate',
        'rate_date',
        'rate_source',
      ])
      .where('order_id', '=', orderId)
      .orderBy('id')
      .execute(),
    exec
      .selectFrom('applied_discounts')
      .select(['type', 'value', 'order_product_id', 'coupon'])
      .where('order_id', '=', orderId)
      .orderBy('id')
      .execute(),
    exec
      .selectFrom('order_customer_details as d')
      .innerJoin('orders as o', 'o.id', 'd.order_id')
      .innerJoin('company_customers as cc', (j) =>
        j.onRef('cc.company_id', '=', 'o.company_id').onRef('cc.customer_id', '=', 'o.customer_id'),
      )
      .selectAll('d')
      .select('cc.phone_number')
      .where('d.order_id', '=', orderId)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    lines: lines.map((l) => ({ ...l, price: Number(l.price) })),
    discounts: discounts.map((d) => ({ ...d, value: d.value === null ? null : Number(d.value) })),
    detail,
  };
}
