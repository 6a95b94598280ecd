import { describe, expect, it } from 'vitest';
import { parseNumberField } from './numberRanges';

describe('reading the Numar_Bloc field', () => {
  it('empty: the whole street', () => {
    expect(parseNumberField('')).toEqual({
      ranges: [{ from: 1, to: null, parity: 'both' }],
      blocks: [],
      irregular: [],
    });
  });

  it('a range keeps the parity of its ends; T is the end of the street; a single number is a range of one', () => {
    expect(parseNumberField('nr. 1-25').ranges).toEqual([{ from: 1, to: 25, parity: 'odd' }]);
    expect(parseNumberField('nr. 74-T').ranges).toEqual([{ from: 74, to: null, parity: 'even' }]);
    expect(parseNumberField('nr. 49').ranges).toEqual([{ from: 49, to: 49, parity: 'odd' }]);
  });

  it('groups by `;` in any order, several ranges by `,`', () => {
    expect(parseNumberField('nr. 48-52; 43-73').ranges).toEqual([
      { from: 48, to: 52, parity: 'even' },
      { from: 43, to: 73, parity: 'odd' },
    ]);
    expect(parseNumberField('nr. 31-47, 51-T; 24-T').ranges).toEqual([
      { from: 31, to: 47, parity: 'odd' },
      { from: 51, to: null, parity: 'odd' },
      { from: 24, to: null, parity: 'even' },
    ]);
    // The prefix may be missing.
    expect(parseNumberField('1-T; 2-T').ranges).toEqual([
      { from: 1, to: null, parity: 'odd' },
      { from: 2, to: null, parity: 'even' },
    ]);
  });

  it('ends of different parity cover both sides', () => {
    expect(parseNumberField('nr. 9-24').ranges).toEqual([{ from: 9, to: 24, parity: 'both' }]);
  });

  it('letter suffixes, bis and (casa) are read by their number', () => {
    expect(parseNumberField('nr. 77-T; 46B-T').ranges).toEqual([
      { from: 77, to: null, parity: 'odd' },
      { from: 46, to: null, parity: 'even' },
    ]);
    expect(parseNumberField('nr. 202B- 202Z').ranges).toEqual([{ from: 202, to: 202, parity: 'even' }]);
    expect(parseNumberField('nr. 1-51C; 4-68').ranges).toEqual([
      { from: 1, to: 51, parity: 'odd' },
      { from: 4, to: 68, parity: 'even' },
    ]);
    expect(parseNumberField('nr. 5 bis').ranges).toEqual([{ from: 5, to: 5, parity: 'odd' }]);
    expect(parseNumberField('nr. 3-9 (casa)').ranges).toEqual([{ from: 3, to: 9, parity: 'odd' }]);
  });

  it('blocks are ids, not numbers; a field may hold both', () => {
    expect(parseNumberField('bl. T120')).toEqual({ ranges: [], blocks: ['T120'], irregular: [] });
    expect(parseNumberField('bl. 6/2SC-7/2SC, 6/2S, 1A Turn').blocks).toEqual(['6/2SC-7/2SC', '6/2S', '1A Turn']);
    expect(parseNumberField('nr. 1-T; bl. D35')).toEqual({
      ranges: [{ from: 1, to: null, parity: 'odd' }],
      blocks: ['D35'],
      irregular: [],
    });
  });

  it('keeps the irregular parts out of the ranges', () => {
    expect(parseNumberField('km. 8')).toEqual({ ranges: [], blocks: [], irregular: ['km. 8'] });
    expect(parseNumberField('Vila A, O').irregular).toEqual(['Vila A', 'O']);
    expect(parseNumberField('nr. 30-10').irregular).toEqual(['30-10']);
  });
});
