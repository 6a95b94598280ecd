import { z } from 'zod';
import { registerMessages } from '../messages.js';
import { requiredText, optionalText } from '../validation.js';

/**
 * Delivery to a locker or pick-up point: Sameday's easybox and Cargus's Ship & Go.
 * `GET /api/v1/{sameday|cargus}/lockers?county=&city=` lists the courier's points of a county
 * (and city), read with the company's login (X-Company-ID); an AWB names one by `locker_id`.
 */

/** The couriers that deliver to a point. */
export const LOCKER_COURIERS = ['sameday', 'cargus'] as const;
export type LockerCourier = (typeof LOCKER_COURIERS)[number];
export const hasLockers = (courier: string): courier is LockerCourier =>
  (LOCKER_COURIERS as readonly string[]).includes(courier);

export const lockersQuery = z.object({
  county: requiredText(100),
  city: optionalText(100).optional(),
});
export type LockersQuery = z.output<typeof lockersQuery>;

export interface Locker {
  id: string;
  name: string;
  address: string;
  city: string;
  county: string;
  postal_code: string | null;
  /** Whether the point collects cash on delivery (Sameday's easybox always do; some Ship & Go points do not). */
  cash_on_delivery: boolean;
}

/** The most points one answer lists (Bucharest alone has hundreds): a city narrows them. */
export const MAX_LOCKERS = 500;

export interface Lockers {
  data: Locker[];
  meta: {
    /** The cities of the county asked that have a point, in Romanian order. */
    cities: string[];
    /** How many points match before the cap. */
    total: number;
  };
}

registerMessages({
  en: {
    locker_unknown: 'This locker is not in the courier’s list: choose another.',
    locker_no_cod:
      'This locker does not collect cash on delivery: choose no cash on delivery or deliver to the address.',
    locker_not_offered: 'This courier does not deliver to lockers: deliver to the address.',
  },
  ro: {
    locker_unknown: 'Acest locker nu este în lista curierului: alegeți altul.',
    locker_no_cod: 'Acest locker nu încasează ramburs: alegeți fără ramburs sau livrați la adresă.',
    locker_not_offered: 'Acest curier nu livrează la lockere: livrați la adresă.',
  },
});
