import { EVENTS as CARGUS_EVENTS } from '../emulators/cargus.js';
import { CREATED as DPD_CREATED, OPERATIONS as DPD_OPERATIONS } from '../emulators/dpd.js';
import { TIMELINE, type Ending, type Stage } from '../emulators/shipments.js';
import { attentionOf, type AttentionReason } from '../modules/tracking/index.js';
import { cargusEvent } from '../providers/couriers/cargusStatuses.js';
import { dpdEvent } from '../providers/couriers/dpdStatuses.js';
import type { AwbTracking, TrackingEvent } from '../providers/couriers/types.js';

/**
 * The demo parcels' attention (refused, returning, a failed attempt, no movement) as the console's
 * tracking would have written it had it polled them all along: each parcel's events are read as its
 * courier client reads the emulator's answer (the emulator's codes, the client's status table) and
 * judged by tracking's own rule (`attentionOf`), after each event and once more now.
 */

export type DemoCourier = 'cargus' | 'dpd';
type StageAt = { stage: Stage; at: number };

const MINUTE = 60;
const HOUR = 3600;

/** What the courier client's track() answers for these emulator stages (DPD also lists the data received). */
export function trackingAnswer(
  courier: DemoCourier,
  createdAt: number,
  stages: StageAt[],
): Pick<AwbTracking, 'status' | 'events'> {
  const raw =
    courier === 'cargus'
      ? stages.map((s) => ({ at: s.at, ...codeOf(CARGUS_EVENTS[s.stage].id, CARGUS_EVENTS[s.stage].description) }))
      : [DPD_CREATED, ...stages.map((s) => DPD_OPERATIONS[s.stage])].map((o, i) => ({
          at: i === 0 ? createdAt : stages[i - 1].at,
          ...codeOf(o.code, o.description),
        }));
  const events: TrackingEvent[] = raw.map((e) => ({
    at: e.at,
    code: e.code,
    description: e.description,
    location: null,
    ...(courier === 'cargus' ? cargusEvent(e.code, e.description) : dpdEvent(e.code)),
  }));
  return { status: events.at(-1)?.status ?? null, events };
}

const codeOf = (code: number, description: string) => ({ code: String(code), description });

export interface AttentionEntry {
  type: 'attention_entered' | 'attention_left';
  reason: AttentionReason;
  at: number;
}

/**
 * The attention a tracking pass would hold now, and the history it would have written: read after
 * each event (at its time) and now; a new reason enters (refused → returning enters again), none
 * leaves, as the order lifecycle's setAttention writes them.
 */
export function attentionHistory(
  courier: DemoCourier,
  createdAt: number,
  stages: StageAt[],
  now: number,
): { attention: AttentionReason | null; entries: AttentionEntry[] } {
  const reads = [...stages.map((s, i) => ({ upTo: i + 1, at: s.at })), { upTo: stages.length, at: now }];
  let held: AttentionReason | null = null;
  const entries: AttentionEntry[] = [];
  for (const read of reads) {
    const reason = attentionOf(trackingAnswer(courier, createdAt, stages.slice(0, read.upTo)), read.at);
    if (reason === held) continue;
    entries.push(
      reason === null
        ? { type: 'attention_left', reason: held!, at: read.at }
        : { type: 'attention_entered', reason, at: read.at },
    );
    held = reason;
  }
  return { attention: held, entries };
}

/** Parcels of each chosen ending a demo company gets. */
const PER_ENDING = 2;

/**
 * The few parcels that end otherwise than their number says, so a fresh demo has a parcel that
 * needs attention for each reason (by number the demo's parcels are only ever refused and then
 * returning within the hour, or returned): of those made in the last day, the latest fail their
 * first attempt (delivered the next day) and the next are refused and wait a day at the depot;
 * the oldest of the last two weeks that has stood still for 3 working days by now, judged by
 * tracking's rule, is stuck (delivered two weeks after its AWB). Only parcels that would have been
 * delivered are chosen, so the demo's refusals and returns stay as many.
 */
export function chooseAttentionEndings(
  parcels: { id: number; awbAt: number; courier: DemoCourier; ending: Ending }[],
  now: number,
): Map<number, Ending> {
  const chosen = new Map<number, Ending>();
  const delivered = parcels.filter((p) => p.ending === 'delivered').sort((a, b) => a.awbAt - b.awbAt);
  const at = (ending: Ending, stage: Stage, nth = 0) => TIMELINE[ending].filter(([s]) => s === stage)[nth][1];
  // Failed or refused a while ago, and still so for at least an hour after the seed.
  const recent = delivered.filter(
    (p) =>
      p.awbAt + at('failedAttempt', 'failedAttempt') <= now - 5 * MINUTE &&
      p.awbAt + Math.min(at('failedAttempt', 'inDelivery', 1), at('refusedWaiting', 'returning')) > now + HOUR,
  );
  const latest = recent.slice(-2 * PER_ENDING).reverse();
  latest.forEach((p, i) => chosen.set(p.id, i < PER_ENDING ? 'failedAttempt' : 'refusedWaiting'));
  const stuck = delivered
    .filter((p) => !chosen.has(p.id) && p.awbAt + at('stuck', 'delivered') > now + 12 * HOUR)
    .filter((p) => {
      const stages = TIMELINE.stuck
        .filter(([, after]) => p.awbAt + after <= now)
        .map(([stage, after]) => ({ stage, at: p.awbAt + after }));
      return attentionOf(trackingAnswer(p.courier, p.awbAt, stages), now) === 'stalled';
    })
    .slice(0, PER_ENDING);
  for (const p of stuck) chosen.set(p.id, 'stuck');
  return chosen;
}
