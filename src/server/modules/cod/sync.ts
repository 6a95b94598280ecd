import { COD_API_COURIERS, type CodSyncResult } from '../../../core/api/cod.js';
import { forCompany, type ServiceContext } from '../../context.js';
import { bucharestDate } from '../../lib/bucharestTime.js';
import type { CourierProvider } from '../../providers/couriers/types.js';
import { activeCourierSetUps, courierFor } from '../integrations/index.js';
import { matchPayments, savePayments, type ReportedPayment } from './service.js';

/**
 * How far back a courier's repayment report is read: transfers come days (a late one weeks) after
 * delivery, so a pass that was missed, or a report corrected later, is read again; a payment
 * already recorded is recognised and changes nothing.
 */
export const SYNC_WINDOW_DAYS = 60;
const DAY = 86_400;

const hasReport = (c: string): c is (typeof COD_API_COURIERS)[number] =>
  (COD_API_COURIERS as readonly string[]).includes(c);

/**
 * Asks every courier of the company that publishes its cash-on-delivery transfers (Cargus, DPD)
 * for those of the last 60 days and saves the company's new ones. The courier's report is what it
 * paid: a payment whose amount differs from the AWB's cash on delivery is saved as paid and listed
 * among the differences; a second payment of an AWB already paid, or an AWB not the company's, is
 * not saved. A courier that fails is reported and does not stop the others.
 */
export async function syncCodRepayments(ctx: ServiceContext): Promise<CodSyncResult> {
  const setUps = (await activeCourierSetUps(ctx.db.kysely)).filter((s) => s.companyId === ctx.companyId);
  const result: CodSyncResult = { couriers: [], file_only: [] };
  for (const { courier } of setUps) {
    if (!hasReport(courier)) {
      result.file_only.push(courier);
      continue;
    }
    result.couriers.push(await syncCourier(ctx, courier));
  }
  return result;
}

async function syncCourier(ctx: ServiceContext, courier: CourierProvider): Promise<CodSyncResult['couriers'][number]> {
  try {
    const account = await courierFor(ctx, courier);
    if (!account.client.codRepayments) return { courier, reported: 0, saved: 0, error: null };
    const reported = await account.client.codRepayments({
      from: bucharestDate(ctx.now - SYNC_WINDOW_DAYS * DAY),
      to: bucharestDate(ctx.now),
    });
    const payments: ReportedPayment[] = reported.map((r) => ({
      awb: r.awbNumber,
      paidBani: r.paidBani,
      feeBani: r.feeBani,
      date: r.paidOn,
      reference: r.reference,
    }));
    const matched = await matchPayments(ctx, courier, payments);
    const saved = await savePayments(ctx, courier, payments, matched, { origin: 'api', acceptDifferences: true });
    return { courier, reported: payments.length, saved: saved.filter(Boolean).length, error: null };
  } catch (err) {
    return { courier, reported: 0, saved: 0, error: err instanceof Error ? err.message.slice(0, 300) : 'failed' };
  }
}

/** Every company's couriers with a repayment report, one company at a time (the recurring job). */
export async function syncAllCodRepayments(ctx: ServiceContext): Promise<{ companies: number; saved: number }> {
  const companies = [
    ...new Set((await activeCourierSetUps(ctx.db.kysely)).filter((s) => hasReport(s.courier)).map((s) => s.companyId)),
  ];
  let saved = 0;
  for (const companyId of companies) {
    const r = await syncCodRepayments(forCompany(ctx, companyId));
    saved += r.couriers.reduce((a, c) => a + c.saved, 0);
  }
  return { companies: companies.length, saved };
}
