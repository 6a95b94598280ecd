import type { IntegrationConfiguration } from '../../../core/api/integrations.js';
import type { ServiceContext } from '../../context.js';
import { HttpError } from '../../http/errors.js';
import type { SecretBox } from '../../lib/secrets.js';
import type { InvoicingClient } from '../../providers/invoicing/types.js';
import { findCompanyIntegrationByKey } from '../integrations/queries.js';
import { storedCredentials } from '../integrations/service.js';
import type { Vat } from './lines.js';

/** What the invoices module needs besides the request's context: the app key's box (the sealed SmartBill login). */
export interface InvoiceDeps {
  secrets: SecretBox;
}

export interface SmartBillAccess {
  client: InvoicingClient;
  /** The series chosen in the wizard (new invoices); documents already issued keep their own. */
  series: string;
  vat: Vat;
}

/**
 * The company's SmartBill set-up. Issuing needs it active and complete (login, series and VAT
 * rate): 422 saying which part is missing otherwise. Reading or changing an invoice already
 * issued needs only the login (a company may pause the integration and still cancel an invoice).
 */
export async function smartBillFor(ctx: ServiceContext, deps: InvoiceDeps, purpose: 'issue'): Promise<SmartBillAccess>;
export async function smartBillFor(ctx: ServiceContext, deps: InvoiceDeps, purpose: 'manage'): Promise<Pick<SmartBillAccess, 'client'>>;
export async function smartBillFor(ctx: ServiceContext, deps: InvoiceDeps, purpose: 'issue' | 'manage'): Promise<SmartBillAccess | Pick<SmartBillAccess, 'client'>> {
  const row = await findCompanyIntegrationByKey(ctx.db.kysely, ctx.companyId, 'smartbill');
  if (!row || row.credentials === null) throw new HttpError(422, 'smartbill_not_set_up');
  const configuration = (row.configuration ? JSON.parse(row.configuration) : {}) as IntegrationConfiguration;
  const vatPercentage = configuration.vat_amount == null ? NaN : Number(configuration.vat_amount);
  if (purpose === 'issue') {
    if (!row.is_active) throw new HttpError(422, 'smartbill_inactive');
    if (!configuration.series_name) throw new HttpError(422, 'smartbill_no_series');
    if (!configuration.vat_name || !Number.isFinite(vatPercentage)) throw new HttpError(422, 'smartbill_no_vat');
  }
  const { credentials } = await storedCredentials(ctx, deps, 'smartbill');
  if (!ctx.providers) throw new Error('no provider registry in this context');
  const company = await ctx.db.kysely.selectFrom('companies').select('vat_number').where('id', '=', ctx.companyId).executeTakeFirstOrThrow();
  const client = ctx.providers.invoicing({ username: credentials.username, token: credentials.token, vat_code: company.vat_number });
  if (purpose === 'manage') return { client };
  return { client, series: configuration.series_name!, vat: { name: configuration.vat_name!, percentage: vatPercentage } };
}
