import type { ReactNode } from 'react';
import type { AddressErrors, AddressFacts, AddressValue } from '../../../components/address';
import { addressErrorsFrom } from '../../../components/address';
import type { Order } from '../../../../core/api/orders';
import type { Package } from '../../../../core/api/packages';
import {
  awbBody,
  awbProblem,
  PACKAGE_PRESETS,
  type AwbField,
  type AwbPayload,
  type PackagePreset,
} from '../../../../core/api/shipping';
import { hasLockers } from '../../../../core/api/lockers';
import { translate, type Lang } from '../../../../core/messages';
import { schemaErrors } from '../../../lib/form';
import { cleanText } from '../shared/orderView';

/** The AWB modal's own fields (the address parts live in the shared AddressPicker's value). */
export interface AwbFormValues {
  courier: string | null;
  address: string;
  /** The size chosen: `preset:small` or `package:<id>`; it only fills the four numbers. */
  package: string | null;
  package_width: number | string;
  package_height: number | string;
  package_length: number | string;
  package_weight: number | string;
  observations: string;
  package_content: string;
  /** 'total' collects the order's total on delivery, 'none' nothing (a prepaid order). */
  cod: 'total' | 'none';
  /** Where the parcel goes: the customer's address, or a locker / pick-up point (Sameday, Cargus). */
  deliver: 'address' | 'locker';
  /** The point chosen on the courier's lockers list (its id), when delivering to a locker. */
  locker_id: string | null;
}

export const PACKAGE_FIELDS = ['package_width', 'package_height', 'package_length', 'package_weight'] as const;
type PackageField = (typeof PACKAGE_FIELDS)[number];
const MAX_CONTENT = 255;

/** The order's products as a package content ("Cană × 1, Tricou M × 2"), cut to what the payload takes. */
export function contentOf(order: Pick<Order, 'order_products'>): string {
  const text = (order.order_products ?? []).map((l) => `${l.product.name} × ${l.quantity}`).join(', ');
  return text.length > MAX_CONTENT ? `${text.slice(0, MAX_CONTENT - 1)}…` : text;
}

/**
 * The modal's start: the order's courier when it is still usable, else the only usable one; the
 * customer's address line (or street and number); the customer's notes as observations for the
 * courier; the products as the content; cash on delivery when the order is paid so, none when
 * prepaid; the size of the company's default package when it has one. The company's shipping
 * defaults (`defaults`) come next: its default courier when the order has none usable, its preset
 * size when no package is marked default.
 */
export function awbFormStart(
  order: Order,
  couriers: readonly string[],
  defaultPackage?: Package | null,
  defaults?: ShippingDefaults,
): AwbFormValues {
  const c = order.customer_detail;
  const byDefault = defaults?.courier && couriers.includes(defaults.courier) ? defaults.courier : null;
  const courier =
    order.courier && couriers.includes(order.courier)
      ? order.courier
      : (byDefault ?? (couriers.length === 1 ? couriers[0] : null));
  const preset = !defaultPackage && defaults?.preset ? defaults.preset : null;
  const size = defaultPackage
    ? {
        package_width: defaultPackage.width,
        package_height: defaultPackage.height,
        package_length: defaultPackage.length,
        package_weight: defaultPackage.weight,
      }
    : preset
      ? PACKAGE_PRESETS[preset]
      : null;
  return {
    courier,
    address: cleanText(c?.address) ?? [cleanText(c?.street), cleanText(c?.street_number)].filter(Boolean).join(' '),
    package: defaultPackage ? packageChoice(defaultPackage.id) : preset ? presetChoice(preset) : null,
    package_width: size?.package_width ?? '',
    package_height: size?.package_height ?? '',
    package_length: size?.package_length ?? '',
    package_weight: size?.package_weight ?? '',
    observations: cleanText(order.observations) ?? '',
    package_content: contentOf(order),
    cod: (order.payment_method ?? 'cash_on_delivery') === 'cash_on_delivery' ? 'total' : 'none',
    deliver: 'address',
    locker_id: null,
  };
}

/** The company's shipping defaults the form starts with (GET /company/{id}/shipping). */
export interface ShippingDefaults {
  courier: string | null;
  /** The default size when it is a preset (a package default is the package marked default). */
  preset: PackagePreset | null;
}

/** The form's defaults of the company's shipping settings (none while they load). */
export const shippingDefaultsOf = (
  s: { default_courier: string | null; default_package_id: number | string | null } | undefined,
): ShippingDefaults => ({
  courier: s?.default_courier ?? null,
  preset:
    typeof s?.default_package_id === 'string' && s.default_package_id in PACKAGE_PRESETS
      ? (s.default_package_id as PackagePreset)
      : null,
});

export const presetChoice = (name: PackagePreset) => `preset:${name}`;
export const packageChoice = (id: number) => `package:${id}`;

/** The four numbers of a size choice (a preset of the spec, or one of the company's packages); null for an unknown choice. */
export function sizeOf(choice: string | null, packages: readonly Package[]): Record<PackageField, number> | null {
  if (!choice) return null;
  const [kind, name] = choice.split(':');
  if (kind === 'preset' && name in PACKAGE_PRESETS) return { ...PACKAGE_PRESETS[name as PackagePreset] };
  const p = kind === 'package' ? packages.find((x) => String(x.id) === name) : undefined;
  return p
    ? { package_width: p.width, package_height: p.height, package_length: p.length, package_weight: p.weight }
    : null;
}

/** The company's default package among its active ones (the one marked default), or null. */
export const defaultPackageOf = (packages: readonly Package[] | undefined): Package | null =>
  packages?.find((p) => p.is_default) ?? null;

