/**
 * The delivery address of a new order as the address picker fills it (county → locality → street →
 * number). Ids are those of the address data when picked from it; the names travel in the payload.
 */
export interface OrderAddress {
  county: string;
  county_id: number | null;
  city: string;
  city_id: number | null;
  street: string;
  street_id: number | null;
  number: string;
  postal_code: string | null;
}

export const EMPTY_ADDRESS: OrderAddress = { county: '', county_id: null, city: '', city_id: null, street: '', street_id: null, number: '', postal_code: null };

/** The address fields of the new-order payload (spec 3: county, city, street, number). */
export const ADDRESS_FIELDS = ['county', 'city', 'street', 'number'] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];
