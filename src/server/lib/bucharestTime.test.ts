import { describe, expect, it } from 'vitest';
import { bucharestDate, toBucharest, toBucharestIso } from './bucharestTime.js';

describe('the Bucharest day of an instant', () => {
  it('is the wall clock’s date at every minute of a year, both changes of the clock included', () => {
    // Worked out once an hour (the offset is whole hours and changes on the hour): each minute of
    // 2026 against the wall clock itself, twice (the second pass from what was kept).
    const start = Date.UTC(2026, 0, 1) / 1000;
    const wrong: number[] = [];
    for (const pass of [1, 2])
      for (let s = start + pass; s < start + 366 * 86_400; s += 60 * 7)
        if (bucharestDate(s) !== toBucharest(s).slice(0, 10)) wrong.push(s);
    expect(wrong).toEqual([]);
  });

  it('turns at Bucharest’s midnight, not UTC’s', () => {
    // 2026-03-28 22:00 UTC is 00:00 on the 29th in Bucharest (UTC+2 until 01:00 UTC on the 29th).
    expect(bucharestDate(Date.UTC(2026, 2, 28, 21, 59) / 1000)).toBe('2026-03-28');
    expect(bucharestDate(Date.UTC(2026, 2, 28, 22, 0) / 1000)).toBe('2026-03-29');
    // Summer time (UTC+3): 21:00 UTC is midnight.
    expect(bucharestDate(Date.UTC(2026, 6, 1, 20, 59) / 1000)).toBe('2026-07-01');
    expect(bucharestDate(Date.UTC(2026, 6, 1, 21, 0) / 1000)).toBe('2026-07-02');
  });
});

describe('the Bucharest wall clock of an instant', () => {
  it('is what Intl says at every 7 minutes and 13 seconds of a year, both changes of the clock included', () => {
    // Its offset is worked out once an hour: each instant against Intl's own formatting.
    const intl = new Intl.DateTimeFormat('sv-SE', {
      timeZone: 'Europe/Bucharest',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'longOffset',
    });
    const start = Date.UTC(2026, 0, 1) / 1000;
    const wrong: string[] = [];
    for (let s = start; s < start + 366 * 86_400; s += 7 * 60 + 13) {
      // sv-SE writes "2026-03-29 04:00:00 GMT+03:00".
      const [date, time, zone] = intl.format(new Date(s * 1000)).split(' ');
      const iso = `${date}T${time}${zone.slice(3)}`;
      if (toBucharest(s) !== `${date} ${time}` || toBucharestIso(s) !== iso)
        wrong.push(`${s}: ${toBucharestIso(s)} ≠ ${iso}`);
    }
    expect(wrong).toEqual([]);
  });

  it('keeps the second of a fractional instant', () => {
    expect(toBucharest(Date.UTC(2026, 6, 1, 9, 30, 15) / 1000 + 0.75)).toBe('2026-07-01 12:30:15');
    expect(toBucharestIso(Date.UTC(2026, 0, 1, 9, 30, 15) / 1000)).toBe('2026-01-01T11:30:15+02:00');
  });
});
