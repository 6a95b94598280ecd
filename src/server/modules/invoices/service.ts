import { downloadQuery, stornoAllowed, stornoBody, type InvoiceDocument } from '../../../core/api/invoices.js';
import type { ServiceContext } from '../../context.js';
import { HttpError, parse } from '../../http/errors.js';
import { bucharestDate } from '../../lib/bucharestTime.js';
import type { InvoiceClient, InvoiceItem, InvoiceRef } from '../../providers/invoicing/types.js';
import { changeInvoiceStatus, lockOrder, orderOf, recordEvent, setBillNumber } from '../order-lifecycle/index.js';
import { claimDocument } from '../provider-documents/index.js';
import { invoiceStore, sendDocument, settleInFlight } from './documents.js';
import { conversionMentions, invoiceLinesOf, stornoPlan, type PlannedLine, type Vat } from './lines.js';
import { productVatRates } from '../products/index.js';
import type { Executor } from '../../db/connection.js';
import './messages.js';
import {
  billNumberOf,
  currentInvoice,
  documentsOfOrder,
  downloadable,
  endedInvoice,
  findDocument,
  inFlight,
  insertPending,
  invoiceDocumentsOf,
  invoiceSource,
  linesOf,
  moveDocument,
  shownInvoice,
  type DocumentRow,
} from './queries.js';
import { smartBillFor } from './smartbill.js';

/**
 * SmartBill invoices of orders: create, download, cancel, delete and storno. Every document is sent
 * once through the provider documents protocol: a pending row claimed under the order's lock (the
 * unique indexes make a second one impossible), SmartBill called outside any transaction, the
 * outcome recorded (documents.ts). The order is read before anything else, so another company's
 * order is a 404 whatever the body.
 */

const requireOrder = (ctx: ServiceContext, id: number) => orderOf(ctx.db.kysely, ctx, id);

/** A text the customer left empty, or the literal "null" / "undefined" the spec says to treat as empty. */
const present = (v: string | null | undefined): string | undefined => {
  const t = v?.trim();
  return t && t !== 'null' && t !== 'undefined' ? t : undefined;
};

/** The invoice's client: the customer's company when the order names one (with its VAT code), else the person. */
export function invoiceClientOf(d: {
  name: string;
  email: string | null;
  phone_number: string;
  address: string | null;
  city: string | null;
  county: string | null;
  company_name: string | null;
  vat_number: string | null;
  company_address: string | null;
  company_city: string | null;
  company_county: string | null;
}): InvoiceClient {
  const company = present(d.company_name);
  const common = { country: 'Romania', email: present(d.email), phone: d.phone_number };
  if (!company)
    return {
      ...common,
      name: d.name,
      isTaxPayer: false,
      address: present(d.address) ?? '',
      city: present(d.city) ?? '',
      county: present(d.county) ?? '',
    };
  const vatCode = present(d.vat_number);
  return {
    ...common,
    name: company,
    vatCode,
    // A VAT payer's code carries the RO prefix.
    isTaxPayer: Boolean(vatCode && /^RO/i.test(vatCode)),
    address: present(d.company_address) ?? present(d.address) ?? '',
    city: present(d.company_city) ?? present(d.city) ?? '',
    county: present(d.company_county) ?? present(d.county) ?? '',
  };
}

const toItem = (l: PlannedLine): InvoiceItem =>
  l.kind === 'discount'
    ? {
        discount: true,
        name: l.name,
        valueBani: l.unit_price,
        appliesTo: l.applies_to ?? 1,
        vatName: l.vat_name,
        vatPercentage: l.vat_percentage,
      }
    : {
        name: l.name,
        code: l.code ?? undefined,
        quantity: l.quantity,
        unitPriceBani: l.unit_price,
        taxIncluded: true,
        vatName: l.vat_name,
        vatPercentage: l.vat_percentage,
        isService: l.kind === 'shipping',
      };

const refOf = (doc: DocumentRow): InvoiceRef => ({ series: doc.series, number: doc.number! });

/**
 * Each order line's VAT: its product's own rate (a variation's, else its parent's), named as the
 * company's SmartBill names it (the first of its rates with that percentage), else none (the
 * default applies). A rate SmartBill does not have is a 422 naming the product.
 */
