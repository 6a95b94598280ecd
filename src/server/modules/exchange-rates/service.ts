import type { ServiceContext } from '../../context.js';
import type { Executor } from '../../db/connection.js';
import { bucharestDate } from '../../lib/bucharestTime.js';
import { companyEurRate } from '../companies/index.js';
import { latestRate, saveRates } from './queries.js';

/**
 * Exchange rates for converting a line into the order's currency. BNR's reference rates are read
 * by a background job (jobs.ts) and kept per day; a BNR rate counts while it is at most
 * BNR_RATE_MAX_AGE_DAYS old (BNR fixes on banking days only: a long weekend with holidays leaves
 * four or five days between fixings). Without one, the company's own EUR rate is used.
 */
export const BNR_RATE_MAX_AGE_DAYS = 7;

export interface LineRate {
  /** Ten-thousandths of a leu per unit. */
  rate: number;
  /** YYYY-MM-DD: BNR's fixing day, or the day the company set its rate. */
  date: string;
  source: 'bnr' | 'company';
}

/** Reads BNR's document of the day through the provider client and stores its rates; answers its day. */
export async function refreshBnrRates(ctx: ServiceContext): Promise<{ date: string; count: number }> {
  const daily = await ctx.providers.exchangeRates().dailyRates();
  await ctx.db.transaction((trx) => saveRates(trx, daily.date, daily.rates, ctx.now));
  return { date: daily.date, count: Object.keys(daily.rates).length };
}

const dayBefore = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

/**
 * The rate a line in `currency` is converted at, at `now`: the newest BNR rate of the last
 * BNR_RATE_MAX_AGE_DAYS days, else the company's EUR rate (for euros), else null (no rate known).
 */
export async function rateFor(
  exec: Executor,
  companyId: number,
  currency: string,
  now: number,
): Promise<LineRate | null> {
  const today = bucharestDate(now);
  const bnr = await latestRate(exec, currency, dayBefore(today, BNR_RATE_MAX_AGE_DAYS), today);
  if (bnr) return { rate: Number(bnr.rate), date: bnr.rate_date, source: 'bnr' };
  if (currency === 'EUR') {
    const own = await companyEurRate(exec, companyId);
    if (own) return { rate: own.rate, date: bucharestDate(own.setAt || now), source: 'company' };
  }
  return null;
}
