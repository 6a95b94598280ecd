import { ProviderError, ProviderHttp } from '../http.js';
import type { ClientDeps } from '../shared.js';

/**
 * The National Bank of Romania's reference rates (www.bnr.ro/nbrfxrates.xml): public, no login.
 * One XML document per banking day, published around 13:00 Bucharest time; before that, and on
 * days without a fixing, it carries the last one:
 *
 *   <DataSet xmlns="http://www.bnr.ro/xsd"><Header>…<PublishingDate>2026-11-25</PublishingDate>…</Header>
 *     <Body><Subject>Reference rates</Subject><OrigCurrency>RON</OrigCurrency>
 *       <Cube date="2026-11-25"><Rate currency="EUR">4.9771</Rate>…<Rate currency="HUF" multiplier="100">1.2345</Rate>
 *
 * A rate is lei for `multiplier` (1 when absent) units of the currency, with four decimals.
 */
export interface DailyRates {
  /** The day the rates are for (the Cube's date), YYYY-MM-DD. */
  date: string;
  /** Ten-thousandths of a leu per one unit of each currency. */
  rates: Record<string, number>;
}

export interface ExchangeRatesClient {
  dailyRates(): Promise<DailyRates>;
}

export class BnrClient implements ExchangeRatesClient {
  private readonly http: ProviderHttp;

  constructor(deps: ClientDeps) {
    this.http = new ProviderHttp('bnr', deps.baseUrl, deps.http);
  }

  async dailyRates(): Promise<DailyRates> {
    const res = await this.http.send({
      method: 'GET',
      path: 'nbrfxrates.xml',
      headers: { Accept: 'application/xml, text/xml' },
      idempotent: true,
    });
    if (res.status !== 200)
      throw new ProviderError('bnr', res.status >= 500 ? 'unavailable' : 'rejected', `HTTP ${res.status}`, {
        status: res.status,
      });
    return parseBnrXml(res.text());
  }
}

/** The rates of one BNR document; a document without a dated Cube is `unavailable`. */
export function parseBnrXml(xml: string): DailyRates {
  const cube = /<Cube\s+date="(\d{4}-\d{2}-\d{2})"\s*>([\s\S]*?)<\/Cube>/.exec(xml);
  if (!cube) throw new ProviderError('bnr', 'unavailable', 'no rates in the answer');
  const rates: Record<string, number> = {};
  for (const m of cube[2].matchAll(/<Rate\s+([^>]*)>\s*([\d.]+)\s*<\/Rate>/g)) {
    const currency = /currency="([A-Z]{3})"/.exec(m[1])?.[1];
    const multiplier = Number(/multiplier="(\d+)"/.exec(m[1])?.[1] ?? 1);
    const value = Number(m[2]);
    if (!currency || !Number.isFinite(value) || value <= 0 || !(multiplier > 0)) continue;
    // Four decimals per `multiplier` units: per unit, rounded to the nearest ten-thousandth.
    rates[currency] = Math.round((value * 10_000) / multiplier);
  }
  return { date: cube[1], rates };
}
