import type { AttentionReason } from '../../../core/api/orders.js';
import { bucharestDate } from '../../lib/bucharestTime.js';
import type { AwbTracking } from '../../providers/couriers/types.js';

/**
 * Why a parcel needs the seller's attention, read from the tracking the console already polls:
 * - `refused`: the recipient refused it; `returning`: it goes back to the sender (the couriers'
 *   status tables say which events these are);
 * - `failed_attempt`: the courier's latest event is a delivery attempt that failed on the address
 *   or the contact (the tables' `failed_attempt` rows);
 * - `stalled`: picked up and not delivered, and no event for 3 whole working days (STALLED_WORKING_DAYS).
 * A parcel moving on (a new attempt in delivery, delivered) leaves it; a delivered or cancelled
 * AWB never needs attention.
 */
export type { AttentionReason };

/** Whole working days without an event after which a picked-up parcel is stalled. */
export const STALLED_WORKING_DAYS = 3;

/** The notification a parcel entering attention raises for reasons the tracking does not already tell (refused, returning). */
export const ATTENTION_ALERTS = {
  failed_attempt: 'awb_failed_attempt',
  stalled: 'awb_stalled',
} as const satisfies Partial<Record<AttentionReason, string>>;

export function attentionOf(answer: Pick<AwbTracking, 'status' | 'events'>, now: number): AttentionReason | null {
  const status = answer.status;
  if (status === null || status === 'delivered' || status === 'cancelled' || status === 'created') return null;
  const last = answer.events.at(-1);
  if (last?.attention) return last.attention;
  if (status === 'refused') return 'refused';
  if (status === 'returning' || status === 'returned') return 'returning';
  if (last && workingDaysBetween(last.at, now) >= STALLED_WORKING_DAYS) return 'stalled';
  return null;
}

/**
 * The whole working days (Monday to Friday, Romania's public holidays left out) strictly between
 * the Bucharest day of `from` and that of `to`: an event on a Monday is stalled from the Friday
 * after (Tuesday, Wednesday and Thursday passed without one).
 */
export function workingDaysBetween(from: number, to: number): number {
  const first = bucharestDate(from);
  const last = bucharestDate(to);
  let n = 0;
  // Walk the calendar days in UTC noon steps (no daylight-saving edge), at most a few weeks of them.
  let day = Date.parse(`${first}T12:00:00Z`) + 86_400_000;
  const end = Date.parse(`${last}T12:00:00Z`);
  for (let i = 0; day < end && i < 400; day += 86_400_000, i++) {
    const d = new Date(day);
    const iso = d.toISOString().slice(0, 10);
    const weekday = d.getUTCDay();
    if (weekday !== 0 && weekday !== 6 && !isRomanianHoliday(iso)) n += 1;
    if (n >= 30) break;
  }
  return n;
}

/** Romania's fixed public holidays (Labour Code art. 139), as MM-DD. */
const FIXED_HOLIDAYS = new Set([
  '01-01',
  '01-02',
  '01-06',
  '01-07',
  '01-24',
  '05-01',
  '06-01',
  '08-15',
  '11-30',
  '12-01',
  '12-25',
  '12-26',
]);

/** Orthodox Easter Sunday of a year (Meeus's Julian algorithm, moved to the Gregorian calendar), YYYY-MM-DD. */
export function orthodoxEaster(year: number): string {
  const a = year % 4;
  const b = year % 7;
  const c = year % 19;
  const d = (19 * c + 15) % 30;
  const e = (2 * a + 4 * b - d + 34) % 7;
  const month = Math.floor((d + e + 114) / 31);
  const day = ((d + e + 114) % 31) + 1;
  // Julian to Gregorian: 13 days from 1900 to 2099.
  const julian = Date.UTC(year, month - 1, day);
  return new Date(julian + 13 * 86_400_000).toISOString().slice(0, 10);
}

const movableCache = new Map<number, Set<string>>();
/** Good Friday, Easter Monday and Whit Monday (the Orthodox dates), YYYY-MM-DD. */
function movableHolidays(year: number): Set<string> {
  let set = movableCache.get(year);
  if (!set) {
    const easter = Date.parse(`${orthodoxEaster(year)}T12:00:00Z`);
    const at = (days: number) => new Date(easter + days * 86_400_000).toISOString().slice(0, 10);
    set = new Set([at(-2), at(1), at(50)]);
    movableCache.set(year, set);
  }
  return set;
}

export function isRomanianHoliday(iso: string): boolean {
  return FIXED_HOLIDAYS.has(iso.slice(5)) || movableHolidays(Number(iso.slice(0, 4))).has(iso);
}
