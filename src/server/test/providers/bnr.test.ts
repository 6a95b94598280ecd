import { describe, expect, it } from 'vitest';
import { bnrDocument, createBnrEmulator, fixingDate } from '../../emulators/bnr.js';
import type { ProviderError } from '../../providers/http.js';
import { BnrClient, parseBnrXml } from '../../providers/rates/bnr.js';
import { emulatorHarness } from './setup.js';

const at = (iso: string) => Math.floor(Date.parse(iso) / 1000);

describe('BNR rates client against its emulator', () => {
  const h = emulatorHarness(createBnrEmulator, '');
  const client = () => new BnrClient(h.deps());

  it('reads the day of the last fixing and each rate per one unit, in ten-thousandths', async () => {
    h.clock.set(at('2026-11-25T12:00:00Z')); // a Wednesday after 13:00 Bucharest
    const rates = await client().dailyRates();
    expect(rates.date).toBe('2026-11-25');
    expect(rates.rates.EUR).toBeGreaterThan(49_500);
    expect(rates.rates.EUR).toBeLessThan(50_050);
    // HUF is published for 100 units: per unit it is about 0.0126 lei.
    expect(rates.rates.HUF).toBeGreaterThan(120);
    expect(rates.rates.HUF).toBeLessThan(130);
    // The same day answers the same rates.
    expect((await client().dailyRates()).rates).toEqual(rates.rates);
  });

  it('before the fixing and at the weekend the document carries the previous weekday', async () => {
    expect(fixingDate(at('2026-11-25T09:00:00Z'))).toBe('2026-11-24');
    expect(fixingDate(at('2026-11-28T15:00:00Z'))).toBe('2026-11-27'); // Saturday
    expect(fixingDate(at('2026-11-30T08:00:00Z'))).toBe('2026-11-27'); // Monday morning
    h.clock.set(at('2026-11-29T12:00:00Z'));
    expect((await client().dailyRates()).date).toBe('2026-11-27');
  });

  it('a 5xx or a document without rates is unavailable', async () => {
    h.emulator.faults.set('server_error', 2);
    await expect(client().dailyRates()).rejects.toMatchObject({ provider: 'bnr', kind: 'unavailable' });
    h.emulator.faults.set('error_in_200', 1);
    const err = await client()
      .dailyRates()
      .catch((e: unknown) => e as ProviderError);
    expect(err).toMatchObject({ provider: 'bnr', kind: 'unavailable' });
  });
});

describe('parseBnrXml', () => {
  it("reads BNR's own document shape", () => {
    const xml = `<?xml version="1.0" encoding="utf-8"?>
<DataSet xmlns="http://www.bnr.ro/xsd"><Header><Publisher>National Bank of Romania</Publisher><PublishingDate>2025-01-10</PublishingDate><MessageType>DR</MessageType></Header>
<Body><Subject>Reference rates</Subject><OrigCurrency>RON</OrigCurrency>
<Cube date="2025-01-10"><Rate currency="AED">1.3197</Rate><Rate currency="EUR">4.9743</Rate><Rate currency="HUF" multiplier="100">1.2012</Rate><Rate currency="XAU">407.1234</Rate></Cube></Body></DataSet>`;
    expect(parseBnrXml(xml)).toEqual({
      date: '2025-01-10',
      rates: { AED: 13197, EUR: 49743, HUF: 120, XAU: 4071234 },
    });
    expect(parseBnrXml(bnrDocument('2026-01-05')).date).toBe('2026-01-05');
  });
});
