import { trackingUrl } from '../../../../core/smsTemplates.js';
import { PROVIDER_LABELS, type ProviderName } from '../../../providers/http.js';

/** A courier's name as the buyer knows it ("FAN Courier"), or its code when it is none of ours. */
export const courierName = (courier: string): string =>
  (PROVIDER_LABELS as Record<string, string>)[courier as ProviderName] ?? courier;

/** Where the buyer follows a parcel (the courier's tracking page), as the SMS builds it; null when unknown. */
export const parcelTrackingUrl = (courier: string, awb: string): string | null => trackingUrl(courier, awb) || null;

/** The customer's note of an AWB, in the shops' buyers' language (Romanian): courier, AWB, where to follow it. */
export function awbNote(courier: string, awb: string): string {
  const link = parcelTrackingUrl(courier, awb);
  return `Comanda a fost predată curierului ${courierName(courier)}, AWB ${awb}.${link ? ` Urmăriți coletul: ${link}` : ''}`;
}
