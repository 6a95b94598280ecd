export { AddressPicker, type AddressPickerProps } from './AddressPicker';
export { emptyAddress, addressErrorsFrom, type AddressValue, type AddressErrors, type AddressPart } from './types';
