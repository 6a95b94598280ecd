import { z } from 'zod';
import { registerMessages } from '../messages.js';
import { optionalText } from '../validation.js';

/**
 * The /sameday-location page: the company's Sameday pickup points and Sameday's lockers (easybox),
 * narrowed by county and city. `GET /api/v1/sameday/locations?county=&city=` (the company of
 * X-Company-ID, with its Sameday login).
 */

export const samedayLocationsQuery = z.object({
  county: optionalText(100).optional(),
  city: optionalText(100).optional(),
});
export type SamedayLocationsQuery = z.output<typeof samedayLocationsQuery>;

export interface SamedayPlace {
  id: string;
  name: string;
  address: string;
  county: string;
  city: string;
  postal_code: string | null;
  /** Pickup points: the account's default one. */
  is_default?: boolean;
}

/** The most lockers one answer lists (Bucharest alone has hundreds): a city narrows them. */
export const MAX_LOCKERS_LISTED = 200;

export interface SamedayLocations {
  data: {
    /** The company's pickup points, in the county and city asked (all of them without a county). */
    pickup_points: SamedayPlace[];
    /** The lockers of the county and city asked; none until a county is chosen. At most MAX_LOCKERS_LISTED. */
    lockers: SamedayPlace[];
  };
  meta: {
    /** Every county with a pickup point or a locker, in Romanian order. */
    counties: string[];
    /** The cities of the county asked that have one. */
    cities: string[];
    /** How many lockers match before the cap. */
    lockers_total: number;
  };
}

registerMessages({
  en: {
    sameday_not_set_up:
      'Sameday is not set up for this company: sign in to Sameday under Integrations to see its pickup points and lockers.',
  },
  ro: {
    sameday_not_set_up:
      'Sameday nu este configurat pentru această companie: autentificați-vă la Sameday în Integrări pentru a vedea punctele de ridicare și lockerele.',
  },
});
