import { z } from 'zod';
import type { NumberRange, BlockList } from '../geo/numberRanges.js';
import { GEO_MAX_OPTIONS } from '../geo/limits.js';
import { idRef, MAX_ID } from '../validation.js';

/**
 * Romanian address data (counties, localities, streets, postal codes): the same for every company,
 * shipped with the app (see src/server/modules/geo).
 */

export interface GeoCounty {
  id: number;
  name: string;
  /** Two letters (one for Bucharest: `B`). */
  code: string;
}

export interface GeoLocality {
  id: number;
  name: string;
  county_id: number;
  /** The town or commune a village belongs to (tells apart the twenty villages named Valea Mare); null for the town itself. */
  commune: string | null;
  /** Null for a city coded by street: its streets carry the codes. */
  postal_code: string | null;
}

export interface GeoStreet {
  id: number;
  /** With its type: `Strada Zorilor`. */
  name: string;
  locality_id: number;
  ranges: NumberRange[];
  blocks: BlockList[];
}

export { GEO_LAZY_MIN_CHARS, GEO_LAZY_OPTIONS, GEO_MAX_OPTIONS } from '../geo/limits.js';

const search = z
  .string()
  .max(100, { error: 'too_long' })
  .optional()
  .transform((s) => s?.trim() ?? '');
const limit = z.coerce
  .number({ error: 'invalid_number' })
  .int({ error: 'whole_number' })
  .min(1, { error: 'min' })
  .max(1000, { error: 'max' })
  .default(GEO_MAX_OPTIONS);
const optionalId = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z.coerce
    .number({ error: 'invalid' })
    .int({ error: 'invalid' })
    .positive({ error: 'invalid' })
    .max(MAX_ID, { error: 'invalid' })
    .optional(),
);

export const localitiesQuery = z.object({ county_id: idRef(), search, limit });
export const streetsQuery = z.object({ locality_id: idRef(), search, limit });
export const postalCodeQuery = z.object({
  locality_id: idRef(),
  street_id: optionalId,
  number: z
    .string()
    .max(30, { error: 'too_long' })
    .optional()
    .transform((s) => s?.trim() ?? ''),
});
/** The courier pickers' one call: every part optional, each id opens the next list. */
export const courierGeoQuery = z.object({
  county_id: optionalId,
  city_id: optionalId,
  street_id: optionalId,
  search,
  limit,
});
