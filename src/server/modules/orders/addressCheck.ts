import { addressCheckBody } from '../../../core/api/intake.js';
import type { ServiceContext } from '../../context.js';
import { HttpError, parse } from '../../http/errors.js';
import { geoData, resolveAddressText, type AddressResolution, type TextAddress } from '../geo/index.js';
import { lockOrder, orderOf, recordEvent, setAddressCheck, touchOrder } from '../order-lifecycle/index.js';
import { type StoredCheck } from './addressCheckView.js';
import { customerDetailOf, updateCustomerDetailRow } from './queries.js';

/**
 * An order's address read against the address data, for an order that arrives with its address as
 * text (a push, an import): the ids and the postal code by the number when the text names one
 * street for certain; otherwise the order is "to check" (`orders.address_check`: the part that
 * stopped it, why, and the places it could mean), which a bulk AWB skips with that reason until
 * the seller corrects the address or confirms it.
 */

/** What an order stores of a text address once it is read. */
export interface ResolvedAddress {
  county_id: number | null;
  city_id: number | null;
  street_id: number | null;
  zip_code: string | null;
  /** The postal code typed with the address, replaced by the street's for its number (the history says so). */
  replacedZip: { from: string; to: string } | null;
  /** Null when resolved; otherwise the JSON kept in orders.address_check. */
  check: string | null;
}

function checkOf(r: AddressResolution): StoredCheck {
  return { part: r.problem!.part, reason: r.problem!.reason, candidates: r.candidates };
}

/**
 * Reads a text address (its ids, when sent, are where the reading starts). A postal code the customer typed that disagrees with the resolved street's
 * is replaced by the street's (a wrong code sends a parcel to the wrong depot); one typed where
 * the address cannot be resolved is kept, since nothing better is known.
 */
export function resolveTextAddress(
  a: TextAddress & { county: string; city: string; street: string; number: string; zip_code?: string | null },
): ResolvedAddress {
  const r = resolveAddressText(geoData(), a);
  const typed = a.zip_code?.replace(/\s+/g, '') || null;
  if (r.status === 'resolved') {
    const replaced = typed && r.postal_code && typed !== r.postal_code ? { from: typed, to: r.postal_code } : null;
    return {
      county_id: r.county_id,
      city_id: r.city_id,
      street_id: r.street_id,
      zip_code: r.postal_code,
      replacedZip: replaced,
      check: null,
    };
  }
  return {
    county_id: r.county_id,
    city_id: r.city_id,
    street_id: r.street_id,
    zip_code: typed ?? r.postal_code,
    replacedZip: null,
    check: JSON.stringify(checkOf(r)),
  };
}

/**
 * The seller's answer to an order to check (`addressCheckBody`, core/api/intake.ts): a corrected
 * address read again against the address data (the ids and postal code follow, the check goes
 * when it resolves), or a confirmation that it is right as it is.
 */
export async function answerAddressCheck(ctx: ServiceContext, orderId: number, body: unknown): Promise<void> {
  // The company's order first (404 whatever was sent), then the body (422).
  await orderOf(ctx.db.kysely, ctx, orderId);
  const input = parse(addressCheckBody, body);
  await ctx.db.transaction(async (trx) => {
    const order = await lockOrder(trx, ctx, orderId);
    if (order.awb) throw new HttpError(409, 'order_contents_shipped');
    if (input.confirm) {
      if (order.address_check === null) return;
      await setAddressCheck(trx, ctx, order, null);
      await recordEvent(trx, ctx, orderId, 'address_confirmed', {});
      return;
    }
    const current = await customerDetailOf(trx, orderId);
    const next = {
      county: input.county ?? current.county ?? '',
      city: input.city ?? current.city ?? '',
      street: input.street ?? current.street ?? '',
      number: input.number ?? current.street_number ?? '',
    };
    const r = resolveAddressText(geoData(), {
      ...next,
      county_id: input.county_id ?? undefined,
      city_id: input.city_id ?? undefined,
      street_id: input.street_id ?? undefined,
    });
    const ids = { county_id: r.county_id, city_id: r.city_id, street_id: r.street_id };
    // A chosen place is written with its name, so the order reads as the data writes it.
    const geo = geoData();
    const names = {
      county: (r.county_id && geo.county(r.county_id)?.name) || next.county,
      city: (r.city_id && geo.locality(r.city_id)?.name) || next.city,
      street: (r.street_id && geo.street(r.street_id)?.name) || next.street,
    };
    const zip = r.status === 'resolved' ? r.postal_code : current.zip_code;
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    const was = {
      county: current.county,
      city: current.city,
      street: current.street,
      street_number: current.street_number,
      zip_code: current.zip_code,
    };
    const now = { ...names, street_number: next.number, zip_code: zip };
    for (const k of Object.keys(now) as (keyof typeof now)[])
      if ((was[k] ?? null) !== (now[k] ?? null)) changes[k] = { from: was[k], to: now[k] };
    const line =
      current.address &&
      current.street &&
      current.address.startsWith(`${current.street} ${current.street_number ?? ''}`)
        ? `${names.street} ${next.number}`.trim() +
          current.address.slice(`${current.street} ${current.street_number ?? ''}`.trim().length)
        : current.address;
    await updateCustomerDetailRow(trx, orderId, { ...now, ...ids, address: line });
    const check = r.status === 'resolved' ? null : JSON.stringify(checkOf(r));
    await setAddressCheck(trx, ctx, order, check);
    await touchOrder(trx, ctx, orderId);
    await recordEvent(trx, ctx, orderId, 'customer_detail_changed', { changes });
  });
}
