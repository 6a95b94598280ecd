import type { GeoCounty, GeoLocality, GeoStreet } from '../../../core/api/geo.js';
import type { AwbAddressFacts, AwbInput } from '../../../core/api/shipping.js';
import { needsNumber, postalCodeFor } from '../../../core/geo/postalCode.js';
import { foldForSearch } from '../../../core/geo/text.js';
import { FieldProblems } from '../../http/errors.js';
import type { GeoData } from '../geo/index.js';
import type { Nomenclature } from '../integrations/index.js';
import type { Locality, Street } from '../../providers/couriers/types.js';
import { courierRanges } from '../../../core/geo/postalCode.js';

/**
 * The AWB's address against the shipped address data (modules/geo): the facts the spec's ordered
 * checks need (a city coded by street, a street with several postal codes), the names sent to the
 * courier, and the postal code the postal-code rule gives, which the payload's must equal.
 *
 * The modal sends the ids of the shared address picker; a payload with names only is matched by
 * name (diacritics and case ignored). What cannot be matched is sent as typed, and the courier
 * judges it.
 */

type AddressInput = Pick<
  AwbInput,
  'county' | 'county_id' | 'city' | 'city_id' | 'street' | 'street_id' | 'street_number' | 'postal_code' | 'address'
>;

export interface ResolvedAddress {
  facts: AwbAddressFacts;
  countyName: string;
  localityName: string;
  streetName: string | undefined;
  /** The postal code to send: the payload's, else the rule's. */
  postalCode: string | undefined;
  /** The address line: the payload's, else street and number. */
  addressLine: string;
  /** The ids the payload named but the data does not know, in the spec's field order. */
  unknownIds: ('county' | 'city' | 'street')[];
  /** The rule's postal code; null when the number is in no range; undefined when it cannot be worked out. */
  expectedPostalCode: string | null | undefined;
  /** The courier's own ids of the place (Cargus, Sameday: their nomenclature's), sent with the names. */
  courierIds?: { county?: string; locality?: string; street?: string };
}

/**
 * A name of the address data or of a courier's nomenclature, folded (diacritics and case
 * ignored), kept: a create matches its names against a county's hundreds of places, and folding
 * each of them again was most of the create's address work.
 */
function folded(name: string): string {
  let f = foldedNames.get(name);
  if (f === undefined) {
    if (foldedNames.size >= 200_000) foldedNames.clear();
    foldedNames.set(name, (f = foldForSearch(name)));
  }
  return f;
}
const foldedNames = new Map<string, string>();

/** Whether a known name (folded once, kept) is the typed one (`typed` folded by the caller). */
const sameName = (known: string, typed: string) => folded(known) === typed;

function findCounty(geo: GeoData, input: AddressInput): { county?: GeoCounty; unknownId: boolean } {
  if (input.county_id) {
    const county = geo.county(input.county_id);
    return { county, unknownId: !county };
  }
  const name = input.county?.trim();
  const typed = name ? foldForSearch(name) : '';
  return {
    county: name ? geo.counties.find((c) => sameName(c.name, typed) || sameName(c.code, typed)) : undefined,
    unknownId: false,
  };
}

function findLocality(
  geo: GeoData,
  county: GeoCounty | undefined,
  input: AddressInput,
): { locality?: GeoLocality; unknownId: boolean } {
  if (input.city_id) {
    const locality = geo.locality(input.city_id);
    // Another county's city is as unknown as a made-up id.
    const ok = locality && (!county || locality.county_id === county.id);
    return { locality: ok ? locality : undefined, unknownId: !ok };
  }
  const name = input.city?.trim();
  if (!name || !county) return { unknownId: false };
  // A town before the villages of the same name (the villages carry their commune).
  const typed = foldForSearch(name);
  const matches = geo
    .localitiesOf(county.id)
    .filter((l) => sameName(l.row.name, typed))
    .map((l) => l.row);
  return {
    locality: matches.find((l) => l.commune === null) ?? (matches.length === 1 ? matches[0] : undefined),
    unknownId: false,
  };
}

function findStreet(
  geo: GeoData,
  locality: GeoLocality | undefined,
  input: AddressInput,
): { street?: GeoStreet; unknownId: boolean } {
  if (input.street_id) {
    const street = geo.street(input.street_id);
    const ok = street && (!locality || street.locality_id === locality.id);
    return { street: ok ? street : undefined, unknownId: !ok };
  }
  const name = input.street?.trim();
  if (!name || !locality) return { unknownId: false };
  const typed = foldForSearch(name);
  const tuple = geo.streetsOf(locality.id).find((s) => sameName(s.row[2], typed));
  return { street: tuple ? geo.street(tuple.row[0]) : undefined, unknownId: false };
}

