import type { PaymentMethod } from '../../../../core/api/orders';
import { ApiError } from '../../../lib/api';
import type { AddressValue } from '../../../components/address';
import { ADDRESS_FIELDS } from './address';
import { productsPayload, type DraftLine } from './newOrderLines';

export interface NewOrderValues {
  name: string;
  phone_number: string;
  /** Optional; checked as an email when given. */
  email: string;
  address: AddressValue;
  /** A flat's block, staircase and apartment (optional): the server adds them to the address line. */
  block: string;
  staircase: string;
  apartment: string;
  /** The id of one of the company's sources (Select's string). */
  source: string | null;
  /** How the customer pays (cash on delivery unless chosen otherwise). */
  payment_method: PaymentMethod;
  details: string;
  lines: DraftLine[];
}

/** The new-order payload: name, phone_number, county, city, street, number, source, details, products {SKU: quantity}. */
export function newOrderPayload(v: NewOrderValues) {
  return {
    name: v.name.trim(),
    phone_number: v.phone_number.trim(),
    county: v.address.county.trim(),
    city: v.address.city.trim(),
    street: v.address.street.trim(),
    number: v.address.street_number.trim(),
    ...(v.email.trim() ? { email: v.email.trim() } : {}),
    ...(v.block.trim() ? { block: v.block.trim() } : {}),
    ...(v.staircase.trim() ? { staircase: v.staircase.trim() } : {}),
    ...(v.apartment.trim() ? { apartment: v.apartment.trim() } : {}),
    // The ids of the address data travel too when the picker gave them (the server may ignore them).
    ...(v.address.county_id ? { county_id: v.address.county_id } : {}),
    ...(v.address.city_id ? { city_id: v.address.city_id } : {}),
    ...(v.address.street_id ? { street_id: v.address.street_id } : {}),
    ...(v.address.postal_code ? { zip_code: v.address.postal_code } : {}),
    source: v.source ? Number(v.source) : null,
    payment_method: v.payment_method,
    details: v.details.trim(),
    products: productsPayload(v.lines),
  };
}

/** A plausible email (the server checks it exactly). */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The new order's required fields: name, phone, county, city, street, number and source, and at least one product. */
export function missingFields(
  v: NewOrderValues,
  texts: { required: string; atLeastOneProduct: string; invalidEmail: string },
): Record<string, string> {
  const out: Record<string, string> = {};
  if (!v.name.trim()) out.name = texts.required;
  if (!v.phone_number.trim()) out.phone_number = texts.required;
  if (v.email.trim() && !EMAIL.test(v.email.trim())) out.email = texts.invalidEmail;
  for (const { field, part } of ADDRESS_FIELDS) if (!String(v.address[part] ?? '').trim()) out[field] = texts.required;
  if (!v.source) out.source = texts.required;
  if (v.lines.length === 0) out.products = texts.atLeastOneProduct;
  return out;
}

/**
 * The server's 422 field messages, placed where the form shows them: the customer and address fields
 * by name, `products.<SKU>` (or `products.<n>`) beside its line, anything else about products on the
 * products section. Fields the form does not have are kept under their own name (the alert lists them).
 */
export function placeServerErrors(error: unknown, lines: readonly DraftLine[]): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  const out: Record<string, string> = {};
  const put = (key: string, msg: string) => (out[key] = out[key] ? `${out[key]} ${msg}` : msg);
  for (const [field, list] of Object.entries(error.errors)) {
    const msg = (Array.isArray(list) ? list : [String(list)]).join(' ');
    const product = /^products?[.[]([^\]]+)\]?(?:\.\w+)?$/.exec(field);
    if (product) {
      const key = product[1]!;
      const line = lines.find((l) => l.sku === key) ?? (/^\d+$/.test(key) ? lines[Number(key)] : undefined);
      put(line ? `line.${line.product_id}` : 'products', line ? msg : `${key}: ${msg}`);
    } else if (field === 'products' || field === 'product') put('products', msg);
    else if (field === 'phone') put('phone_number', msg);
    else if (field === 'source_id') put('source', msg);
    else if (field === 'street_number') put('number', msg);
    else put(field, msg);
  }
  return out;
}

/** The created order's id: the API answers the order, or `{data: order}`. */
export function createdId(answer: unknown): number | null {
  const a = answer as { id?: unknown; data?: { id?: unknown } } | null | undefined;
  const id = Number(a?.id ?? a?.data?.id);
  return Number.isInteger(id) && id > 0 ? id : null;
}
