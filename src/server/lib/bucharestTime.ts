/**
 * Romanian providers write local times without an offset ("2026-01-02 14:30", "2026-01-02T14:30:00").
 * These two functions convert between Unix seconds and that Europe/Bucharest wall-clock text.
 */

const formatter = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Bucharest',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

function wallClock(seconds: number): Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', string> {
  const parts = formatter.formatToParts(new Date(seconds * 1000));
  const get = (t: string) => parts.find((p) => p.type === t)!.value;
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour'),
    minute: get('minute'),
    second: get('second'),
  };
}

/**
 * Bucharest's offset from UTC at `seconds`, in seconds. The offset is a whole number of hours and
 * changes on a UTC hour (01:00 UTC, as everywhere in the EU), so it is worked out with Intl once
 * per hour: Intl's formatting cost a create's timestamps more than the rest of their work.
 */
function offsetAt(seconds: number): number {
  const hour = Math.floor(seconds / 3600);
  let offset = offsetOfHour.get(hour);
  if (offset === undefined) {
    const at = hour * 3600;
    const w = wallClock(at);
    offset =
      Date.UTC(Number(w.year), Number(w.month) - 1, Number(w.day), Number(w.hour), Number(w.minute), Number(w.second)) /
        1000 -
      at;
    if (offsetOfHour.size >= 10_000) offsetOfHour.clear();
    offsetOfHour.set(hour, offset);
  }
  return offset;
}
const offsetOfHour = new Map<number, number>();

const two = (n: number) => String(n).padStart(2, '0');

/** Unix seconds → "YYYY-MM-DD HH:MM:SS" in Bucharest (`sep` "T" for ISO-like text). */
export function toBucharest(seconds: number, sep: ' ' | 'T' = ' '): string {
  const w = new Date((Math.floor(seconds) + offsetAt(seconds)) * 1000);
  const year = String(w.getUTCFullYear()).padStart(4, '0');
  return `${year}-${two(w.getUTCMonth() + 1)}-${two(w.getUTCDate())}${sep}${two(w.getUTCHours())}:${two(w.getUTCMinutes())}:${two(w.getUTCSeconds())}`;
}

/**
 * "YYYY-MM-DD" of the Bucharest day at `seconds`. Bucharest's offset is a whole number of hours and
 * changes on the hour, so an hour lies within one day: the day is worked out once per hour (every
 * order write places the order by its day, and Intl's formatting was a tenth of that).
 */
export function bucharestDate(seconds: number): string {
  const hour = Math.floor(seconds / 3600);
  let day = dayOfHour.get(hour);
  if (day === undefined) {
    if (dayOfHour.size >= 10_000) dayOfHour.clear();
    dayOfHour.set(hour, (day = toBucharest(hour * 3600).slice(0, 10)));
  }
  return day;
}
const dayOfHour = new Map<number, string>();

/**
 * Bucharest wall-clock text (date, optional time, "T" or space) → Unix seconds; null when it is
 * not such a text. A text that carries its own offset or Z is read as such.
 */
export function fromBucharest(text: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/.exec(
    text.trim(),
  );
  if (!m) return null;
  const [, y, mo, d, h = '0', mi = '0', s = '0', zone] = m;
  const asUtc = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s)) / 1000;
  if (zone) {
    if (zone === 'Z') return asUtc;
    const sign = zone[0] === '-' ? -1 : 1;
    const digits = zone.slice(1).replace(':', '');
    return asUtc - sign * (Number(digits.slice(0, 2)) * 3600 + Number(digits.slice(2)) * 60);
  }
  // The offset in force at that moment: try the guess, then correct once (DST edges).
  let guess = asUtc - offsetAt(asUtc);
  guess = asUtc - offsetAt(guess);
  return guess;
}

/** Unix seconds → "YYYY-MM-DDTHH:MM:SS+02:00" (Bucharest wall clock with its offset, as DPD writes). */
export function toBucharestIso(seconds: number): string {
  const offset = offsetAt(seconds) / 60;
  const sign = offset < 0 ? '-' : '+';
  const hh = String(Math.floor(Math.abs(offset) / 60)).padStart(2, '0');
  const mm = String(Math.abs(offset) % 60).padStart(2, '0');
  return `${toBucharest(seconds, 'T')}${sign}${hh}:${mm}`;
}
