import type { CourierStatus } from '../../../core/api/shipping.js';
import type { AwbStatus } from '../../providers/couriers/types.js';

/**
 * The courier clients' statuses (each client maps its provider's own codes onto AwbStatus) onto
 * the courier statuses the console shows (spec: created, order_ready, pickedUp, in_transit,
 * inDelivery, delivered, returning, refused).
 *
 * - `returned` (back at the sender) has no status of its own in the spec: it is the end of a
 *   return, so it shows as `returning`.
 * - `cancelled` (the courier cancelled the AWB on its side) has none either and changes nothing:
 *   the console's own delete clears the AWB; a cancellation made elsewhere is the seller's to see
 *   at the courier.
 * - `order_ready` is never reached by tracking: none of the three clients reads a "ready for
 *   pickup" state from its courier.
 */
const COURIER_STATUS_OF: Record<AwbStatus, CourierStatus | null> = {
  created: 'created',
  pickedUp: 'pickedUp',
  in_transit: 'in_transit',
  inDelivery: 'inDelivery',
  delivered: 'delivered',
  refused: 'refused',
  returning: 'returning',
  returned: 'returning',
  cancelled: null,
};

export function courierStatusOf(status: AwbStatus | null): CourierStatus | null {
  return status === null ? null : COURIER_STATUS_OF[status];
}

/**
 * Courier statuses after which the AWB is no longer asked about: delivered, and returning (the
 * parcel is on its way back and the spec has no later status to show). A refused parcel is still
 * asked about: couriers try again or send it back, and the seller is told when it turns back.
 */
export const FINAL_COURIER_STATUSES = ['delivered', 'returning'] as const satisfies readonly CourierStatus[];

export const isFinalCourierStatus = (status: string | null): boolean =>
  (FINAL_COURIER_STATUSES as readonly string[]).includes(status ?? '');

/** The statuses the seller is told about with a notification, with the notification's kind. */
export const NOTIFIED_COURIER_STATUSES = {
  refused: 'awb_refused',
  returning: 'awb_returning',
} as const satisfies Partial<Record<CourierStatus, string>>;