/** Whether the modal sends the AWB to a locker: chosen so, for a courier that has lockers. */
export const toLocker = (values: Pick<AwbFormValues, 'courier' | 'deliver'>) =>
  values.deliver === 'locker' && Boolean(values.courier && hasLockers(values.courier));

/**
 * The spec's AWB payload of the modal's values (cash on delivery: the order's total or none, as
 * chosen). To a locker it names the point instead of the address: the courier delivers to the
 * point's own place, so the county, city, street and address are left out.
 */
export function awbPayload(order: Order, values: AwbFormValues, address: AddressValue): AwbPayload {
  const c = order.customer_detail;
  if (toLocker(values)) {
    return {
      courier: values.courier ?? '',
      name: c?.name ?? '',
      phone_number: c?.phone_number ?? '',
      locker_id: values.locker_id ?? undefined,
      order_id: order.id,
      value: values.cod === 'total' ? order.total_value : 0,
      cash_on_delivery: values.cod === 'total',
      package_width: values.package_width,
      package_height: values.package_height,
      package_length: values.package_length,
      package_weight: values.package_weight,
      observations: values.observations.trim() || undefined,
      package_content: values.package_content.trim() || undefined,
    };
  }
  return {
    courier: values.courier ?? '',
    name: c?.name ?? '',
    phone_number: c?.phone_number ?? '',
    county: address.county || undefined,
    county_id: address.county_id ?? undefined,
    city: address.city || undefined,
    city_id: address.city_id ?? undefined,
    street: address.street || undefined,
    street_id: address.street_id ?? undefined,
    street_number: address.street_number || null,
    postal_code: address.postal_code || null,
    address: values.address.trim() || undefined,
    order_id: order.id,
    value: values.cod === 'total' ? order.total_value : 0,
    cash_on_delivery: values.cod === 'total',
    package_width: values.package_width,
    package_height: values.package_height,
    package_length: values.package_length,
    package_weight: values.package_weight,
    observations: values.observations.trim() || undefined,
    package_content: values.package_content.trim() || undefined,
  };
}

const ADDRESS_PARTS: readonly AwbField[] = ['county', 'city', 'street', 'street_number', 'postal_code'];
/** The modal's own fields that a message can sit under (the rest go to the error box). */
const FORM_FIELDS: readonly string[] = [
  'courier',
  'address',
  ...PACKAGE_FIELDS,
  'observations',
  'package_content',
  'cash_on_delivery',
  'locker_id',
];

export interface AwbCheck {
  /** Messages under the modal's own fields. */
  fields: Record<string, ReactNode>;
  /** Messages under the address picker's parts. */
  address: AddressErrors;
  /** Messages of fields the modal does not show (the customer's name or phone), for the error box. */
  other: string[];
  /** The field of the first address check that failed (spec order), to focus. */
  first: AwbField | null;
}

/**
 * The checks before sending, with the server's words: the spec's ordered address checks (core's
 * awbProblem: courier, county, city, then Cargus street / number / postal code or the others'
 * address; the first that fails), and the payload's own bounds (sizes, lengths) beside it.
 * Answers null when the AWB can be sent.
 */
export function checkAwb(
  values: AwbFormValues,
  address: AddressValue,
  payload: AwbPayload,
  couriers: readonly string[],
  facts: AddressFacts,
  lang: Lang,
): AwbCheck | null {
  const result: AwbCheck = { fields: {}, address: {}, other: [], first: null };
  // To a locker the address checks do not apply: the point is the place, and it must be chosen.
  const locker = toLocker(values);
  if (locker && !values.locker_id) result.fields.locker_id = translate(lang, 'required');
  const problem = locker
    ? null
    : awbProblem(
        {
          courier: (values.courier ?? '').trim().toLowerCase(),
          county: address.county || null,
          county_id: address.county_id ?? undefined,
          city: address.city || null,
          city_id: address.city_id ?? undefined,
          street: address.street || null,
          street_id: address.street_id ?? undefined,
          street_number: address.street_number || null,
          postal_code: address.postal_code || null,
          address: values.address.trim() || null,
        },
        couriers,
        facts,
      );
  if (problem) {
    result.first = problem.field;
    const text = translate(lang, problem.message);
    if (ADDRESS_PARTS.includes(problem.field)) result.address[problem.field as keyof AddressErrors] = text;
    else result.fields[problem.field] = text;
  }
  for (const [field, message] of Object.entries(schemaErrors(awbBody, payload, lang))) {
    if (field === 'courier' || (problem && field === problem.field)) continue;
    if (FORM_FIELDS.includes(field)) result.fields[field] = message;
    else if (ADDRESS_PARTS.includes(field as AwbField) || field.endsWith('_id'))
      Object.assign(result.address, { ...addressErrorsFrom({ [field]: message }), ...result.address });
    else result.other.push(message);
  }
  const empty =
    !result.first && !Object.keys(result.fields).length && !Object.keys(result.address).length && !result.other.length;
  return empty ? null : result;
}

/** A server 422's field messages, split between the modal's fields and the picker's parts. */
export function serverAwbErrors(
  errors: Record<string, string[] | string | undefined>,
): Pick<AwbCheck, 'fields' | 'address'> {
  const fields: Record<string, ReactNode> = {};
  for (const [field, message] of Object.entries(errors))
    if (FORM_FIELDS.includes(field) && message) fields[field] = Array.isArray(message) ? message.join(' ') : message;
  return { fields, address: addressErrorsFrom(errors) };
}
