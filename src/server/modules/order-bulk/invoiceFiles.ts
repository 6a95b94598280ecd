import type { ServiceContext } from '../../context.js';
import { HttpError, notFound } from '../../http/errors.js';
import { isPdf, mergePdfs } from '../../lib/pdf/merge.js';
import { zipFiles } from '../../lib/zipWriter.js';
import { downloadInvoice } from '../invoices/index.js';
import { companyJob, doneItems } from './queries.js';

/**
 * A bulk invoice job's invoices as files for the accountant: one PDF of them all, or a ZIP with
 * each invoice in a file of its own (named as its single download is, `Factura-FCT-0001.pdf`), in
 * selection order. Each is the order's invoice as SmartBill gives it now (the single download's
 * call); an order whose invoice was deleted since the job is left out.
 */

export interface InvoiceFile {
  order: number;
  filename: string;
  pdf: Buffer;
}

/**
 * The invoices of the job's orders that came out done, fetched one after another (SmartBill takes
 * a few calls a second per account, so fetching side by side would only queue). 409 when the job
 * is not an invoice job or none of its invoices is left.
 */
export async function bulkInvoiceFiles(ctx: ServiceContext, id: number): Promise<InvoiceFile[]> {
  const job = await companyJob(ctx.db.kysely, ctx.companyId, id);
  if (!job) throw notFound();
  if (job.action !== 'invoice') throw new HttpError(409, 'bulk_not_invoices');
  const files: InvoiceFile[] = [];
  for (const item of await doneItems(ctx.db.kysely, id)) {
    try {
      const { pdf, filename } = await downloadInvoice(ctx, item.order_id);
      files.push({ order: item.order_id, filename, pdf });
    } catch (err) {
      // Deleted since the job issued it (or the order itself): nothing of it to hand over.
      if (err instanceof HttpError && err.status === 404) continue;
      throw err;
    }
  }
  if (files.length === 0) throw new HttpError(409, 'bulk_no_invoices');
  return files;
}

const notPdf = (files: InvoiceFile[]) => (i: number) =>
  new HttpError(502, 'bulk_invoice_not_pdf', { order: files[i].order });

/** One PDF of the job's invoices, page after page (502 naming the order whose file is not a PDF). */
export async function mergedInvoices(ctx: ServiceContext, id: number): Promise<Buffer> {
  const files = await bulkInvoiceFiles(ctx, id);
  return mergePdfs(
    files.map((f) => f.pdf),
    notPdf(files),
  );
}

/** A ZIP of the job's invoices, one PDF file each; each is checked to be a PDF first, as for the merge. */
export async function zippedInvoices(ctx: ServiceContext, id: number): Promise<Buffer> {
  const files = await bulkInvoiceFiles(ctx, id);
  const refuse = notPdf(files);
  files.forEach((f, i) => {
    if (!isPdf(f.pdf)) throw refuse(i);
  });
  return zipFiles(files.map((f) => ({ name: f.filename, data: f.pdf })));
}
