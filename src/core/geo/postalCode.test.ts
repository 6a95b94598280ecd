import { describe, expect, it } from 'vitest';
import { parseNumberField, type NumberRange } from './numberRanges';
import { houseNumber, needsNumber, postalCodeFor, type StreetCodes } from './postalCode';

/** A street built from raw Infocod rows `[Numar_Bloc, Codpostal]`, read the way the converter reads them. */
function street(rows: [string, string][]): StreetCodes {
  const s: StreetCodes = { ranges: [], blocks: [] };
  for (const [raw, code] of rows) {
    const parsed = parseNumberField(raw);
    s.ranges.push(...parsed.ranges.map((r): NumberRange => ({ ...r, postal_code: code })));
    if (parsed.blocks.length) s.blocks!.push({ blocks: parsed.blocks, postal_code: code });
  }
  return s;
}

const expectCodes = (s: StreetCodes, cases: Record<string, string | null>) => {
  for (const [number, code] of Object.entries(cases)) expect(postalCodeFor(s, number), `number ${number}`).toBe(code);
};

// Real rows of Poșta Română's Infocod postal-code list (≈2013 edition, as in romania/localitati's
// coduri_postale.sql): each street's number fields and codes as published.
describe('postal code by street number (reference cases)', () => {
  it('Bucharest S1, Strada Porumbaru Emanoil: four odd and four even ranges, the last open-ended', () => {
    const s = street([
      ['nr. 1-25', '011421'],
      ['nr. 27-45', '011422'],
      ['nr. 47-69', '011423'],
      ['nr. 71-T', '011424'],
      ['nr. 2-24', '011425'],
      ['nr. 26-50', '011426'],
      ['nr. 52-72', '011427'],
      ['nr. 74-T', '011428'],
    ]);
    expectCodes(s, {
      1: '011421',
      25: '011421',
      27: '011422',
      45: '011422',
      47: '011423',
      69: '011423',
      71: '011424',
      999: '011424',
      2: '011425',
      24: '011425',
      26: '011426',
      50: '011426',
      52: '011427',
      72: '011427',
      74: '011428',
      1000: '011428',
    });
  });

  it('Bucharest S1, Strada Popa Savu and Strada Mincu Ion, arh.', () => {
    expectCodes(
      street([
        ['nr. 1-33', '011431'],
        ['nr. 35-T', '011432'],
        ['nr. 2-40', '011433'],
        ['nr. 42-T', '011434'],
      ]),
      { 33: '011431', 35: '011432', 40: '011433', 42: '011434' },
    );
    expectCodes(
      street([
        ['nr. 1-19', '011356'],
        ['nr. 21-T', '011357'],
        ['nr. 2-12', '011358'],
        ['nr. 14-T', '011359'],
      ]),
      { 19: '011356', 21: '011357', 12: '011358', 14: '011359' },
    );
  });

  it('Bucharest S1, Strada Tuberozelor: a street without ranges has one code, number or not', () => {
    const s = street([['', '011411']]);
    expectCodes(s, { '': '011411', 1: '011411', 250: '011411', '7B': '011411' });
    expect(postalCodeFor(s, null)).toBe('011411');
    expect(needsNumber(s)).toBe(false);
  });

  it('Bucharest, Strada Eminescu Mihai across sectors 1 and 2: the code prefix tells the sector', () => {
    const s = street([
      ['nr. 1-15', '010511'],
      ['nr. 2-22', '010514'],
      ['nr. 47-67', '020071'],
      ['nr. 183-T', '020078'],
      ['nr. 182-T', '020085'],
    ]);
    expectCodes(s, {
      15: '010511',
      22: '010514',
      47: '020071',
      67: '020071',
      183: '020078',
      182: '020085',
      301: '020078',
    });
    expect(needsNumber(s)).toBe(true);
  });

  it('Cluj-Napoca, Strada Zorilor: an odd and an even group in one row', () => {
    const s = street([
      ['nr. 1-27; 2-44', '400335'],
      ['nr. 29-T; 46-T', '400351'],
    ]);
    expectCodes(s, { 1: '400335', 27: '400335', 2: '400335', 44: '400335', 29: '400351', 46: '400351', 120: '400351' });
  });

  it('Cluj-Napoca, Strada Pasteur Louis: a row listing the even group first', () => {
    const s = street([
      ['nr. 1-41; 2-46', '400349'],
      ['nr. 48-52; 43-73', '400353'],
      ['nr. 75-T; 54-T', '400335'],
    ]);
    expectCodes(s, {
      41: '400349',
      46: '400349',
      48: '400353',
      52: '400353',
      43: '400353',
      73: '400353',
      75: '400335',
      54: '400335',
    });
  });

  it('Cluj-Napoca, Strada Dima Gheorghe: a comma list and a single number', () => {
    const s = street([
      ['nr. 1-29; 2-22', '400358'],
      ['nr. 49', '400336'],
      ['nr. 31-47, 51-T; 24-T', '400342'],
    ]);
    expectCodes(s, {
      29: '400358',
      22: '400358',
      49: '400336',
      31: '400342',
      47: '400342',
      51: '400342',
      99: '400342',
      24: '400342',
    });
  });

  it('Brașov, Bulevardul Eroilor: an open even side beside odd ranges', () => {
    const s = street([
      ['nr. 1-7; 2-T', '500007'],
      ['nr. 9-27', '500030'],
      ['nr. 29-T', '500036'],
    ]);
    expectCodes(s, { 7: '500007', 2: '500007', 300: '500007', 9: '500030', 27: '500030', 29: '500036' });
  });

  it('Timișoara, Bulevardul Ionescu Take: a letter suffix, and no code for a number no range contains', () => {
    const s = street([
      ['nr. 1-13; 2-6', '300062'],
      ['nr. 51; 8-18', '300070'],
      ['nr. 77-T; 46B-T', '300124'],
    ]);
    expectCodes(s, {
      13: '300062',
      6: '300062',
      51: '300070',
      8: '300070',
      18: '300070',
      77: '300124',
      46: '300124',
      48: '300124',
    });
    // 15…49, 53…75 and 20…44 are in no range: no code rather than a wrong one.
    expectCodes(s, { 15: null, 53: null, 75: null, 20: null, 44: null });
  });

  it('Giurgiu, Strada București: a block and a range share a code; a block answers by its id', () => {
    const s = street([
      ['bl. T120', '080045'],
      ['nr. 2-12', '080045'],
    ]);
    expectCodes(s, {
      T120: '080045',
      'bl. T120': '080045',
      't 120': '080045',
      2: '080045',
      12: '080045',
      14: null,
      T121: null,
    });
  });

  it('letters after a number are read by the number (12A is 12), as the reference says', () => {
    const s = street([
      ['nr. 1-27; 2-44', '400335'],
      ['nr. 29-T; 46-T', '400351'],
    ]);
    expectCodes(s, { '12A': '400335', '12 bis': '400335', 'nr. 29B': '400351' });
    expect(houseNumber('12A')).toBe(12);
    expect(houseNumber('abc')).toBeNull();
  });
});

