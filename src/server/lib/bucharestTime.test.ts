import { describe, expect, it } from 'vitest';
import { bucharestDate, toBucharest } from './bucharestTime.js';

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
