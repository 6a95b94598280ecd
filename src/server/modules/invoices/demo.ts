import { STORNO_MIN_AGE_SECONDS } from '../../../core/api/invoices.js';
import type { Executor } from '../../db/connection.js';
import { ageCurrentInvoice, billNumberOf } from './queries.js';

/**
 * For trying a storno in the demo (the command line's `invoice:age`): storno is allowed only for
 * an invoice last changed more than a day ago, so the order's invoice is moved a day and a minute
 * into the past (its row only: the document at SmartBill keeps its date). Answers the invoice's
 * number, or null when the order has no issued invoice.
 */
export async function ageInvoiceForDemo(exec: Executor, orderId: number): Promise<string | null> {
  const invoice = await ageCurrentInvoice(exec, orderId, STORNO_MIN_AGE_SECONDS + 60);
  return invoice ? billNumberOf(invoice.series, invoice.number!) : null;
}
