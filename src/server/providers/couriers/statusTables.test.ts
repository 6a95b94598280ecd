import { describe, expect, it } from 'vitest';
import { CARGUS_STATUSES, cargusEvent } from './cargusStatuses.js';
import { DPD_STATUSES, dpdEvent } from './dpdStatuses.js';
import { SAMEDAY_STATUSES, samedayEvent } from './samedayStatuses.js';
import { statusLookup } from './statusTable.js';
import { AWB_STATUSES, TRACKING_ATTENTION, type CourierStatusRow } from './types.js';

const TABLES: [string, readonly CourierStatusRow[], (code: string) => { status: string; attention: string | null }][] =
  [
    ['cargus', CARGUS_STATUSES, (c) => cargusEvent(c)],
    ['sameday', SAMEDAY_STATUSES, (c) => samedayEvent(c)],
    ['dpd', DPD_STATUSES, (c) => dpdEvent(c)],
  ];

describe('courier status tables', () => {
  it.each(TABLES)('%s: every row is read back by its code, with a known status and attention', (_, rows, read) => {
    expect(new Set(rows.map((r) => r.code)).size).toBe(rows.length);
    for (const row of rows) {
      expect(AWB_STATUSES).toContain(row.awbStatus);
      if (row.attention) expect(TRACKING_ATTENTION).toContain(row.attention);
      expect(row.label.length).toBeGreaterThan(0);
      expect(read(row.code)).toEqual({ status: row.awbStatus, attention: row.attention ?? null });
    }
  });

  it.each(TABLES)('%s: refusals and returns need attention, and the table has a failed attempt', (_, rows) => {
    for (const row of rows) {
      if (row.awbStatus === 'refused') expect(row.attention).toBe('refused');
      if (row.awbStatus === 'returning' || row.awbStatus === 'returned') expect(row.attention).toBe('returning');
      if (row.awbStatus === 'delivered' || row.awbStatus === 'created') expect(row.attention ?? null).toBeNull();
    }
    expect(rows.some((r) => r.attention === 'failed_attempt')).toBe(true);
  });

  it('a code listed twice is refused when the table is built', () => {
    const row = { code: '1', awbStatus: 'created', label: 'x' } as const;
    expect(() => statusLookup([row, row], [])).toThrow(/listed twice/);
  });

  it('Cargus: ids not listed are read by the words of their description', () => {
    expect(cargusEvent(99, 'Destinatar absent, se revine')).toEqual({
      status: 'inDelivery',
      attention: 'failed_attempt',
    });
    expect(cargusEvent(98, 'Adresa incompleta')).toEqual({ status: 'inDelivery', attention: 'failed_attempt' });
    expect(cargusEvent(97, 'Colet refuzat la usa')).toEqual({ status: 'refused', attention: 'refused' });
    expect(cargusEvent(96, 'Expeditie in curs de returnare')).toEqual({ status: 'returning', attention: 'returning' });
    expect(cargusEvent(95, 'Sosit in depozit Cluj')).toEqual({ status: 'in_transit', attention: null });
    expect(cargusEvent(21, 'anything')).toEqual({ status: 'delivered', attention: null });
  });

  it('Sameday: ids not listed are read by their words', () => {
    expect(samedayEvent(500, 'Livrare esuata Destinatar indisponibil')).toEqual({
      status: 'inDelivery',
      attention: 'failed_attempt',
    });
    expect(samedayEvent(501, 'Comanda anulata')).toEqual({ status: 'cancelled', attention: null });
    expect(samedayEvent(502, 'Colet refuzat la usa')).toEqual({ status: 'refused', attention: 'refused' });
  });

  it('DPD: 44 is a failed attempt (tried again), 123 a refusal, unknown codes a movement', () => {
    expect(dpdEvent(44)).toEqual({ status: 'inDelivery', attention: 'failed_attempt' });
    expect(dpdEvent(123)).toEqual({ status: 'refused', attention: 'refused' });
    expect(dpdEvent(7)).toEqual({ status: 'in_transit', attention: null });
  });
});
