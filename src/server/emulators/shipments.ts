import type { AwbLabel, LabelParty } from '../lib/pdf/documents.js';
import type { EmulatorStore } from './kit.js';
import { roMoney } from '../lib/documentFormat.js';

/**
 * What the courier emulators remember of an AWB, and how its status moves on with the emulator's
 * clock, in minutes so that the demo shows parcels moving (the console tracks every 2 minutes
 * in emulated mode): picked up 10 min after creation, in transit at 20, out for delivery at 40,
 * delivered at 60. Until pickup the AWB can be deleted.
 *
 * A small, deterministic share does not end delivered, so the demo shows those endings too:
 * - refused at the door (about 1 in 10): refused at 60 min, returning at 75, back at the sender at 120;
 * - not collected (about 1 in 20): out for delivery, then returning at 70, back at the sender at 120.
 * Which AWB takes which ending follows from its number (the same AWB always ends the same way).
 * Tests choose with the recipient's name instead: one containing "refuz"/"refuse" is refused,
 * "retur"/"return" is not collected, "livrat"/"deliver" is delivered. Two endings are only ever
 * named (the demo's share never takes them), for the parcels that need the seller's attention:
 * "absent" fails its first delivery attempt at 60 min (the recipient away, the address wrong) and
 * is delivered the next day; "blocat"/"stalled" stops moving after its transit at 20 min and is
 * delivered a week later. Two more are only ever chosen by whoever stores the AWB (its `ending`: the
 * demo seed, so a fresh demo has a parcel that needs attention for each reason): "refusedWaiting"
 * is refused at 60 min and waits a day at the depot before it turns back; "stuck" stops after its
 * transit and is delivered two weeks later (3 working days pass without a scan even over holidays).
 */

export type Stage =
  'pickedUp' | 'in_transit' | 'inDelivery' | 'failedAttempt' | 'delivered' | 'refused' | 'returning' | 'returned';
export type Ending = 'delivered' | 'refused' | 'returned' | 'failedAttempt' | 'stalled' | 'refusedWaiting' | 'stuck';

const MINUTE = 60;
const DAY_SECONDS = 24 * 60 * MINUTE;
/** When each stage happens, in seconds after the AWB was created. */
export const TIMELINE: Record<Ending, [Stage, number][]> = {
  delivered: [
    ['pickedUp', 10 * MINUTE],
    ['in_transit', 20 * MINUTE],
    ['inDelivery', 40 * MINUTE],
    ['delivered', 60 * MINUTE],
  ],
  refused: [
    ['pickedUp', 10 * MINUTE],
    ['in_transit', 20 * MINUTE],
    ['inDelivery', 40 * MINUTE],
    ['refused', 60 * MINUTE],
    ['returning', 75 * MINUTE],
    ['returned', 120 * MINUTE],
  ],
  returned: [
    ['pickedUp', 10 * MINUTE],
    ['in_transit', 20 * MINUTE],
    ['inDelivery', 40 * MINUTE],
    ['returning', 70 * MINUTE],
    ['returned', 120 * MINUTE],
  ],
  failedAttempt: [
    ['pickedUp', 10 * MINUTE],
    ['in_transit', 20 * MINUTE],
    ['inDelivery', 40 * MINUTE],
    ['failedAttempt', 60 * MINUTE],
    ['inDelivery', DAY_SECONDS + 40 * MINUTE],
    ['delivered', DAY_SECONDS + 60 * MINUTE],
  ],
  stalled: [
    ['pickedUp', 10 * MINUTE],
    ['in_transit', 20 * MINUTE],
    ['delivered', 7 * DAY_SECONDS],
  ],
  refusedWaiting: [
    ['pickedUp', 10 * MINUTE],
    ['in_transit', 20 * MINUTE],
    ['inDelivery', 40 * MINUTE],
    ['refused', 60 * MINUTE],
    ['returning', DAY_SECONDS + 60 * MINUTE],
    ['returned', DAY_SECONDS + 120 * MINUTE],
  ],
  stuck: [
    ['pickedUp', 10 * MINUTE],
    ['in_transit', 20 * MINUTE],
    ['delivered', 14 * DAY_SECONDS],
  ],
};
/** Seconds after creation by which every AWB of the demo's endings has reached its last stage. */
export const TIMELINE_END = 120 * MINUTE;

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
  /**
   * How it ends, when chosen by whoever stored it rather than by the recipient's name or the
   * number: the demo seed gives a few recent parcels a failed attempt or no movement, so a fresh
   * demo has a parcel of each kind that needs attention. The courier's API never sees it.
   */
  ending?: Ending;
}