describe('postal code rule: preference and ambiguity', () => {
  const r = (from: number, to: number | null, parity: NumberRange['parity'], postal_code: string): NumberRange => ({
    from,
    to,
    parity,
    postal_code,
  });

  it("prefers a range of the number's parity to one covering both sides", () => {
    expect(postalCodeFor({ ranges: [r(1, 100, 'both', '100000'), r(1, 200, 'odd', '100001')] }, '7')).toBe('100001');
  });

  it('then the narrowest range; of two open-ended ranges the one starting later', () => {
    expect(postalCodeFor({ ranges: [r(1, 99, 'odd', '200001'), r(21, 31, 'odd', '200002')] }, '25')).toBe('200002');
    expect(postalCodeFor({ ranges: [r(1, null, 'odd', '200003'), r(71, null, 'odd', '200004')] }, '75')).toBe('200004');
  });

  it('answers no code when two equally good ranges disagree (a whole street in two sectors)', () => {
    expect(postalCodeFor({ ranges: [r(1, null, 'both', '011111'), r(1, null, 'both', '022222')] }, '5')).toBeNull();
    expect(postalCodeFor({ ranges: [r(1, 9, 'odd', '011111'), r(1, 9, 'odd', '011111')] }, '5')).toBe('011111');
  });

  it('answers no code without a number when the street has several codes, and for a number that is no number', () => {
    const s = { ranges: [r(1, 9, 'odd', '300001'), r(2, 8, 'even', '300002')] };
    expect(postalCodeFor(s, '')).toBeNull();
    expect(postalCodeFor(s, undefined)).toBeNull();
    expect(postalCodeFor(s, 'x')).toBeNull();
  });
});
