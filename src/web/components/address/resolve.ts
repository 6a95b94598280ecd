import { useQuery } from '@tanstack/react-query';
import type { GeoCounty, GeoLocality, GeoStreet } from '../../../core/api/geo';
import { GEO_MAX_OPTIONS } from '../../../core/geo/limits';
import { postalCodeFor } from '../../../core/geo/postalCode';
import { foldForSearch } from '../../../core/geo/text';
import { api } from '../../lib/api';
import { session } from '../../lib/session';
import { digitsOnly } from './options';
import { emptyAddress, type AddressValue } from './types';
import { BUCHAREST_COUNTY_ID, courierGeo, type GeoSource } from './useGeo';

/** A saved address as records keep it: names, and the data's ids when it was picked (older records have names only). */
export interface SavedAddress {
  county?: string | null;
  county_id?: number | null;
  city?: string | null;
  city_id?: number | null;
  street?: string | null;
  street_id?: number | null;
  street_number?: string | null;
  zip_code?: string | null;
}

/** The picker's value of a saved address that has its ids (no request needed). */
export function addressFromSaved(saved: SavedAddress): AddressValue {
  return {
    county_id: saved.county_id ?? null,
    county: saved.county ?? '',
    city_id: saved.city_id ?? null,
    city: saved.city ?? '',
    street_id: saved.street_id ?? null,
    street: saved.street ?? '',
    street_number: digitsOnly(saved.street_number ?? ''),
    postal_code: saved.zip_code ?? '',
  };
}

const same = (a: string, b: string | null | undefined) => foldForSearch(a) === foldForSearch(b ?? '');

/**
 * The picker's value of an address saved with names only (typed before the address data, or
 * imported): each part is looked up by its exact name (diacritics and case aside), as far as it is
 * found; the rest stays to be chosen. Bucharest's "Sector N" is the one city Bucharest is in the data.
 */
export async function resolveSavedAddress(
  saved: SavedAddress,
  signal?: AbortSignal,
  source: GeoSource = 'geo',
): Promise<AddressValue> {
  if (source !== 'geo') return resolveAtCourier(saved, source, signal);
  if (saved.county_id) return addressFromSaved(saved);
  if (!saved.county?.trim()) return emptyAddress;
  const counties = await api.get<{ data: GeoCounty[] }>('/api/v1/geo/counties', undefined, signal).then((r) => r.data);
  const county = counties.find((c) => same(c.name, saved.county) || same(c.code, saved.county));
  if (!county) return emptyAddress;
  const found: AddressValue = { ...emptyAddress, county_id: county.id, county: county.name };
  if (!saved.city?.trim()) return found;

  const bucharestSector = county.id === BUCHAREST_COUNTY_ID && /^sector(ul)?\s*\d$/i.test(saved.city.trim());
  const localities = await api
    .get<{ data: GeoLocality[] }>(
      '/api/v1/geo/localities',
      { county_id: county.id, search: bucharestSector ? '' : saved.city, limit: GEO_MAX_OPTIONS },
      signal,
    )
    .then((r) => r.data);
  const matches = bucharestSector ? localities.slice(0, 1) : localities.filter((l) => same(l.name, saved.city));
  // Twenty villages share a name: a name alone picks only a town (no commune) or a single match.
  const city = matches.find((l) => l.commune === null) ?? (matches.length === 1 ? matches[0] : undefined);
  if (!city) return found;
  const number = digitsOnly(saved.street_number ?? '');
  const withCity: AddressValue = {
    ...found,
    city_id: city.id,
    city: city.name,
    street_number: number,
    postal_code: city.postal_code ?? '',
  };
  if (!saved.street?.trim()) return withCity;
  // A city with one postal code has no street list: the street stays free text.
  if (city.postal_code !== null) return { ...withCity, street: saved.street.trim() };

  const streets = await api
    .get<{ data: GeoStreet[] }>(
      '/api/v1/geo/streets',
      { locality_id: city.id, search: saved.street, limit: GEO_MAX_OPTIONS },
      signal,
    )
    .then((r) => r.data);
  const street = streets.find((s) => same(s.name, saved.street));
  if (!street) return withCity;
  return { ...withCity, street_id: street.id, street: street.name, postal_code: postalCodeFor(street, number) ?? '' };
}

/**
 * A saved address (the address data's ids) in a courier's own nomenclature: its ids are the
 * courier's, so each part is found by its name, as far as the courier lists it.
 */
async function resolveAtCourier(
  saved: SavedAddress,
  source: Exclude<GeoSource, 'geo'>,
  signal?: AbortSignal,
): Promise<AddressValue> {
  if (!saved.county?.trim()) return emptyAddress;
  const { counties = [] } = await courierGeo(source, {}, signal);
  const county = counties.find((c) => same(c.name, saved.county) || same(c.code, saved.county));
  if (!county) return emptyAddress;
  const found: AddressValue = { ...emptyAddress, county_id: county.id, county: county.name };
  if (!saved.city?.trim()) return found;
  const { cities = [] } = await courierGeo(source, { county_id: county.id }, signal);
  const matches = cities.filter((c) => same(c.name, saved.city));
  const city = matches.find((c) => !c.village) ?? (matches.length === 1 ? matches[0] : undefined);
  if (!city) return found;
  const number = digitsOnly(saved.street_number ?? '');
  const ownCode = city.postal_code && city.postal_code !== '0' ? city.postal_code : '';
  const withCity: AddressValue = {
    ...found,
    city_id: city.id,
    city: city.name,
    street_number: number,
    postal_code: ownCode,
  };
  if (!saved.street?.trim()) return withCity;
  const { streets = [] } = await courierGeo(
    source,
    { city_id: city.id, search: saved.street, limit: GEO_MAX_OPTIONS },
    signal,
  );
  const street = streets.find((s) => same(s.name, saved.street));
  if (!street) return ownCode || !streets.length ? { ...withCity, street: saved.street.trim() } : withCity;
  const { zipCodes = [] } = await courierGeo(source, { city_id: city.id, street_id: street.id, limit: 1 }, signal);
  const ranges = zipCodes.map((z) => ({
    from: z.from,
    to: z.to,
    parity: (['odd', 'even'].includes(z.parity) ? z.parity : 'both') as 'odd' | 'even' | 'both',
    postal_code: z.zip_code,
  }));
  return {
    ...withCity,
    street_id: street.id,
    street: street.name,
    postal_code: postalCodeFor({ ranges }, number) ?? '',
  };
}

/** resolveSavedAddress as a query: the value once resolved (undefined while looking up). */
export function useResolvedAddress(
  saved: SavedAddress | null | undefined,
  enabled: boolean,
  source: GeoSource = 'geo',
) {
  const parts = saved ?? {};
  return useQuery({
    queryKey: [
      'geo',
      source === 'geo' ? null : (session.get().company?.id ?? null),
      'resolve',
      source,
      parts.county ?? null,
      parts.county_id ?? null,
      parts.city ?? null,
      parts.city_id ?? null,
      parts.street ?? null,
      parts.street_id ?? null,
      parts.street_number ?? null,
      parts.zip_code ?? null,
    ],
    queryFn: ({ signal }) => resolveSavedAddress(parts, signal, source),
    enabled,
    staleTime: 60 * 60 * 1000,
    retry: false,
  });
}
