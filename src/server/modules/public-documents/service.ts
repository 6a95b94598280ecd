import crypto from 'node:crypto';
import { forCompany, type ServiceContext } from '../../context.js';
import { HttpError } from '../../http/errors.js';
import { downloadInvoice, invoiceDocuments } from '../invoices/index.js';
import { awbLabel } from '../shipping/index.js';
import { documentByToken, documentOf, insertDocument, revokeDocuments } from './queries.js';

/**
 * Public document links: a document of an order (the AWB's label, an invoice, a storno) that a shop
 * downloads itself, without a session (eMAG fetches an attachment's PDF from its link). The link's token is
 * random (256 bits), so it cannot be guessed or listed; one per order, kind and document, so a
 * retried send gives the same link; revoked with the order's documents. The PDF is made when it is
 * asked for, as the order's own download makes it: an AWB no longer the order's, an invoice no longer
 * among its documents, an unknown or revoked token are all the same 404.
 */

export type PublicDocumentKind = 'awb_label' | 'invoice' | 'storno';

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

const notFound = () => new HttpError(404, 'not_found');

/** The link of a document (made at its first asking): `{PUBLIC_URL}/api/v1/public/documents/<token>.pdf`. */
export async function publicDocumentUrl(
  ctx: ServiceContext,
  doc: { orderId: number; kind: PublicDocumentKind; ref: string },
): Promise<string> {
  const db = ctx.db.kysely;
  let row = await documentOf(db, doc.orderId, doc.kind, doc.ref);
  if (!row) {
    await insertDocument(db, {
      token: crypto.randomBytes(32).toString('base64url'),
      company_id: ctx.companyId,
      order_id: doc.orderId,
      kind: doc.kind,
      ref: doc.ref,
      created_at: ctx.now,
    });
    row = await documentOf(db, doc.orderId, doc.kind, doc.ref);
  }
  if (!row || row.company_id !== ctx.companyId) throw new Error('public document link not made');
  return `${(ctx.publicUrl ?? 'http://localhost').replace(/\/+$/, '')}/api/v1/public/documents/${row.token}.pdf`;
}

/** Ends every link of the order's documents. */
export async function revokePublicDocuments(ctx: ServiceContext, orderId: number): Promise<void> {
  await revokeDocuments(ctx.db.kysely, orderId, ctx.now);
}

/** `GET /api/v1/public/documents/{token}.pdf`: the PDF, or 404. */
export async function publicDocument(base: ServiceContext, file: string): Promise<{ pdf: Buffer; filename: string }> {
  const token = file.replace(/\.pdf$/i, '');
  if (!TOKEN.test(token)) throw notFound();
  const row = await documentByToken(base.db.kysely, token);
  if (!row || row.revoked_at !== null) throw notFound();
  const ctx = forCompany(base, row.company_id);
  try {
    if (row.kind === 'awb_label') {
      const label = await awbLabel(ctx, row.order_id);
      if (label.awb !== row.ref) throw notFound();
      return { pdf: label.pdf, filename: `AWB-${label.awb.replace(/[^A-Za-z0-9_-]+/g, '_')}.pdf` };
    }
    if (row.kind === 'invoice' || row.kind === 'storno') {
      const doc = (await invoiceDocuments(ctx, row.order_id)).find(
        // A cancelled invoice is no longer the order's document; a reversed one still is (its storno says so).
        (d) => d.kind === row.kind && d.status !== 'cancelled' && `${d.series} ${d.number}` === row.ref,
      );
      if (!doc) throw notFound();
      return downloadInvoice(ctx, row.order_id, { document: doc.id });
    }
  } catch (err) {
    // The order or its document gone: the link says no more than an unknown one.
    if (err instanceof HttpError && err.status === 404) throw notFound();
    throw err;
  }
  throw notFound();
}
