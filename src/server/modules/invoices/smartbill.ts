import type { ServiceContext } from '../../context.js';
import { HttpError } from '../../http/errors.js';
import type { InvoicingClient } from '../../providers/invoicing/types.js';
import { invoicingFor } from '../integrations/index.js';
import type { Vat } from './lines.js';

export interface SmartBillAccess {
  client: InvoicingClient;
  /** The series chosen in the wizard (new invoices); documents already issued keep their own. */
  series: string;
  /** The default rate chosen in the wizard; null: "no default", each product's own rate. */
  vat: Vat | null;
}

/**
 * The company's SmartBill set-up. Issuing needs it active and complete (login, series and the VAT
 * step done: a default rate, or "no default" where each product's rate applies): 422 saying which
 * part is missing otherwise. Reading or changing an invoice already
 * issued needs only the login (a company may pause the integration and still cancel an invoice).
 */
export async function smartBillFor(ctx: ServiceContext, purpose: 'issue'): Promise<SmartBillAccess>;
export async function smartBillFor(ctx: ServiceContext, purpose: 'manage'): Promise<Pick<SmartBillAccess, 'client'>>;
export async function smartBillFor(
  ctx: ServiceContext,
  purpose: 'issue' | 'manage',
): Promise<SmartBillAccess | Pick<SmartBillAccess, 'client'>> {
  const account = await invoicingFor(ctx, () => new HttpError(422, 'smartbill_not_set_up'));
  if (purpose === 'manage') return { client: account.client };
  const { configuration } = account;
  const vatPercentage = configuration.vat_amount == null ? NaN : Number(configuration.vat_amount);
  if (!account.row.is_active) throw new HttpError(422, 'smartbill_inactive');
  if (!configuration.series_name) throw new HttpError(422, 'smartbill_no_series');
  // null is the wizard's "No default VAT (each product's rate)"; undefined: the step was never done.
  if (configuration.vat_amount === undefined) throw new HttpError(422, 'smartbill_no_vat');
  const vat =
    configuration.vat_amount === null
      ? null
      : configuration.vat_name && Number.isFinite(vatPercentage)
        ? { name: configuration.vat_name, percentage: vatPercentage }
        : null;
  if (configuration.vat_amount !== null && !vat) throw new HttpError(422, 'smartbill_no_vat');
  return { client: account.client, series: configuration.series_name, vat };
}
