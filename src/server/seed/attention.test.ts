import { describe, expect, it } from 'vitest';
import { fromBucharest } from '../lib/bucharestTime.js';
import { stagesAt, type Ending, type Shipment } from '../emulators/shipments.js';
import { attentionHistory, chooseAttentionEndings, trackingAnswer, type DemoCourier } from './attention.js';

const HOUR = 3600;
const DAY = 86_400;
/** Wednesday 2 December 2026, 12:00 in Bucharest: Monday 30 November and Tuesday 1 December are public holidays. */
const NOW = fromBucharest('2026-12-02T12:00')!;

const parcel = (ending: Ending, createdAt: number) =>
  ({ number: '1', recipient: { name: 'Ana Pop' }, createdAt, deleted: false, ending }) as unknown as Shipment;

describe('the demo parcels read as tracking reads them', () => {
  it('reads the emulator’s events through each courier’s status table', () => {
    for (const courier of ['cargus', 'dpd'] as DemoCourier[]) {
      const stages = stagesAt(parcel('failedAttempt', NOW - 2 * HOUR), NOW);
      const answer = trackingAnswer(courier, NOW - 2 * HOUR, stages);
      expect(answer.status, courier).toBe('inDelivery');
      expect(answer.events.at(-1)?.attention, courier).toBe('failed_attempt');
    }
    // DPD lists the data received first; Cargus has no event before pickup.
    expect(trackingAnswer('dpd', NOW, []).status).toBe('created');
    expect(trackingAnswer('cargus', NOW, []).status).toBeNull();
  });

  it('writes the history a pass polling all along would have written', () => {
    const at = (ending: Ending, createdAt: number) =>
      attentionHistory('cargus', createdAt, stagesAt(parcel(ending, createdAt), NOW), NOW);
    const refused = at('refused', NOW - 3 * HOUR);
    expect(refused.attention).toBe('returning');
    expect(refused.entries.map((e) => [e.type, e.reason])).toEqual([
      ['attention_entered', 'refused'],
      ['attention_entered', 'returning'],
    ]);
    // A failed attempt delivered the next day entered, then left when the parcel moved on.
    const retried = at('failedAttempt', NOW - 2 * DAY);
    expect(retried.attention).toBeNull();
    expect(retried.entries.map((e) => [e.type, e.reason])).toEqual([
      ['attention_entered', 'failed_attempt'],
      ['attention_left', 'failed_attempt'],
    ]);
    const stuck = at('stuck', NOW - 9 * DAY);
    expect(stuck).toEqual({
      attention: 'stalled',
      entries: [{ type: 'attention_entered', reason: 'stalled', at: NOW }],
    });
    expect(at('delivered', NOW - 3 * DAY)).toEqual({ attention: null, entries: [] });
  });

  it('chooses recent parcels that would have been delivered, and a stuck one only once 3 working days passed', () => {
    const parcels = [
      // A week ago: the two holidays leave two working days without a scan, not yet stalled.
      { id: 1, awbAt: NOW - 7 * DAY + HOUR, courier: 'cargus' as const, ending: 'delivered' as Ending },
      { id: 2, awbAt: NOW - 10 * DAY, courier: 'dpd' as const, ending: 'delivered' as Ending },
      { id: 3, awbAt: NOW - 16 * DAY, courier: 'dpd' as const, ending: 'delivered' as Ending },
      { id: 4, awbAt: NOW - 5 * HOUR, courier: 'cargus' as const, ending: 'refused' as Ending },
      ...[5, 6, 7, 8, 9].map((id) => ({
        id,
        awbAt: NOW - id * HOUR,
        courier: 'dpd' as const,
        ending: 'delivered' as Ending,
      })),
    ];
    const chosen = chooseAttentionEndings(parcels, NOW);
    expect(Object.fromEntries(chosen)).toEqual({
      5: 'failedAttempt',
      6: 'failedAttempt',
      7: 'refusedWaiting',
      8: 'refusedWaiting',
      2: 'stuck',
    });
  });
});