async function lineVats(
  exec: Executor,
  companyId: number,
  lines: { id: number; product_id: number | null; name: string; sku: string }[],
  defaultVat: Vat | null,
  taxes: Vat[],
): Promise<Map<number, Vat | null>> {
  const rates = await productVatRates(
    exec,
    companyId,
    lines.map((l) => l.product_id),
  );
  const out = new Map<number, Vat | null>();
  for (const l of lines) {
    const rate = l.product_id === null ? null : (rates.get(l.product_id) ?? null);
    if (rate === null || rate === defaultVat?.percentage) {
      out.set(l.id, null);
      continue;
    }
    const tax = taxes.find((t) => t.percentage === rate);
    if (!tax) throw new HttpError(422, 'invoice_vat_unknown', { rate: String(rate), product: `${l.name} (${l.sku})` });
    out.set(l.id, { name: tax.name, percentage: tax.percentage });
  }
  return out;
}

// ---- create -----------------------------------------------------------------------------------

/**
 * Issues the order's invoice. Answers 'created', or 'adopted' when an earlier create whose answer
 * was lost turned out to have issued it (the order now shows that one).
 */
export async function createInvoice(ctx: ServiceContext, orderId: number): Promise<'created' | 'adopted'> {
  const order = await requireOrder(ctx, orderId);
  // Checked again under the order's lock below; here it spares SmartBill a question.
  if (order.bill_number) throw new HttpError(409, 'invoice_exists', { bill_number: order.bill_number });
  const smartBill = await smartBillFor(ctx, 'issue');
  const settled = await settleInFlight(ctx, orderId, 'invoice');
  if (settled.outcome === 'adopted') return 'adopted';
  // SmartBill's names of its rates, asked (outside any transaction) only when a product has a rate of its own.
  const before = await invoiceSource(ctx.db.kysely, orderId);
  const rates = await productVatRates(
    ctx.db.kysely,
    ctx.companyId,
    before.lines.map((l) => l.product_id),
  );
  const taxes = [...rates.values()].some((r) => r !== null && r !== smartBill.vat?.percentage)
    ? await smartBill.client.vatRates()
    : [];

  const claimed = await claimDocument(
    ctx,
    invoiceStore,
    async (trx) => {
      const order = await lockOrder(trx, ctx, orderId);
      if (order.bill_number) throw new HttpError(409, 'invoice_exists', { bill_number: order.bill_number });
      if (order.status === 'cancelled') throw new HttpError(409, 'invoice_order_cancelled');
      if (inFlight(await documentsOfOrder(trx, orderId), 'invoice')) throw new HttpError(409, 'invoice_in_progress');
      const source = await invoiceSource(trx, orderId);
      const vats = await lineVats(trx, ctx.companyId, source.lines, smartBill.vat, taxes);
      const plan = invoiceLinesOf(
        {
          lines: source.lines.map((l) => ({ ...l, vat: vats.get(l.id) })),
          discounts: source.discounts,
          shippingCost: Number(order.shipping_cost),
          totalValue: Number(order.total_value),
        },
        smartBill.vat,
      );
      if (!plan.ok) throw new HttpError(422, plan.key, plan.params);
      const client = invoiceClientOf(source.detail);
      const id = await insertPending(
        trx,
        {
          company_id: ctx.companyId,
          order_id: orderId,
          kind: 'invoice',
          reverses_id: null,
          series: smartBill.series,
          total: plan.total,
          full_reversal: false,
          client: JSON.stringify(client),
          created_by: ctx.userId || null,
          now: ctx.now,
        },
        plan.lines,
      );
      return { id, lines: plan.lines, client, mentions: conversionMentions(source.lines) };
    },
    () => new HttpError(409, 'invoice_in_progress'),
  );
  const doc = (await findDocument(ctx.db.kysely, claimed.id))!;
  await sendDocument(ctx, smartBill.client, doc, () =>
    smartBill.client.createInvoice({
      seriesName: smartBill.series,
      issueDate: bucharestDate(ctx.now),
      client: claimed.client,
      lines: claimed.lines.map(toItem),
      mentions: claimed.mentions,
      observations: `Comanda ${orderId}`,
    }),
  );
  return 'created';
}

// ---- download ---------------------------------------------------------------------------------

/**
 * The PDF of one of the order's documents: `documentId` names it (an invoice or a storno document
 * of this order that SmartBill holds; any other id is a 404), else the order's invoice (or its
 * last cancelled or fully reversed one, which SmartBill keeps).
 */
