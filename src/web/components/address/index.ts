export { AddressPicker, type AddressPickerProps } from './AddressPicker';
export {
  emptyAddress,
  addressErrorsFrom,
  type AddressValue,
  type AddressErrors,
  type AddressPart,
  type AddressFacts,
} from './types';
export type { GeoSource } from './useGeo';
export { addressFromSaved, resolveSavedAddress, useResolvedAddress, type SavedAddress } from './resolve';
