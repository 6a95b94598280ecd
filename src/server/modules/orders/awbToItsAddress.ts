import { awbBody, type AwbPayload } from '../../../core/api/shipping.js';
import type { ServiceContext } from '../../context.js';
import { FieldProblems, notFound, parse } from '../../http/errors.js';
import type { NomenclatureCourier } from '../integrations/index.js';
import { createAwb, type AwbBatch, type MadeAwb } from '../shipping/index.js';
import type { StoredCheck } from './addressCheckView.js';
import { awbSubjectOf } from './awbSubject.js';

/** The package of an AWB made for an order without its form: the form's four numbers, content and observations. */
export type AwbPackage = Pick<
  AwbPayload,
  | 'courier'
  | 'package_length'
  | 'package_width'
  | 'package_height'
  | 'package_weight'
  | 'package_content'
  | 'observations'
>;

/**
 * The couriers whose AWB address is checked against their own lists (Cargus, Sameday: shipping's
 * resolveCourierAddress), where the ids are the courier's: the order's ids, of the shipped address
 * data, would name other places or none there.
 */
const OWN_PLACES_COURIERS: readonly string[] = ['cargus', 'sameday'] satisfies NomenclatureCourier[];

/**
 * The order's AWB to the address it carries (its customer details), as the AWB form fills itself
 * in, made by the same create as the form's button (shipping's createAwb: same checks, same
 * protocol): the order's postal code, and the address data's ids only for a courier checked against
 * that data (DPD); Cargus and Sameday find the order's names in their own lists, as the form does.
 *
 * The order is read once, for what the AWB needs of it (awbSubject.ts), and the create answers the
 * AWB it made: with the claim's lock and the record's, three reads of the order an AWB. `batch`: the
 * courier's set-ups, account and nomenclature as a bulk job's slice read them once for its orders.
 */
export async function createOrderAwbToItsAddress(
  ctx: ServiceContext,
  id: number,
  pkg: AwbPackage,
  batch?: AwbBatch,
): Promise<MadeAwb> {
  const c = await awbSubjectOf(ctx.db.kysely, ctx.companyId, id);
  if (!c) throw notFound();
  // An address the address data could not place for certain waits for the seller's look: a bulk
  // AWB skips the order with the reason (the AWB form, made by a person, is not held by it).
  if (c.address_check) {
    const check = JSON.parse(c.address_check) as StoredCheck;
    throw FieldProblems.one('address', `address_check_${check.part}_${check.reason}`);
  }
  const address = c.address?.trim() || [c.street, c.street_number].filter((x) => x?.trim()).join(' ');
  const dataIds = !OWN_PLACES_COURIERS.includes(String(pkg.courier));
  const input = parse(awbBody, {
    ...pkg,
    name: c.name ?? '',
    phone_number: c.phone_number ?? '',
    county: c.county ?? undefined,
    county_id: (dataIds && c.county_id) || undefined,
    city: c.city ?? undefined,
    city_id: (dataIds && c.city_id) || undefined,
    street: c.street ?? undefined,
    street_id: (dataIds && c.street_id) || undefined,
    // The form takes digits only; any other number stays in the address line.
    street_number: /^\d{1,6}$/.test(c.street_number?.trim() ?? '') ? c.street_number!.trim() : null,
    // The order's postal code, as the form fills it in (one not of six digits is left for the checks to ask for).
    postal_code: /^\d{6}$/.test(c.zip_code?.trim() ?? '') ? c.zip_code!.trim() : null,
    address: address || undefined,
    observations: pkg.observations ?? (c.observations?.trim().slice(0, 500) || undefined),
  });
  return createAwb(ctx, id, input, c.email ?? undefined, c.sender_name, batch);
}
