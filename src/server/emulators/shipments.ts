import type { LabelParty } from '../lib/pdf/documents.js';

/**
 * What the courier emulators remember of an AWB, and how its status moves on with the clock:
 * picked up 2 h after creation, in transit at 8 h, out for delivery at 20 h, delivered at 26 h.
 * A recipient whose name contains "refuz" or "refuse" refuses it instead: refused at 26 h, back on
 * the road at 28 h, returned to the sender at 50 h (so the demo shows both endings).
 */

export type Stage = 'pickedUp' | 'in_transit' | 'inDelivery' | 'delivered' | 'refused' | 'returning' | 'returned';

const HOUR = 3600;
const DELIVERED_PATH: [Stage, number][] = [
  ['pickedUp', 2 * HOUR],
  ['in_transit', 8 * HOUR],
  ['inDelivery', 20 * HOUR],
  ['delivered', 26 * HOUR],
];
const REFUSED_PATH: [Stage, number][] = [...DELIVERED_PATH.slice(0, 3), ['refused', 26 * HOUR], ['returning', 28 * HOUR], ['returned', 50 * HOUR]];

export interface Shipment {
  number: string;
  parcelNumbers: string[];
  createdAt: number;
  account: string;
  service: string;
  sender: LabelParty;
  recipient: LabelParty;
  /** County and locality as matched, for tracking events' places. */
  recipientLocality: string;
  senderLocality: string;
  parcels: number;
  weightKg: number;
  codBani: number;
  declaredBani: number;
  content: string;
  reference: string | null;
  observations: string | null;
  costBani: number;
  deleted: boolean;
}

export const refuses = (recipientName: string): boolean => /refuz|refuse/i.test(recipientName);

/** The events that have happened by `now`, oldest first (none before pickup, none once deleted). */
export function stagesAt(s: Shipment, now: number): { stage: Stage; at: number }[] {
  if (s.deleted) return [];
  const path = refuses(s.recipient.name) ? REFUSED_PATH : DELIVERED_PATH;
  return path.filter(([, after]) => s.createdAt + after <= now).map(([stage, after]) => ({ stage, at: s.createdAt + after }));
}

/** Still deletable: the courier has not scanned it yet. */
export const deletable = (s: Shipment, now: number): boolean => !s.deleted && stagesAt(s, now).length === 0;

/** A price the emulators quote: 15 RON + 2 RON per kg above 1 + 1% of the COD, VAT included. */
export function shippingCostBani(weightKg: number, codBani: number): number {
  return 1500 + Math.max(0, Math.ceil(weightKg) - 1) * 200 + Math.round(codBani / 100);
}

/** Sequential AWB numbers with a provider prefix, so each emulator's look like its courier's. */
export function awbCounter(prefix: string, start: number): () => string {
  let n = start;
  return () => `${prefix}${String(n++)}`;
}
