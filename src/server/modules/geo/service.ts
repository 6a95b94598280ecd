import type { z } from 'zod';
import type { GeoLocality, GeoStreet, localitiesQuery, postalCodeQuery, streetsQuery } from '../../../core/api/geo.js';
import { needsNumber, postalCodeFor } from '../../../core/geo/postalCode.js';
import { matchesWords, searchWords } from '../../../core/geo/text.js';
import { FieldProblems, notFound } from '../../http/errors.js';
import { toStreet, type GeoData, type Searchable } from './data.js';

/**
 * The rules of the address data: searches and the postal code of an address (the Cargus and
 * Sameday pickers read the couriers' own nomenclatures instead: integrations/nomenclature.ts). The data is read-only and in memory, so there is no transaction and
 * no company: every signed-in user reads the same.
 */

/**
 * The rows matching every word of the search (diacritics and case ignored, any order), best first:
 * those whose own name starts with the search (`vic` → Calea Victoriei), then those with a word
 * starting like the search's first word, then the rest; each group in the data's alphabetical order.
 */
export function searchRows<T>(rows: Searchable<T>[], search: string, limit: number): T[] {
  const words = searchWords(search);
  if (!words.length) return rows.slice(0, limit).map((r) => r.row);
  const phrase = words.join(' ');
  const first = words[0];
  const tiers: T[][] = [[], [], []];
  for (const r of rows) {
    if (!matchesWords(r.folded, words)) continue;
    const tier = r.folded.startsWith(phrase, r.ownStart)
      ? 0
      : r.folded.startsWith(first) || r.folded.includes(` ${first}`) || r.folded.includes(`-${first}`)
        ? 1
        : 2;
    if (tiers[tier].length < limit) tiers[tier].push(r.row);
    // Enough of the best tier: nothing after it can come first.
    if (tiers[0].length >= limit) break;
  }
  return tiers.flat().slice(0, limit);
}

function countyOrNotFound(geo: GeoData, id: number) {
  const county = geo.county(id);
  if (!county) throw notFound();
  return county;
}

function localityOrNotFound(geo: GeoData, id: number): GeoLocality {
  const locality = geo.locality(id);
  if (!locality) throw notFound();
  return locality;
}

/** A street of that locality: another city's street id is as unknown as a made-up one. */
function streetOrNotFound(geo: GeoData, localityId: number, id: number): GeoStreet {
  const street = geo.street(id);
  if (!street || street.locality_id !== localityId) throw notFound();
  return street;
}

export function listLocalities(geo: GeoData, q: z.output<typeof localitiesQuery>): GeoLocality[] {
  countyOrNotFound(geo, q.county_id);
  return searchRows(geo.localitiesOf(q.county_id), q.search, q.limit);
}

/** Streets of a city coded by street; an empty list for a locality with one postal code. */
export function listStreets(geo: GeoData, q: z.output<typeof streetsQuery>): GeoStreet[] {
  localityOrNotFound(geo, q.locality_id);
  return searchRows(geo.streetsOf(q.locality_id), q.search, q.limit).map(toStreet);
}

/**
 * The postal code of an address. A locality with one code answers it whatever the street; in a
 * city coded by street the street is required, and the number too when the street has more than
 * one code. Null when no range of the street contains the number.
 */
export function findPostalCode(geo: GeoData, q: z.output<typeof postalCodeQuery>): { postal_code: string | null } {
  const locality = localityOrNotFound(geo, q.locality_id);
  if (!geo.isCodedByStreet(locality.id)) return { postal_code: locality.postal_code };
  const problems = new FieldProblems();
  if (!q.street_id) problems.add('street_id', 'geo_street_required');
  problems.throwIfAny();
  const street = streetOrNotFound(geo, locality.id, q.street_id!);
  if (!q.number && needsNumber(street)) problems.add('number', 'geo_number_required');
  problems.throwIfAny();
  return { postal_code: postalCodeFor(street, q.number) };
}
