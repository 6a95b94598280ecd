/**
 * Code 128 barcodes (ISO/IEC 15417), the symbology couriers print AWB numbers in.
 * An all-digit value of even length uses code set C (two digits a symbol, the shortest bars);
 * anything else code set B (printable ASCII).
 */

// Bar/space widths (in modules) of symbols 0..105; 106 is the stop pattern.
const PATTERNS = [
  '212222',
  '222122',
  '222221',
  '121223',
  '121322',
  '131222',
  '122213',
  '122312',
  '132212',
  '221213',
  '221312',
  '231212',
  '112232',
  '122132',
  '122231',
  '113222',
  '123122',
  '123221',
  '223211',
  '221132',
  '221231',
  '213212',
  '223112',
  '312131',
  '311222',
  '321122',
  '321221',
  '312212',
  '322112',
  '322211',
  '212123',
  '212321',
  '232121',
  '111323',
  '131123',
  '131321',
  '112313',
  '132113',
  '132311',
  '211313',
  '231113',
  '231311',
  '112133',
  '112331',
  '132131',
  '113123',
  '113321',
  '133121',
  '313121',
  '211331',
  '231131',
  '213113',
  '213311',
  '213131',
  '311123',
  '311321',
  '331121',
  '312113',
  '312311',
  '332111',
  '314111',
  '221411',
  '431111',
  '111224',
  '111422',
  '121124',
  '121421',
  '141122',
  '141221',
  '112214',
  '112412',
  '122114',
  '122411',
  '142112',
  '142211',
  '241211',
  '221114',
  '413111',
  '241112',
  '134111',
  '111242',
  '121142',
  '121241',
  '114212',
  '124112',
  '124211',
  '411212',
  '421112',
  '421211',
  '212141',
  '214121',
  '412121',
  '111143',
  '111341',
  '131141',
  '114113',
  '114311',
  '411113',
  '411311',
  '113141',
  '114131',
  '311141',
  '411131',
  '211412',
  '211214',
  '211232',
  '2331112',
];
const START_B = 104;
const START_C = 105;
const STOP = 106;

/** The symbol values of `text`, start and check symbols included (stop excluded). */
export function code128Symbols(text: string): number[] {
  if (!text) throw new Error('empty barcode');
  let symbols: number[];
  if (/^(\d\d)+$/.test(text)) {
    symbols = [START_C];
    for (let i = 0; i < text.length; i += 2) symbols.push(Number(text.slice(i, i + 2)));
  } else {
    symbols = [START_B];
    for (const ch of text) {
      const code = ch.charCodeAt(0);
      if (code < 32 || code > 126) throw new Error(`character not encodable in Code 128 B: ${JSON.stringify(ch)}`);
      symbols.push(code - 32);
    }
  }
  let sum = symbols[0];
  for (let i = 1; i < symbols.length; i++) sum += symbols[i] * i;
  symbols.push(sum % 103);
  return symbols;
}

/** Alternating bar/space widths in modules, starting with a bar, stop pattern included. */
export function code128Widths(text: string): number[] {
  const widths: number[] = [];
  for (const s of [...code128Symbols(text), STOP]) for (const w of PATTERNS[s]) widths.push(Number(w));
  return widths;
}

export const CODE128_PATTERNS: readonly string[] = PATTERNS;
