import { z } from 'zod';
import { idRef, optionalText, requiredText } from '../validation.js';
import { registerMessages } from '../messages.js';
import { AWB_COURIERS, COURIER_STATUSES, type AwbCourier, type CourierStatus } from '../orders/couriers.js';
import { phoneNumber } from './orders.js';

/**
 * The AWB (shipping label) calls on an order:
 * `POST /api/v1/order/{id}/awb` with the AWB payload, `GET` answers the label PDF, `DELETE` removes it.
 * Shared by the server (parsing, the ordered checks) and the web modal (the same checks before sending).
 */

/** The couriers and their statuses, exported with the AWB schemas that use them. */
export { AWB_COURIERS, COURIER_STATUSES, type AwbCourier, type CourierStatus };

/** The modal's package presets (small, medium, large): width × height × length in cm, weight in kg. */
export const PACKAGE_PRESETS = {
  small: { package_width: 25, package_height: 10, package_length: 25, package_weight: 1 },
  medium: { package_width: 30, package_height: 10, package_length: 40, package_weight: 2 },
  large: { package_width: 60, package_height: 40, package_length: 70, package_weight: 5 },
} as const;
export type PackagePreset = keyof typeof PACKAGE_PRESETS;

/** Input steps of the modal's package fields: width 0.1, the others 1. */
export const PACKAGE_STEPS = { package_width: 0.1, package_height: 1, package_length: 1, package_weight: 1 } as const;

/** Couriers refuse parcels beyond these (the largest any of the three takes on a standard service). */
export const MAX_PACKAGE_CM = 300;
export const MAX_PACKAGE_KG = 1000;

const decimal = (max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : Number(v.trim().replace(',', '.'))) : v),
    z
      .number({ error: (i) => (i.input === undefined ? 'required' : 'invalid_number') })
      .gt(0, { error: 'positive' })
      .max(max, { error: 'max' }),
  );

const optionalRef = () => z.preprocess((v) => (v === '' || v === null ? undefined : v), idRef().optional());

/**
 * The spec's AWB payload. Types and bounds only: the ordered checks (courier, county, city, then the
 * courier's own: Cargus street / street number / postal code, the others the address) are
 * `awbProblems` below, so that the modal and the server refuse in the same order with the same words.
 */
export const awbBody = z.object({
  courier: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toLowerCase() : v),
    z.string({ error: 'select_courier' }).min(1, { error: 'select_courier' }),
  ),
  name: requiredText(255),
  phone_number: phoneNumber(),
  county: optionalText(100).optional(),
  county_id: optionalRef(),
  city: optionalText(100).optional(),
  city_id: optionalRef(),
  street: optionalText(255).optional(),
  street_id: optionalRef(),
  /** Digits only (the modal's input accepts nothing else). */
  street_number: z.preprocess(
    (v) =>
      typeof v === 'number' ? String(v) : typeof v === 'string' ? (v.trim() === '' ? null : v.trim()) : (v ?? null),
    z
      .string()
      .regex(/^\d{1,6}$/, { error: 'digits_only' })
      .nullable()
      .optional(),
  ),
  /** Six digits, filled by the postal-code rule; never typed. */
  postal_code: z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? null : v.trim()) : (v ?? null)),
    z
      .string()
      .regex(/^\d{6}$/, { error: 'postal_code_digits' })
      .nullable()
      .optional(),
  ),
  address: optionalText(255).optional(),
  /**
   * Delivery to a locker or pick-up point (Sameday easybox, Cargus Ship & Go: the lockers list's id)
   * instead of the address: county, city, street and address are then not needed.
   */
  locker_id: optionalText(64).optional(),
  /**
   * Whether the courier collects the order's total on delivery (true) or nothing (false). Left
   * out, it follows the order's payment method: cash on delivery for a `cash_on_delivery` order,
   * none for a prepaid one (card, bank transfer).
   */
  cash_on_delivery: z.preprocess((v) => (v === null ? undefined : v), z.boolean({ error: 'cod_choice' }).optional()),
  /** Ignored: the cash on delivery is the order's total or none (`cash_on_delivery`), sent by older clients. */
  value: z.unknown().optional(),
  /** Ignored: the order is the one in the path. */
  order_id: z.unknown().optional(),
  package_width: decimal(MAX_PACKAGE_CM),
  package_height: decimal(MAX_PACKAGE_CM),
  package_length: decimal(MAX_PACKAGE_CM),
  package_weight: decimal(MAX_PACKAGE_KG),
  observations: optionalText(500).optional(),
  package_content: optionalText(255).optional(),
});
export type AwbInput = z.output<typeof awbBody>;
export type AwbPayload = z.input<typeof awbBody>;

