import { describe, expect, it } from 'vitest';
import { foldForSearch, matchesWords, searchWords, titleCaseRo, toCommaBelow } from './text';

describe('Romanian place names', () => {
  it('writes the cedilla letters with the comma below', () => {
    expect(toCommaBelow('Ştefan cel Mare şi Sfânt, Piaţa Ţării')).toBe('Ștefan cel Mare și Sfânt, Piața Țării');
  });

  it('folds diacritics (comma and cedilla alike) and case for search', () => {
    expect(foldForSearch('  Bulevardul  Ștefan cel Mare ')).toBe('bulevardul stefan cel mare');
    expect(foldForSearch('Ştefan ÎNTORSURA Buzăului')).toBe('stefan intorsura buzaului');
    expect(matchesWords(foldForSearch('Iași'), searchWords('IASI'))).toBe(true);
    expect(matchesWords(foldForSearch('Strada Mincu Ion, arh.'), searchWords('ion mincu'))).toBe(true);
    expect(matchesWords(foldForSearch('Strada Mincu Ion, arh.'), searchWords('ion popescu'))).toBe(false);
  });

  it("title-cases the register's upper-case names", () => {
    expect(titleCaseRo('CLUJ-NAPOCA')).toBe('Cluj-Napoca');
    expect(titleCaseRo('VALEA LUI ION')).toBe('Valea lui Ion');
    expect(titleCaseRo('ŞTEFAN CEL MARE')).toBe('Ștefan cel Mare');
    expect(titleCaseRo('BISTRIȚA-NĂSĂUD')).toBe('Bistrița-Năsăud');
    expect(titleCaseRo('C.A.ROSETTI')).toBe('C.A.Rosetti');
  });
});
