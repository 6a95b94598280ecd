import type { AddressValue } from '../../../components/address';

/** The required parts of the delivery address: the new-order field name and the picker's part. */
export const ADDRESS_FIELDS = [
  { field: 'county', part: 'county' },
  { field: 'city', part: 'city' },
  { field: 'street', part: 'street' },
  { field: 'number', part: 'street_number' },
] as const satisfies readonly { field: string; part: keyof AddressValue }[];