/**
 * `POST /api/v1/order/{id}/awb/resolve`: the seller's answer when the courier cannot tell which of
 * its AWBs an unknown create made: `awb` names the one that is the order's, null says none is.
 */
export const awbResolveBody = z.object({
  awb: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z.string({ error: 'choose_awb' }).min(1, { error: 'choose_awb' }).max(64, { error: 'too_long' }).nullable(),
  ),
});
export type AwbResolveInput = z.output<typeof awbResolveBody>;

/** What the ordered checks need to know about the chosen city and street (from the address data). */
export interface AwbAddressFacts {
  /** The city's postal codes go by street (Cargus answers "0" for its postal code). */
  cityCodedByStreet: boolean;
  /** The chosen street has several postal codes, so the number decides. */
  streetNeedsNumber: boolean;
}

export type AwbField = 'courier' | 'county' | 'city' | 'street' | 'street_number' | 'postal_code' | 'address';

/**
 * The AWB checks, in this order: a courier, and one of the company's usable ones (`couriers`); a
 * county; a city; then for Cargus a street when the city is coded by street, a street number when
 * the street's postal codes go by number, and a postal code; for the other couriers an address. The
 * first that fails is the answer, as a message key of the catalogue on its field.
 */
export function awbProblem(
  input: Pick<
    AwbInput,
    | 'courier'
    | 'county'
    | 'county_id'
    | 'city'
    | 'city_id'
    | 'street'
    | 'street_id'
    | 'street_number'
    | 'postal_code'
    | 'address'
  >,
  couriers: readonly string[],
  facts: AwbAddressFacts,
): { field: AwbField; message: string } | null {
  if (!input.courier) return { field: 'courier', message: 'select_courier' };
  if (!couriers.includes(input.courier)) return { field: 'courier', message: 'courier_not_configured' };
  if (!input.county && !input.county_id) return { field: 'county', message: 'select_county' };
  if (!input.city && !input.city_id) return { field: 'city', message: 'select_city' };
  if (input.courier === 'cargus') {
    if (facts.cityCodedByStreet && !input.street && !input.street_id)
      return { field: 'street', message: 'select_street' };
    if (facts.streetNeedsNumber && !input.street_number)
      return { field: 'street_number', message: 'street_number_required' };
    if (!input.postal_code) return { field: 'postal_code', message: 'postal_code_required' };
    return null;
  }
  if (!input.address) return { field: 'address', message: 'address_required' };
  return null;
}

registerMessages({
  en: {
    positive: 'The value must be greater than 0.',
    digits_only: 'Digits only.',
    postal_code_digits: 'The postal code has 6 digits.',
    select_courier: 'Choose a courier.',
    courier_not_configured: 'This courier is not set up and active for the company: set it up under Integrations.',
    select_county: 'Choose a county.',
    select_city: 'Choose a city.',
    select_street: "Choose a street: this city's postal codes go by street.",
    street_number_required: 'Enter the street number: this street has several postal codes.',
    postal_code_required: 'The postal code is missing: choose the street and enter the number.',
    address_required: 'Enter the address.',
    choose_awb: "Choose one of the AWBs, or say none is this order's.",
    cod_choice: "Choose cash on delivery (the order's total) or none.",
  },
  ro: {
    positive: 'Valoarea trebuie să fie mai mare decât 0.',
    digits_only: 'Doar cifre.',
    postal_code_digits: 'Codul poștal are 6 cifre.',
    select_courier: 'Alegeți un curier.',
    courier_not_configured: 'Acest curier nu este configurat și activ pentru companie: configurați-l la Integrări.',
    select_county: 'Alegeți un județ.',
    select_city: 'Alegeți o localitate.',
    select_street: 'Alegeți o stradă: codurile poștale ale acestei localități sunt pe străzi.',
    street_number_required: 'Introduceți numărul: această stradă are mai multe coduri poștale.',
    postal_code_required: 'Lipsește codul poștal: alegeți strada și introduceți numărul.',
    address_required: 'Introduceți adresa.',
    choose_awb: 'Alegeți unul dintre AWB-uri sau indicați că niciunul nu este al acestei comenzi.',
    cod_choice: 'Alegeți ramburs (totalul comenzii) sau fără ramburs.',
  },
});
