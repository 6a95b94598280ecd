import type { Executor } from '../../db/connection.js';

/** Stores a day's rates (one row per currency and day; the same day read again replaces its rates). */
export async function saveRates(
  exec: Executor,
  date: string,
  rates: Record<string, number>,
  now: number,
): Promise<void> {
  for (const [currency, rate] of Object.entries(rates)) {
    await exec
      .insertInto('exchange_rates')
      .values({ currency, rate_date: date, rate, fetched_at: now })
      .onConflict((oc) => oc.columns(['currency', 'rate_date']).doUpdateSet({ rate, fetched_at: now }))
      .execute();
  }
}

/** The newest stored rate of the currency for a day from `since` to `until` (YYYY-MM-DD), or undefined. */
export function latestRate(
  exec: Executor,
  currency: string,
  since: string,
  until: string,
): Promise<{ rate: number; rate_date: string } | undefined> {
  return exec
    .selectFrom('exchange_rates')
    .select(['rate', 'rate_date'])
    .where('currency', '=', currency)
    .where('rate_date', '>=', since)
    .where('rate_date', '<=', until)
    .orderBy('rate_date', 'desc')
    .limit(1)
    .executeTakeFirst();
}
