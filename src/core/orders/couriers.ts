/** The couriers an AWB can be made with (each one an integration of type courier). */
export const AWB_COURIERS = ['cargus', 'sameday', 'dpd', 'fan'] as const;
export type AwbCourier = (typeof AWB_COURIERS)[number];

/** The courier statuses the console shows, in the order a parcel usually moves. */
export const COURIER_STATUSES = [
  'created',
  'order_ready',
  'pickedUp',
  'in_transit',
  'inDelivery',
  'delivered',
  'returning',
  'refused',
] as const;
export type CourierStatus = (typeof COURIER_STATUSES)[number];
