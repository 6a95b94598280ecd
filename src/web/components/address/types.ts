import type { ReactNode } from 'react';

/**
 * The address an AddressPicker edits: ids of the shipped address data (county = SIRUTA county
 * number, city = SIRUTA locality code, street = the data's street id) with their names, so a
 * saved order keeps readable text even if the data changes. `street_id` is null where the city
 * has no street list (villages and towns with one postal code): `street` is then free text.
 * `postal_code` is filled by the picker ('' when no code is known for the number).
 */
export interface AddressValue {
  county_id: number | null;
  county: string;
  city_id: number | null;
  city: string;
  street_id: number | null;
  street: string;
  street_number: string;
  postal_code: string;
}

export const emptyAddress: AddressValue = {
  county_id: null,
  county: '',
  city_id: null,
  city: '',
  street_id: null,
  street: '',
  street_number: '',
  postal_code: '',
};

/** What the picker knows of the chosen city and street (the AWB checks need it: core/api/shipping AwbAddressFacts). */
export interface AddressFacts {
  /** The city's postal codes go by street (it has a street list). */
  cityCodedByStreet: boolean;
  /** The chosen street has several postal codes, so the number decides. */
  streetNeedsNumber: boolean;
}

/** The picker's parts, in order; a form's field errors are given per part. */
export type AddressPart = 'county' | 'city' | 'street' | 'street_number' | 'postal_code';
export type AddressErrors = Partial<Record<AddressPart, ReactNode>>;

/**
 * Maps a server's 422 field names onto the picker's parts: `county_id` and `county` → county, `city_id`
 * → city, `street_id` → street, `number` → street_number, `zip_code` → postal_code.
 */
export function addressErrorsFrom(errors: Record<string, string[] | string | undefined>, prefix = ''): AddressErrors {
  const map: Record<string, AddressPart> = {
    county_id: 'county',
    county: 'county',
    city_id: 'city',
    city: 'city',
    street_id: 'street',
    street: 'street',
    street_number: 'street_number',
    number: 'street_number',
    postal_code: 'postal_code',
    zip_code: 'postal_code',
  };
  const out: AddressErrors = {};
  for (const [field, message] of Object.entries(errors)) {
    const part = map[prefix && field.startsWith(prefix) ? field.slice(prefix.length) : field];
    if (part && message && !out[part]) out[part] = Array.isArray(message) ? message.join(' ') : message;
  }
  return out;
}