export async function downloadInvoice(
  ctx: ServiceContext,
  orderId: number,
  query: unknown = {},
): Promise<{ pdf: Buffer; filename: string }> {
  await requireOrder(ctx, orderId);
  const { document } = parse(downloadQuery, query);
  const docs = await documentsOfOrder(ctx.db.kysely, orderId);
  const invoice = document !== undefined ? docs.find((d) => d.id === document && downloadable(d)) : shownInvoice(docs);
  if (!invoice) throw new HttpError(404, 'invoice_not_found');
  const { client } = await smartBillFor(ctx, 'manage');
  const pdf = await client.invoicePdf(refOf(invoice));
  const safe = (s: string) => s.replace(/[^A-Za-z0-9_-]+/g, '_');
  const name = invoice.kind === 'storno' ? 'Storno' : 'Factura';
  return { pdf, filename: `${name}-${safe(invoice.series)}-${safe(invoice.number!)}.pdf` };
}

/** Every document SmartBill issued for the order (invoices and storno documents), oldest first. */
export async function invoiceDocuments(ctx: ServiceContext, orderId: number): Promise<InvoiceDocument[]> {
  await requireOrder(ctx, orderId);
  return invoiceDocumentsOf(await documentsOfOrder(ctx.db.kysely, orderId));
}

// ---- cancel, delete ---------------------------------------------------------------------------

/**
 * The order's current invoice for a change, refused while a storno is on its way or once one was
 * issued; without one 404, or 409 when its last invoice was fully reversed (a reversed invoice is
 * neither cancelled nor deleted).
 */
async function invoiceToChange(ctx: ServiceContext, orderId: number, reversedKey: string): Promise<DocumentRow> {
  await requireOrder(ctx, orderId);
  const docs = await documentsOfOrder(ctx.db.kysely, orderId);
  const invoice = currentInvoice(docs);
  if (!invoice) throw noCurrentInvoice(docs, reversedKey);
  const bill = billNumberOf(invoice.series, invoice.number!);
  if (inFlight(docs, 'storno')) throw new HttpError(409, 'storno_in_progress');
  if (invoice.state !== 'issued') throw new HttpError(409, reversedKey, { bill_number: bill });
  return invoice;
}

/** Why the order has no invoice to change: its last one was fully reversed (409 `key`), or it has none (404). */
function noCurrentInvoice(docs: DocumentRow[], key: string): HttpError {
  const ended = endedInvoice(docs);
  return ended?.state === 'storno'
    ? new HttpError(409, key, { bill_number: billNumberOf(ended.series, ended.number!) })
    : new HttpError(404, 'invoice_not_found');
}

/** Records the end of the invoice (cancelled or deleted at SmartBill): the order loses its bill_number, the history keeps the number. */
async function endInvoice(ctx: ServiceContext, invoice: DocumentRow, state: 'cancelled' | 'deleted'): Promise<void> {
  await ctx.db.transaction(async (trx) => {
    const order = await lockOrder(trx, ctx, invoice.order_id);
    // SmartBill has done it: recorded whatever the row says now.
    await moveDocument(trx, invoice.id, ['issued', 'partially_storno', 'storno'], { state, now: ctx.now });
    await setBillNumber(trx, ctx, invoice.order_id, null);
    await changeInvoiceStatus(trx, ctx, order, 'ended');
    await recordEvent(trx, ctx, invoice.order_id, state === 'cancelled' ? 'invoice_cancelled' : 'invoice_deleted', {
      bill_number: billNumberOf(invoice.series, invoice.number!),
    });
  });
}

/**
 * Cancels (voids) the invoice at SmartBill; it keeps its number there. The order's bill_number is
 * cleared, so a corrected invoice can be issued and the order can be cancelled; the cancelled
 * invoice stays readable (order.invoice, download) until another is issued.
 */
export async function cancelInvoice(ctx: ServiceContext, orderId: number): Promise<void> {
  const invoice = await invoiceToChange(ctx, orderId, 'invoice_reversed_no_cancel');
  const { client } = await smartBillFor(ctx, 'manage');
  await client.cancelInvoice(refOf(invoice));
  await endInvoice(ctx, invoice, 'cancelled');
}

/** Deletes the invoice at SmartBill: only the last of its series (409 saying to cancel or reverse it otherwise). */
export async function deleteInvoice(ctx: ServiceContext, orderId: number): Promise<void> {
  const invoice = await invoiceToChange(ctx, orderId, 'invoice_reversed_no_delete');
  const { client } = await smartBillFor(ctx, 'manage');
  const next = (await client.series()).find((s) => s.name === invoice.series)?.nextNumber;
  if (
    next != null &&
    /^\d+$/.test(next) &&
    /^\d+$/.test(invoice.number!) &&
    Number(invoice.number) !== Number(next) - 1
  ) {
    throw new HttpError(409, 'invoice_not_last', {
      series: invoice.series,
      bill_number: billNumberOf(invoice.series, invoice.number!),
    });
  }
  await client.deleteInvoice(refOf(invoice));
  await endInvoice(ctx, invoice, 'deleted');
}