/** How the AWB ends: as stored (the demo seed), else named by the recipient (tests), else by its number (the demo's share). */
export function endingOf(s: Pick<Shipment, 'number' | 'recipient' | 'ending'>): Ending {
  if (s.ending) return s.ending;
  const name = s.recipient.name;
  if (/absent/i.test(name)) return 'failedAttempt';
  if (/blocat|stalled/i.test(name)) return 'stalled';
  if (/refuz|refuse/i.test(name)) return 'refused';
  if (/retur|return/i.test(name)) return 'returned';
  if (/livrat|deliver/i.test(name)) return 'delivered';
  const bucket = hashOf(s.number) % 20;
  return bucket < 2 ? 'refused' : bucket === 2 ? 'returned' : 'delivered';
}

/** FNV-1a with a final mix, so that sequential AWB numbers spread evenly over the buckets. */
function hashOf(text: string): number {
  let h = 0x811c9dc5;
  for (const ch of text) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193);
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** The events that have happened by `now`, oldest first (none before pickup, none once deleted). */
export function stagesAt(s: Shipment, now: number): { stage: Stage; at: number }[] {
  if (s.deleted) return [];
  return TIMELINE[endingOf(s)]
    .filter(([, after]) => s.createdAt + after <= now)
    .map(([stage, after]) => ({ stage, at: s.createdAt + after }));
}

/** Still deletable: the courier has not scanned it yet. */
export const deletable = (s: Shipment, now: number): boolean => !s.deleted && stagesAt(s, now).length === 0;

/** A price the emulators quote: 15 RON + 2 RON per kg above 1 + 1% of the COD, VAT included. */
export function shippingCostBani(weightKg: number, codBani: number): number {
  return 1500 + Math.max(0, Math.ceil(weightKg) - 1) * 200 + Math.round(codBani / 100);
}

/**
 * The next of a courier's sequential AWB numbers, with its prefix so each emulator's look like its
 * courier's. The counter is stored (EmulatorStore.next): a number is never given twice, not even
 * after a restart.
 */
export async function nextAwbNumber(store: EmulatorStore, prefix: string, first: number): Promise<string> {
  return `${prefix}${String(await store.next('awb', first))}`;
}

/** What a courier prints on the label of one of its AWBs (the same fields at every courier). */
/** The label of a shipment in `format`; an A6 page of `labelMm` (the courier's label size, ISO A6 when left out). */
export function labelOf(
  s: Shipment,
  courier: string,
  format: AwbLabel['format'],
  labelMm?: AwbLabel['labelMm'],
): AwbLabel {
  return {
    courier,
    awbNumber: s.number,
    service: s.service,
    createdAt: new Date(s.createdAt * 1000),
    sender: s.sender,
    recipient: s.recipient,
    parcels: s.parcels,
    weightKg: s.weightKg,
    cod: s.codBani ? `${roMoney(s.codBani)} RON` : null,
    content: s.content,
    reference: s.reference,
    observations: s.observations,
    format,
    labelMm,
  };
}

/**
 * Cash on delivery as the courier pays it: a delivered AWB with cash on delivery is collected at
 * delivery and paid to the sender 3 days later, in one transfer per day (the reference names the
 * day). A deterministic share, chosen by the AWB's number, is paid otherwise: about 1 in 10 late
 * (15 days after delivery) and about 1 in 20 short (5 % less, at least 1 leu), so the console's
 * reconciliation has something to show. A refused or returned parcel collects nothing.
 */
export interface Repayment {
  number: string;
  codBani: number;
  collectedAt: number;
  /** When it is paid; null while not paid yet at `now`. */
  paidAt: number | null;
  paidBani: number;
}

const DAY = 86_400;
export const REPAYMENT_DELAY_DAYS = 3;
export const LATE_REPAYMENT_DAYS = 15;

export function repaymentOf(s: Shipment, now: number): Repayment | null {
  if (s.deleted || s.codBani <= 0 || endingOf(s) !== 'delivered') return null;
  const collectedAt = s.createdAt + TIMELINE.delivered.at(-1)![1];
  if (collectedAt > now) return null;
  const bucket = hashOf(`cod:${s.number}`) % 20;
  const late = bucket < 2;
  const short = bucket === 2;
  const dueAt = collectedAt + (late ? LATE_REPAYMENT_DAYS : REPAYMENT_DELAY_DAYS) * DAY;
  const paidBani = short ? s.codBani - Math.max(100, Math.round(s.codBani * 0.05)) : s.codBani;
  return { number: s.number, codBani: s.codBani, collectedAt, paidAt: dueAt <= now ? dueAt : null, paidBani };
}
