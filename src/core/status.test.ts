import { describe, expect, it } from 'vitest';
import { statusColor } from './status';

describe('statusColor', () => {
  it('maps the four known statuses', () => {
    expect(statusColor('new')).toBe('blue');
    expect(statusColor('processing')).toBe('yellow');
    expect(statusColor('completed')).toBe('green');
    expect(statusColor('cancelled')).toBe('red');
  });
  it('lower-cases and trims before mapping', () => {
    expect(statusColor('NEW')).toBe('blue');
    expect(statusColor(' Cancelled ')).toBe('red');
  });
  it('answers grey for anything else, including courier labels and empty values', () => {
    for (const s of ['storno', 'partially_storno', 'delivered', 'in_transit', 'pickedUp', '', null, undefined])
      expect(statusColor(s)).toBe('gray');
  });
});
