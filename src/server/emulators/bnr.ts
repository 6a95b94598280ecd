import type { FastifyInstance } from 'fastify';
import { applyCommonFaults, emulatorBase, type Emulator, type EmulatorOptions } from './kit.js';

/**
 * The BNR reference rates emulator (as https://www.bnr.ro/nbrfxrates.xml): the same XML document,
 * namespace and elements, one Cube of the last fixing. Like BNR it fixes on weekdays at 13:00
 * Bucharest time (taken as 11:00 UTC here, winter time): before that, and on Saturdays and
 * Sundays, the document carries the previous weekday's rates. The rates are the demo's own: each
 * currency's base below moved by at most ±0.5 % from day to day by a hash of the date, so a day
 * always answers the same rates and two days differ as real ones do. Public: no login, nothing
 * stored (the store stays empty).
 *
 * Faults: `timeout` holds the request, `server_error` answers 503 with BNR's HTML-free empty body,
 * `error_in_200` answers a document without its Cube (a cut-off or maintenance page).
 */

/** Lei for one unit (or `multiplier` units) on the demo's base day. */
const BASE_RATES: { currency: string; value: number; multiplier?: number }[] = [
  { currency: 'AUD', value: 3.0412 },
  { currency: 'CAD', value: 3.3189 },
  { currency: 'CHF', value: 5.3268 },
  { currency: 'CZK', value: 0.2001 },
  { currency: 'EUR', value: 4.9771 },
  { currency: 'GBP', value: 5.7842 },
  { currency: 'HUF', value: 1.2634, multiplier: 100 },
  { currency: 'JPY', value: 3.0128, multiplier: 100 },
  { currency: 'MDL', value: 0.2562 },
  { currency: 'PLN', value: 1.1735 },
  { currency: 'USD', value: 4.3187 },
];

/** The day of the last fixing at `nowSeconds`: today from 11:00 UTC on a weekday, else the weekday before. */
export function fixingDate(nowSeconds: number): string {
  const d = new Date(nowSeconds * 1000);
  if (d.getUTCHours() < 11) d.setUTCDate(d.getUTCDate() - 1);
  while (d.getUTCDay() === 0 || d.getUTCDay() === 6) d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

/** A day's rate of a currency: its base moved by at most ±0.5 %, the same for the same day. */
function rateOn(date: string, currency: string, base: number): string {
  let h = 2166136261;
  for (const ch of `${date}:${currency}`) h = Math.imul(h ^ ch.charCodeAt(0), 16777619) >>> 0;
  const move = ((h % 1001) - 500) / 100_000;
  return (base * (1 + move)).toFixed(4);
}

export function bnrDocument(date: string): string {
  const rates = BASE_RATES.map(
    (r) =>
      `\t\t\t<Rate currency="${r.currency}"${r.multiplier ? ` multiplier="${r.multiplier}"` : ''}>${rateOn(date, r.currency, r.value)}</Rate>`,
  ).join('\n');
  return `<?xml version="1.0" encoding="utf-8"?>
<DataSet xmlns="http://www.bnr.ro/xsd" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.bnr.ro/xsd nbrfxrates.xsd">
\t<Header>
\t\t<Publisher>National Bank of Romania</Publisher>
\t\t<PublishingDate>${date}</PublishingDate>
\t\t<MessageType>DR</MessageType>
\t</Header>
\t<Body>
\t\t<Subject>Reference rates</Subject>
\t\t<OrigCurrency>RON</OrigCurrency>
\t\t<Cube date="${date}">
${rates}
\t\t</Cube>
\t</Body>
</DataSet>
`;
}

export function createBnrEmulator(options: EmulatorOptions): Emulator {
  const { store, faults, hanger, clock, seed, reset } = emulatorBase(options, async () => undefined);
  return {
    name: 'bnr',
    faults,
    store,
    demoCredentials: {},
    reset,
    plugin: async (app: FastifyInstance) => {
      await seed();
      applyCommonFaults(app, faults, hanger, (reply) => reply.code(503).type('text/html').send(''));
      app.get('/nbrfxrates.xml', async (_req, reply) => {
        const date = fixingDate(clock.now());
        const xml = bnrDocument(date);
        const body = faults.take('error_in_200') ? xml.replace(/<Cube[\s\S]*<\/Cube>/, '') : xml;
        return reply.code(200).type('text/xml; charset=utf-8').send(body);
      });
    },
  };
}