export function resolveAddress(geo: GeoData, input: AddressInput): ResolvedAddress {
  const county = findCounty(geo, input);
  const locality = findLocality(geo, county.county, input);
  const codedByStreet = locality.locality ? geo.isCodedByStreet(locality.locality.id) : false;
  const street = codedByStreet ? findStreet(geo, locality.locality, input) : { street: undefined, unknownId: false };
  const number = input.street_number ?? null;

  let expectedPostalCode: string | null | undefined;
  if (locality.locality && !codedByStreet) expectedPostalCode = locality.locality.postal_code;
  else if (street.street) expectedPostalCode = postalCodeFor(street.street, number);

  const streetName = street.street?.name ?? input.street?.trim() ?? undefined;
  const addressLine = input.address?.trim() || [streetName, number ? `nr. ${number}` : ''].filter(Boolean).join(' ');
  return {
    facts: { cityCodedByStreet: codedByStreet, streetNeedsNumber: street.street ? needsNumber(street.street) : false },
    countyName: county.county?.name ?? input.county?.trim() ?? '',
    localityName: locality.locality?.name ?? input.city?.trim() ?? '',
    streetName: streetName || undefined,
    postalCode: input.postal_code ?? expectedPostalCode ?? undefined,
    addressLine,
    unknownIds: [
      ...(county.unknownId ? ['county' as const] : []),
      ...(locality.unknownId ? ['city' as const] : []),
      ...(street.unknownId ? ['street' as const] : []),
    ],
    expectedPostalCode,
  };
}

/**
 * After the spec's checks: the ids must be the address data's, and a postal code sent must be the
 * one the postal-code rule gives for the street and number (the modal fills it read-only from
 * that rule, so another one was typed or is stale). First problem only, as the checks before.
 */
export function assertAddressAgrees(address: ResolvedAddress, sentPostalCode: string | null | undefined): void {
  if (address.unknownIds.length) throw FieldProblems.one(address.unknownIds[0], 'invalid');
  if (!sentPostalCode || address.expectedPostalCode === undefined || sentPostalCode === address.expectedPostalCode)
    return;
  throw address.expectedPostalCode === null
    ? FieldProblems.one('postal_code', 'postal_code_no_range')
    : FieldProblems.one('postal_code', 'postal_code_mismatch', { expected: address.expectedPostalCode });
}

/**
 * The AWB's address against the courier's own nomenclature (Cargus, Sameday: the lists their
 * pickers show, so the ids are the courier's), with the same facts and postal-code rule as the
 * address data: a Cargus city whose code is "0" goes by street, a street's code by its number
 * ranges. Names without ids are matched as on the address data. The ids found go to the courier.
 */
export async function resolveCourierAddress(places: Nomenclature, input: AddressInput): Promise<ResolvedAddress> {
  const counties = await places.counties();
  const countyName = input.county?.trim();
  const typedCounty = countyName ? foldForSearch(countyName) : '';
  const county = input.county_id
    ? counties.find((c) => c.id === String(input.county_id))
    : countyName
      ? counties.find((c) => sameName(c.name, typedCounty) || (c.code !== null && sameName(c.code, typedCounty)))
      : undefined;
  const countyUnknown = Boolean(input.county_id) && !county;

  const localities = county ? await places.localities(county) : [];
  const cityName = input.city?.trim();
  let locality: Locality | undefined;
  if (input.city_id) locality = localities.find((l) => l.id === String(input.city_id));
  else if (cityName) {
    const typed = foldForSearch(cityName);
    const matches = localities.filter((l) => sameName(l.name, typed));
    locality = matches.find((l) => !l.commune) ?? (matches.length === 1 ? matches[0] : undefined);
  }
  // Another county's city (or no county at all) is as unknown as a made-up id.
  const localityUnknown = Boolean(input.city_id) && !locality;

  const streets = locality && locality.postalCode === null ? await places.streets(locality) : [];
  const codedByStreet = streets.length > 0;
  const streetName = input.street?.trim();
  let street: Street | undefined;
  if (codedByStreet && input.street_id) street = streets.find((s) => s.id === String(input.street_id));
  else if (codedByStreet && streetName) {
    const typed = foldForSearch(streetName);
    street = streets.find((s) => sameName(s.name, typed));
  }
  const streetUnknown = codedByStreet && Boolean(input.street_id) && !street;
  const codes = street ? { ranges: courierRanges(street.postalCodes) } : undefined;

  const number = input.street_number ?? null;
  let expectedPostalCode: string | null | undefined;
  if (locality && locality.postalCode !== null) expectedPostalCode = locality.postalCode;
  else if (codes && codes.ranges.length) expectedPostalCode = postalCodeFor(codes, number);

  const line = street?.name ?? streetName ?? undefined;
  return {
    facts: {
      cityCodedByStreet: codedByStreet,
      streetNeedsNumber: codes && codes.ranges.length ? needsNumber(codes) : false,
    },
    countyName: county?.name ?? countyName ?? '',
    localityName: locality?.name ?? cityName ?? '',
    streetName: line || undefined,
    postalCode: input.postal_code ?? expectedPostalCode ?? undefined,
    addressLine: input.address?.trim() || [line, number ? `nr. ${number}` : ''].filter(Boolean).join(' '),
    unknownIds: [
      ...(countyUnknown ? ['county' as const] : []),
      ...(localityUnknown ? ['city' as const] : []),
      ...(streetUnknown ? ['street' as const] : []),
    ],
    expectedPostalCode,
    courierIds: { county: county?.id, locality: locality?.id, street: street?.id },
  };
}