// ---- storno -----------------------------------------------------------------------------------

/**
 * Reverses products of the order's invoice: `order_products: [{id, quantity}]`, quantity 0 lines
 * ignored, each other one from 1 to what is left of its line. Everything left reversed is a full
 * storno (SmartBill's own reverse when nothing was reversed before, else the rest as a partial one):
 * the order's invoice status becomes `storno` and the order is free again (no bill_number: see
 * recordIssued); otherwise `partially_storno`, the order still invoiced. Its status stays either
 * way. Only for an invoice last changed more than a day ago.
 */
export async function stornoInvoice(ctx: ServiceContext, orderId: number, body: unknown): Promise<void> {
  await requireOrder(ctx, orderId);
  const input = parse(stornoBody, body);
  const { client } = await smartBillFor(ctx, 'manage');
  const settled = await settleInFlight(ctx, orderId, 'storno');
  if (settled.outcome === 'adopted')
    throw new HttpError(409, 'storno_adopted', { storno: billNumberOf(settled.doc!.series, settled.doc!.number!) });

  const claimed = await claimDocument(
    ctx,
    invoiceStore,
    async (trx) => {
      await lockOrder(trx, ctx, orderId);
      const docs = await documentsOfOrder(trx, orderId);
      const invoice = currentInvoice(docs);
      if (!invoice) throw noCurrentInvoice(docs, 'invoice_fully_reversed');
      if (!stornoAllowed(Number(invoice.updated_at), ctx.now)) throw new HttpError(409, 'storno_too_soon');
      if (inFlight(docs, 'storno')) throw new HttpError(409, 'storno_in_progress');
      const lines = await linesOf(trx, invoice.id);
      const take = stornoSelection(lines, input.order_products);
      const plan = stornoPlan(lines, take);
      const id = await insertPending(
        trx,
        {
          company_id: ctx.companyId,
          order_id: orderId,
          kind: 'storno',
          reverses_id: invoice.id,
          series: invoice.series,
          total: -plan.total,
          full_reversal: plan.full,
          client: invoice.client,
          created_by: ctx.userId || null,
          now: ctx.now,
        },
        plan.lines,
      );
      return { id, invoice, plan };
    },
    () => new HttpError(409, 'storno_in_progress'),
  );
  const doc = (await findDocument(ctx.db.kysely, claimed.id))!;
  const original = refOf(claimed.invoice);
  const issueDate = bucharestDate(ctx.now);
  await sendDocument(ctx, client, doc, () =>
    claimed.plan.whole
      ? client.reverseInvoice(original, issueDate)
      : client.partialReverse(original, {
          seriesName: original.series,
          issueDate,
          client: JSON.parse(claimed.invoice.client) as InvoiceClient,
          lines: claimed.plan.lines.map(toItem),
        }),
  );
}

/**
 * The storno selection checked against the invoice: each line named must be a product line of the
 * invoice (by its order line id) and ask for at most what is left of it. Answers invoice line id →
 * units. Nothing asked (or everything 0): 422 "No valid products selected".
 */
function stornoSelection(
  lines: Awaited<ReturnType<typeof linesOf>>,
  asked: { id: number; quantity: number }[],
): Map<number, number> {
  const take = new Map<number, number>();
  const fields: Record<string, { key: string; params?: Record<string, string | number> }[]> = {};
  asked.forEach((a, i) => {
    if (a.quantity === 0) return;
    const line = lines.find((l) => l.kind === 'product' && l.order_product_id === a.id);
    if (!line) {
      fields[`order_products.${i}.id`] = [{ key: 'storno_line_not_invoiced' }];
      return;
    }
    const left = line.quantity - line.reversed;
    const already = take.get(line.id) ?? 0;
    if (already + a.quantity > left) {
      fields[`order_products.${i}.quantity`] = [{ key: 'storno_quantity_left', params: { left } }];
      return;
    }
    take.set(line.id, already + a.quantity);
  });
  if (take.size === 0)
    throw new HttpError(422, 'no_valid_products', {}, { ...fields, order_products: [{ key: 'no_valid_products' }] });
  if (Object.keys(fields).length) throw new HttpError(422, 'validation_failed', {}, fields);
  return take;
}
