import { describe, expect, it } from 'vitest';
import { FAN_STATUSES, fanEvent } from './fanStatuses.js';
import { AWB_STATUSES, TRACKING_ATTENTION } from './types.js';

const codes = (pick: (r: (typeof FAN_STATUSES)[number]) => boolean) =>
  FAN_STATUSES.filter(pick)
    .map((r) => r.code)
    .sort();

describe("FAN Courier's status table", () => {
  it('lists each of the documented codes once, each read back by its code with its status and attention', () => {
    expect(FAN_STATUSES).toHaveLength(47);
    expect(new Set(FAN_STATUSES.map((r) => r.code)).size).toBe(FAN_STATUSES.length);
    for (const row of FAN_STATUSES) {
      expect(AWB_STATUSES).toContain(row.awbStatus);
      if (row.attention) expect(TRACKING_ATTENTION).toContain(row.attention);
      expect(row.label.trim()).not.toBe('');
      expect(fanEvent(row.code)).toEqual({ status: row.awbStatus, attention: row.attention ?? null });
    }
  });

  it('only S2 is delivered; S46 (left at a FANbox or office, not collected) is still out for delivery', () => {
    expect(codes((r) => r.awbStatus === 'delivered')).toEqual(['S2']);
    expect(fanEvent('S46')).toEqual({ status: 'inDelivery', attention: null });
  });

  it('address and contact problems are failed attempts; refusals and returns need attention too', () => {
    expect(codes((r) => r.attention === 'failed_attempt')).toEqual(
      ['S4', 'S5', 'S10', 'S12', 'S14', 'S19', 'S20', 'S21', 'S22', 'S24', 'S25', 'S27', 'S28', 'S30', 'S42'].sort(),
    );
    expect(codes((r) => r.attention === 'refused')).toEqual(['S15', 'S50', 'S6', 'S7']);
    expect(codes((r) => r.attention === 'returning')).toEqual(['S16', 'S33', 'S43']);
    expect(fanEvent('S43').status).toBe('returned');
    // Moving on (redirected, handed to a partner, picked up, in depots) asks nothing of the seller.
    for (const code of ['S9', 'S47', 'C0', 'C1', 'H0', 'H17', 'S1', 'S35']) expect(fanEvent(code).attention).toBeNull();
  });

  it('a code FAN adds later counts as a movement, never as delivered', () => {
    expect(fanEvent('S99')).toEqual({ status: 'in_transit', attention: null });
  });
});
