/**
 * Reading Poșta Română's number field (`Numar_Bloc`) into ranges of house numbers and lists of
 * apartment blocks. The forms the field takes in the data:
 *   ''                      the whole street has one code
 *   'nr. 1-25'              odd numbers 1…25 (both ends share the parity)
 *   'nr. 71-T'              71 to the end of the street, odd
 *   'nr. 49'                a single number
 *   'nr. 1-27; 2-44'        groups separated by `;` (odd then even, but the order is not guaranteed)
 *   'nr. 31-47, 51-T; 24-T' several ranges of one side separated by `,`
 *   'nr. 77-T; 46B-T'       letter suffixes (compared by their number: 46B-T starts at 46)
 *   'bl. T120, A1-A5'       apartment-block identifiers, not house numbers
 *   'nr. 1-T; bl. D35'      both in one field
 */

export type Parity = 'odd' | 'even' | 'both';

/** House numbers from..to (to null: to the end of the street) of one parity, with their postal code. */
export interface NumberRange {
  from: number;
  to: number | null;
  parity: Parity;
  postal_code: string;
}

/** Apartment blocks (`T120`, `A1-A5`) sharing one postal code. */
export interface BlockList {
  blocks: string[];
  postal_code: string;
}

export interface ParsedNumberField {
  ranges: Omit<NumberRange, 'postal_code'>[];
  blocks: string[];
  /** Parts that follow none of the known forms (about 0.5 % of the rows): kept out of the ranges. */
  irregular: string[];
}

const parityOf = (n: number): Parity => (n % 2 === 1 ? 'odd' : 'even');

// 12, 12A, 12 bis, 202B - 202Z, 71-T, 5 (casa)
const TOKEN = /^(\d+)\s*(?:[A-Z]{1,2}|bis)?\s*(?:-\s*(?:(\d+)\s*(?:[A-Z]{1,2}|bis)?|T))?$/i;

function parseNumberToken(token: string): Omit<NumberRange, 'postal_code'> | null {
  const cleaned = token.replace(/\((?:case|casa)\)/gi, '').trim();
  const m = TOKEN.exec(cleaned);
  if (!m) return null;
  const from = Number(m[1]);
  const open = /-\s*T$/i.test(cleaned);
  const to = open ? null : m[2] !== undefined ? Number(m[2]) : from;
  if (to !== null && to < from) return null;
  // A range whose ends differ in parity (`nr. 9-24`, two in the whole file) covers both sides.
  const parity = to !== null && parityOf(to) !== parityOf(from) ? 'both' : parityOf(from);
  return { from, to, parity };
}

/** The ranges and blocks of one raw number field. */
export function parseNumberField(raw: string): ParsedNumberField {
  const text = raw.trim();
  const result: ParsedNumberField = { ranges: [], blocks: [], irregular: [] };
  if (!text) {
    result.ranges.push({ from: 1, to: null, parity: 'both' });
    return result;
  }
  let mode: 'nr' | 'bl' = 'nr';
  for (const rawGroup of text.split(';')) {
    let group = rawGroup.trim();
    if (!group) continue;
    // The prefix applies to its group and the groups after it (`nr. 1-T; 2-T`, `bl. A; B`).
    const prefix = /^(nr|bl)\.\s*/i.exec(group);
    if (prefix) {
      mode = prefix[1].toLowerCase() as 'nr' | 'bl';
      group = group.slice(prefix[0].length);
    }
    for (const rawToken of group.split(',')) {
      const token = rawToken.trim();
      if (!token) continue;
      if (mode === 'bl') {
        result.blocks.push(token.replace(/\s+/g, ' '));
        continue;
      }
      const range = parseNumberToken(token);
      if (range) result.ranges.push(range);
      else result.irregular.push(token);
    }
  }
  return result;
}
